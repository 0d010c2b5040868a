import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

/// Planned effort end to end: a training planned at an RPE (`3x8@RPE8`, `3x5 RIR2`) with no load, and `today` on the
/// coach's device computing each load from the client's e1RM (the assignment's `--baseline`, or their history) and the
/// effort.
@Suite(.hangLimit)
struct ProgramEffortTests {
    @Test func todayComputesTheLoadFromTheBaselineOrTheHistoryAndThePlannedEffort() async throws {
        try await withTestServer { server in
            let (coach, client) = try await SessionSyncTests.coachAndClient(on: server)
            try await ProgramTests.run(["exercises", "add", "Squat"], on: coach)
            try await ProgramTests.run(["exercises", "add", "Bench"], on: coach)
            try await ProgramTests.run(
                ["trainings", "add", "Effort", "--plan", "Squat: 3x8@RPE8", "--plan", "Bench: 3x5 RIR2"], on: coach)
            let shown = try await ProgramTests.run(["trainings", "show", "Effort"], on: coach)
            #expect(shown.stdout.contains("3x8@RPE8") && shown.stdout.contains("3x5@RPE8"), "\(shown)")

            // Before the start the client benched 5x90kg: e1RM 90 × (1 + 5/30) = 105.
            try await client.sync()
            try await ProgramTests.run(
                ["sessions", "log", "--date", "2026-12-01 18:00", "--set", "Bench: 5x90kg"], on: client)
            try await client.sync()
            try await coach.sync()
            try await ProgramTests.run(
                ["programs", "add", "Effortful", "--weeks", "4", "--day", "mon: Effort"], on: coach)
            try await ProgramTests.run(
                [
                    "programs", "assign", "Effortful", "--client", "Bea", "--start", "2026-12-07", "--baseline",
                    "Squat=140kg",
                ], on: coach)
            let today = try await ProgramTests.json(["today", "--client", "Bea", "--date", "2026-12-07"], on: coach)
            // Epley read backwards, reserve counted as done: 140 / (1 + 10/30) = 105; 105 / (1 + 7/30) = 85.1 → 85.
            #expect(ProgramTests.loads(today) == ["Squat": 105, "Bench": 85], "\(today)")
            for entry in today["exercises"]?.arrayValue ?? [] {
                let target = entry.objectValue?["target"]?.objectValue
                #expect(target?["rpe"]?.doubleValue == 8 && target?["unit"]?.stringValue == "kg", "\(today)")
            }
        }
    }

    @Test func aSetRecordsTheEffortReachedAndTheServerKeepsIt() async throws {
        try await withTestServer { server in
            let (coach, client) = try await SessionSyncTests.coachAndClient(on: server)
            try await ProgramTests.run(["exercises", "add", "Squat"], on: coach)
            try await coach.sync()
            try await client.sync()
            let logged = try await ProgramTests.json(
                ["sessions", "log", "--date", "2026-12-01 18:00", "--set", "Squat: 8x100kg @8, 8x100kg @9,5"],
                on: client)
            try await client.sync()
            #expect(try client.cache().queuedCount() == 0, "the server took the session")
            let laptop = try await Device.loggedIn("ada", on: server)
            let id = try #require(logged["id"]?.stringValue, "\(logged)")
            let shown = try await ProgramTests.json(["sessions", "show", id], on: laptop)
            let sets = shown["exercises"]?.arrayValue?.first?.objectValue?["sets"]?.arrayValue ?? []
            #expect(sets.map { $0.objectValue?["rpe"]?.doubleValue } == [8, 9.5], "\(shown)")
            let text = try await ProgramTests.run(["sessions", "show", id], on: laptop)
            #expect(text.stdout.contains("@8") && text.stdout.contains("@9.5"), "\(text)")
        }
    }

    @Test(arguments: [
        ("en", "RPE 6 to 10"), ("ca", "RPE de 6 a 10"), ("es", "RPE de 6 a 10"),
    ])
    func anEffortOutOfRangeIsRefusedWithTheAcceptedForms(language: String, message: String) async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            try await ProgramTests.run(["exercises", "add", "Squat"], on: coach)
            let run = try await runGorilla(
                ["trainings", "add", "T", "--plan", "Squat: 3x8@RPE11", "--language", language], home: coach.home)
            #expect(run.status != 0 && run.stderr.contains(message) && run.stderr.contains("3x8 RIR2"), "\(run)")
        }
    }
}
