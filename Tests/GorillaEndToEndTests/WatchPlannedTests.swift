import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

/// `gorilla watch` names the workouts programs plan today beside the appointments: the real CLI against a real server
/// over TLS, for the coach (each client's) and for the client (their own, in their language).
@Suite(.hangLimit)
struct WatchPlannedTests {
    /// The first line `gorilla ARGUMENTS` (a watch) prints on `device`, once it has synced; the watch is then stopped.
    static func firstLine(_ arguments: [String], on device: Device) async throws -> String {
        let watch = try GorillaProcess(arguments, home: device.home)
        let printed = try await eventually { watch.stdoutSoFar.contains("\n") || !watch.isRunning }
        watch.terminate()
        let run = await watch.wait()
        #expect(printed && run.status == 0, "\(run)")
        return String(run.stdout.split(separator: "\n").first ?? "")
    }

    @Test func theWatchNamesTodaysPlannedWorkoutsAndABookedDayOnlyAsItsAppointment() async throws {
        try await withTestServer { server in
            let (coach, client) = try await ProgramTests.coachWithLegs(on: server)
            let today = CalendarDate.today().description
            try await ProgramTests.run(
                ["programs", "add", "Daily", "--cycle", "1", "--weeks", "3", "--day", "1: Legs"], on: coach)
            try await ProgramTests.run(
                ["programs", "assign", "Daily", "--client", "Bea", "--start", today, "--at", "07:00"], on: coach)
            try await ProgramTests.run(
                ["programs", "add", "Booked", "--cycle", "1", "--weeks", "3", "--day", "1: Legs"], on: coach)
            try await ProgramTests.run(
                ["programs", "assign", "Booked", "--client", "Bea", "--start", today, "--at", "23:59", "--book"],
                on: coach)

            let json = try await Self.firstLine(["--json", "watch", "--no-notify"], on: coach)
            let decoded = try WireCoding.decoder.decode(JSONValue.self, from: Data(json.utf8))
            let summary = try #require(decoded.objectValue, "\(json)")
            let next = summary["next"]?.objectValue
            #expect(next?["note"]?.stringValue == "Booked" && next?["trainingName"]?.stringValue == "Legs", "\(json)")
            let planned = summary["planned"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(planned.count == 1, "the booked program's day is an appointment, not a planned workout: \(json)")
            let daily = try #require(planned.first, "\(json)")
            #expect(daily["program"]?.stringValue == "Daily" && daily["training"]?.stringValue == "Legs", "\(json)")
            #expect(daily["week"]?.intValue == 1 && daily["clientName"]?.stringValue == "Bea Puig", "\(json)")
            #expect(daily["at"]?.stringValue == "07:00" && daily["date"]?.stringValue == today, "\(json)")
            #expect(
                summary["line"]?.stringValue?.contains("planned today: 07:00 Bea Puig · Legs (Daily, week 1)") == true,
                "\(json)")

            try await client.sync()
            let text = try await Self.firstLine(["watch", "--no-notify", "--language", "es"], on: client)
            #expect(text.contains("previsto hoy: 07:00 Legs (Daily, semana 1)"), "\(text)")
            #expect(!text.contains("Booked"), "\(text)")
        }
    }
}
