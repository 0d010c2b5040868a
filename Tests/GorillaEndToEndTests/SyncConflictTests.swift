import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Two devices of one coach change the same thing while apart: both learn what happened, in names, keep the list of
/// conflicts, and the device whose value was replaced can bring it back — the built `gorilla` against a real server.
@Suite(.hangLimit)
struct SyncConflictTests {
    /// `gorilla ARGUMENTS` on `device`, named `name` (`GORILLA_DEVICE_NAME`).
    static func run(_ arguments: [String], on device: Device, as name: String) async throws -> CommandRun {
        try await runGorilla(arguments, home: device.home, environment: ["GORILLA_DEVICE_NAME": name])
    }

    /// Whether `text` holds an id (or the start of one) or a JSON object.
    static func unreadable(_ text: String) -> Bool {
        text.contains("{") || text.range(of: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-", options: .regularExpression) != nil
    }

    /// The exercises of the training `name` on `device`, by name, in order.
    static func list(_ name: String, on device: Device) throws -> [String] {
        let training = try #require(try device.entity("training", named: name))
        let names = Dictionary(uniqueKeysWithValues: try device.entities("exercise").map { ($0.id.key, $0.name) })
        return (training.data["exercises"]?.arrayValue ?? []).compactMap {
            $0.objectValue?["exercise"]?.stringValue.flatMap { names[$0] }
        }
    }

    @Test func bothDevicesReadAReplacedExerciseListInNamesAndTheLosingOneBringsItBack() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            for arguments in [
                ["exercises", "add", "Premsa"], ["exercises", "add", "Sentadilla"], ["exercises", "add", "Rem"],
                ["exercises", "add", "Press"],
                ["trainings", "add", "Cames A", "--exercise", "Premsa", "--exercise", "Rem"],
                ["trainings", "edit", "Cames A", "--plan", "Premsa: 4x12@80kg"], ["machines", "add", "Rower"],
            ] {
                let made = try await Self.run(arguments, on: laptop, as: "laptop")
                #expect(made.status == 0, "\(made)")
            }
            #expect(try await Self.run(["sync"], on: phone, as: "phone").status == 0)

            // Apart: the phone puts Sentadilla second, the laptop adds Press; the phone removes the rower the laptop
            // renames.
            await server.stop()
            for arguments in [
                ["trainings", "edit", "Cames A", "--add", "Sentadilla", "--move", "Sentadilla", "--to", "2"],
                ["machines", "rm", "Rower", "--yes"],
            ] {
                let edited = try await Self.run(arguments, on: phone, as: "phone")
                #expect(edited.status == 0, "\(edited)")
            }
            for arguments in [
                ["trainings", "edit", "Cames A", "--add", "Press"], ["machines", "rename", "Rower", "Concept2"],
            ] {
                let edited = try await Self.run(arguments, on: laptop, as: "laptop")
                #expect(edited.status == 0, "\(edited)")
            }
            #expect(try Self.list("Cames A", on: phone) == ["Premsa", "Sentadilla", "Rem"])
            try await server.start()

            // The phone's list reaches the server first; the laptop's replaces it, and the laptop is told.
            let first = try await Self.run(["--json", "sync"], on: phone, as: "phone")
            #expect(first.status == 0, "\(first)")
            #expect(try first.json().objectValue?["conflicts"]?.arrayValue?.isEmpty == true, "\(first)")
            let second = try await Self.run(["--json", "sync"], on: laptop, as: "laptop")
            #expect(second.status == 0, "\(second)")
            let won = try #require(try second.json().objectValue?["conflicts"]?.arrayValue?.first?.objectValue)
            let id = try #require(won["id"]?.stringValue)
            #expect(won["kind"] == "training" && won["name"] == "Cames A" && won["field"] == "exercises", "\(won)")
            #expect(won["side"] == "won" && won["device"] == "phone", "\(won)")
            #expect(won["yours"] == "Premsa 4x12@80kg, Rem, Press", "\(won)")
            #expect(won["theirs"] == "Premsa 4x12@80kg, Sentadilla, Rem", "\(won)")
            #expect(won["at"]?.stringValue.flatMap(ISOTime.parse) != nil, "\(won)")
            #expect(
                won["text"]?.stringValue?.hasPrefix(
                    "training 'Cames A': the exercise list from phone was replaced by this device's (laptop) at ")
                    == true, "\(won)")
            for (key, value) in won where !["id", "entity"].contains(key) {
                #expect(!Self.unreadable(value.stringValue ?? "{"), "\(key): \(value)")
            }
            // The rename of the rower the phone had removed comes back refused, as an object too.
            let refusal = try #require(try second.json().objectValue?["refused"]?.arrayValue?.first?.objectValue)
            #expect(refusal["kind"] == "machine" && refusal["name"] == "Concept2" && refusal["field"] == "name")
            #expect(refusal["yours"] == "'Concept2'" && refusal["theirs"] == "deleted", "\(refusal)")
            #expect(refusal["action"] == "update" && refusal["device"] == "laptop", "\(refusal)")
            #expect(refusal["id"]?.stringValue != nil && refusal["at"]?.stringValue != nil, "\(refusal)")

