import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// `gorilla stats` and `gorilla measurements` on real devices against a real server: sessions logged
/// by the coach, figures, CSV and JSON, and body measurements recorded by the coach and the client.
@Suite(.hangLimit)
struct StatsEndToEndTests {
    /// A client surname with a comma and quotes, so that the CSV must quote it.
    static let surname = #"Puig "Roca", Jr"#

    /// A coach device and a registered client (Bea) on their own device; optionally a second client (Carles).
    static func coachAndClient(
        on server: some RunningServer, secondClient: Bool = false
    ) async throws -> (coach: Device, client: Device) {
        let coach = try await Device.coach("ada", on: server)
        let added = try await coach.app.addClient(name: "Bea", surname: surname)
        let code = try #require(added.json.objectValue?["code"]?.stringValue)
        if secondClient { _ = try await coach.app.addClient(name: "Carles", surname: "Vives") }
        let client = try Device()
        try await client.connect(to: server)
        _ = try await client.app.register(
            SignupBody(
                username: "bea", email: "bea@example.com", password: Device.password,
                name: "Bea", surname: surname, code: code))
        try await coach.sync()
        return (coach, client)
    }

    /// The hand-computed fixture of the unit tests, logged through `sessions log`:
    /// 12×80 kg, 10×85 kg one week, 10×90 kg, 8×95 kg the next.
    static func logBenchSessions(_ coach: Device) async throws {
        _ = try await coach.app.addExercise(name: "Bench press", ExerciseFields())
        for (date, sets) in [
            ("2026-03-02 18:30", "Bench press: 12x80kg, 10x85kg"), ("2026-03-09 18:30", "Bench press: 10x90kg, 8x95kg"),
        ] {
            let logged = try await coach.app.logSession(SessionLogRequest(client: "Bea", date: date, sets: [sets]))
            #expect(!logged.notes.contains { $0.contains("offline") }, "\(logged.notes)")
        }
    }

