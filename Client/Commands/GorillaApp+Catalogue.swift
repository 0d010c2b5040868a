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

    // MARK: Machines

    public func addMachine(name: String, imageFile: String?) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let clean = try checkNameFree(cache, kind: "machine", name: name)
        var fields: [String: JSONValue] = ["name": .string(clean)]
        if let imageFile { fields["image"] = .string(try cache.storeMedia(Self.readImage(imageFile))) }
        let id = UUID.v7()
        let notes = try await change(cache, kind: "machine", entity: id, action: .create, fields: fields)
        return try output(cache, id, "Added machine '\(clean)'.", notes)
    }

    public func listMachines() async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let machines = try cache.entities("machine").sorted { $0.name.lowercased() < $1.name.lowercased() }
        let exercises = try cache.entities("exercise")
        guard !machines.isEmpty else {
            return CommandOutput(
                text: "No machines yet. Add the first one with: gorilla machines add NAME [--image FILE]",
                json: .array([]), notes: notes)
        }
        let rows = machines.map { machine -> [String] in
            let uses = exercises.filter { $0[string: "machine"] == machine.id.uuidString.lowercased() }.count
            return [
                machine.name, uses == 0 ? "" : "\(uses) exercise\(uses == 1 ? "" : "s")",
                machine[string: "image"] == nil ? "" : "image",
                machine.id.short,
            ]
        }
        return CommandOutput(
            text: Table(["MACHINE", "USED BY", "", "ID"], rows).render(),
            json: .array(machines.map { Self.json($0) }), notes: notes)
    }

    public func showMachine(_ name: String, saveImage: String?) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let machine = try NameResolver(cache: cache).resolve("machine", name)
        let users = try cache.entities("exercise").filter {
            $0[string: "machine"] == machine.id.uuidString.lowercased()
        }.map(\.name).sorted()
        var lines = [
            "\(machine.name)  (\(machine.id.uuidString.lowercased()))",
            "exercises: \(users.isEmpty ? "none" : users.joined(separator: ", "))",
        ]
        if let sha = machine[string: "image"] {
            lines.append("image:     \(sha.prefix(12))…")
            if let saveImage {
                let bytes: Data
                if let local = try cache.media(sha) {
                    bytes = local
                } else {
                    bytes = try await withServer { connection in try await Self.download(sha, over: connection) }
                }
                guard FileManager.default.createFile(atPath: saveImage, contents: bytes) else {
                    throw ClientError(.local, "cannot write \(saveImage)")
                }
                lines.append("saved the image to \(saveImage)")
            }
        } else if saveImage != nil {
            throw ClientError(.notFound, "machine '\(machine.name)' has no image")
        }
        return CommandOutput(
            text: lines.joined(separator: "\n"),
            json: Self.json(machine, extra: ["exercises": .array(users.map(JSONValue.string))]), notes: notes)
    }

    public func rename(kind: String, _ name: String, to newName: String) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let entity = try NameResolver(cache: cache).resolve(kind, name)
        let clean = try checkNameFree(cache, kind: kind, name: newName, except: entity.id)
        let notes = try await change(
            cache, kind: kind, entity: entity.id, action: .update, fields: ["name": .string(clean)])
        return try output(cache, entity.id, "Renamed \(kind) '\(entity.name)' to '\(clean)'.", notes)
    }

    public func remove(kind: String, _ name: String) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let entity = try NameResolver(cache: cache).resolve(kind, name)
        try applyDeleteRule(cache, kind: kind, entity)
        let notes = try await change(cache, kind: kind, entity: entity.id, action: .delete)
        return CommandOutput(
            text: "Deleted \(kind) '\(entity.name)'.",
            json: Self.json(entity, extra: ["deleted": true]), notes: notes)
    }

    /// Applies the kind's ``DeleteRule`` to the local copy as the server will, so that the copy agrees before the
    /// next sync (or the delete is refused here with the server's words).
    private func applyDeleteRule(_ cache: LocalCache, kind: String, _ entity: CachedEntity) throws {
        switch EntityKind(rawValue: kind)?.deleteRule {
        case .refuseWhileUsed(let by, let field)?:
            let users = try cache.entities(by.rawValue).filter { $0[string: field] == entity.id.key }.map(\.name)
            if !users.isEmpty {
                throw ClientError(
                    .server, "cannot delete \(kind) " + DeleteRule.inUseMessage(name: entity.name, users: users),
                    wire: WireError(code: .inUse, message: "in use"))
            }
        case .removeFromTrainings?:
            for training in try cache.entities(EntityKind.training.rawValue) {
                if let kept = Training.entries(training.data["exercises"]?.arrayValue ?? [], removing: entity.id) {
                    try cache.enqueue(
                        kind: EntityKind.training.rawValue, entity: training.id, action: .update,
                        fields: ["exercises": .array(kept)])
                }
            }
        case nil:
            break
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
}