            // The phone learns it from its next pull, in names, with the way back.
            let told = try await Self.run(["sync"], on: phone, as: "phone")
            #expect(told.status == 0, "\(told)")
            #expect(
                told.stdout.contains(
                    "Conflict: training 'Cames A': the exercise list from this device (phone) was replaced by laptop's "
                ),
                "\(told)")
            #expect(told.stdout.contains("this device's list was Premsa 4x12@80kg, Sentadilla, Rem"), "\(told)")
            #expect(told.stdout.contains("gorilla sync --restore \(id.suffix(8))"), "\(told)")
            #expect(!Self.unreadable(told.stdout), "\(told)")
            // Reported once.
            let again = try await Self.run(["--json", "sync"], on: phone, as: "phone")
            #expect(try again.json().objectValue?["conflicts"]?.arrayValue?.isEmpty == true, "\(again)")

            // Both keep the list of conflicts.
            for (device, name) in [(phone, "phone"), (laptop, "laptop")] {
                let listed = try await Self.run(["sync", "--conflicts"], on: device, as: name)
                #expect(listed.status == 0, "\(listed)")
                #expect(listed.stdout.contains(String(id.suffix(8))), "\(listed)")
                #expect(listed.stdout.contains("training Cames A: exercise list"), "\(listed)")
                #expect(listed.stdout.contains("Premsa 4x12@80kg, Sentadilla, Rem"), "\(listed)")
                #expect(!Self.unreadable(listed.stdout), "\(listed)")
                let json = try await Self.run(["--json", "sync", "--conflicts"], on: device, as: name)
                let items = try #require(try json.json().arrayValue)
                #expect(items.compactMap { $0.objectValue?["id"]?.stringValue } == [id], "\(json)")
                let item = try #require(items.first?.objectValue)
                #expect(item["side"] == (name == "phone" ? "lost" : "won"), "\(json)")
                #expect(item["device"] == (name == "phone" ? "laptop" : "phone"), "\(json)")
                #expect(
                    item["yours"]
                        == (name == "phone" ? "Premsa 4x12@80kg, Sentadilla, Rem" : "Premsa 4x12@80kg, Rem, Press"),
                    "\(json)")
            }
            #expect(try Self.list("Cames A", on: phone) == ["Premsa", "Rem", "Press"])

            // The phone brings its list back; the laptop gets it from its next sync.
            let restored = try await Self.run(["sync", "--restore", String(id.suffix(8))], on: phone, as: "phone")
            #expect(restored.status == 0, "\(restored)")
            #expect(
                restored.stdout.contains(
                    "Restored the exercise list of training 'Cames A': Premsa 4x12@80kg, Sentadilla, Rem."),
                "\(restored)")
            #expect(try phone.cache().queuedCount() == 0)
            #expect(try Self.list("Cames A", on: phone) == ["Premsa", "Sentadilla", "Rem"])
            let synced = try await Self.run(["--json", "sync"], on: laptop, as: "laptop")
            #expect(
                try synced.json().objectValue?["conflicts"]?.arrayValue?.isEmpty == true,
                "a restore is no new conflict: \(synced)")
            #expect(try Self.list("Cames A", on: laptop) == ["Premsa", "Sentadilla", "Rem"])
            let entry = try #require(
                try laptop.entity("training", named: "Cames A")?.data["exercises"]?.arrayValue?.first)
            #expect(entry.objectValue?["weight"] == 80, "the plan comes back with the list")

            // Restoring again changes nothing; an unknown id is not found.
            let twice = try await Self.run(["sync", "--restore", id], on: phone, as: "phone")
            #expect(twice.status == 0 && twice.stdout.contains("Nothing to restore"), "\(twice)")
            let unknown = try await Self.run(["sync", "--restore", "abcdef12"], on: phone, as: "phone")
            #expect(unknown.status == 66, "\(unknown)")
        }
    }

    /// A conflict belongs to the account that pushed the overwrite: another coach never pulls it.
    @Test func anotherAccountNeverSeesTheConflicts() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            let bob = try await Device.coach("bob", on: server)
            _ = try await laptop.app.addMachine(name: "Bench", imageFile: nil)
            try await phone.sync()
            await server.stop()
            _ = try await laptop.app.rename(kind: "machine", "Bench", to: "Flat bench")
            _ = try await phone.app.rename(kind: "machine", "Bench", to: "Incline bench")
            try await server.start()
            try await laptop.sync()
            #expect(try await phone.sync().conflicts.count == 1)
            #expect(try await laptop.sync().conflicts.count == 1)
            #expect(try phone.entities("conflict").count == 1)
            #expect(try await bob.pullEverything().allSatisfy { $0.kind != "conflict" })
        }
    }
}
