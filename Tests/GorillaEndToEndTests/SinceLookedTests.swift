import Foundation
import GorillaClient
import GorillaShared
import GorillaTesting
import Testing

/// The coach's home screen (`gorilla` with no arguments, the real binary) tells what a client did on their own since
/// it was last shown on this device, once.
@Suite(.hangLimit)
struct SinceLookedTests {
    @Test func theCoachsHomeScreenListsAClientsOwnWorkSinceItWasLastShownAndNotAgain() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            _ = try await coach.app.addExercise(name: "Squat", ExerciseFields())
            _ = try await coach.app.addTraining(name: "Legs A", exercises: ["Squat"])
            _ = try await coach.app.logSession(
                SessionLogRequest(client: "Ana", date: "2026-11-20 10:00", sets: ["Squat: 5x90kg"]))
            // The first look on a device only sets the mark: the coach's own session is nothing new.
            let first = try await runGorilla([], home: coach.home)
            #expect(first.status == 0 && !first.stdout.contains("Since you last looked"), "\(first)")

            _ = try await client.app.logSession(
                SessionLogRequest(
                    client: nil, training: "Legs A", date: "2026-12-01 10:00", sets: ["Squat: 5x100kg"],
                    duration: "45"))
            _ = try await client.app.addMeasurement(client: nil, date: "2026-12-01", values: ["weight": 71.5], note: nil)
            _ = try await client.app.sendMessage(to: nil, text: "Done for today")

            let second = try await runGorilla([], home: coach.home)
            let lines = second.stdout.components(separatedBy: "\n")
            let heading = try #require(lines.firstIndex(of: "Since you last looked:"), "\(second)")
            #expect(lines[heading + 1] == "  Ana Serra logged a session: 2026-12-01 10:00 · Legs A, 45 min", "\(second)")
            #expect(lines[heading + 2] == "  new measurement of Ana Serra (2026-12-01): weight 71.5 kg", "\(second)")
            #expect(lines[heading + 3] == "  1 new message", "\(second)")

            // Shown once: the next look has nothing new, in text and in --json.
            let third = try await runGorilla(["--json"], home: coach.home)
            let since = try #require(try third.json().objectValue?["sinceLooked"]?.objectValue, "\(third)")
            #expect(since["sessions"]?.arrayValue?.isEmpty == true, "\(since)")
            #expect(since["measurements"]?.arrayValue?.isEmpty == true && since["messages"] == 0, "\(since)")
        }
    }
}
