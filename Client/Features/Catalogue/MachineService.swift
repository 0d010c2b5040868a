import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// A coach's machines: add, list, show (`gorilla machines`).
package struct MachineService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla machines add NAME [--image FILE]`.
    package func add(name: String, imageFile: String?) async throws -> EntityChange {
        try context.require(.create, .machine)
        let cache = try context.cache()
        let clean = try CatalogueService(context).freeName(cache, Machine.self, name)
        let image = try imageFile.map { try cache.storeMedia(MediaTransfer.readImage($0)) }
        let id = UUID.v7()
        try await context.create(cache, Machine(name: clean, image: image), id: id)
        return try EntityChange(Machine.self, .added, name: clean, id: id, in: cache)
    }

    /// `gorilla machines list`: every machine with how many exercises use it, the gym's after the coach's own.
    package func list() async throws -> MachineList {
        let cache = try await context.freshCache()
        let exercises = try cache.all(Exercise.self)
        let machines = try cache.all(Machine.self).sortedByFoldedName(\.name)
        let gymExercises = try cache.library(Exercise.self)
        let gymMachines = try cache.library(Machine.self).sortedByFoldedName(\.name)
        return MachineList(
            machines: machines.map { machine in
                MachineList.Row(machine: machine, uses: exercises.filter { $0.machine == machine.id }.count)
            }
                + gymMachines.map { machine in
                    // The gym's exercises and the coach's own done on it.
                    MachineList.Row(
                        machine: machine, uses: (gymExercises + exercises).filter { $0.machine == machine.id }.count,
                        gym: true)
                })
    }

    /// `gorilla machines show NAME [--save-image FILE]`: the machine (her own, or her gym's) and the exercises of hers
    /// done on it.
    package func show(_ name: String, saveImage: String?) async throws -> MachineDetail {
        let cache = try await context.freshCache()
        let (machine, gym) = try NameResolver(cache: cache).machine(name)
        let users = try cache.all(Exercise.self).filter { $0.machine == machine.id }.map(\.name).sorted()
        var saved: String?
        if let sha = machine.image {
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
        return MachineDetail(machine: machine, exercises: users, savedImage: saved, gym: gym)
    }
}

/// `gorilla machines list`.
package struct MachineList {
    package struct Row: Sendable {
        package let machine: Stored<Machine>
        /// How many exercises are done on it.
        package let uses: Int
        /// A machine of the gym's library.
        package var gym = false
    }

    package let machines: [Row]

    package var jsonForm: some Encodable { machines.map { DocumentRecord($0.machine, adding: LibraryMark($0.gym)) } }
}

/// `gorilla machines show`.
package struct MachineDetail {
    package let machine: Stored<Machine>
    /// The names of the exercises done on it.
    package let exercises: [String]
    /// Where its image was saved (`--save-image`).
    package let savedImage: String?
    /// A machine of the gym's library.
    package var gym = false

    /// The members `--json` adds to the machine's.
    private struct Added: Encodable, Sendable {
        let exercises: [String]
    }

    package var jsonForm: some Encodable { DocumentRecord(machine, adding: Added(exercises: exercises)) }
}
