import Foundation
import GRDB
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaClient

/// The offline-first sync engine between devices and a real server.
@Suite(.hangLimit)
struct SyncTests {
    @Test func aMachineCreatedOnOneDeviceAppearsOnTheOtherAfterSync() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            #expect(try phone.names("machine").isEmpty)

            _ = try await laptop.app.addMachine(name: "Leg press", imageFile: nil)
            #expect(try laptop.cache().queuedCount() == 0)

            let summary = try await phone.sync()
            #expect(summary.pulled == 1)
            let seen = try #require(try phone.entity("machine", named: "Leg press"))
            #expect(seen.id == (try laptop.entity("machine", named: "Leg press"))?.id)
            #expect(seen.version > 0)

            // And back: an exercise made on the phone refers to the same machine on the laptop.
            _ = try await phone.app.addExercise(name: "Seated press", ExerciseFields(machine: "Leg press"))
            try await laptop.sync()
            let exercise = try #require(try laptop.entity("exercise", named: "Seated press"))
            #expect(exercise[string: "machine"] == seen.id.uuidString.lowercased())
        }
    }

    @Test func aRenameMadeAtTheSameTimeOnTwoDevicesConvergesOnTheLastOneTheServerReceived() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            _ = try await laptop.app.addMachine(name: "Bench", imageFile: nil)
            try await phone.sync()
            let id = try #require(try phone.entity("machine", named: "Bench")).id

            // Both devices rename while the server is away.
            await server.stop()
            _ = try await laptop.app.rename(kind: "machine", "Bench", to: "Flat bench")
            _ = try await phone.app.rename(kind: "machine", "Bench", to: "Incline bench")
            #expect(try laptop.cache().queuedCount() == 1)
            #expect(try phone.cache().queuedCount() == 1)
            try await server.start()

            let first = try await laptop.sync()
            #expect(first.overwritten.isEmpty)
            let second = try await phone.sync()
            #expect(second.rejected.isEmpty)
            #expect(second.overwritten.count == 1)
            #expect(second.overwritten.first?.contains("Flat bench") == true)
            try await laptop.sync()

            #expect(try laptop.names("machine") == ["Incline bench"])
            #expect(try phone.names("machine") == ["Incline bench"])
            #expect(try laptop.cache().entity(id)?.version == (try phone.cache().entity(id))?.version)

            // The overwritten value stays recoverable on the server.
            let log = try ServerDatabase(dataDirectory: server.dataDirectory).changeLog(of: id, field: "name")
            let values = log.map { [$0.old.map(Self.jsonString), $0.new.map(Self.jsonString)] }
            #expect(values == [["Bench", "Flat bench"], ["Flat bench", "Incline bench"]])
        }
    }

    @Test func editsOfDifferentFieldsMadeAtTheSameTimeBothSurvive() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            _ = try await laptop.app.addExercise(name: "Squat", ExerciseFields())
            try await phone.sync()

            await server.stop()
            _ = try await laptop.app.editExercise("Squat", ExerciseFields(description: "Below parallel"))
            _ = try await phone.app.editExercise("Squat", ExerciseFields(muscles: ["quads", "glutes"]))
            try await server.start()

            #expect(try await laptop.sync().overwritten.isEmpty)
            let second = try await phone.sync()
            #expect(second.overwritten.isEmpty)
            #expect(second.rejected.isEmpty)
            try await laptop.sync()
            for device in [laptop, phone] {
                let squat = try #require(try device.entity("exercise", named: "Squat"))
                #expect(squat[string: "description"] == "Below parallel")
                #expect(squat.data["muscles"] == ["quads", "glutes"])
            }
        }
    }

    @Test func updatedSaysWhichSectionsChangedSinceTheCursorAndOnlyForTheirOwner() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            let bob = try await Device.coach("bob", on: server)
            let before = try ada.cache().cursor()
            _ = try await ada.app.addMachine(name: "Leg press", imageFile: nil)
            _ = try await ada.app.addExercise(name: "Squat", ExerciseFields(machine: "Leg press"))
            _ = try await ada.app.addExercise(name: "Lunge", ExerciseFields())

            let (changed, idle) = try await ada.withConnection { connection in
                let changed = try await connection.request(
                    Operation.syncUpdated, UpdatedBody(since: before), as: UpdatedReply.self)
                let idle = try await connection.request(
                    Operation.syncUpdated, UpdatedBody(since: changed.version), as: UpdatedReply.self)
                return (changed, idle)
            }
            #expect(changed.sections == ["machine": 1, "exercise": 2])
            #expect(changed.version == (try ada.cache().cursor()))
            #expect(idle.sections.isEmpty)

            let foreign = try await bob.withConnection { connection in
                try await connection.request(Operation.syncUpdated, UpdatedBody(since: 0), as: UpdatedReply.self)
            }
            #expect(foreign.sections.isEmpty)
        }
    }

    @Test func aDeleteWinsOverAnEditTheServerReceivesLater() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            _ = try await laptop.app.addMachine(name: "Rower", imageFile: nil)
            try await phone.sync()
            let id = try #require(try phone.entity("machine", named: "Rower")).id

            await server.stop()
            _ = try await laptop.app.remove(kind: "machine", "Rower")
            _ = try await phone.app.rename(kind: "machine", "Rower", to: "Concept2")
            try await server.start()

            let deleting = try await laptop.sync()
            #expect(deleting.rejected.isEmpty)
            let editing = try await phone.sync()
            #expect(editing.rejected.count == 1)
            #expect(editing.rejected.first?.contains("refused") == true)
            #expect(editing.rejected.first?.contains(WireErrorCode.deleted.message(in: .en)) == true)
            // Reported once: the next sync has nothing more to say.
            #expect(try await phone.sync().rejected.isEmpty)

            for device in [laptop, phone] {
                #expect(try device.names("machine").isEmpty)
                #expect(try device.cache().queuedCount() == 0)
                let tombstone = try #require(try device.cache().entity(id))
                #expect(tombstone.deleted)
                #expect(tombstone.name == "Rower")
            }
        }
    }

    @Test func aDeleteWinsOverAnEditTheServerReceivedFirst() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            _ = try await laptop.app.addMachine(name: "Rower", imageFile: nil)
            try await phone.sync()

            await server.stop()
            _ = try await laptop.app.rename(kind: "machine", "Rower", to: "Concept2")
            _ = try await phone.app.remove(kind: "machine", "Rower")
            try await server.start()

            #expect(try await laptop.sync().rejected.isEmpty)
            let deleting = try await phone.sync()
            #expect(deleting.rejected.isEmpty)
            try await laptop.sync()
            #expect(try laptop.names("machine").isEmpty)
            #expect(try phone.names("machine").isEmpty)
        }
    }

    @Test func pushingTheSameBatchTwiceAppliesItOnce() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            let machine = UUID.v7()
            let batch = [
                Mutation.createMachine("Cable tower", id: machine),
                Mutation(
                    id: UUID.v7(), kind: "machine", entity: machine, action: .update,
                    fields: ["name": "Cable crossover"]),
                Mutation.createMachine("Dip station"),
            ]
            let (first, second) = try await device.withConnection { connection in
                let first = try await connection.request(
                    Operation.syncPush, PushBody(mutations: batch), as: PushReply.self)
                let second = try await connection.request(
                    Operation.syncPush, PushBody(mutations: batch), as: PushReply.self)
                return (first.results, second.results)
            }
            #expect(first.map(\.status) == [.applied, .applied, .applied])
            #expect(second.map(\.status) == [.duplicate, .duplicate, .duplicate])
            #expect(second.map(\.id) == batch.map(\.id))
            #expect(second.map(\.version) == first.map(\.version))

            let database = try ServerDatabase(dataDirectory: server.dataDirectory)
            #expect(try database.count(id: machine) == 1)
            #expect(try database.count("machine") == 2)
            #expect(try database.changeLog(of: machine, field: "name").count == 1)
            let pulled = try await device.pullEverything()
            #expect(pulled.filter { $0.id == machine }.count == 1)
            #expect(pulled.first { $0.id == machine }?.data?.objectValue?["name"] == "Cable crossover")
        }
    }

    @Test func aPushAcknowledgedButNeverRecordedIsNeitherLostNorDoubled() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            let cache = try device.cache()
            try cache.enqueue(kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": "Smith machine"])
            let queued = try cache.queued(limit: 200)

            // The server applies the push, but the device "crashes" before recording the answer.
            let results = try await device.push(queued)
            #expect(results.map(\.status) == [.applied])
            #expect(try cache.queuedCount() == 1)

            let summary = try await device.sync()
            #expect(summary.pushed == 1)
            #expect(summary.rejected.isEmpty)
            #expect(try cache.queuedCount() == 0)
            #expect(try device.names("machine") == ["Smith machine"])
            let machines = try await device.pullEverything().filter { $0.kind == "machine" }
            #expect(machines.count == 1)
        }
    }

    @Test func aRejectedMutationDoesNotBlockTheOnesQueuedAfterIt() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)

            await server.stop()
            _ = try await laptop.app.addMachine(name: "Rack", imageFile: nil)
            _ = try await phone.app.addMachine(name: "Rack", imageFile: nil)
            _ = try await phone.app.addMachine(name: "Bench", imageFile: nil)
            let phoneRack = try #require(try phone.entity("machine", named: "Rack")).id
            try await server.start()

            #expect(try await laptop.sync().rejected.isEmpty)
            let summary = try await phone.sync()
            #expect(summary.pushed == 2)
            #expect(summary.rejected.count == 1)
            let report = try #require(summary.rejected.first)
            #expect(report.contains("'Rack'"))
            #expect(report.contains(WireErrorCode.nameTaken.message(in: .en)))
            // Reported once.
            #expect(try await phone.sync().rejected.isEmpty)

            // The phone's own Rack is rolled back; the laptop's Rack and the phone's Bench remain.
            #expect(try phone.cache().entity(phoneRack) == nil)
            #expect(try phone.cache().queuedCount() == 0)
            #expect(try phone.names("machine") == ["Bench", "Rack"])
            try await laptop.sync()
            #expect(try laptop.names("machine") == ["Bench", "Rack"])
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 2)
        }
    }

    /// Batches sent before the earlier ones are answered are still applied in order, and a rejection in one
    /// batch is rolled back while the next is already on its way.
    @Test func pipelinedBatchesAreAppliedInOrderAndRejectionsStillRollBack() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            await server.stop()
            _ = try await laptop.app.addMachine(name: "Rack", imageFile: nil)
            let cache = try phone.cache()
            let rack = UUID.v7(), bench = UUID.v7(), press = UUID.v7()
            try cache.enqueue(kind: "machine", entity: rack, action: .create, fields: ["name": "Rack"])
            try cache.enqueue(kind: "machine", entity: rack, action: .update, fields: ["name": "Rack 2"])
            try cache.enqueue(kind: "machine", entity: bench, action: .create, fields: ["name": "Bench"])
            try cache.enqueue(
                kind: "exercise", entity: press, action: .create,
                fields: ["name": "Press", "machine": .string(bench.uuidString.lowercased())])
            try cache.enqueue(kind: "machine", entity: bench, action: .update, fields: ["name": "Flat bench"])
            try await server.start()
            try await laptop.sync()

            var pipelined = SyncEngine(cache: cache)
            pipelined.batchSize = 1
            pipelined.pushesInFlight = 3
            let engine = pipelined
            let pushed = try await phone.withConnection { connection in try await engine.push(over: connection) }
            #expect(pushed == 5)
            #expect(try cache.queuedCount() == 0)
            // The create of Rack (name taken) and the rename that depended on it are refused and rolled back.
            let refused = try cache.takeReports().filter { $0.kind == "rejected" }
            #expect(refused.count == 2, "\(refused.map(\.text))")
            #expect(try cache.entity(rack) == nil)
            try await phone.sync()
            #expect(try phone.names("machine") == ["Flat bench", "Rack"])
            #expect(try phone.entity("exercise", named: "Press")?[string: "machine"] == bench.uuidString.lowercased())
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 2)
        }
    }

    /// Outbox rows damaged on the device (text the server cannot read, text that is not JSON at all) never block
    /// the rest of the queue: the server refuses just those mutations, and everything else reaches it.
    @Test func damagedOutboxRowsAreRefusedAloneAndTheRestIsPushed() async throws {
        try await withTestServer { server in
            let phone = try await Device.coach("ada", on: server)
            let cache = try phone.cache()
            let rack = UUID.v7(), bench = UUID.v7(), press = UUID.v7(), row = UUID.v7(), bike = UUID.v7(),
                sled = UUID.v7()
            for (entity, name) in [
                (rack, "Rack"), (bench, "Bench"), (press, "Press"), (row, "Rowing"), (bike, "Bike"), (sled, "Sled"),
            ] {
                try cache.enqueue(kind: "machine", entity: entity, action: .create, fields: ["name": .string(name)])
            }
            let deep = String(repeating: "[", count: 260) + String(repeating: "]", count: 260)
            // A number no reader takes, a repeated key, and a row cut short; a line break would end the request line;
            // nesting the server does not read in a request. Written into the outbox journal as damaged text.
            let damaged: [UUID: String] = [
                bench: #"{"name":"Bench","weight":1e400}"#, press: #"{"name":"Press","name":"Leg press"}"#,
                row: #"{"name":"Row"#, bike: "{\"name\":\"Bi\nke\"}", sled: #"{"name":"Sled","x":\#(deep)}"#,
            ]
            let journal = OutboxJournal(cachePath: phone.app.home.cachePath)
            try journal.rewrite(
                try #require(try journal.pending()).map { entry, createdAt in
                    var entry = entry
                    if let text = damaged[entry.entity] { (entry.fieldsText, entry.fieldsChecked) = (text, false) }
                    return (entry, createdAt)
                })
            let summary = try await phone.sync()
            #expect(summary.pushed == 6)
            #expect(summary.rejected.count == 5, "\(summary.rejected)")
            #expect(try cache.queuedCount() == 0)
            #expect(try phone.names("machine") == ["Rack"])
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 1)
        }
    }

    @Test func anotherCoachCanNeitherPullNorPushTheirRows() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            _ = try await ada.app.addMachine(name: "Leg press", imageFile: nil)
            let machine = try #require(try ada.entity("machine", named: "Leg press"))

            let bob = try await Device.coach("bob", on: server)
            try await bob.sync()
            #expect(try bob.entities("machine").isEmpty)
            #expect(try await bob.pullEverything().isEmpty)

            // Bob guesses ada's machine id.
            let results = try await bob.push([
                Mutation(
                    id: UUID.v7(), kind: "machine", entity: machine.id, action: .update, fields: ["name": "Stolen"]),
                Mutation(id: UUID.v7(), kind: "machine", entity: machine.id, action: .delete),
                Mutation(
                    id: UUID.v7(), kind: "machine", entity: machine.id, action: .create, fields: ["name": "Mine now"]),
            ])
            #expect(results.map(\.status) == [.rejected, .rejected, .rejected])
            #expect(results.map(\.error?.code) == [.notFound, .notFound, .notFound])

            try await ada.sync()
            let after = try #require(try ada.cache().entity(machine.id))
            #expect(after.name == "Leg press")
            #expect(!after.deleted)
            #expect(after.version == machine.version)
            #expect(try bob.entities("machine").isEmpty)
            #expect(try await bob.pullEverything().isEmpty)
        }
    }

    @Test func reusingAnotherCoachsMutationIDChangesNothing() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            let adas = Mutation.createMachine("Leg press")
            #expect(try await ada.push([adas]).map(\.status) == [.applied])

            let bob = try await Device.coach("bob", on: server)
            let replay = Mutation(
                id: adas.id, kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": "Bob's press"])
            let results = try await bob.push([replay])
            #expect(results.map(\.status) == [.rejected])
            #expect(results.first?.version == nil)
            // Refused means not applied: bob holds no machine.
            #expect(try await bob.pullEverything().isEmpty)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count(id: replay.entity) == 0)
        }
    }

    static func jsonString(_ text: String) -> String {
        (try? WireCoding.decoder.decode(JSONValue.self, from: Data(text.utf8)))?.stringValue ?? text
    }
}
