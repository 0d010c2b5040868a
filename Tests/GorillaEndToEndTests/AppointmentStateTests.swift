import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// One rule decides where an appointment stands (``GorillaShared/AppointmentState``), and every view reads it:
/// `events list|show`, the week grid, the agenda, the home screen; answering a whole series says so and how many.
@Suite(.hangLimit)
struct AppointmentStateTests {
    /// `date` as the commands read local times ("YYYY-MM-DD HH:MM"), to the minute.
    static func local(_ date: Date) -> String { EventFormatting.local(date) }

    /// The id of the event a change printed.
    static func id(_ output: CommandOutput) throws -> String {
        try #require(output.json.objectValue?["id"]?.stringValue, "\(output.text) \(output.notes)")
    }

    /// A coach (ada) and her registered client Ana Serra.
    static func coachAndClient(on server: some RunningServer) async throws -> (coach: Device, ana: Device) {
        let coach = try await Device.coach("ada", on: server)
        let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
        let ana = try await Device.registered("ana", code: code, on: server)
        try await coach.sync()
        return (coach, ana)
    }

    @Test func aMissedADeclinedAndAConfirmedOccurrenceReadAlikeInTheListTheWeekAndTheAgenda() async throws {
        try await withTestServer { server in
            let (coach, ana) = try await Self.coachAndClient(on: server)
            // An appointment that ended two hours ago or more with no session: missed. It starts three hours ago, or at
            // 20:00 the day before when that would fall before midnight, so that the agenda read two hours after its
            // start reads the same day.
            let startOfToday = Calendar.current.startOfDay(for: Date())
            let threeHoursAgo = Date().addingTimeInterval(-3 * 3600)
            let pastStart = threeHoursAgo >= startOfToday ? threeHoursAgo : startOfToday.addingTimeInterval(-4 * 3600)
            let missed = try Self.id(try await coach.app.addEvent(client: "Ana", EventFields(at: Self.local(pastStart))))
            // Four Mondays at 09:00 from 4 January 2027; Ana declines the second.
            let series = try Self.id(
                try await coach.app.addEvent(
                    client: "Ana", EventFields(at: "2027-01-04 09:00", repeating: RepeatFields(every: "week", count: 4))))
            try await ana.sync()
            _ = try await ana.app.declineEvent(series, occurrence: "2027-01-11", reason: "Exams")

            // Confirming the series alone is refused, saying what to add; with --all it says how many.
            let alone = try await runGorilla(["events", "confirm", series], home: ana.home)
            #expect(alone.status == 64, "\(alone)")
            #expect(alone.stderr.contains("--occurrence") && alone.stderr.contains("--all"), "\(alone)")
            let all = try await runGorilla(["events", "confirm", series, "--all"], home: ana.home)
            #expect(all.status == 0, "\(all)")
            #expect(
                all.stdout.contains("You confirmed 3 occurrences of the series \(series.suffix(8)).")
                    && !all.stdout.contains("2027-01-04"), "\(all)")
            let allJSON = try await runGorilla(["--json", "events", "decline", series, "--all"], home: ana.home)
            #expect(try allJSON.json().objectValue?["occurrences"]?.intValue == 4, "\(allJSON)")
            _ = try await ana.app.confirmEvent(series, all: true)
            _ = try await ana.app.declineEvent(series, occurrence: "2027-01-11", reason: "Exams")
            try await coach.sync()

            // events list: one state per appointment, in --json and in the table.
            let from = String(Self.local(pastStart).prefix(10))
            let listed = try await runGorilla(
                ["--json", "events", "list", "--from", from, "--to", "2027-01-31"], home: coach.home)
            let rows = (try listed.json().arrayValue ?? []).compactMap(\.objectValue)
            let states = Dictionary(
                uniqueKeysWithValues: rows.map {
                    ($0["occurrence"]?.stringValue ?? $0["id"]?.stringValue ?? "?", $0["state"]?.stringValue ?? "-")
                })
            #expect(
                states == [
                    missed: "missed", "2027-01-04": "confirmed", "2027-01-11": "declinedByClient",
                    "2027-01-18": "confirmed", "2027-01-25": "confirmed",
                ], "\(listed)")
            let table = try await runGorilla(["events", "list", "--from", from, "--to", "2027-01-31"], home: coach.home)
            let missedRow = table.stdout.components(separatedBy: "\n").first { $0.contains(missed.suffix(8)) } ?? ""
            #expect(missedRow.contains("missed") && !missedRow.contains("scheduled"), "\(table)")
            #expect(table.stdout.contains("declined by client"), "\(table)")
            let shown = try await runGorilla(["events", "show", "\(series.suffix(8))@2027-01-11"], home: ana.home)
            #expect(shown.stdout.contains("declined by client"), "\(shown)")

