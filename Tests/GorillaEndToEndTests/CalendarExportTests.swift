import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The iCalendar export of a series, read back by Python's `icalendar` package: a parser written by others, so that
/// the file is checked against how calendars read it rather than against how this package writes it.
@Suite(.hangLimit)
struct CalendarExportTests {
    static let madrid = TimeZone(identifier: "Europe/Madrid")!

    /// The Monday before Madrid's first change of clocks at least ten days ahead: a series from then crosses the
    /// change, and all its occurrences are still to come (a client answers only those).
    static func firstMonday(after now: Date = Date()) throws -> CalendarDate {
        let change = try #require(madrid.nextDaylightSavingTimeTransition(after: now.addingTimeInterval(10 * 86_400)))
        let day = CalendarDate(change, in: madrid)
        let back = Weekday(of: day).index
        return day.adding(days: -(back == 0 ? 7 : back))
    }

    /// `day` at `hour:minute` on Madrid's clocks.
    static func madrid(_ day: CalendarDate, _ hour: Int, _ minute: Int = 0) -> Double {
        WallClock(hour: hour, minute: minute).instant(on: day, in: madrid).timeIntervalSince1970
    }

    @Test func aSeriesWithAMovedACancelledAndAConfirmedOccurrenceReadsBackInPythonsICalendar() async throws {
        let python = try await IndependentReader.python()
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)

            // Mondays and Thursdays at nine in Madrid, eight times, across the change of clocks.
            let first = try Self.firstMonday()
            let day = { (offset: Int) in first.adding(days: offset) }
            let added = try await runGorilla(
                [
                    "--json", "events", "add", "--client", "Ana", "--at", "\(first) 09:00", "--every", "week", "--days",
                    "mon,thu", "--count", "8",
                ], home: coach.home, environment: ["TZ": "Europe/Madrid"])
            #expect(added.status == 0, "\(added)")
            let seriesID = try #require(added.json().objectValue?["id"]?.stringValue)
            // The second Thursday moved to 11:30 for 45 minutes (in this process's zone), the third Monday
            // cancelled, the third Thursday confirmed by the client; and a single appointment on the first Tuesday.
            _ = try await coach.app.editOccurrence(
                seriesID, on: "\(day(10))", EventFields(at: "\(day(10)) 11:30", duration: 45))
            _ = try await coach.app.cancelOccurrence(seriesID, on: "\(day(14))")
            _ = try await client.app.confirmOccurrence(seriesID, on: "\(day(17))")
            let single = try await coach.app.addEvent(client: "Ana", EventFields(at: "\(day(1)) 18:00"))
            let singleID = try #require(single.json.objectValue?["id"]?.stringValue)