    /// A small RFC 4180 reader: quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF records.
    static func parseCSV(_ text: String) throws -> [[String]] {
        struct Malformed: Error, CustomStringConvertible { let description: String }
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false, wasQuoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let scalar = characters.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if characters.first == "\"" {
                        field.unicodeScalars.append("\""); characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty, !wasQuoted else {
                    throw Malformed(description: "a quote inside an unquoted field: \(field)")
                }
                quoted = true
                wasQuoted = true
            case ",":
                record.append(field); field = ""; wasQuoted = false
            case "\r":
                guard characters.popFirst() == "\n" else { throw Malformed(description: "CR without LF") }
                record.append(field); records.append(record); record = []; field = ""; wasQuoted = false
            case "\n":
                throw Malformed(description: "a record ends with LF, not CRLF")
            default:
                guard !wasQuoted else { throw Malformed(description: "text after a closing quote") }
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted { throw Malformed(description: "unterminated quoted field") }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    @Test func theCSVReaderUnderstandsQuotesAndCRLF() throws {
        let records = try Self.parseCSV("a,\"b,c\",\"say \"\"hi\"\"\"\r\n,\"x\r\ny\",\r\n")
        #expect(records == [["a", "b,c", #"say "hi""#], ["", "x\r\ny", ""]])
        #expect(throws: (any Error).self) { try Self.parseCSV("a,b\n") }
        #expect(throws: (any Error).self) { try Self.parseCSV("a,\"b\r\n") }
    }

    @Test func statsExportOneCSVRowPerSetAndJSONFigures() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            try await Self.logBenchSessions(coach)

            // A third session pushed raw, with an exercise name that needs quoting and a set in pounds.
            let clientID = try #require(try coach.entities("client").first).id.uuidString.lowercased()
            let curl = #"Curl, "EZ" bar"#
            let raw = Mutation(
                id: UUID.v7(), kind: "session", entity: UUID.v7(), action: .create,
                fields: [
                    "client": .string(clientID), "mode": "realtime", "start": "2026-03-10T07:15:00Z",
                    "end": "2026-03-10T07:45:00Z",
                    "exercises": [
                        [
                            "name": .string(curl),
                            "sets": [
                                [
                                    "reps": 3, "weight": 20, "unit": "lb", "duration": 30.5, "type": "warmup",
                                    "repTimes": [10, 20, 30.5],
                                ]
                            ],
                        ]
                    ],
                ])
            #expect(try await coach.push([raw]).map(\.status) == [.applied])

            let folder = try TemporaryFolder("gorilla-stats-csv")
            let path = folder.url.appendingPathComponent("bea.csv").path
            let overview = try await coach.app.stats(StatsRequest(client: "Bea", csv: path))
            #expect(overview.json.objectValue?["sessions"] == 3, "\(overview.json)")

            let text = try String(contentsOfFile: path, encoding: .utf8)
            let records = try Self.parseCSV(text)
            try #require(records.count == 1 + 5, "\(text)")
            #expect(records[0] == ["date", "client", "exercise", "set", "type", "reps", "weight", "unit", "duration"])
            let rows = Array(records.dropFirst())
            #expect(rows.allSatisfy { $0.count == 9 }, "\(rows)")
            #expect(rows.allSatisfy { $0[1] == "Bea \(Self.surname)" }, "\(rows.map { $0[1] })")
            #expect(rows.map { $0[2] } == ["Bench press", "Bench press", "Bench press", "Bench press", curl])
            #expect(rows.map { $0[3] } == ["1", "2", "1", "2", "1"])
            #expect(rows.map { $0[4] } == ["normal", "normal", "normal", "normal", "warmup"])
            #expect(rows.map { $0[5] } == ["12", "10", "10", "8", "3"])
            #expect(rows.map { $0[6] } == ["80", "85", "90", "95", "20"])
            #expect(rows.map { $0[7] } == ["kg", "kg", "kg", "kg", "lb"])
            #expect(rows.map { $0[8] }.last == "30.5")
            // Dates are the sessions' starts, in order.
            let dates = rows.map { ISOTime.parse($0[0]) }
            #expect(dates.allSatisfy { $0 != nil }, "\(rows.map { $0[0] })")
            let starts = try coach.entities("session").compactMap { $0[string: "start"].flatMap(ISOTime.parse) }
                .sorted()
            #expect(Set(dates.compactMap { $0 }) == Set(starts))
            #expect(dates.compactMap { $0 } == dates.compactMap { $0 }.sorted())
            #expect(
                rows.last?[0] == EventFormatting.localISO(try #require(ISOTime.parse("2026-03-10T07:15:00Z"))),
                "the raw session was the last one, on the 10th, in this device's time zone with its offset")

            // --json figures of one exercise, on the coach's device and on the client's own.
            let figures = try #require(
                try await coach.app.stats(StatsRequest(client: "Bea", exercise: "Bench press")).json.objectValue)
            #expect(figures["bestWeight"] == 95)
            #expect(figures["e1rm"]?.doubleValue == 120.3)  // an e1RM to 0.1
            #expect(figures["volume"] == 3470)
            #expect(figures["sessions"] == 2)
            #expect(figures["volumeChange"] == -150)

            let own = try #require(try await client.app.stats(StatsRequest(exercise: "bench press")).json.objectValue)
            #expect(own["bestWeight"] == 95)
            #expect(own["sessions"] == 2)
            #expect(own["volume"] == 3470)

            let pounds = try #require(
                try await coach.app.stats(StatsRequest(client: "Bea", exercise: "Bench press", unit: "lb")).json
                    .objectValue)
            #expect(pounds["unit"] == "lb")
            #expect(abs((pounds["bestWeight"]?.doubleValue ?? 0) - 209.44) <= 0.01)  // 95 kg

