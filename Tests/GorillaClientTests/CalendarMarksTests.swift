import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaClient
@testable import GorillaClientCore
@testable import GorillaPresenters
@testable import GorillaTerminal

/// How the calendar marks its days (events, training, missed appointments) and lays out its month and week grids.
@Suite struct CalendarMarksTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let client = UUID.v7()

    static func time(_ text: String) -> Date { ISOTime.parse(text)! }

    /// An appointment of `client`.
    static func event(
        _ start: String, minutes: Int = 60, status: EventStatus = .scheduled, id: UUID = UUID.v7(),
        recurrence: Recurrence? = nil
    ) -> Stored<Event> {
        Stored(
            id: id,
            value: Event(
                client: client, start: time(start), zone: "UTC", duration: minutes, status: status,
                recurrence: recurrence))
    }

    /// A session of `client` starting at `start`, fulfilling `event` when given, as the calendar reads it.
    static func session(_ start: String, event: UUID? = nil) -> Stored<SessionMark> {
        Stored(id: UUID.v7(), value: (try? SessionMark(document: sessionDocument(start, event: event)))!)
    }

    /// The document of ``session(_:event:)`` as the server sends it.
    static func sessionDocument(_ start: String, event: UUID? = nil) -> [String: JSONValue] {
        var data: [String: JSONValue] = [
            "client": .string(client.key), "start": .string(start), "mode": "handsfree", "exercises": [],
        ]
        if let event { data["event"] = .string(event.key) }
        return data
    }

    static func day(_ text: String) -> CalendarDate { CalendarDate(text)! }

    // MARK: The rule

    @Test func anAppointmentIsMissedOnlyOnceItHasEndedWithoutASessionOrBeingMarkedDone() {
        let now = Self.time("2026-12-03T12:00:00.000Z")
        func outcome(_ event: Stored<Event>, fulfilled: Set<UUID> = []) -> AppointmentOutcome? {
            AppointmentOutcome(event, fulfilled: fulfilled, now: now)
        }
        #expect(outcome(Self.event("2026-12-03T09:00:00.000Z")) == .missed)
        #expect(outcome(Self.event("2026-12-03T11:30:00.000Z")) == .upcoming, "under way until 12:30")
        #expect(outcome(Self.event("2026-12-03T11:00:00.000Z")) == .missed, "ended at noon exactly")
        #expect(outcome(Self.event("2026-12-04T09:00:00.000Z")) == .upcoming)
        let kept = Self.event("2026-12-01T09:00:00.000Z")
        #expect(
            outcome(kept, fulfilled: AppointmentOutcome.fulfilled(by: [Self.session("x", event: kept.id)])) == .done)
        #expect(outcome(Self.event("2026-12-01T09:00:00.000Z", status: .done)) == .done)
        #expect(outcome(Self.event("2026-12-01T09:00:00.000Z", status: .cancelled)) == .cancelled)
        #expect(outcome(Self.event("2026-12-05T09:00:00.000Z", status: .cancelled)) == .cancelled)
        // A request is not an appointment yet, and a declined one never was.
        #expect(outcome(Self.event("2026-12-01T09:00:00.000Z", status: .requested)) == nil)
        #expect(outcome(Self.event("2026-12-01T09:00:00.000Z", status: .declined)) == nil)
    }

    @Test func trainingWinsOverAMissedAppointmentWhichWinsOverPlainEventsAndCancelledOnesAreLeftOut() {
        let now = Self.time("2026-12-10T12:00:00.000Z")
        let kept = Self.event("2026-12-02T09:00:00.000Z")
        let marks = CalendarMarks(
            events: [
                Self.event("2026-12-01T09:00:00.000Z"),  // missed
                kept,  // fulfilled by a session the same day
                Self.event("2026-12-03T09:00:00.000Z"), Self.event("2026-12-03T18:00:00.000Z"),  // both missed
                Self.event("2026-12-04T09:00:00.000Z", status: .done),
                Self.event("2026-12-05T09:00:00.000Z", status: .cancelled),
                Self.event("2026-12-06T09:00:00.000Z", status: .requested),
                Self.event("2026-12-07T09:00:00.000Z"),  // missed, but a free session that day
                Self.event("2026-12-10T18:00:00.000Z"),  // later today
                Self.event("2026-12-20T09:00:00.000Z"),
            ],
            sessions: [
                Self.session("2026-12-02T09:05:00.000Z", event: kept.id), Self.session("2026-12-07T19:00:00.000Z"),
            ],
            now: now, zone: Self.utc)
        let symbols = (1...20).map { String(marks[Self.day(String(format: "2026-12-%02d", $0))].symbol) }.joined()
        #expect(symbols == "!+!*  +  *         *", "\(symbols)")
        #expect(marks[Self.day("2026-12-03")].events == 2)
        #expect(marks[Self.day("2026-12-03")].missed)
        #expect(marks[Self.day("2026-12-05")] == CalendarMarks.Day(), "a cancelled appointment marks nothing")
        #expect(marks[Self.day("2026-12-10")].ahead && !marks[Self.day("2026-12-10")].missed)
        #expect(marks[Self.day("2026-12-02")].trained && !marks[Self.day("2026-12-02")].missed)
    }

    @Test func theOccurrencesOfASeriesAreMarkedAndTheOneASessionFulfilsIsNotMissed() throws {
        let cache = try LocalCache.inMemory()
        let series = UUID.v7()
        // Every Tuesday at 09:00 from 1 December 2026.
        let row = Self.event("2026-12-01T09:00:00.000Z", id: series, recurrence: Recurrence(.weekly, days: [.tu]))
        let second = Event.exceptionID(series: series, occurrence: Self.day("2026-12-08"))
        let session = Self.sessionDocument("2026-12-08T09:10:00.000Z", event: second)
        try cache.applyPull(
            [
                Change(kind: "event", id: series, version: 1, deleted: false, data: .object(row.value.document)),
                Change(kind: "session", id: UUID.v7(), version: 2, deleted: false, data: .object(session)),
            ], cursor: 2)
        let from = Self.time("2026-12-01T00:00:00.000Z"), to = Self.time("2027-01-01T00:00:00.000Z")
        let appointments = try EventCalendar(cache: cache).events(from: from, to: to)
        #expect(appointments.count == 5)
        let marks = CalendarMarks(
            events: appointments, sessions: try cache.all(SessionMark.self),
            now: Self.time("2026-12-16T12:00:00.000Z"), zone: Self.utc)
        let tuesdays = ["2026-12-01", "2026-12-08", "2026-12-15", "2026-12-22", "2026-12-29"]
        #expect(tuesdays.map { marks[Self.day($0)].symbol } == ["!", "+", "!", "*", "*"])
    }

    // MARK: The month grid

    @Test func theMonthGridWritesEachDaysMarkAndItsJSONTheFlags() throws {
        var trained = CalendarMarks.Day()
        trained.trained = true
        trained.events = 1
        var missed = CalendarMarks.Day()
        missed.missed = true
        missed.events = 2
        var ahead = CalendarMarks.Day()
        ahead.ahead = true
        ahead.events = 1
        let month = CalendarMonth(
            year: 2026, month: 12, days: 31, firstWeekday: 1, today: 17, marks: [3: trained, 10: missed, 20: ahead],
            events: [])
        let text = month.text(for: Viewer(role: .coach))
        let cells = text.components(separatedBy: "\n").dropFirst(2).prefix(5).flatMap { $0.split(separator: " ") }
        #expect(cells.contains("3+") && cells.contains("10!") && cells.contains("20*"), "\(text)")
        #expect(cells.contains(">17"), "today, marked without attributes: \(text)")
        #expect(text.contains("* events  + trained  ! missed  > today"), "\(text)")
        let days = try month.json.objectValue?["days"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(days.map { $0["day"]?.intValue } == [3, 10, 20])
        #expect(days.map { $0["events"]?.intValue } == [1, 2, 1])
        #expect(days.map { $0["trained"] } == [true, false, false])
        #expect(days.map { $0["missed"] } == [false, true, false])
    }

    // MARK: The week grid

    /// The week of 30 November 2026 with these appointments on Monday (index 0) and Wednesday (index 2).
    static func week(_ monday: [EventLine], _ wednesday: [EventLine], trained: Bool = false) -> CalendarWeek {
        let dates = (0..<7).map {
            CalendarDate(Self.time("2026-11-30T12:00:00.000Z").addingTimeInterval(Double($0) * 86_400), in: Self.utc)
        }
        return CalendarWeek(
            week: "2026-W49",
            days: dates.enumerated().map { index, date in
                let lines = index == 0 ? monday : index == 2 ? wednesday : []
                return CalendarWeek.Day(
                    date: date, events: lines, trained: trained && index == 2, missed: false)
            }, today: dates[2], zone: Self.utc)
    }

    /// The week's today at noon: the lines' states are as they stand then, whatever the test machine's clock says.
    static let weekNow = time("2026-12-02T12:00:00.000Z")

    static func line(_ start: String, minutes: Int = 60, status: EventStatus = .scheduled, name: String) -> EventLine {
        let event = Self.event(start, minutes: minutes, status: status)
        return EventLine(AppointmentRecord(event, state: event.appointmentState(now: weekNow)), clientName: name)
    }

    @Test func theWeekGridRunsFromTheEarliestAppointmentToTheLatestAndFitsTheTerminal() throws {
        let week = Self.week(
            [
                Self.line("2026-11-30T08:30:00.000Z", minutes: 90, name: "Maria del Carme Castellà i Vilaseca"),
                Self.line("2026-11-30T14:00:00.000Z", status: .cancelled, name: "Bo Puig"),
            ],
            [Self.line("2026-12-02T18:00:00.000Z", name: "Ana Serra")], trained: true)
        let text = week.fittedText(for: Viewer(role: .coach, width: 72))
        let lines = text.components(separatedBy: "\n")
        #expect(lines[0] == "2026-W49  Mon 30 Nov – Sun 6 Dec 2026", "\(text)")
        let header = lines[1]
        #expect(header.contains("Mon 30") && header.contains(">Wed 2+") && header.contains("Sun 6"), "\(text)")
        let rows = lines.dropFirst(2).prefix { $0.first?.isNumber ?? false }
        #expect(rows.map { String($0.prefix(5)) } == (8...18).map { String(format: "%02d:00", $0) }, "\(text)")
        #expect(lines.dropFirst(1).prefix(rows.count + 1).allSatisfy { $0.count <= 72 }, "\(text)")
        // Monday's appointment ended unfulfilled before Wednesday noon: missed.
        #expect(rows.first?.contains(":30 ! Maria") == true && rows.first?.contains("…") == true, "\(text)")
        #expect(rows.first { $0.hasPrefix("09:00") }?.contains("|") == true, "the appointment goes on: \(text)")
        #expect(rows.first { $0.hasPrefix("14:00") }?.contains("x Bo Puig") == true, "\(text)")
        #expect(rows.first { $0.hasPrefix("18:00") }?.contains("Ana Serra") == true, "\(text)")

        // A client sees "training" in the cells; a week without appointments shows 07:00 to 20:00.
        let forClient = week.text(for: Viewer(role: .client)).components(separatedBy: "\n")
        let evening = try #require(forClient.first { $0.hasPrefix("18:00") })
        #expect(evening.contains("training") && !evening.contains("Ana"), "\(forClient)")
        let empty = Self.week([], []).text(for: Viewer(role: .coach)).components(separatedBy: "\n")
        let hours = empty.filter { $0.dropFirst(2).hasPrefix(":00") }.map { String($0.prefix(5)) }
        #expect(hours == (7...20).map { String(format: "%02d:00", $0) }, "\(empty)")
        // On a terminal today's header is in reverse video instead of marked.
        let styled = week.text(for: Viewer(role: .coach, style: TerminalStyle(attributes: true, colours: false)))
        #expect(styled.contains("\u{1B}[7mWed 2+\u{1B}[0m"), "\(styled.debugDescription)")
        let json = try week.json.objectValue
        #expect(json?["week"] == "2026-W49")
        let days = json?["days"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(days.map { $0["date"]?.stringValue } == (0..<7).map { week.days[$0].date.description })
        #expect(days.map { $0["events"]?.arrayValue?.count } == [2, 0, 1, 0, 0, 0, 0])
        #expect(days[2]["trained"] == true && days[0]["trained"] == false)
    }

    // MARK: Words

    @Test func countdownsAndDaysReadAsAPersonSaysThem() {
        let now = Self.time("2026-12-03T15:45:00.000Z")
        func countdown(_ minutes: Double) -> String {
            EventFormatting.countdown(from: now, to: now.addingTimeInterval(minutes * 60))
        }
        #expect(countdown(135) == "in 2 h 15 min")
        #expect(countdown(45) == "in 45 min")
        #expect(countdown(120) == "in 2 h")
        #expect(countdown(0.5) == "starting now")
        #expect(countdown(-10) == "started 10 min ago")
        #expect(countdown(26 * 60) == "in 1 day 2 h")
        #expect(countdown(3 * 1440) == "in 3 days")
        #expect(
            EventFormatting.relative(Self.time("2026-12-03T18:00:00.000Z"), now: now, zone: Self.utc) == "today 18:00")
        #expect(
            EventFormatting.relative(Self.time("2026-12-04T09:00:00.000Z"), now: now, zone: Self.utc)
                == "tomorrow 09:00")
        #expect(
            EventFormatting.relative(Self.time("2026-12-10T09:00:00.000Z"), now: now, zone: Self.utc)
                == "2026-12-10 09:00")
        #expect(EventFormatting.dayName(Self.day("2026-12-03")) == "Thursday 3 December 2026")
        #expect(EventFormatting.dayName(Self.day("1969-12-29")) == "Monday 29 December 1969")
    }
}
