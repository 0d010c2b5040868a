import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting

/// Whether `text` is a registration code as the CLI shows it: 8 Crockford base32 characters (no I, L, O, U), `XXXX-XXXX`.
func isRegistrationCode(_ text: String) -> Bool {
    text.wholeMatch(of: /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/) != nil
}

/// What an expected JSON member was missing from.
struct MissingMember: Error, CustomStringConvertible {
    let description: String
}

extension Device {
    /// `gorilla clients add` on this (coach's) device; returns the new client's id and registration code.
    func invite(name: String?, surname: String?) async throws -> (id: UUID, code: String) {
        let output = try await app.addClient(name: name, surname: surname)
        guard let object = output.json.objectValue, let code = object["code"]?.stringValue,
            let id = object["id"]?.stringValue.flatMap(UUID.init(uuidString:))
        else {
            throw MissingMember(description: "clients add printed no code (offline?): \(output.text) \(output.notes)")
        }
        return (id, code)
    }

    /// A new device that pins the server and registers `username` as a client with `code`
    /// (`gorilla register client --code`), keeping the names the coach entered unless given.
    static func registered(
        _ username: String, code: String, on server: some RunningServer,
        name: String? = nil, surname: String? = nil
    ) async throws -> Device {
        let device = try Device()
        try await device.connect(to: server)
        _ = try await device.app.register(
            SignupBody(
                username: username, email: "\(username)@example.com", password: Device.password,
                name: name, surname: surname, code: code))
        return device
    }

    /// The id of the account logged in on this device.
    func accountID() throws -> UUID {
        guard let session = app.home.loadSession() else {
            throw MissingMember(description: "the device is not logged in")
        }
        return session.profile.id
    }
}
