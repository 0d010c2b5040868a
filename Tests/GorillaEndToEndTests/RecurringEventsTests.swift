import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Weekly series and their exceptions across devices, and booking: a client's answers and requests.
@Suite(.hangLimit)
struct RecurringEventsTests {
    /// A coach on two devices (phone, tablet) and her registered client Ana Serra on a third.
    static func threeDevices(on server: some RunningServer) async throws -> (phone: Device, tablet: Device, ana: Device)
    {
        let phone = try await Device.coach("ada", on: server)
        let (_, code) = try await phone.invite(name: "Ana", surname: "Serra")
        let ana = try await Device.registered("ana", code: code, on: server)
        let tablet = try await Device.loggedIn("ada", on: server)
        try await phone.sync()
        try await tablet.sync()
        return (phone, tablet, ana)
    }

    /// Runs `body` with `device` pointed at a port nobody listens on: every sync fails, changes stay queued.
    static func offline<T>(_ device: Device, _ body: () async throws -> T) async throws -> T {
        let saved = device.app.home.loadConfig()
        var config = saved
        config.server?.port = 1
        try device.app.home.saveConfig(config)
        defer { try? device.app.home.saveConfig(saved) }
        return try await body()
    }

    /// What a device lists in January–February 2027: each appointment's id, local start, state and answer.
    static func listed(on device: Device) async throws -> [String] {
        let output = try await device.app.listEvents(from: "2027-01-01", to: "2027-02-28", client: nil)
        return (output.json.arrayValue ?? []).compactMap { $0.objectValue }.map { row in
            [
                row["id"]?.stringValue ?? "?", EventFormatting.local(row["start"]?.stringValue ?? ""),
                row["status"]?.stringValue ?? "?", row["answer"]?.stringValue ?? "-",
                row["occurrence"]?.stringValue ?? "single",
            ].joined(separator: " ")
        }
    }

    // MARK: Series across devices