            // The CSV of one exercise holds its sets only; an unknown one says so without figures.
            _ = try await coach.app.stats(StatsRequest(client: "Bea", exercise: curl, csv: path))
            let curlRows = try Self.parseCSV(try String(contentsOfFile: path, encoding: .utf8)).dropFirst()
            #expect(curlRows.map { $0[2] } == [curl])
            let none = try await coach.app.stats(StatsRequest(client: "Bea", exercise: "Deadlift"))
            #expect(none.json.objectValue?["sessions"] == 0)
            withExtendedLifetime(folder) {}
        }
    }

    @Test func statsCountTimeUnderTensionLikeSessionsShowAndLeaveWarmUpsAndTimedSetsOutOfWeights() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Bench press", ExerciseFields())
            _ = try await coach.app.addExercise(name: "Plank", ExerciseFields(count: "time"))
            for (date, sets) in [
                ("2026-03-02 18:30", ["Bench press: 1x120kg warmup, 12x80kg@40s, 10x85kg@38s"]),
                ("2026-03-09 18:30", ["Plank: 1@45s, 1@1m15s"]),
            ] {
                _ = try await coach.app.logSession(SessionLogRequest(client: "Bea", date: date, sets: sets))
            }
            // Hands-free sessions: `sessions show` counts 78 s and 120 s; stats used to count none of it.
            let overview = try #require(try await coach.app.stats(StatsRequest(client: "Bea")).json.objectValue)
            #expect(overview["timeUnderTension"]?.doubleValue == 198, "40 + 38 + 45 + 75: \(overview)")

            let bench = try #require(
                try await coach.app.stats(StatsRequest(client: "Bea", exercise: "Bench press")).json.objectValue)
            #expect(bench["bestWeight"] == 85, "the warm-up of 120 kg is no record")
            #expect(bench["count"] == "reps")
            #expect(bench["records"]?.arrayValue?.count == 4)
            #expect(bench["history"]?.arrayValue?.count == 4)
            #expect(bench["rangeRecords"]?.arrayValue?.compactMap { $0.objectValue?["range"] } == ["7-10", "11-15"])

            let plank = try await coach.app.stats(StatsRequest(client: "Bea", exercise: "Plank"))
            let figures = try #require(plank.json.objectValue)
            #expect(figures["count"] == "time")
            #expect(figures["bestDuration"] == 75)
            #expect(figures["records"]?.arrayValue?.compactMap { $0.objectValue?["kind"] } == ["duration"])
            #expect(plank.text.contains("longest duration"), "\(plank.text)")
            #expect(!plank.text.contains("e1RM") && !plank.text.contains(" kg"), "\(plank.text)")

            let run = try await runGorilla(
                ["stats", "--client", "Bea", "--exercise", "Bench press", "--history"], home: coach.home)
            #expect(run.stdout.contains("record history:") && run.stdout.contains("7–10 reps"), "\(run)")
        }
    }

    @Test func complianceMeasuresAppointmentsAndThePlansSessionsAWeekPerClientAndWeek() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server, secondClient: true)
            try await Self.logBenchSessions(coach)
            let set = try await runGorilla(["clients", "edit", "Bea", "--per-week", "2"], home: coach.home)
            #expect(set.status == 0 && set.stdout.hasPrefix("Sessions a week for Bea Puig \"Roca\", Jr: 2"), "\(set)")
            #expect(!set.stdout.contains("goal weight"), "it says what it changed, nothing else: \(set)")
            let refused = try await runGorilla(["clients", "edit", "Bea", "--per-week", "30"], home: coach.home)
            #expect(refused.status == 64 && refused.stderr.contains("1 to 14"), "\(refused)")
            // An appointment kept by a session (logged with --event), one missed, one cancelled.
            for (at, status) in [
                ("2026-03-04 10:00", "kept"), ("2026-03-05 10:00", nil), ("2026-03-10 10:00", "cancelled"),
            ] {
                let added = try await runGorilla(
                    ["--json", "events", "add", "--client", "Bea", "--at", at], home: coach.home)
                let id = try #require(try added.json().objectValue?["id"]?.stringValue, "\(added)")
                let marked =
                    switch status {
                    case "kept"?:
                        try await runGorilla(
                            [
                                "sessions", "log", "--client", "Bea", "--event", id, "--date", at, "--set",
                                "Bench press: 5x60kg",
                            ],
                            home: coach.home)
                    case "cancelled"?: try await runGorilla(["events", "cancel", id], home: coach.home)
                    default: CommandRun?.none
                    }
                #expect(marked.map { $0.status == 0 } ?? true, "\(String(describing: marked))")
            }
            // Bea registered today: the March weeks (sessions, the kept, missed and cancelled appointments) come before
            // it and are not counted; the weeks' arithmetic is StatsMuscleTests'.
            let all = try await runGorilla(
                ["--json", "stats", "--compliance", "--from", "2026-03-02"], home: coach.home, environment: ["TZ": "UTC"])
            let rows = try #require(try all.json().arrayValue, "\(all)")
            #expect(rows.count == 2, "one row per client")
            let bea = try #require(
                rows.first { $0.objectValue?["client"]?.stringValue?.hasPrefix("Bea") == true }?.objectValue)
            #expect(bea["target"] == 2 && bea["sessions"] == 0 && bea["appointments"] == 0, "\(bea)")
            let weeks = try #require(bea["weeks"]?.arrayValue, "\(bea)")
            var calendar = Calendar(identifier: .iso8601)
            calendar.timeZone = .gmt
            let monday = try #require(calendar.dateInterval(of: .weekOfYear, for: Date())?.start)
            #expect(weeks.count == 1 && weeks.first?.objectValue?["week"]?.stringValue == CalendarDate(monday, in: .gmt).description, "\(bea)")
            let text = try await runGorilla(["stats", "--client", "Bea", "--compliance"], home: coach.home)
            #expect(text.stdout.contains("— compliance, 1 week from"), "\(text)")
            #expect(text.stdout.contains("plan: 2 sessions a week"), "\(text)")
            let march = try await runGorilla(
                ["stats", "--client", "Bea", "--compliance", "--from", "2026-03-02", "--to", "2026-03-15"],
                home: coach.home)
            #expect(march.stdout.hasPrefix("No week of that period is counted"), "\(march)")
            // A client sees their own.
            let own = try await runGorilla(["--json", "stats", "--compliance"], home: client.home)
            #expect(try own.json().objectValue?["target"] == 2, "\(own)")
        }
    }

    @Test func svgOfTheOverviewAndOfAnExerciseAreWritten() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            try await Self.logBenchSessions(coach)
            let folder = try TemporaryFolder("gorilla-stats-svg")
            let exercisePath = folder.url.appendingPathComponent("bench.svg").path
            _ = try await coach.app.stats(StatsRequest(client: "Bea", exercise: "Bench press", svg: exercisePath))
            let svg = try String(contentsOfFile: exercisePath, encoding: .utf8)
            #expect(svg.hasPrefix("<?xml"))
            #expect(svg.contains(#"data-value="113.3""#) && svg.contains(#"data-value="120.3""#), "\(svg)")
            #expect(svg.components(separatedBy: "<circle").count - 1 == 2)

            let overviewPath = folder.url.appendingPathComponent("weeks.svg").path
            _ = try await coach.app.stats(StatsRequest(client: "Bea", svg: overviewPath))
            let weeks = try String(contentsOfFile: overviewPath, encoding: .utf8)
            #expect(weeks.components(separatedBy: #"<rect class="bar""#).count - 1 == 12, "one bar per week")

            // With --muscles, the chart is the muscle groups' sets per week.
            _ = try await runGorilla(["exercises", "edit", "Bench press", "--muscle", "chest"], home: coach.home)
            let musclesPath = folder.url.appendingPathComponent("muscles.svg").path
            let run = try await runGorilla(
                ["stats", "--client", "Bea", "--muscles", "--svg", musclesPath], home: coach.home)
            #expect(run.stdout.contains("per muscle group") && run.stdout.contains("chest"), "\(run)")
            let muscles = try String(contentsOfFile: musclesPath, encoding: .utf8)
            #expect(muscles.contains(#"data-label="chest""#), "\(muscles)")
            withExtendedLifetime(folder) {}
        }
    }

    @Test func weeksAreLabelledByTheirMondayInTheViewersZoneAcrossAChangeOfClock() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            try await Self.logBenchSessions(coach)
            let folder = try TemporaryFolder("gorilla-stats-weeks")
            let path = folder.url.appendingPathComponent("weeks.svg").path
            // Madrid changes its clock in late October and late March: within any twelve weeks of November or April.
            let madrid = ["TZ": "Europe/Madrid"]
            let run = try await runGorilla(
                ["--json", "stats", "--client", "Bea", "--svg", path], home: coach.home, environment: madrid)
            let days = try #require(try run.json().objectValue?["weekStarts"]?.arrayValue, "\(run)")
                .compactMap { $0.stringValue.flatMap(CalendarDate.init) }
            #expect(days.count == 12)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .gmt
            for day in days { #expect(calendar.component(.weekday, from: day.start(in: .gmt)) == 2, "\(day)") }
            // The chart's labels are those Mondays ("11-23"), every one.
            let labels = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: #"data-label=""#)
                .dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(labels == days.map { String($0.description.dropFirst(5)) }, "\(labels)")
            let text = try await runGorilla(["stats", "--client", "Bea"], home: coach.home, environment: madrid)
            #expect(text.stdout.contains(String(days[0].description.dropFirst(5))), "\(text)")
            withExtendedLifetime(folder) {}
        }
    }

    @Test func measurementsByTheCoachAndByTheClientCarryBMIAndSyncBothWays() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)

            let byCoach = try await coach.app.addMeasurement(
                client: "Bea", date: "2026-03-01", values: ["weight": 70, "height": 175], note: "start")
            #expect(byCoach.json.objectValue?["bmi"] == 22.86, "\(byCoach.json)")
            #expect(byCoach.json.objectValue?["bmiCategory"] == "normal")
            #expect(byCoach.text.contains("BMI 22.9 (normal)"), "\(byCoach.text)")
            #expect(byCoach.notes.isEmpty, "\(byCoach.notes)")

            // The client sees it, then records their own weight; the BMI uses the height recorded by the coach.
            let seen = try #require(try await client.app.listMeasurements(client: nil).json.arrayValue)
            #expect(seen.count == 1)
            #expect(seen.first?.objectValue?["bmi"] == 22.86)
            let byClient = try await client.app.addMeasurement(
                client: nil, date: "2026-03-20", values: ["weight": 95], note: nil)
            #expect(byClient.json.objectValue?["bmiCategory"] == "obesity class I", "\(byClient.json)")
            #expect(
                byClient.text.contains("BMI 31.0 (obesity class I, height 175 cm of 2026-03-01)"), "\(byClient.text)")
            #expect(byClient.notes.isEmpty, "\(byClient.notes)")
            #expect(try client.cache().queuedCount() == 0)

            // The coach's device receives the client's measurement; both lists carry BMI and category.
            let listed = try #require(try await coach.app.listMeasurements(client: "Bea").json.arrayValue)
            #expect(listed.count == 2, "\(listed)")
            #expect(listed.map { $0.objectValue?["weight"] } == [70, 95])
            #expect(listed.map { $0.objectValue?["bmiCategory"] } == ["normal", "obesity class I"])
            #expect(abs((listed.last?.objectValue?["bmi"]?.doubleValue ?? 0) - 31.02) <= 0.01)
            let again = try #require(try await client.app.listMeasurements(client: nil).json.arrayValue)
            #expect(again.map { $0.objectValue?["bmiCategory"] } == ["normal", "obesity class I"])
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("measurement") == 2)
        }
    }

    @Test func aMeasurementTheClientRecordsIsListedUnderThatClientOnly() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server, secondClient: true)
            _ = try await client.app.addMeasurement(client: nil, date: "2026-03-20", values: ["weight": 64], note: nil)
            #expect(try client.cache().queuedCount() == 0)

            let bea = try #require(try await coach.app.listMeasurements(client: "Bea").json.arrayValue)
            #expect(bea.map { $0.objectValue?["weight"] } == [64])
            let carles = try #require(try await coach.app.listMeasurements(client: "Carles").json.arrayValue)
            #expect(carles.isEmpty, "Bea's own measurement is listed under Carles: \(carles)")
            // The coach's copy names the client it belongs to.
            let stored = try #require(try coach.entities("measurement").first)
            let beaID = try #require(try coach.entity("client", named: "Bea")).id.uuidString.lowercased()
            #expect(stored[string: "client"] == beaID, "\(stored.data)")
        }
    }
}
