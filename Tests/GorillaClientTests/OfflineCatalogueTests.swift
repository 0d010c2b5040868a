import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Catalogue commands on a device that cannot reach its server: everything works on the local cache and queues.
@Suite struct OfflineCatalogueTests {
    @Test func addingAMachineWithTheServerAwayQueuesItAndSaysSo() async throws {
        let device = try OfflineDevice(unreachableServer: true)
        let added = try await device.app.addMachine(name: "Leg press", imageFile: nil)
        #expect(
            added.notes == ["offline — 1 change queued; cannot reach the server at 127.0.0.1:1 (connection refused)"])
        #expect(added.json.objectValue?["name"] == "Leg press")
        #expect(try device.cache().queuedCount() == 1)

        let second = try await device.app.addMachine(name: "Bench", imageFile: nil)
        #expect(second.notes.count == 1 && second.notes[0].hasPrefix("offline — 2 changes queued; "), "\(second.notes)")

        let listed = try await device.app.listMachines()
        #expect(listed.json.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["Bench", "Leg press"])
        let status = try device.app.syncStatus()
        #expect(status.json.objectValue?["queued"] == 2)
        #expect(status.text.contains("create machine 'Leg press'"))
    }

    @Test func emptyListsNameTheCommandThatAddsTheFirstItem() async throws {
        let device = try OfflineDevice()
        #expect(try await device.app.listMachines().text.contains("gorilla machines add"))
        #expect(try await device.app.listExercises(search: nil).text.contains("gorilla exercises add"))
        #expect(try await device.app.listTrainings().text.contains("gorilla trainings add"))
        #expect(try await device.app.listMachines().json == .array([]))
    }

    @Test func aNameIsRefusedWhenItDiffersOnlyInCase() async throws {
        let device = try OfflineDevice()
        _ = try await device.app.addMachine(name: "Leg Press", imageFile: nil)
        let error = await #expect(throws: ClientError.self) {
            try await device.app.addMachine(name: "  leg press ", imageFile: nil)
        }
        #expect(error?.kind == .usage)
        #expect(error?.message.contains("Leg Press") == true)
        _ = try await device.app.addMachine(name: "Leg curl", imageFile: nil)
        let rename = await #expect(throws: ClientError.self) {
            try await device.app.rename(kind: "machine", "Leg curl", to: "LEG PRESS")
        }
        #expect(rename?.kind == .usage)
        // Renaming to itself in another case is allowed.
        _ = try await device.app.rename(kind: "machine", "Leg curl", to: "Leg Curl")
        #expect(try device.names("machine") == ["Leg Curl", "Leg Press"])
        #expect(try device.cache().queuedCount() == 3)
    }

    @Test func namesResolveByIDPrefixAndShortID() async throws {
        let device = try OfflineDevice()
        _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
        _ = try await device.app.addMachine(name: "Leg curl", imageFile: nil)
        let press = try #require(try device.entity("machine", named: "Leg press"))
        let curl = try #require(try device.entity("machine", named: "Leg curl"))

        let prefix = String(press.id.uuidString.lowercased().prefix(23))
        #expect(try await device.app.showMachine(prefix, saveImage: nil).json.objectValue?["name"] == "Leg press")
        #expect(try await device.app.showMachine(curl.id.short, saveImage: nil).json.objectValue?["name"] == "Leg curl")
        #expect(
            try await device.app.showMachine(curl.id.short.uppercased(), saveImage: nil).json.objectValue?["name"]
                == "Leg curl")
    }

    @Test func anAmbiguousNameListsTheCandidates() async throws {
        let device = try OfflineDevice()
        _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
        _ = try await device.app.addMachine(name: "Leg curl", imageFile: nil)
        let press = try #require(try device.entity("machine", named: "Leg press"))
        let curl = try #require(try device.entity("machine", named: "Leg curl"))

        let byName = await #expect(throws: ClientError.self) {
            try await device.app.showMachine("leg", saveImage: nil)
        }
        #expect(byName?.kind == .ambiguous)
        #expect(byName?.message.contains("Leg press (\(press.id.short))") == true)
        #expect(byName?.message.contains("Leg curl (\(curl.id.short))") == true)

        // Ids made close together share their first hex digits (the time stamp).
        let shared = String(press.id.uuidString.lowercased().prefix(4))
        let byID = await #expect(throws: ClientError.self) {
            try await device.app.showMachine(shared, saveImage: nil)
        }
        #expect(byID?.kind == .ambiguous)
    }

    @Test func anUnknownNameListsWhatIsKnown() async throws {
        let device = try OfflineDevice()
        let none = await #expect(throws: ClientError.self) {
            try await device.app.showMachine("Rowing machine", saveImage: nil)
        }
        #expect(none?.kind == .notFound)
        #expect(none?.message.contains("there are none yet") == true)

        _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
        _ = try await device.app.addMachine(name: "Bench", imageFile: nil)
        let unknown = await #expect(throws: ClientError.self) {
            try await device.app.showMachine("Rowing machine", saveImage: nil)
        }
        #expect(unknown?.kind == .notFound)
        #expect(unknown?.message.contains("Bench, Leg press") == true)
        #expect(unknown?.exitCode == 66)
    }

    @Test func aMachineInUseIsNotDeletedAndTheRefusalNamesTheExercises() async throws {
        let device = try OfflineDevice()
        _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
        _ = try await device.app.addExercise(name: "Squat", ExerciseFields(machine: "Leg press"))
        let queued = try device.cache().queuedCount()

        let error = await #expect(throws: ClientError.self) {
            try await device.app.remove(kind: "machine", "Leg press")
        }
        #expect(error?.wire?.code == .inUse)
        #expect(error?.message.contains("Squat") == true)
        #expect(try device.names("machine") == ["Leg press"])
        #expect(try device.cache().queuedCount() == queued)

        let shown = try await device.app.showMachine("Leg press", saveImage: nil)
        #expect(shown.json.objectValue?["exercises"] == ["Squat"])
    }

    @Test func deletingAnExerciseTakesItOutOfTrainingsAndKeepsATombstone() async throws {
        let device = try OfflineDevice()
        _ = try await device.app.addExercise(name: "Squat", ExerciseFields())
        _ = try await device.app.addExercise(name: "Lunge", ExerciseFields())
        _ = try await device.app.addTraining(name: "Legs", exercises: ["squat", "Lunge"])
        _ = try await device.app.addTraining(name: "Quads", exercises: ["Squat"])
        let squat = try #require(try device.entity("exercise", named: "Squat"))
        let lunge = try #require(try device.entity("exercise", named: "Lunge"))

        _ = try await device.app.remove(kind: "exercise", "Squat")

        let legs = try await device.app.showTraining("Legs")
        #expect(
            legs.json.objectValue?["exercises"]?.arrayValue?.compactMap { $0.objectValue?["exercise"]?.stringValue }
                == [lunge.id.uuidString.lowercased()])
        let quads = try await device.app.showTraining("Quads")
        #expect(quads.json.objectValue?["exercises"] == .array([]))
        #expect(try device.names("exercise") == ["Lunge"])
        let tombstone = try #require(try device.cache().entity(squat.id))
        #expect(tombstone.deleted)
        #expect(tombstone.name == "Squat")
        // Two training updates and the delete are queued for the server.
        #expect(try device.cache().queued(limit: 100).suffix(3).map(\.action) == [.update, .update, .delete])
    }

    @Test func trainingsKeepTheirExercisesInOrderAndCanBeEdited() async throws {
        let device = try OfflineDevice()
        for name in ["Squat", "Lunge", "Deadlift"] {
            _ = try await device.app.addExercise(name: name, ExerciseFields())
        }
        _ = try await device.app.addTraining(name: "Legs", exercises: ["Squat", "Lunge"])
        _ = try await device.app.editTraining("Legs", add: ["Deadlift"], remove: ["Squat"], move: "Deadlift", to: 1)
        let shown = try await device.app.showTraining("Legs")
        let names = shown.json.objectValue?["exercises"]?.arrayValue?.compactMap {
            $0.objectValue?["name"]?.stringValue
        }
        #expect(names == ["Deadlift", "Lunge"])

        _ = try await device.app.duplicateTraining("Legs", as: "Legs B")
        #expect(try device.names("training") == ["Legs", "Legs B"])
        await #expect(throws: ClientError.self) {
            try await device.app.addTraining(name: "Arms", exercises: ["Curl"])
        }
    }

    @Test func onlyCoachesChangeTheCatalogue() async throws {
        let device = try OfflineDevice(role: .client)
        let error = await #expect(throws: ClientError.self) {
            try await device.app.addMachine(name: "Leg press", imageFile: nil)
        }
        #expect(error?.wire?.code == .forbidden)
        #expect(try device.cache().queuedCount() == 0)
    }

    @Test func searchAndNamesFoldCaseAndAccents() async throws {
        let device = try OfflineDevice()
        _ = try await device.app.addExercise(name: "Extensió de quàdriceps", ExerciseFields(muscles: ["Quàdriceps"]))
        _ = try await device.app.addExercise(name: "Press de banca", ExerciseFields())
        let found = try await device.app.listExercises(search: "QUAD")
        #expect(
            found.json.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["Extensió de quàdriceps"])
        let shown = try await device.app.showExercise("extensio de quadriceps")
        #expect(shown.json.objectValue?["name"] == "Extensió de quàdriceps")
        let unknown = await #expect(throws: ClientError.self) { try await device.app.showExercise("Pres banca") }
        #expect(unknown?.message.contains("did you mean: Press de banca?") == true, "\(String(describing: unknown))")
    }

    @Test func theBeginningOfTheShortIDFindsARow() async throws {
        let device = try OfflineDevice()
        let added = try await device.app.addMachine(name: "Leg press", imageFile: nil)
        let id = try #require(added.json.objectValue?["id"]?.stringValue)
        let short = String(id.suffix(8))
        let shown = try await device.app.showMachine(String(short.prefix(4)), saveImage: nil)
        #expect(shown.json.objectValue?["id"]?.stringValue == id)
    }
}
