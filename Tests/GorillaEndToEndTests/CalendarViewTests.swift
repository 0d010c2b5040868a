import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// `gorilla calendar`: the month's marks (events, training, missed appointments, series included) and the week grid.
@Suite(.hangLimit)
struct CalendarViewTests {
    /// `text` ("YYYY-MM-DD HH:MM") in this process's time zone, as the commands read it.
    static func local(_ text: String) throws -> Date { try #require(EventFormatting.parseLocal(text)) }

    /// The id of the event a change printed.
    static func id(_ output: CommandOutput) throws -> String {
        try #require(output.json.objectValue?["id"]?.stringValue, "\(output.text) \(output.notes)")
    }

    /// The grid's cells ("1!", "8+", "18", ">16" for today) of a month as text: four columns each.
    static func cells(_ text: String) throws -> [String] {
        let lines = text.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex(of: "Mon Tue Wed Thu Fri Sat Sun"), "\(text)")
        let legend = try #require(lines.firstIndex { $0.hasPrefix("* events") }, "\(text)")
        return lines[(header + 1)..<legend].flatMap { line in
            stride(from: 0, to: line.count, by: 4).map { start in
                String(line.dropFirst(start).prefix(4)).trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        }
    }

    @Test func theMonthMarksTrainedMissedAndComingDaysWithTheOccurrencesOfASeries() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")
            // Every Tuesday at 09:00 from 1 December; the one of the 8th fulfilled by a session.
            let series = try Self.id(
                try await coach.app.addEvent(
                    client: "Ana", EventFields(at: "2026-12-01 09:00", repeating: RepeatFields(every: "week"))))
            _ = try await coach.app.logSession(
                SessionLogRequest(
                    client: "Ana", event: "\(series.suffix(8))@2026-12-08", date: "2026-12-08 09:05",
                    sets: ["Squat: 5x100kg"], allowNew: true))
            // A session without an appointment, a cancelled appointment and a single one still to come.
            _ = try await coach.app.logSession(
                SessionLogRequest(client: "Ana", date: "2026-12-10 19:00", sets: ["Squat: 5x100kg"], allowNew: true))
            let cancelled = try Self.id(
                try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-12-18 12:00")))
            _ = try await coach.app.setEventStatus(cancelled, status: "cancelled")
            _ = try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-12-24 10:00"))

            let now = try Self.local("2026-12-16 12:00")
            let month = try await coach.app.calendar(month: "2026-12", now: now)
            let cells = try Self.cells(month.text)
            #expect(cells.map { Int($0.filter(\.isNumber)) ?? -1 } == Array(1...31), "\(month.text)")
            #expect(
                cells.filter { $0.contains { !$0.isNumber } } == [
                    "1!", "8+", "10+", "15!", ">16", "22*", "24*", "29*",
                ],
                "\(month.text)")
            #expect(month.text.contains("* events  + trained  ! missed  > today"))
            let days = month.json.objectValue?["days"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(days.map { $0["day"]?.intValue ?? 0 } == [1, 8, 10, 15, 22, 24, 29])
            #expect(days.map { $0["events"]?.intValue ?? -1 } == [1, 1, 0, 1, 1, 1, 1])
            #expect(days.map { $0["trained"] } == [false, true, true, false, false, false, false])
            #expect(days.map { $0["missed"] } == [true, false, false, true, false, false, false])
            // The month's events: the five Tuesdays, the cancelled one and the 24th.
            #expect(month.json.objectValue?["events"]?.arrayValue?.count == 7)
            #expect(month.text.contains("\(series.suffix(8))@2026-12-22"), "\(month.text)")
        }
    }

