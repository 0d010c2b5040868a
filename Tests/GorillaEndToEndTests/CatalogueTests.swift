import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The coach's catalogue (machines, exercises, trainings) across devices and coaches.
@Suite(.hangLimit)
struct CatalogueTests {
    @Test func aMachineUsedByAnExerciseCannotBeDeletedLocallyOrOnTheServer() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            _ = try await laptop.app.addMachine(name: "Leg press", imageFile: nil)
            _ = try await laptop.app.addExercise(name: "Squat", ExerciseFields(machine: "Leg press"))
            _ = try await laptop.app.addExercise(name: "Calf raise", ExerciseFields(machine: "leg press"))
            let machine = try #require(try laptop.entity("machine", named: "Leg press"))

            let local = await #expect(throws: ClientError.self) {
                try await laptop.app.remove(kind: "machine", "Leg press")
            }
            #expect(local?.wire?.code == .inUse)
            #expect(local?.message.contains("Squat") == true)
            #expect(local?.message.contains("Calf raise") == true)
            // The device and the server refuse in the same words (one rule, in GorillaShared).
            #expect(
                local?.message.contains(DeleteRule.inUseMessage(name: "Leg press", users: ["Squat", "Calf raise"]))
                    == true,
                "\(String(describing: local?.message))")
            #expect(try laptop.cache().queuedCount() == 0)
            #expect(try laptop.names("machine") == ["Leg press"])

            // Forced past the CLI, the server refuses too, naming the exercises.
            let results = try await laptop.push([
                Mutation(id: UUID.v7(), kind: "machine", entity: machine.id, action: .delete)
            ])
            let result = try #require(results.first)
            #expect(result.status == .rejected)
            #expect(result.error?.code == .inUse)
            #expect(result.error?.code.rawValue == 121)
            #expect(result.error?.message.contains("Squat") == true)
            #expect(result.error?.message.contains("Calf raise") == true)
            try await laptop.sync()
            #expect(try laptop.names("machine") == ["Leg press"])

            // Once no live exercise uses it, it can go.
            _ = try await laptop.app.remove(kind: "exercise", "Squat")
            _ = try await laptop.app.remove(kind: "exercise", "Calf raise")
            let removed = try await laptop.app.remove(kind: "machine", "Leg press")
            #expect(removed.notes.isEmpty)
            try await laptop.sync()
            #expect(try laptop.names("machine").isEmpty)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine", liveOnly: true) == 0)
        }
    }

    @Test func deletingAnExerciseTakesItOutOfTrainingsOnEveryDeviceAndKeepsATombstone() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            _ = try await laptop.app.addExercise(name: "Squat", ExerciseFields())
            _ = try await laptop.app.addExercise(name: "Lunge", ExerciseFields())
            _ = try await laptop.app.addExercise(name: "Deadlift", ExerciseFields())
            _ = try await laptop.app.addTraining(name: "Legs", exercises: ["Squat", "Lunge", "Deadlift"])
            try await phone.sync()
            let squat = try #require(try phone.entity("exercise", named: "Squat")).id
            let lunge = try #require(try phone.entity("exercise", named: "Lunge")).id
            let deadlift = try #require(try phone.entity("exercise", named: "Deadlift")).id
            #expect(try Self.exercises(of: "Legs", on: phone) == [squat, lunge, deadlift])

            // Through the app on the laptop…
            _ = try await laptop.app.remove(kind: "exercise", "Squat")
            #expect(try Self.exercises(of: "Legs", on: laptop) == [lunge, deadlift])
            try await phone.sync()
            #expect(try Self.exercises(of: "Legs", on: phone) == [lunge, deadlift])

            // …and by the server's own rule when only the delete arrives.
            let results = try await phone.push([
                Mutation(id: UUID.v7(), kind: "exercise", entity: lunge, action: .delete)
            ])
            #expect(results.map(\.status) == [.applied])
            try await phone.sync()
            try await laptop.sync()
            for device in [laptop, phone] {
                #expect(try Self.exercises(of: "Legs", on: device) == [deadlift])
                #expect(try device.names("exercise") == ["Deadlift"])
                let all = try device.cache().entities("exercise", includeDeleted: true)
                let tombstones = all.filter(\.deleted).map(\.name).sorted()
                #expect(tombstones == ["Lunge", "Squat"])
            }
        }
    }

    @Test func namesAreUniquePerCoachIgnoringCaseButTwoCoachesMayShareOne() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            _ = try await ada.app.addMachine(name: "Leg Press", imageFile: nil)

            let local = await #expect(throws: ClientError.self) {
                try await ada.app.addMachine(name: "leg press", imageFile: nil)
            }
            #expect(local?.kind == .usage)
            #expect(local?.message.contains("Leg Press") == true)

            // The server is the authority: the same name in other case, forced past the CLI, is refused.
            let forced = try await ada.push([.createMachine("LEG PRESS")])
            #expect(forced.map(\.status) == [.rejected])
            #expect(forced.first?.error?.code == .nameTaken)
            // So is a rename onto it.
            _ = try await ada.app.addMachine(name: "Hack squat", imageFile: nil)
            let hack = try #require(try ada.entity("machine", named: "Hack squat"))
            let renamed = try await ada.push([
                Mutation(
                    id: UUID.v7(), kind: "machine", entity: hack.id, action: .update,
                    fields: ["name": " leg press "], base: hack.version)
            ])
            #expect(renamed.first?.error?.code == .nameTaken)

            let bob = try await Device.coach("bob", on: server)
            let output = try await bob.app.addMachine(name: "Leg Press", imageFile: nil)
            #expect(output.notes.isEmpty)
            #expect(try bob.cache().queuedCount() == 0)
            #expect(try bob.names("machine") == ["Leg Press"])
            try await ada.sync()
            #expect(try ada.names("machine") == ["Hack squat", "Leg Press"])
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 3)
        }
    }

    @Test func namesResolveByIDPrefixAndAmbiguousOrUnknownNamesListTheCandidates() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            _ = try await ada.app.addMachine(name: "Leg press", imageFile: nil)
            _ = try await ada.app.addMachine(name: "Leg curl", imageFile: nil)
            let press = try #require(try ada.entity("machine", named: "Leg press"))
            let curl = try #require(try ada.entity("machine", named: "Leg curl"))

            let byPrefix = try await ada.app.showMachine(
                String(press.id.uuidString.lowercased().prefix(23)), saveImage: nil)
            #expect(byPrefix.json.objectValue?["id"]?.stringValue == press.id.uuidString.lowercased())
            let byShortID = try await ada.app.showMachine(curl.id.short, saveImage: nil)
            #expect(byShortID.json.objectValue?["name"] == "Leg curl")
            let byName = try await ada.app.showMachine("LEG PRESS", saveImage: nil)
            #expect(byName.json.objectValue?["name"] == "Leg press")

            let ambiguous = await #expect(throws: ClientError.self) {
                try await ada.app.showMachine("leg", saveImage: nil)
            }
            #expect(ambiguous?.kind == .ambiguous)
            #expect(ambiguous?.message.contains("Leg press") == true)
            #expect(ambiguous?.message.contains("Leg curl") == true)

            let unknown = await #expect(throws: ClientError.self) {
                try await ada.app.showMachine("Rowing machine", saveImage: nil)
            }
            #expect(unknown?.kind == .notFound)
            #expect(unknown?.message.contains("Leg curl, Leg press") == true)

            // Another coach's machines are unknown names, not candidates.
            let bob = try await Device.coach("bob", on: server)
            let foreign = await #expect(throws: ClientError.self) {
                try await bob.app.showMachine(press.id.short, saveImage: nil)
            }
            #expect(foreign?.kind == .notFound)
        }
    }

    /// The exercise ids a training lists, in order, on `device`.
    static func exercises(of training: String, on device: Device) throws -> [UUID] {
        let entity = try #require(try device.entity("training", named: training))
        return (entity.data["exercises"]?.arrayValue ?? []).compactMap {
            $0.objectValue?["exercise"]?.stringValue.flatMap(UUID.init(uuidString:))
        }
    }
}