    @Test func aSeriesMadeOfflineMovedOnATabletAndConfirmedByTheClientReadsTheSameOnAllThreeDevices() async throws {
        try await withTestServer { server in
            let (phone, tablet, ana) = try await Self.threeDevices(on: server)
            // Mondays and Thursdays at 18:00, six times, made with no server in reach.
            let made = try await Self.offline(phone) {
                try await phone.app.addEvent(
                    client: "Ana",
                    EventFields(
                        at: "2027-01-04 18:00", gym: "Centre",
                        repeating: RepeatFields(every: "week", days: "mon,thu", count: 6)))
            }
            #expect(made.notes.contains { $0.hasPrefix("offline") }, "\(made.notes)")
            let series = try #require(made.json.objectValue?["id"]?.stringValue)
            try await phone.sync()

            // The tablet moves Thursday the 7th to 19:30; Ana confirms Monday the 11th and declines Thursday the 14th.
            try await tablet.sync()
            let moved = try await tablet.app.editEvent(
                series, EventFields(at: "2027-01-07 19:30"), OccurrenceChoice(occurrence: "2027-01-07"))
            #expect(moved.json.objectValue?["rejected"] == nil, "\(moved.text) \(moved.notes)")
            try await ana.sync()
            let confirmed = try await ana.app.confirmEvent(series, occurrence: "2027-01-11")
            #expect(confirmed.text.hasPrefix("You confirmed the appointment on 2027-01-11 18:00"), "\(confirmed.text)")
            let declined = try await ana.app.declineEvent("\(series.suffix(8))@2027-01-14", reason: "Exams")
            #expect(declined.json.objectValue?["answer"] == "declined", "\(declined.json)")

            for device in [phone, tablet, ana] { try await device.sync() }
            let onPhone = try await Self.listed(on: phone)
            #expect(onPhone.count == 6, "\(onPhone)")
            #expect(try await Self.listed(on: tablet) == onPhone)
            #expect(try await Self.listed(on: ana) == onPhone)
            #expect(
                onPhone.map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == [
                    "2027-01-04 18:00 scheduled - 2027-01-04",
                    "2027-01-07 19:30 scheduled - 2027-01-07",
                    "2027-01-11 18:00 scheduled confirmed 2027-01-11",
                    "2027-01-14 18:00 scheduled declined 2027-01-14",
                    "2027-01-18 18:00 scheduled - 2027-01-18",
                    "2027-01-21 18:00 scheduled - 2027-01-21",
                ], "\(onPhone)")

            // The coach reads the answers and the reason.
            let shown = try await phone.app.showEvent(series, occurrence: "2027-01-14")
            #expect(shown.text.contains("status:   declined by client"), "\(shown.text)")
            #expect(shown.text.contains("reason:   Exams"), "\(shown.text)")
            let table = try await phone.app.listEvents(from: "2027-01-01", to: "2027-01-31", client: "Ana")
            #expect(table.text.contains("confirmed"), "\(table.text)")
            #expect(table.text.contains("\(series.suffix(8))@2027-01-07"), "\(table.text)")

            // Two moved exceptions, one row each on the server: the tablet's move and Ana's answers.
            let rows = try await phone.pullEverything().filter { $0.kind == "event" && !$0.deleted }
            #expect(rows.count == 4, "the series and three exceptions: \(rows.map(\.id))")
        }
    }

    @Test func thisAndFollowingEndsTheSeriesAndContinuesItChangedAndCancellingFromADayEndsIt() async throws {
        try await withTestServer { server in
            let (phone, _, _) = try await Self.threeDevices(on: server)
            let made = try await phone.app.addEvent(
                client: "Ana",
                EventFields(at: "2027-01-04 18:00", repeating: RepeatFields(every: "week", days: "mon,thu", count: 6)))
            let series = try #require(made.json.objectValue?["id"]?.stringValue)

            // From Monday the 11th on, 07:30 instead of 18:00: the same six appointments in all.
            let changed = try await phone.app.editEvent(
                series, EventFields(at: "2027-01-11 07:30"), OccurrenceChoice(fromOccurrence: "2027-01-11"))
            #expect(changed.text.contains("continues, changed"), "\(changed.text)")
            var listed = try await Self.listed(on: phone).map { $0.split(separator: " ").dropFirst().prefix(2) }
            #expect(
                listed.map { $0.joined(separator: " ") } == [
                    "2027-01-04 18:00", "2027-01-07 18:00", "2027-01-11 07:30", "2027-01-14 07:30",
                    "2027-01-18 07:30", "2027-01-21 07:30",
                ])

            // Cancelling the new series from the 18th ends it on the 14th.
            let newSeries = try #require(changed.json.objectValue?["id"]?.stringValue)
            let ended = try await phone.app.cancelEvent(newSeries, OccurrenceChoice(fromOccurrence: "2027-01-18"))
            #expect(ended.text.contains("ends before 2027-01-18"), "\(ended.text)")
            listed = try await Self.listed(on: phone).map { $0.split(separator: " ").dropFirst().prefix(2) }
            #expect(listed.count == 4, "\(listed)")

            // One occurrence cancelled stays on the calendar, marked.
            _ = try await phone.app.cancelEvent(series, OccurrenceChoice(occurrence: "2027-01-07"))
            let states = try await Self.listed(on: phone).map { $0.split(separator: " ")[3] }
            #expect(states == ["scheduled", "cancelled", "scheduled", "scheduled"], "\(states)")

            // A day the series does not fall on is named, with the days it does.
            await #expect(throws: ClientError.self) {
                try await phone.app.cancelEvent(series, OccurrenceChoice(occurrence: "2027-01-05"))
            }
            // Deleting the series takes its exceptions with it.
            _ = try await phone.app.removeEvent(series)
            let live = try await phone.pullEverything().filter { $0.kind == "event" && !$0.deleted }
            #expect(live.map(\.id.key) == [newSeries], "\(live)")
        }
    }

    @Test func anOccurrenceKeepsItsLocalTimeAcrossTheSpringChangeInMadridThroughTheRealBinary() async throws {
        try await withTestServer { server in
            let (phone, _, _) = try await Self.threeDevices(on: server)
            let added = try await EventsTests.gorilla(
                [
                    "--json", "events", "add", "--client", "Ana", "--at", "2027-03-22 18:00", "--every", "week",
                    "--until", "2027-04-05",
                ], home: phone.home, zone: "Europe/Madrid")
            #expect(added.status == 0, "\(added)")
            let listed = try await EventsTests.gorilla(
                ["--json", "events", "list", "--from", "2027-03-01", "--to", "2027-04-30"], home: phone.home,
                zone: "Europe/Madrid")
            let starts = try listed.json().arrayValue?.compactMap { $0.objectValue?["start"]?.stringValue } ?? []
            // 18:00 CET is 17:00 UTC; 18:00 CEST (from March 28th) is 16:00 UTC.
            #expect(
                starts.compactMap(ISOTime.parse)
                    == [
                        "2027-03-22T17:00:00Z", "2027-03-29T16:00:00Z", "2027-04-05T16:00:00Z",
                    ].compactMap(ISOTime.parse), "\(starts)")
            let text = try await EventsTests.gorilla(
                ["events", "list", "--from", "2027-03-01", "--to", "2027-04-30"], home: phone.home,
                zone: "Europe/Madrid")
            #expect(text.stdout.components(separatedBy: "18:00").count - 1 == 3, "\(text)")
        }
    }

    @Test func aSessionLoggedAgainstAnOccurrenceMarksThatOccurrenceDoneAndCountsInAttendance() async throws {
        try await withTestServer { server in
            let (phone, tablet, _) = try await Self.threeDevices(on: server)
            let made = try await phone.app.addEvent(
                client: "Ana", EventFields(at: "2026-01-05 18:00", repeating: RepeatFields(every: "week", count: 3)))
            let series = try #require(made.json.objectValue?["id"]?.stringValue)
            let logged = try await phone.app.logSession(
                SessionLogRequest(
                    client: "Ana", event: "\(series.suffix(8))@2026-01-12", date: "2026-01-12 18:05",
                    sets: ["Squat: 10x50kg"], allowNew: true))
            #expect(logged.json.objectValue?["rejected"] == nil, "\(logged.text) \(logged.notes)")
            try await tablet.sync()
            let states = try await tablet.app.listEvents(from: "2026-01-01", to: "2026-01-31", client: nil).json
                .arrayValue?.compactMap { $0.objectValue?["status"]?.stringValue }
            #expect(states == ["scheduled", "done", "scheduled"], "\(String(describing: states))")
            let session = try await tablet.pullEverything().first { $0.kind == "session" }
            #expect(
                session?.data?.objectValue?["event"]?.stringValue
                    == Event.exceptionID(series: UUID(uuidString: series)!, occurrence: CalendarDate("2026-01-12")!).key
            )
        }
    }

    // MARK: Booking

    @Test func aClientRequestIsAcceptedOrDeclinedAndTheCoachsCancelWinsOverTheClientsConfirm() async throws {
        try await withTestServer { server in
            let (phone, _, ana) = try await Self.threeDevices(on: server)
            let asked = try await ana.app.requestEvent(EventFields(at: "2027-02-01 10:00", note: "Before work?"))
            let request = try #require(asked.json.objectValue?["id"]?.stringValue)
            #expect(asked.json.objectValue?["status"] == "requested", "\(asked.json)")
            try await phone.sync()
            let waiting = try await phone.app.listEvents(from: "2027-02-01", to: "2027-02-01", client: nil)
            #expect(waiting.text.contains("requested"), "\(waiting.text)")
            let accepted = try await phone.app.acceptEvent(request)
            #expect(accepted.json.objectValue?["status"] == "scheduled", "\(accepted.json)")

            let second = try await ana.app.requestEvent(EventFields(at: "2027-02-02 10:00"))
            let secondID = try #require(second.json.objectValue?["id"]?.stringValue)
            try await phone.sync()
            let refused = try await phone.app.declineEvent(secondID, reason: "Full that day")
            #expect(refused.json.objectValue?["status"] == "declined", "\(refused.json)")
            try await ana.sync()
            let seen = try await ana.app.listEvents(from: "2027-02-01", to: "2027-02-02", client: nil)
            #expect(seen.text.contains("request declined"), "\(seen.text)")

            // The client confirms offline while the coach cancels: cancelled wins, the answer stays beside it.
            try await Self.offline(ana) { _ = try await ana.app.confirmEvent(request) }
            _ = try await phone.app.cancelEvent(request)
            try await ana.sync()
            try await phone.sync()
            for device in [phone, ana] {
                let shown = try await device.app.showEvent(request)
                #expect(shown.text.contains("status:   cancelled"), "\(shown.text)")
                #expect(shown.json.objectValue?["answer"] == "confirmed", "\(shown.json)")
            }

            // What a client may not do is refused before anything is queued.
            await #expect(throws: ClientError.self) { try await ana.app.acceptEvent(secondID) }
            await #expect(throws: ClientError.self) {
                try await ana.app.editEvent(request, EventFields(at: "2027-02-01 11:00"))
            }
            #expect(try ana.cache().queuedCount() == 0)
        }
    }
}