    @Test func theWeekGridShowsTheDaysByHourWithTheirAppointmentsAndFitsANarrowTerminal() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            _ = try await coach.invite(name: "Maria del Carme", surname: "Castellà i Vilaseca")
            _ = try await coach.app.addEvent(
                client: "Maria del Carme", EventFields(at: "2026-11-30 08:30", duration: 90))
            let cancelled = try Self.id(
                try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-12-02 14:00")))
            _ = try await coach.app.setEventStatus(cancelled, status: "cancelled")
            _ = try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-12-02 18:00"))
            _ = try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-12-07 07:00"))  // next week
            _ = try await coach.app.logSession(
                SessionLogRequest(client: "Ana", date: "2026-12-02 10:00", sets: ["Squat: 5x100kg"], allowNew: true))

            let now = try Self.local("2026-12-02 12:00")
            let week = try await coach.app.calendarWeek("2026-12-03", width: 64, now: now)
            let lines = week.text.components(separatedBy: "\n")
            #expect(lines.first == "2026-W49  Mon 30 Nov – Sun 6 Dec 2026", "\(week.text)")
            #expect(
                lines[1].contains("Mon 30!") && lines[1].contains(">Wed 2+"), "missed; trained, today: \(week.text)")
            let rows = lines.filter { $0.dropFirst(2).hasPrefix(":00") }
            #expect(rows.map { String($0.prefix(5)) } == (8...18).map { String(format: "%02d:00", $0) }, "\(week.text)")
            #expect(lines.dropFirst().prefix(rows.count + 1).allSatisfy { $0.count <= 64 }, "\(week.text)")
            #expect(rows[0].contains(":30 ! Mar") && rows[0].contains("…"), "missed, and cut: \(week.text)")
            #expect(rows[1].contains("|"), "\(week.text)")
            #expect(rows[6].hasPrefix("14:00") && rows[6].contains("x Ana"), "\(week.text)")
            #expect(rows[10].hasPrefix("18:00") && rows[10].contains("Ana Serra"), "\(week.text)")

            let json = try #require(week.json.objectValue)
            #expect(json["week"] == "2026-W49")
            let days = json["days"]?.arrayValue?.compactMap(\.objectValue) ?? []
            let dates = [
                "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06",
            ]
            #expect(days.map { $0["date"]?.stringValue ?? "" } == dates)
            #expect(days.map { $0["events"]?.arrayValue?.count ?? -1 } == [1, 0, 2, 0, 0, 0, 0])
            #expect(days.map { $0["trained"] } == [false, false, true, false, false, false, false])
            #expect(
                days[0]["events"]?.arrayValue?.first?.objectValue?["clientName"]
                    == "Maria del Carme Castellà i Vilaseca")

            // Without a day, the week of today; a client sees "training" in the cells, and only their own.
            let thisWeek = try await coach.app.calendarWeek(nil, now: now)
            #expect(thisWeek.json == week.json)
            let forClient = try await client.app.calendarWeek(nil, now: now)
            let evening = try #require(forClient.text.components(separatedBy: "\n").first { $0.hasPrefix("18:00") })
            #expect(evening.contains("training") && !forClient.text.contains("Maria"), "\(forClient.text)")
        }
    }

    @Test func theCommandLineTakesAWeekByADayAndRefusesADayWithoutWeek() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")
            _ = try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-12-02 18:00"))
            let environment: [String: String] = [:]  // this process's zone, in which the event was entered
            let week = try await runGorilla(
                ["calendar", "--week", "2026-12-02"], home: coach.home, environment: environment)
            #expect(week.status == 0, "\(week)")
            #expect(week.stdout.hasPrefix("2026-W49  Mon 30 Nov – Sun 6 Dec 2026\n"), "\(week)")
            #expect(week.stdout.contains("18:00") && week.stdout.contains("Ana Serra"), "\(week)")
            let json = try await runGorilla(
                ["--json", "calendar", "--week", "2026-12-02"], home: coach.home, environment: environment)
            #expect(try json.json().objectValue?["week"] == "2026-W49", "\(json)")

            let day = try await runGorilla(["calendar", "2026-12-02"], home: coach.home, environment: environment)
            #expect(day.status == 64, "\(day)")
            #expect(day.stderr.contains("gorilla calendar --week 2026-12-02"), "\(day)")
            let badDay = try await runGorilla(
                ["calendar", "--week", "2026-02-30"], home: coach.home, environment: environment)
            #expect(badDay.status == 64 && badDay.stderr.contains("February 2026 has 28 days"), "\(badDay)")

            let agenda = try await runGorilla(["agenda", "--days", "2"], home: coach.home, environment: environment)
            #expect(agenda.status == 0 && agenda.stdout.hasPrefix("Agenda for 2 days, "), "\(agenda)")
            let refused = try await runGorilla(["agenda", "--days", "0"], home: coach.home, environment: environment)
            #expect(refused.status == 64, "\(refused)")
        }
    }
}
