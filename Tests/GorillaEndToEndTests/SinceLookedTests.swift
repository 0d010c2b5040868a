import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
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

    @Test func aMeasurementTheCoachRecordedOnAnotherDeviceIsNotListedAsTheClients() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let (_, code) = try await laptop.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            let first = try await runGorilla([], home: laptop.home)
            #expect(first.status == 0 && !first.stdout.contains("Since you last looked"), "\(first)")

            // The coach measures Ana on her phone; Ana measures herself.
            _ = try await phone.app.addMeasurement(client: "Ana", date: "2026-12-01", values: ["weight": 70], note: nil)
            _ = try await client.app.addMeasurement(
                client: nil, date: "2026-12-02", values: ["weight": 71.5], note: nil)

            let second = try await runGorilla([], home: laptop.home)
            let lines = second.stdout.components(separatedBy: "\n")
            let heading = try #require(lines.firstIndex(of: "Since you last looked:"), "\(second)")
            #expect(lines[heading + 1] == "  new measurement of Ana Serra (2026-12-02): weight 71.5 kg", "\(second)")
            #expect(!second.stdout.contains("weight 70 kg") && !second.stdout.contains("(2026-12-01)"), "\(second)")
        }
    }

    @Test func theAgendaTellsTheCoachAClientsOwnWorkWithoutMarkingItLooked() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            _ = try await coach.app.addExercise(name: "Squat", ExerciseFields())
            _ = try await coach.app.addTraining(name: "Cames A", exercises: ["Squat"])
            // The agenda on a device that never looked sets the mark, as a first look does: nothing old is news.
            let first = try await runGorilla(["agenda", "--language", "ca"], home: coach.home)
            #expect(first.status == 0 && !first.stdout.contains("Des de l'última vegada"), "\(first)")

            // A measurement the coach makes herself is not the client's work.
            _ = try await coach.app.addMeasurement(client: "Ana", date: "2026-11-30", values: ["weight": 70], note: nil)
            _ = try await client.app.logSession(
                SessionLogRequest(
                    client: nil, training: "Cames A", date: "2026-12-01 10:00", sets: ["Squat: 5x100kg"],
                    duration: "45"))
            _ = try await client.app.addMeasurement(
                client: nil, date: "2026-12-01", values: ["weight": 71.5], note: nil)

            let agenda = try await runGorilla(["agenda", "--language", "ca"], home: coach.home)
            let lines = agenda.stdout.components(separatedBy: "\n")
            let heading = try #require(lines.firstIndex(of: "Des de l'última vegada:"), "\(agenda)")
            #expect(
                lines[heading + 1] == "  Ana Serra ha registrat una sessió: 2026-12-01 10:00 · Cames A, 45 min",
                "\(agenda)")
            #expect(lines[heading + 2] == "  nova mesura de Ana Serra (2026-12-01): pes 71,5 kg", "\(agenda)")
            #expect(lines.count == heading + 3 || lines[heading + 3].isEmpty, "\(agenda)")

            // The same in --json, under the home screen's name; the agenda leaves it for the home screen.
            let json = try await runGorilla(["--json", "agenda"], home: coach.home)
            let since = try #require(try json.json().objectValue?["sinceLooked"]?.objectValue, "\(json)")
            let sessions = try #require(since["sessions"]?.arrayValue, "\(since)")
            let measurements = try #require(since["measurements"]?.arrayValue, "\(since)")
            #expect(sessions.count == 1 && measurements.count == 1, "\(since)")
            #expect(measurements.first?.objectValue?["client"] == "Ana Serra", "\(since)")
            let home = try await runGorilla([], home: coach.home)
            #expect(home.stdout.contains("  new measurement of Ana Serra (2026-12-01): weight 71.5 kg"), "\(home)")
            let after = try await runGorilla(["--json", "agenda"], home: coach.home)
            let left = try #require(try after.json().objectValue?["sinceLooked"]?.objectValue, "\(after)")
            #expect(left["sessions"]?.arrayValue?.isEmpty == true, "\(left)")
            #expect(left["measurements"]?.arrayValue?.isEmpty == true, "\(left)")
        }
    }
}
