import Foundation
import GorillaShared

/// A coach's machines: add, list, show (`gorilla machines`).
public struct MachineService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla machines add NAME [--image FILE]`.
    public func add(name: String, imageFile: String?) async throws -> EntityChange {
        try context.require(.create, .machine)
        let cache = try context.cache()
        let clean = try CatalogueService(context).freeName(cache, .machine, name)
        var fields: [String: JSONValue] = ["name": .string(clean)]
        if let imageFile { fields["image"] = .string(try cache.storeMedia(MediaTransfer.readImage(imageFile))) }
        let id = UUID.v7()
        try await context.change(cache, .machine, entity: id, action: .create, fields: fields)
        return try EntityChange(.machine, .added, name: clean, id: id, in: cache)
    }

    /// `gorilla machines list`: every machine with how many exercises use it.
    public func list() async throws -> MachineList {
        let cache = try await context.freshCache()
        let exercises = try cache.entities(.exercise)
        let machines = try cache.entities(.machine).sortedByFoldedName(\.name)
        return MachineList(
            machines: machines.map { machine in
                MachineList.Row(
                    machine: EntityRecord(machine),
                    uses: exercises.filter { $0[string: "machine"] == machine.id.key }.count)
            })
    }

    /// `gorilla machines show NAME [--save-image FILE]`: the machine and the exercises done on it.
    public func show(_ name: String, saveImage: String?) async throws -> MachineDetail {
        let cache = try await context.freshCache()
        let machine = try NameResolver(cache: cache).resolve(.machine, name)
        let users = try cache.entities(.exercise).filter { $0[string: "machine"] == machine.id.key }.map(\.name)
            .sorted()
        var saved: String?
        if let sha = machine[string: "image"] {
            if let saveImage {
                let bytes: Data
                if let local = try cache.media(sha) {
                    bytes = local
                } else {
                    bytes = try await context.withServer { connection in
                        try await MediaTransfer.download(sha, over: connection)
                    }
                }
                guard FileManager.default.createFile(atPath: saveImage, contents: bytes) else {
                    throw ClientError(.local, CataloguePhrases.cannotWriteFile.t(["path": saveImage]))
                }
                saved = saveImage
            }
        } else if saveImage != nil {
            throw ClientError(.notFound, CataloguePhrases.machineHasNoImage.t(["name": machine.name]))
        }
        return MachineDetail(machine: EntityRecord(machine), exercises: users, savedImage: saved)
    }
}

/// `gorilla machines list`.
public struct MachineList: Presentable {
    public struct Row: Sendable {
        public let machine: EntityRecord
        /// How many exercises are done on it.
        public let uses: Int
    }

    public let machines: [Row]

    public func encode(to encoder: any Encoder) throws {
        try machines.map(\.machine).encode(to: encoder)
    }
}

/// `gorilla machines show`.
public struct MachineDetail: Presentable {
    public let machine: EntityRecord
    /// The names of the exercises done on it.
    public let exercises: [String]
    /// Where its image was saved (`--save-image`).
    public let savedImage: String?

    public func encode(to encoder: any Encoder) throws {
        var record = machine
        record.fields["exercises"] = .array(exercises.map(JSONValue.string))
        try record.encode(to: encoder)
    }
}
