import Foundation
import GorillaShared
import GorillaTransport

/// The device's state folder: configuration, pinned server, session token, local cache.
///
/// `$GORILLA_HOME` if set (everything in one folder); otherwise `$XDG_CONFIG_HOME/gorilla` for configuration
/// and the session, `$XDG_DATA_HOME/gorilla` for the cache. Folders are 0700 and files 0600.
public struct ClientHome: Sendable {
    public let configDirectory: URL
    public let dataDirectory: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let home = environment["GORILLA_HOME"], !home.isEmpty {
            let url = URL(fileURLWithPath: home, isDirectory: true).standardizedFileURL
            configDirectory = url
            dataDirectory = url
            return
        }
        let userHome = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? userHome.appendingPathComponent(".config", isDirectory: true)
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? userHome.appendingPathComponent(".local/share", isDirectory: true)
        configDirectory = config.appendingPathComponent("gorilla", isDirectory: true)
        dataDirectory = data.appendingPathComponent("gorilla", isDirectory: true)
    }

    var configFile: URL { configDirectory.appendingPathComponent("config.json") }
    var sessionFile: URL { configDirectory.appendingPathComponent("session.json") }
    /// The local cache database.
    public var cachePath: String { dataDirectory.appendingPathComponent("cache.sqlite").path }

    /// Creates the folders with owner-only permissions.
    public func prepare() throws {
        try SecureFiles.makeDirectory(configDirectory)
        try SecureFiles.makeDirectory(dataDirectory)
    }

    /// The saved configuration, or an empty one.
    public func loadConfig() -> ClientConfig {
        (try? Data(contentsOf: configFile)).flatMap { try? WireCoding.decoder.decode(ClientConfig.self, from: $0) } ?? ClientConfig()
    }

    public func saveConfig(_ config: ClientConfig) throws {
        try prepare()
        try SecureFiles.write(WireCoding.encoder.encode(config), to: configFile)
    }

    /// The saved session, if logged in.
    public func loadSession() -> StoredSession? {
        (try? Data(contentsOf: sessionFile)).flatMap { try? WireCoding.decoder.decode(StoredSession.self, from: $0) }
    }

    public func saveSession(_ session: StoredSession) throws {
        try prepare()
        try SecureFiles.write(WireCoding.encoder.encode(session), to: sessionFile)
    }

    public func removeSession() {
        try? FileManager.default.removeItem(at: sessionFile)
    }
}

/// `config.json`: the pinned server and preferences.
public struct ClientConfig: Codable, Sendable {
    public var server: ServerEndpoint?
    /// The weight unit figures are shown in (`kg` or `lb`).
    public var unit: String?
    public init(server: ServerEndpoint? = nil, unit: String? = nil) {
        self.server = server
        self.unit = unit
    }
}

/// `session.json`: the token and the account it belongs to — what signup, login and resume answer.
public typealias StoredSession = SessionReply
