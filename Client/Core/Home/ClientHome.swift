import Foundation
import GorillaShared
import GorillaTransport

#if canImport(Glibc)
import Glibc
#endif

/// The device's state folder: configuration, pinned server, session token, local cache.
///
/// `$GORILLA_HOME` if set (everything in one folder); otherwise `$XDG_CONFIG_HOME/gorilla` for configuration
/// and the session, `$XDG_DATA_HOME/gorilla` for the cache. Folders are 0700 and files 0600.
package struct ClientHome: Sendable {
    package let configDirectory: URL
    package let dataDirectory: URL

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let home = environment["GORILLA_HOME"], !home.isEmpty {
            let url = URL(fileURLWithPath: home, isDirectory: true).standardizedFileURL
            configDirectory = url
            dataDirectory = url
            return
        }
        let userHome =
            environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? userHome.appendingPathComponent(".config", isDirectory: true)
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? userHome.appendingPathComponent(".local/share", isDirectory: true)
        configDirectory = config.appendingPathComponent("gorilla", isDirectory: true)
        dataDirectory = data.appendingPathComponent("gorilla", isDirectory: true)
    }

    var configFile: URL { configDirectory.appendingPathComponent("config.json") }
    var sessionFile: URL { configDirectory.appendingPathComponent("session.json") }
    /// The local cache database.
    package var cachePath: String { dataDirectory.appendingPathComponent("cache.sqlite").path }

    /// Creates the folders with owner-only permissions and tightens the files in them (``tightenPermissions()``).
    package func prepare() throws {
        try SecureFiles.makeDirectory(configDirectory)
        try SecureFiles.makeDirectory(dataDirectory)
        tightenPermissions()
    }

    /// Gives the existing folders mode 0700 and every file in them that others may read or write mode 0600 (a
    /// file copied in, restored from a backup or loosened by hand); creates nothing, and leaves links alone.
    package func tightenPermissions() {
        for folder in Set([configDirectory.path, dataDirectory.path]) {
            var folderInfo = stat()
            guard lstat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else { continue }
            if folderInfo.st_mode & 0o077 != 0 { chmod(folder, 0o700) }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o177 != 0 else {
                    continue
                }
                chmod(path, 0o600)
            }
        }
    }

    /// The saved configuration, or an empty one (also when `config.json` cannot be read: see ``readConfig()``).
    package func loadConfig() -> ClientConfig {
        (try? readConfig()) ?? ClientConfig()
    }

    /// The saved configuration, or an empty one when there is none.
    ///
    /// - Throws: ``ClientError`` `.local` when `config.json` exists but cannot be read or is not a configuration.
    package func readConfig() throws -> ClientConfig {
        let path = configFile.path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return ClientConfig() }
            throw Self.unreadable(path, String(cString: strerror(errno)))
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw Self.unreadable(path, AccountPhrases.configIsFolder.t()) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.unreadable(path, String(cString: strerror(errno)).lowercased()) }
        let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
        do {
            return try WireCoding.decoder.decode(ClientConfig.self, from: data)
        } catch {
            throw Self.unreadable(
                path, data.isEmpty ? AccountPhrases.configIsEmpty.t() : AccountPhrases.configIsInvalid.t())
        }
    }

    private static func unreadable(_ path: String, _ reason: String) -> ClientError {
        ClientError(.local, AccountPhrases.configUnreadable.t(["path": path, "reason": reason]))
    }

    package func saveConfig(_ config: ClientConfig) throws {
        try prepare()
        try SecureFiles.write(WireCoding.encoder.encode(config), to: configFile)
    }

    /// The saved session, if logged in.
    package func loadSession() -> StoredSession? {
        (try? Data(contentsOf: sessionFile)).flatMap { try? WireCoding.decoder.decode(StoredSession.self, from: $0) }
    }

    package func saveSession(_ session: StoredSession) throws {
        try prepare()
        try SecureFiles.write(WireCoding.encoder.encode(session), to: sessionFile)
    }

    package func removeSession() {
        try? FileManager.default.removeItem(at: sessionFile)
    }
}

/// `config.json`: the pinned server and preferences.
package struct ClientConfig: Codable, Sendable {
    package var server: ServerEndpoint?
    /// The weight unit figures are shown in (`kg` or `lb`).
    package var unit: String?
    package init(server: ServerEndpoint? = nil, unit: String? = nil) {
        self.server = server
        self.unit = unit
    }
}

/// `session.json`: the token and the account it belongs to — what signup, login and resume answer.
package typealias StoredSession = SessionReply
