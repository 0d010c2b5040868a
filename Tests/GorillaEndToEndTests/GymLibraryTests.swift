import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// The gym's library with real devices over TLS: machines of the gym, exercises and trainings published by its owners
/// and admins, read by every coach of the gym and by nobody else, copied into a coach's own catalogue; a coach who
/// joins gets the whole library, one who leaves or is removed loses it.
@Suite(.hangLimit)
struct GymLibraryTests {
    /// Olga's gym with cora as a coach (joined with an invitation).
    static func gym(on server: some RunningServer) async throws -> (owner: Device, coach: Device) {
        let olga = try await Device.coach("olga", on: server)
        _ = try await olga.app.gymCreate("Gorilla Gym")
        let cora = try await Device.coach("cora", on: server)
        try await join(cora, invitedBy: olga)
        return (olga, cora)
    }

    /// `device` joins the gym of `member` with a fresh invitation.
    static func join(_ device: Device, invitedBy member: Device) async throws {
        let code = try #require(try await member.app.gymInvite().json["code"]?.stringValue)
        _ = try await device.app.gymJoin(code)
    }

    /// The rows of a list's `--json` named `name`, each with whether it is marked as the gym's.
    static func marks(_ output: CommandOutput, _ name: String) -> [Bool] {
        (output.json.arrayValue ?? []).filter { $0["name"]?.stringValue == name }.map { $0["gym"] == .bool(true) }
    }

    /// The names of `kind` in the library the device holds.
    static func library(_ device: Device, _ kind: EntityKind) throws -> [String] {
        try device.names(LocalCache.libraryKind(kind.rawValue)).sorted()
    }