            // The week grid marks the declined occurrence apart from the scheduled ones.
            let week = try await runGorilla(["calendar", "--week", "2027-01-11"], home: coach.home)
            #expect(week.stdout.contains("- Ana Serra"), "\(week)")
            #expect(week.stdout.contains("- declined"), "the legend says it: \(week)")
            let otherWeek = try await runGorilla(["calendar", "--week", "2027-01-18"], home: coach.home)
            #expect(otherWeek.stdout.contains("Ana Serra") && !otherWeek.stdout.contains("- Ana"), "\(otherWeek)")

            // The agenda of that day says missed, as the list does.
            let agenda = try await coach.app.agenda(days: 1, now: pastStart.addingTimeInterval(2 * 3600))
            #expect(agenda.text.contains("missed"), "\(agenda.text)")
        }
    }

    @Test func anAcceptedRequestIsNoLongerWaitingForTheClientsAnswerOnTheirHomeScreen() async throws {
        try await withTestServer { server in
            let (coach, ana) = try await Self.coachAndClient(on: server)
            let soon = Date().addingTimeInterval(3 * 86_400)
            let asked = try Self.id(try await ana.app.requestEvent(EventFields(at: Self.local(soon))))
            try await coach.sync()
            _ = try await coach.app.acceptEvent(asked)
            // And one the coach scheduled, which does wait for an answer.
            let scheduled = try Self.id(
                try await coach.app.addEvent(
                    client: "Ana", EventFields(at: Self.local(soon.addingTimeInterval(86_400)))))
            try await ana.sync()

            let home = try await ana.app.overview()
            let unanswered = (home.json.objectValue?["unanswered"]?.arrayValue ?? []).compactMap {
                $0.objectValue?["id"]?.stringValue
            }
            #expect(unanswered == [scheduled], "\(home.json)")
            let waiting = home.text.components(separatedBy: "\n").drop { !$0.hasPrefix("Not answered yet") }
                .prefix(3).joined(separator: "\n")
            #expect(waiting.contains(scheduled.suffix(8)) && !waiting.contains(asked.suffix(8)), "\(home.text)")
            let listed = try await ana.app.showEvent(asked)
            #expect(listed.json.objectValue?["state"] == "confirmed", "\(listed.json)")
        }
    }

    @Test func anOccurrenceIdWithItsOwnDayIsCancelledAndRemovingAClientCountsEachOccurrence() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bo", surname: "Puig")
            let monday = Calendar.current.nextDate(
                after: Date().addingTimeInterval(86_400), matching: DateComponents(hour: 9, minute: 0, weekday: 2),
                matchingPolicy: .nextTime)!
            let series = try Self.id(
                try await coach.app.addEvent(
                    client: "Bo", EventFields(at: Self.local(monday), repeating: RepeatFields(every: "week", count: 6))))
            let days = (0..<6).map { String(Self.local(monday.addingTimeInterval(Double($0) * 7 * 86_400)).prefix(10)) }

            // The occurrence named twice, alike, is no contradiction; two different days are.
            let same = try await runGorilla(
                ["events", "cancel", "\(series.suffix(8))@\(days[4])", "--occurrence", days[4]], home: coach.home)
            #expect(same.status == 0, "\(same)")
            let other = try await runGorilla(
                ["events", "cancel", "\(series.suffix(8))@\(days[4])", "--occurrence", days[5]], home: coach.home)
            #expect(other.status == 64 && other.stderr.contains("already names one occurrence"), "\(other)")

            // Removing the client cancels the five occurrences still to come, and says five.
            let removed = try await coach.app.removeClient("Bo")
            #expect(removed.text.contains("5 future appointments were cancelled"), "\(removed.text)")
            #expect(removed.json.objectValue?["cancelledEvents"]?.intValue == 5, "\(removed.json)")
        }
    }
}
