import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Trainings hold their plans: written with `--plan` in the coach's notation, shown, synced and kept by the server.
@Suite(.hangLimit)
struct TrainingPlanTests {
    @Test func aPlannedTrainingIsShownAndSyncedWithEveryTarget() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            for exercise in ["Squat", "Bench press", "Plank", "Rower"] {
                let added = try await runGorilla(["exercises", "add", exercise], home: laptop.home)
                #expect(added.status == 0, "\(added)")
            }
            let added = try await runGorilla(
                [
                    "trainings", "add", "Legs",
                    "--plan", "squat: 4x12@80kg rest 90s", "--plan", "Bench press: 12,10,8@60kg",
                    "--plan", "Plank: 3x45s", "--plan", "Rower: 1x2000m",
                ], home: laptop.home)
            #expect(added.status == 0, "\(added)")

            let phone = try await Device.loggedIn("ada", on: server)
            let shown = try await runGorilla(["--json", "trainings", "show", "Legs"], home: phone.home)
            #expect(shown.status == 0, "\(shown)")
            let json = try shown.json()
            let list = try #require(json.objectValue?["exercises"]?.arrayValue, "\(shown)")
            let entries = list.compactMap { $0.objectValue }
            #expect(entries.map { $0["name"]?.stringValue } == ["Squat", "Bench press", "Plank", "Rower"])
            #expect(
                entries[0]["sets"] == 4 && entries[0]["reps"] == 12 && entries[0]["weight"] == 80
                    && entries[0]["unit"] == "kg"
                    && entries[0]["rest"] == 90)
            #expect(entries[1]["sets"] == 3 && entries[1]["reps"] == [12, 10, 8] && entries[1]["weight"] == 60)
            #expect(entries[2]["sets"] == 3 && entries[2]["duration"] == 45 && entries[2]["reps"] == nil)
            #expect(entries[3]["distance"] == 2000)

            let text = try await runGorilla(["trainings", "show", "Legs"], home: phone.home)
            #expect(text.stdout.contains("1. Squat  4x12@80kg rest 90s"), "\(text)")
            #expect(text.stdout.contains("2. Bench press  12,10,8@60kg"), "\(text)")

            // A new plan for one exercise replaces its old one; the others stay.
            let edited = try await runGorilla(
                ["trainings", "edit", "Legs", "--plan", "Squat: 5x5@100kg rest 3min"], home: phone.home)
            #expect(edited.status == 0, "\(edited)")
            _ = try await laptop.sync()
            let training = try #require(try laptop.entity("training", named: "Legs"))
            let plans = try #require(training.data["exercises"]?.arrayValue).map { try $0.decode(PlannedExercise.self) }
            #expect(plans.first?.notation == "5x5@100kg rest 3min")
            #expect(plans.count == 4 && plans[1].reps == .perSet([12, 10, 8]))
        }
    }

    @Test func aPlanInTheWrongFormOrATrainingWithoutExercisesIsRefused() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await runGorilla(["exercises", "add", "Squat"], home: coach.home)
            let setForm = try await runGorilla(
                ["trainings", "add", "Legs", "--plan", "Squat: 12x80kg"], home: coach.home)
            #expect(setForm.status == 64 && setForm.stderr.contains("SETSxREPS@LOAD"), "\(setForm)")
            let unknown = try await runGorilla(
                ["trainings", "add", "Legs", "--plan", "Deadlift: 4x12"], home: coach.home)
            #expect(unknown.status == 66, "\(unknown)")
            let empty = try await runGorilla(["trainings", "add", "Legs"], home: coach.home)
            #expect(empty.status == 64 && empty.stderr.contains("at least one exercise"), "\(empty)")
            #expect(try coach.cache().queuedCount() == 0 && coach.entities("training").isEmpty)

            // The server keeps its own rule: one target per set, as many as the sets.
            let exercise = try #require(try coach.entity("exercise", named: "Squat"))
            let results = try await coach.push([
                Mutation(
                    id: UUID.v7(), kind: "training", entity: UUID.v7(), action: .create,
                    fields: [
                        "name": "Bad",
                        "exercises": [["exercise": .string(exercise.id.key), "sets": 2, "reps": [12, 10, 8]]],
                    ])
            ])
            #expect(results.first?.status == .rejected)
        }
    }
}