    @Test func theOwnerPublishesATrainingACoachOfTheGymCopiesItAndNobodyElseSeesIt() async throws {
        try await withTestServer { server in
            let (olga, cora) = try await Self.gym(on: server)
            let hugo = try await Device.coach("hugo", on: server)
            _ = try await hugo.app.gymCreate("Other Gym")
            let ivan = try await Device.coach("ivan", on: server)

            _ = try await olga.app.addMachine(name: "Rack", imageFile: nil)
            _ = try await olga.app.addExercise(name: "Squat", ExerciseFields(machine: "Rack"))
            _ = try await olga.app.addExercise(name: "Bench press", ExerciseFields())
            _ = try await olga.app.addTraining(name: "Legs", exercises: ["Squat", "Bench press"])
            // Cora has a bench press of her own: a copy uses it instead of making a second one.
            _ = try await cora.app.addExercise(name: "bench PRESS", ExerciseFields())

            let published = try await olga.app.publish(.training, "Legs")
            let rows = published.json["rows"]?.arrayValue ?? []
            #expect(
                rows.map { "\($0["kind"]?.stringValue ?? "") \($0["name"]?.stringValue ?? "")" }
                    == ["training Legs", "exercise Squat", "machine Rack", "exercise Bench press"], "\(published.json)")
            #expect(rows.allSatisfy { $0["matched"] == .bool(false) })
            #expect(published.text.contains("Legs") && published.text.contains("Gorilla Gym"), "\(published.text)")
            _ = try await olga.app.addGymMachine("Treadmill")

            // A coach of the gym reads the library, marked as the gym's, but adds nothing to it.
            #expect(await GymTests.refusal { _ = try await cora.app.publish(.exercise, "bench PRESS") } == .forbidden)
            #expect(await GymTests.refusal { _ = try await cora.app.addGymMachine("Bike") } == .forbidden)
            let trainings = try await cora.app.listTrainings()
            #expect(Self.marks(trainings, "Legs") == [true], "\(trainings.json)")
            #expect(trainings.text.contains("Legs (gym)"), "\(trainings.text)")
            let exercises = try await cora.app.listExercises(search: nil)
            #expect(Self.marks(exercises, "Squat") == [true])
            #expect(Self.marks(exercises, "bench PRESS") == [false] && Self.marks(exercises, "Bench press") == [true])
            let machines = try await cora.app.listMachines()
            #expect(Self.marks(machines, "Treadmill") == [true] && Self.marks(machines, "Rack") == [true])
            // Own rows stay apart: nothing the coach writes names the gym's by mistake; show finds the gym's.
            #expect(try cora.names("training").isEmpty)
            let shown = try await cora.app.showTraining("legs")
            #expect(shown.json["gym"] == .bool(true), "\(shown.json)")
            #expect(shown.text.hasPrefix("Legs (gym)") && shown.text.contains("2. Bench press"), "\(shown.text)")

            let copied = try await cora.app.copyFromGym(.training, "legs")
            let copies = copied.json["rows"]?.arrayValue ?? []
            #expect(
                copies.map { "\($0["name"]?.stringValue ?? "") \($0["matched"] == .bool(true))" }
                    == ["Legs false", "Squat false", "Rack false", "bench PRESS true"], "\(copied.json)")
            #expect(try cora.names("training") == ["Legs"])
            #expect(try cora.names("exercise").sorted() == ["Squat", "bench PRESS"])
            #expect(try cora.names("machine") == ["Rack"])
            let ownLegs = try #require(try cora.entity("training", named: "Legs"))
            let squat = try #require(try cora.entity("exercise", named: "Squat"))
            let bench = try #require(try cora.entity("exercise", named: "bench PRESS"))
            let entries = ownLegs.data["exercises"]?.arrayValue?.compactMap { $0["exercise"]?.stringValue } ?? []
            #expect(entries == [squat.id.key, bench.id.key], "the copy uses cora's own exercises")
            #expect(
                Self.marks(try await cora.app.listTrainings(), "Legs") == [false, true], "own first, then the gym's")
            #expect(await GymTests.refusal { _ = try await cora.app.copyFromGym(.training, "Legs") } == .nameTaken)

            // Another gym and an independent coach see nothing of it, neither on their device nor on the wire.
            let libraryIDs = Set(try olga.entities(LocalCache.libraryKind("exercise")).map(\.id))
            #expect(libraryIDs.count == 2)
            for outsider in [hugo, ivan] {
                try await outsider.sync()
                #expect(try Self.library(outsider, .exercise).isEmpty && Self.library(outsider, .training).isEmpty)
                #expect(Self.marks(try await outsider.app.listTrainings(), "Legs").isEmpty)
                #expect(Set(try await outsider.pullEverything().map(\.id)).isDisjoint(with: libraryIDs))
            }

            // A client of cora reads her copies, never the gym's rows.
            let added = try await cora.app.addClient(name: "Bea", surname: "Puig")
            let code = try #require(added.json["code"]?.stringValue)
            let bea = try Device()
            try await bea.connect(to: server)
            _ = try await bea.app.register(
                SignupBody(
                    username: "bea", email: "bea@example.com", password: Device.password, name: "Bea",
                    surname: "Puig", code: code))
            let seen = try await bea.pullEverything()
            #expect(Set(seen.map(\.id)).isDisjoint(with: libraryIDs))
            #expect(seen.contains { $0.id == squat.id } && !seen.contains { $0.gym == true })
        }
    }

    /// `programs publish` takes the trainings of a program's days and the exercises of its progressions along;
    /// `programs copy` makes a coach's own program that names her own copies of them.
    @Test func aProgramGoesToTheLibraryWithWhatItUsesAndIsCopiedWhole() async throws {
        try await withTestServer { server in
            let (olga, cora) = try await Self.gym(on: server)
            _ = try await olga.app.addExercise(name: "Squat", ExerciseFields())
            _ = try await olga.app.addExercise(name: "Deadlift", ExerciseFields())
            _ = try await olga.app.addTraining(name: "Legs", exercises: ["Squat"])
            _ = try await ProgramTests.run(
                [
                    "programs", "add", "Base", "--weeks", "4", "--day", "mon: Legs", "--progress",
                    "Squat: +2.5kg/week", "--progress", "Deadlift: +5kg/week",
                ], on: olga)

            let published = try await ProgramTests.json(["programs", "publish", "Base"], on: olga)
            #expect(
                (published["rows"]?.arrayValue ?? []).map {
                    "\($0["kind"]?.stringValue ?? "") \($0["name"]?.stringValue ?? "")"
                } == ["program Base", "training Legs", "exercise Squat", "exercise Deadlift"], "\(published)")
            let refused = try await runGorilla(["programs", "publish", "Base"], home: cora.home)
            #expect(refused.status != 0, "\(refused)")

            try await cora.sync()
            #expect(try Self.library(cora, .program) == ["Base"])
            _ = try await ProgramTests.json(["programs", "copy", "base"], on: cora)
            let program = try #require(try cora.entity("program", named: "Base"))
            let legs = try #require(try cora.entity("training", named: "Legs"))
            let squat = try #require(try cora.entity("exercise", named: "Squat"))
            let deadlift = try #require(try cora.entity("exercise", named: "Deadlift"))
            let days = program.data["days"]?.arrayValue?.compactMap { $0["training"]?.stringValue } ?? []
            #expect(days == [legs.id.key], "\(program.data)")
            let rules = program.data["progress"]?.arrayValue?.compactMap { $0["exercise"]?.stringValue } ?? []
            #expect(rules == [squat.id.key, deadlift.id.key], "\(program.data)")
            let shown = try await ProgramTests.run(["programs", "show", "Base"], on: cora)
            #expect(shown.stdout.contains("Squat: +2.5kg/week") && shown.stdout.contains("Legs"), "\(shown)")
        }
    }

    @Test func aCoachWhoJoinsGetsTheWholeLibraryAndLosesItOnLeavingKeepingHerCopies() async throws {
        try await withTestServer { server in
            let (olga, cora) = try await Self.gym(on: server)
            _ = try await olga.app.addExercise(name: "Deadlift", ExerciseFields())
            _ = try await olga.app.publish(.exercise, "Deadlift")
            // Dan's cursor passes the library's versions before he joins: the library is older than his cursor.
            let dan = try await Device.coach("dan", on: server)
            _ = try await dan.app.addMachine(name: "Bike", imageFile: nil)
            try await dan.sync()
            try await Self.join(dan, invitedBy: olga)
            try await dan.sync()
            #expect(try Self.library(dan, .exercise) == ["Deadlift"])
            #expect(Self.marks(try await dan.app.listExercises(search: nil), "Deadlift") == [true])
            _ = try await dan.app.copyFromGym(.exercise, "Deadlift")

            _ = try await dan.app.gymLeave()
            let left = try await dan.sync()
            #expect(try Self.library(dan, .exercise).isEmpty)
            #expect(left.notices == [GymPhrases.libraryLost.text(in: .en)], "\(left)")
            #expect(try await dan.sync().notices.isEmpty, "said once")
            // What he copied stays his; what the gym owns stays with the gym.
            #expect(Self.marks(try await dan.app.listExercises(search: nil), "Deadlift") == [false])
            try await cora.sync()
            #expect(try Self.library(cora, .exercise) == ["Deadlift"])
            await #expect(throws: ClientError.self) { _ = try await dan.app.copyFromGym(.exercise, "Deadlift") }
        }
    }

    @Test func aRemovedCoachLosesTheLibraryAtHerNextRequestOnAnotherInstance() async throws {
        try await withTestServer { server in
            let (olga, cora) = try await Self.gym(on: server)
            _ = try await olga.app.addGymMachine("Rower")
            try await cora.sync()
            #expect(try Self.library(cora, .machine) == ["Rower"])
            let rower = try #require(try cora.entities(LocalCache.libraryKind("machine")).first)

            // A second instance on the same PostgreSQL database; on SQLite, one server holds the file.
            let folder = try TemporaryFolder("gorilla-library-instance")
            let second: TestServer? =
                server.engine == .postgres
                ? TestServer(dataDirectory: folder.child("data"), database: server.postgres) : nil
            try await second?.start()
            try await withClient(port: second?.port ?? server.port) { other in
                try await other.hello(language: "en")
                try await other.login("cora", password: Device.password).expectSuccess()
                let pulled = try await other.pullEverything()
                #expect(pulled.contains { $0.string("id")?.lowercased() == rower.id.key })
                _ = try await olga.app.gymRemove("cora")
                // The same connection, on the other instance: the library went with the membership.
                #expect(try await other.pullEverything().allSatisfy { $0["gym"] == nil })
                let copy = try await other.request("gym.copy", ["kind": "machine", "id": rower.id.key])
                #expect(copy.errorCode == WireErrorCode.notInGym.rawValue, "\(copy)")
            }
            await second?.stop()
            let after = try await cora.sync()
            #expect(try Self.library(cora, .machine).isEmpty)
            #expect(after.notices.count == 1)

            // A dissolved gym's library leaves its owner's device too.
            try await olga.sync()
            #expect(try Self.library(olga, .machine) == ["Rower"])
            _ = try await olga.app.gymDissolve()
            #expect(try await olga.sync().notices.count == 1)
            #expect(try Self.library(olga, .machine).isEmpty)
        }
    }
}

extension JSONValue {
    /// The member `key` of an object.
    fileprivate subscript(key: String) -> JSONValue? { objectValue?[key] }
}