            let folder = try TemporaryFolder("gorilla-e2e-ics")
            let coachFile = folder.url.appendingPathComponent("coach.ics")
            let written = try await coach.app.exportEvents(icsFile: coachFile.path, from: nil, to: nil)
            #expect(
                written.text == "Wrote 2 events to \(coachFile.path) (1 series; 2 occurrences changed, 1 cancelled).",
                "\(written.text)")
            #expect(written.json.objectValue?["series"] == 1 && written.json.objectValue?["events"] == 2)
            let coachView = try await IndependentReader.read(coachFile, python: python, from: day(-7), to: day(35))
            #expect(coachView.errors.isEmpty, "\(coachView.errors)")

            // One VTIMEZONE, whose own definition gives Madrid's offsets over five years.
            #expect(coachView.timezones.map(\.tzid) == ["Europe/Madrid"])
            for zone in coachView.timezones {
                #expect(zone.checked >= 100 && zone.wrong.isEmpty, "\(zone.tzid): \(zone.wrong)")
            }

            let uid = "\(seriesID)@gorillacoach"
            #expect(coachView.events.count == 4, "\(coachView.events.map(\.uid))")
            let series = try #require(coachView.events.first { $0.uid == uid && $0.recurrenceID == nil })
            #expect(series.tzid == "Europe/Madrid" && series.tzinfo.contains("Madrid"), "\(series)")
            #expect(series.startLocal == "\(first)T09:00:00", "\(series)")
            #expect(series.start == Self.madrid(first, 9) && series.end == Self.madrid(first, 10), "\(series)")
            #expect(series.rule == ["FREQ": "WEEKLY", "BYDAY": "MO,TH", "COUNT": "8"], "\(series.rrule ?? "-")")
            #expect(series.exdates == [Self.madrid(day(14), 9)], "\(series.exdates)")
            #expect(series.status == "CONFIRMED" && series.summary == "Training: Ana Serra", "\(series)")
            #expect(series.organizer?.cn == "Ada Tester" && series.organizer?.address == "mailto:ada@example.com")
            #expect(series.attendees.count == 1, "\(series.attendees)")
            #expect(series.attendees.first?.cn == "Ana Serra", "\(series.attendees)")
            #expect(series.attendees.first?.address == "mailto:ana@example.com", "\(series.attendees)")
            #expect(series.attendees.first?.partstat == "NEEDS-ACTION", "\(series.attendees)")

            let moved = try #require(coachView.events.first { $0.recurrenceID == Self.madrid(day(10), 9) })
            let movedStart = try #require(EventFormatting.parseLocal("\(day(10)) 11:30")).timeIntervalSince1970
            #expect(moved.uid == uid && moved.tzid == "Europe/Madrid", "\(moved)")
            #expect(moved.start == movedStart && moved.end == movedStart + 45 * 60, "\(moved)")
            #expect(moved.rrule == nil && moved.exdates.isEmpty && moved.status == "CONFIRMED", "\(moved)")

            let confirmed = try #require(coachView.events.first { $0.recurrenceID == Self.madrid(day(17), 9) })
            #expect(confirmed.uid == uid && confirmed.start == Self.madrid(day(17), 9), "\(confirmed)")
            #expect(confirmed.attendees.map(\.partstat) == ["ACCEPTED"], "\(confirmed.attendees)")

            let plain = try #require(coachView.events.first { $0.uid == "\(singleID)@gorillacoach" })
            let plainStart = try #require(EventFormatting.parseLocal("\(day(1)) 18:00")).timeIntervalSince1970
            #expect(plain.tzid == nil && plain.start == plainStart && plain.recurrenceID == nil, "\(plain)")

            // A reminder half an hour before each (the account's default), shown as a message.
            for event in coachView.events {
                #expect(event.alarms.count == 1, "\(event.uid): \(event.alarms)")
                #expect(event.alarms.first?.action == "DISPLAY" && event.alarms.first?.trigger == -1800, "\(event)")
                #expect(event.alarms.first?.description == "Training: Ana Serra", "\(event.alarms)")
            }

            // What a calendar shows, when recurring_ical_events is installed: seven occurrences, one of them moved.
            if let shown = coachView.expanded {
                let starts = shown.filter { $0.uid == uid }.map(\.start)
                let expected = [0, 3, 7, 17, 21, 24].map { Self.madrid(day($0), 9) } + [movedStart]
                #expect(starts.sorted() == expected.sorted(), "\(shown)")
                #expect(shown.contains { $0.uid == "\(singleID)@gorillacoach" && $0.start == plainStart })
            }

            // The client's file: the coach's name in the title, the coach by id (a client does not know their email).
            let clientFile = folder.url.appendingPathComponent("client.ics")
            _ = try await client.app.exportEvents(icsFile: clientFile.path, from: nil, to: nil)
            let clientView = try await IndependentReader.read(clientFile, python: python, from: day(-7), to: day(35))
            #expect(clientView.errors.isEmpty, "\(clientView.errors)")
            #expect(clientView.events.count == 4, "\(clientView.events.map(\.uid))")
            let coachID = try coach.accountID()
            for event in clientView.events {
                #expect(event.summary == "Training with Ada Tester", "\(event.summary)")
                #expect(event.organizer?.cn == "Ada Tester", "\(String(describing: event.organizer))")
                #expect(event.organizer?.address == "urn:uuid:\(coachID.key)", "\(String(describing: event.organizer))")
                #expect(event.attendees.first?.address == "mailto:ana@example.com", "\(event.attendees)")
                #expect(event.alarms.first?.description == "Training with Ada Tester", "\(event.alarms)")
            }
            let clientSeries = try #require(clientView.events.first { $0.uid == uid && $0.recurrenceID == nil })
            #expect(clientSeries.exdates == [Self.madrid(day(14), 9)], "\(clientSeries)")
            let clientConfirmed = try #require(
                clientView.events.first { $0.recurrenceID == Self.madrid(day(17), 9) })
            #expect(clientConfirmed.attendees.map(\.partstat) == ["ACCEPTED"], "\(clientConfirmed.attendees)")

            // --from/--to: the series, whole, when one of its occurrences falls in the range; nothing after it.
            let lastWeek = folder.url.appendingPathComponent("last-week.ics")
            let narrowed = try await coach.app.exportEvents(
                icsFile: lastWeek.path, from: "\(day(23))", to: "\(day(24))")
            #expect(narrowed.text.hasPrefix("Wrote 1 event to"), "\(narrowed.text)")
            let lastWeekView = try await IndependentReader.read(lastWeek, python: python, from: day(-7), to: day(35))
            #expect(lastWeekView.events.filter { $0.uid == uid }.count == 3, "\(lastWeekView.events.map(\.uid))")
            #expect(!lastWeekView.events.contains { $0.uid == "\(singleID)@gorillacoach" })
            let later = folder.url.appendingPathComponent("later.ics")
            let none = try await coach.app.exportEvents(icsFile: later.path, from: "\(day(26))", to: "\(day(60))")
            #expect(none.text.hasPrefix("Wrote 0 events to"), "\(none.text)")
            let laterView = try await IndependentReader.read(later, python: python, from: day(-7), to: day(35))
            #expect(laterView.events.isEmpty)
        }
    }
}

