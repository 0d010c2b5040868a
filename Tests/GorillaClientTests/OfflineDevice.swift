import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTesting

/// A device with a coach's session saved in a temporary `GORILLA_HOME` and no reachable server,
/// so that every command works on the local cache alone.
final class OfflineDevice: Sendable {
    let folder: URL
    let app: DeviceCommands

    /// - Parameter unreachableServer: Pin a server that refuses connections (else none is configured).
    init(role: Role = .coach, unreachableServer: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gorilla-client-\(UUID().uuidString)", isDirectory: true)
        let home = ClientHome(environment: ["GORILLA_HOME": folder.path])
        app = DeviceCommands(home: home)
        if unreachableServer {
            // Nothing listens on port 1 of the loopback interface: the connection is refused at once.
            try home.saveConfig(
                ClientConfig(
                    server: ServerEndpoint(host: "127.0.0.1", port: 1, fingerprint: String(repeating: "0", count: 64))))
        }
        let profile = Profile(
            id: UUID(), role: role, username: "ada", email: "ada@example.com", name: "Ada", surname: "Lovelace",
            nif: nil, language: .en, coach: nil, photo: nil, created: Date())
        try home.saveSession(
            StoredSession(token: "offline", expires: Date().addingTimeInterval(3600), profile: profile))
        try app.cache().setMeta("user", profile.id.uuidString.lowercased())
    }

    func cache() throws -> LocalCache { try app.cache() }

    /// The names of the live entities of `kind`, sorted.
    func names(_ kind: String) throws -> [String] {
        try cache().entities(kind).map(\.name).sorted()
    }

    func entity(_ kind: String, named name: String) throws -> CachedEntity? {
        try cache().entities(kind).first { $0.name == name }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
}
