import Foundation
import GorillaShared

extension GorillaApp {
    /// Refuses a name already used by another live entity of `kind` (the server checks too).
    func checkNameFree(_ cache: LocalCache, kind: String, name: String, except: UUID? = nil) throws -> String {
        guard let clean = Validation.cleanName(name) else {
            throw ClientError(.usage, "a name has 1–100 characters and no control characters")
        }
        let key = Validation.key(clean)
        if let other = try cache.entities(kind).first(where: { Validation.key($0.name) == key && $0.id != except }) {
            throw ClientError(.usage, "there is already a \(kind) named '\(other.name)'")
        }
        return clean
    }

    func requireCoach() throws {
        guard try session().profile.role == .coach else {
            throw ClientError(
                .server, "only coaches can change the catalogue",
                wire: WireError(code: .forbidden, message: "forbidden"))
        }
    }

    func output(_ cache: LocalCache, _ id: UUID, _ text: String, _ notes: [String]) throws -> CommandOutput {
        guard let entity = try cache.entity(id) else {
            // Refused by the server during the sync and rolled back.
            return CommandOutput(
                text: text, json: ["id": .string(id.uuidString.lowercased()), "rejected": true], notes: notes)
        }
        return CommandOutput(text: text, json: Self.json(entity), notes: notes)
    }

    /// An entity as JSON: its fields plus `id`.
    static func json(_ entity: CachedEntity, extra: [String: JSONValue] = [:]) -> JSONValue {
        var object = entity.data
        object["id"] = .string(entity.id.key)
        for (key, value) in extra { object[key] = value }
        return .object(object)
    }
}