/// Python's `icalendar` reading an exported file and saying, as JSON, what it found.
private enum IndependentReader {
    /// What the reader found.
    struct ReadBack: Decodable {
        struct Zone: Decodable {
            let tzid: String
            /// Instants whose offset the VTIMEZONE's own definition was asked for.
            let checked: Int
            /// Those where it differs from the time zone database.
            let wrong: [String]
        }

        struct Person: Decodable {
            let address: String
            let cn: String?
            let partstat: String?
        }

        struct Alarm: Decodable {
            let action: String
            /// Seconds from the start (negative: before).
            let trigger: Double
            let description: String
        }

        struct Event: Decodable {
            let uid: String
            let summary: String
            let status: String
            /// Seconds since 1970.
            let start: Double
            /// DTSTART as written, without its zone.
            let startLocal: String
            let tzid: String?
            /// The time zone Python gave DTSTART.
            let tzinfo: String
            let end: Double
            let rrule: String?
            let exdates: [Double]
            let recurrenceID: Double?
            let alarms: [Alarm]
            let organizer: Person?
            let attendees: [Person]

            /// The RRULE's parts by name (the reader may order them its own way).
            var rule: [String: String] {
                Dictionary(
                    (rrule ?? "").split(separator: ";").map { part in
                        let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
                        return (pair[0], pair.count > 1 ? pair[1] : "")
                    }, uniquingKeysWith: { first, _ in first })
            }
        }

        struct Occurrence: Decodable {
            let uid: String
            let start: Double
            let status: String
        }

        let version: String
        /// Properties the reader could not read.
        let errors: [String]
        let timezones: [Zone]
        let events: [Event]
        /// The occurrences between the two days given, expanded by `recurring_ical_events`; nil without it.
        let expanded: [Occurrence]?
    }

    /// The first Python 3 found (`GORILLA_TEST_PYTHON`, then `python3` on PATH, then the system's) that has
    /// `icalendar`.
    /// - Throws: a test failure naming how to install it (CI does: `.ci/run`).
    static func python() async throws -> String {
        guard let python = await IndependentPython.first(importing: "icalendar") else { throw MissingPython() }
        return python
    }

    /// No python3 here has icalendar: the test fails, saying how to install it.
    struct MissingPython: Error, CustomStringConvertible {
        var description: String {
            "these tests read the exported file with Python's icalendar package, and no python3 here has it: install "
                + "it (apt-get install python3-icalendar, or pip install icalendar; .ci/run does) or name an "
                + "interpreter that has it in GORILLA_TEST_PYTHON"
        }
    }

    /// `file` as `python`'s icalendar reads it; occurrences expanded between `from` and `to` when it can.
    static func read(_ file: URL, python: String, from: CalendarDate, to: CalendarDate) async throws -> ReadBack {
        let folder = try TemporaryFolder("gorilla-e2e-python")
        let output = folder.url.appendingPathComponent("out.json").path
        let errors = folder.url.appendingPathComponent("err.txt").path
        let process = try ChildProcess(
            python, ["-c", script, file.path, "\(from)", "\(to)"], environment: ProcessInfo.processInfo.environment,
            stdout: .file(output), stderr: .file(errors))
        let status = await process.wait().status
        let printed = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
        let complaint = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        try #require(status == 0, "icalendar could not read \(file.path): \(complaint)")
        return try JSONDecoder().decode(ReadBack.self, from: printed)
    }

    /// Reads the file named by its first argument and prints what it found as JSON.
    static let script = #"""
        import datetime, json, sys
        import icalendar

        path, first, last = sys.argv[1], sys.argv[2], sys.argv[3]
        with open(path, "rb") as handle:
            calendar = icalendar.Calendar.from_ical(handle.read())

        def listed(value):
            if value is None:
                return []
            return value if isinstance(value, list) else [value]

        def instant(value):
            return (value.dt if hasattr(value, "dt") else value).timestamp()

        def local(value):
            return value.dt.replace(tzinfo=None).isoformat()

        def person(value):
            return {"address": str(value), "cn": value.params.get("CN"), "partstat": value.params.get("PARTSTAT")}

        found = {"version": icalendar.__version__, "errors": [], "timezones": [], "events": [], "expanded": None}
        for component in calendar.walk():
            for error in getattr(component, "errors", None) or []:
                found["errors"].append("%s: %s" % (component.name, error))

        # Each VTIMEZONE built from its own definition (not looked up by its name) and compared, at noon on the 1st and
        # 15th of each month over five years, with the time zone database's zone of that name.
        from zoneinfo import ZoneInfo
        for zone in calendar.walk("VTIMEZONE"):
            tzid = str(zone["TZID"])
            try:
                built = zone.to_tz(lookup_tzid=False)
            except TypeError:
                built = zone.to_tz()
            reference = ZoneInfo(tzid)
            year = min(sub.decoded("DTSTART") for sub in zone.subcomponents).year
            checked, wrong = 0, []
            for month in range(12 * 5):
                for day in (1, 15):
                    naive = datetime.datetime(year + month // 12, month % 12 + 1, day, 12, 0)
                    if hasattr(built, "localize"):
                        mine = built.localize(naive).utcoffset()
                    else:
                        mine = naive.replace(tzinfo=built).utcoffset()
                    theirs = naive.replace(tzinfo=reference).utcoffset()
                    checked += 1
                    if mine != theirs:
                        wrong.append("%s: %s, not %s" % (naive.isoformat(), mine, theirs))
            found["timezones"].append({"tzid": tzid, "checked": checked, "wrong": wrong})

        for event in calendar.walk("VEVENT"):
            start = event["DTSTART"]
            original = event.get("RECURRENCE-ID")
            organizer = event.get("ORGANIZER")
            found["events"].append({
                "uid": str(event["UID"]),
                "summary": str(event.get("SUMMARY")),
                "status": str(event.get("STATUS")),
                "start": instant(start),
                "startLocal": local(start),
                "tzid": start.params.get("TZID"),
                "tzinfo": str(getattr(start.dt, "tzinfo", None)),
                "end": instant(event["DTEND"]),
                "rrule": event["RRULE"].to_ical().decode() if "RRULE" in event else None,
                "exdates": sorted(instant(moment) for value in listed(event.get("EXDATE")) for moment in value.dts),
                "recurrenceID": instant(original) if original is not None else None,
                "alarms": [
                    {"action": str(alarm.get("ACTION")), "trigger": alarm.decoded("TRIGGER").total_seconds(),
                     "description": str(alarm.get("DESCRIPTION"))}
                    for alarm in event.walk("VALARM")],
                "organizer": person(organizer) if organizer is not None else None,
                "attendees": [person(value) for value in listed(event.get("ATTENDEE"))],
            })

        # The occurrences a calendar shows, when recurring_ical_events (RRULE, EXDATE and RECURRENCE-ID) is installed.
        try:
            import recurring_ical_events
        except ImportError:
            recurring_ical_events = None
        if recurring_ical_events is not None:
            shown = recurring_ical_events.of(calendar).between(
                datetime.date.fromisoformat(first), datetime.date.fromisoformat(last))
            found["expanded"] = sorted(
                ({"uid": str(event["UID"]), "start": instant(event["DTSTART"]), "status": str(event.get("STATUS"))}
                 for event in shown),
                key=lambda occurrence: occurrence["start"])
        print(json.dumps(found))
        """#
}
