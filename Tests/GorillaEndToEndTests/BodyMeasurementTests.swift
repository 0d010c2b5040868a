import Foundation
import GRDB
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Body measurements through the real `gorilla` binary against a real server: calendar days across time zones, edit
/// and rm reaching the other device, plausible ranges with `--force`, BMI from the nearest height, the new figures and
/// the goal weight.
@Suite(.hangLimit)
struct BodyMeasurementTests {
    /// A coach device and their registered client Bea Puig on her own device.
    static func coachAndClient(on server: some RunningServer) async throws -> (coach: Device, client: Device) {
        let coach = try await Device.coach("ada", on: server)
        let added = try await coach.app.addClient(name: "Bea", surname: "Puig")
        let code = try #require(added.json.objectValue?["code"]?.stringValue)
        let client = try Device()
        try await client.connect(to: server)
        _ = try await client.app.register(
            SignupBody(
                username: "bea", email: "bea@example.com", password: Device.password, name: "Bea", surname: "Puig",
                code: code))
        try await coach.sync()
        return (coach, client)
    }

    /// `gorilla --json ARGUMENTS` on `device` in time zone `zone`, which must succeed; its JSON.
    static func json(_ arguments: [String], on device: Device, zone: String = "UTC") async throws -> JSONValue {
        let run = try await runGorilla(["--json"] + arguments, home: device.home, environment: ["TZ": zone])
        #expect(run.status == 0, "\(arguments): \(run)")
        return try run.json()
    }

    /// The document the server stores for `id`.
    static func stored(_ id: String, on server: some RunningServer) throws -> JSONValue {
        let database = try ServerDatabase(dataDirectory: server.dataDirectory)
        let text = try database.queue.read { db in
            try String.fetchOne(db, sql: "SELECT data FROM entities WHERE id = ?", arguments: [id])
        }
        return try WireCoding.decoder.decode(JSONValue.self, from: Data(try #require(text).utf8))
    }

    @Test func aDayEnteredInMadridIsTheSameDayInUTCAndInLosAngeles() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            let added = try await Self.json(
                ["measurements", "add", "--client", "Bea", "--date", "2026-11-20", "--weight", "80"], on: coach,
                zone: "Europe/Madrid")
            #expect(added.objectValue?["date"] == "2026-11-20", "\(added)")
            let id = try #require(added.objectValue?["id"]?.stringValue)
            #expect(try Self.stored(id, on: server).objectValue?["date"] == "2026-11-20")

            for zone in ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"] {
                let listed = try await Self.json(["measurements", "list"], on: client, zone: zone)
                #expect(listed.arrayValue?.map { $0.objectValue?["date"] } == ["2026-11-20"], "\(zone): \(listed)")
                let text = try await runGorilla(["measurements"], home: client.home, environment: ["TZ": zone])
                #expect(text.stdout.contains("2026-11-20") && !text.stdout.contains("2026-11-19"), "\(zone): \(text)")
            }
            // "YYYY-MM-DD HH:MM" late in the evening in Los Angeles is still that day, not the next one in UTC.
            let evening = try await Self.json(
                ["measurements", "add", "--date", "2026-11-21 23:30", "--weight", "79.5"], on: client,
                zone: "America/Los_Angeles")
            #expect(evening.objectValue?["date"] == "2026-11-21", "\(evening)")
            let onCoach = try await Self.json(
                ["measurements", "list", "--client", "Bea"], on: coach, zone: "Asia/Tokyo")
            #expect(onCoach.arrayValue?.map { $0.objectValue?["date"] } == ["2026-11-20", "2026-11-21"], "\(onCoach)")
        }
    }

    @Test func anEditAndADeleteThroughTheCLIReachTheOtherDevice() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            let added = try await Self.json(
                [
                    "measurements", "add", "--client", "Bea", "--date", "2026-03-01", "--weight", "70", "--waist", "80",
                    "--note", "start",
                ], on: coach)
            let id = try #require(added.objectValue?["id"]?.stringValue)
            let short = String(id.suffix(8))

            // The coach corrects the weight and the day and removes the waist; the note stays.
            let edited = try await runGorilla(
                ["measurements", "edit", short, "--weight", "71.5", "--date", "2026-03-02", "--clear", "waist"],
                home: coach.home)
            #expect(edited.status == 0, "\(edited)")
            #expect(
                edited.stdout.contains("Updated the measurement of 2026-03-02 for Bea Puig: weight 71.5 kg"),
                "\(edited)")
            var seen = try #require(
                try await Self.json(["measurements", "list"], on: client).arrayValue?.first?.objectValue)
            #expect(seen["weight"] == 71.5 && seen["date"] == "2026-03-02" && seen["waist"] == nil, "\(seen)")
            #expect(seen["note"] == "start")

            // The client corrects the entry her coach recorded (her own body figures), and the coach sees it.
            let byClient = try await runGorilla(["measurements", "edit", short, "--height", "168"], home: client.home)
            #expect(byClient.status == 0, "\(byClient)")
            seen = try #require(
                try await Self.json(["measurements", "list", "--client", "Bea"], on: coach).arrayValue?.first?
                    .objectValue)
            #expect(seen["height"] == 168 && seen["weight"] == 71.5, "\(seen)")
            let nothing = try await runGorilla(["measurements", "edit", short], home: coach.home)
            #expect(nothing.status == 64 && nothing.stderr.contains("nothing to change"), "\(nothing)")

            // Without a terminal, rm needs --yes and deletes nothing.
            let unconfirmed = try await runGorilla(["measurements", "rm", short], home: client.home)
            #expect(unconfirmed.status == 64 && unconfirmed.stderr.contains("--yes"), "\(unconfirmed)")
            #expect(try await Self.json(["measurements", "list", "--client", "Bea"], on: coach).arrayValue?.count == 1)
            let removed = try await runGorilla(["measurements", "rm", short, "--yes"], home: client.home)
            #expect(
                removed.status == 0 && removed.stdout.contains("Deleted the measurement of 2026-03-02"), "\(removed)")
            #expect(try await Self.json(["measurements", "list", "--client", "Bea"], on: coach).arrayValue == [])
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("measurement", liveOnly: true) == 0)
        }
    }

    @Test func anImplausibleFigureIsRefusedWithItsRangeAndRecordedWithForce() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            let short = try await runGorilla(
                ["measurements", "add", "--client", "Bea", "--height", "30"], home: coach.home)
            #expect(short.status == 64, "\(short)")
            #expect(short.stderr.contains("--height 30 cm is outside the plausible range 100–250 cm"), "\(short)")
            #expect(short.stderr.contains("--force"), "\(short)")
            let heavy = try await runGorilla(
                ["measurements", "add", "--client", "Bea", "--weight", "600"], home: coach.home)
            #expect(heavy.status == 64 && heavy.stderr.contains("20–400 kg"), "\(heavy)")
            #expect(!heavy.stderr.contains("positive"), "\(heavy)")
            let fat = try await runGorilla(["measurements", "add", "--body-fat", "80"], home: client.home)
            #expect(fat.status == 64 && fat.stderr.contains("2–70 %"), "\(fat)")
            let impossible = try await runGorilla(
                ["measurements", "add", "--client", "Bea", "--weight", "800", "--force"], home: coach.home)
            #expect(impossible.status == 64 && impossible.stderr.contains("1–700 kg"), "\(impossible)")
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("measurement") == 0)

            // A real but unusual value, forced: the server keeps it and the client's device shows it.
            let forced = try await Self.json(
                ["measurements", "add", "--client", "Bea", "--height", "95", "--weight", "410", "--force"], on: coach)
            let id = try #require(forced.objectValue?["id"]?.stringValue)
            #expect(forced.objectValue?["rejected"] == nil, "\(forced)")
            #expect(try Self.stored(id, on: server).objectValue?["height"] == 95)
            let seen = try await Self.json(["measurements", "list"], on: client)
            #expect(seen.arrayValue?.first?.objectValue?["weight"] == 410, "\(seen)")
            // An edit is checked the same way.
            let edit = try await runGorilla(
                ["measurements", "edit", String(id.suffix(8)), "--height", "50"], home: coach.home)
            #expect(edit.status == 64 && edit.stderr.contains("100–250 cm"), "\(edit)")
        }
    }

    @Test func theBMIUsesTheHeightNearestInTimeAndSaysWhich() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            for (date, figures) in [
                ("2026-01-01", ["--height", "170"]), ("2026-06-01", ["--height", "180"]),
                ("2026-02-01", ["--weight", "73"]),
            ] {
                _ = try await Self.json(
                    ["measurements", "add", "--client", "Bea", "--date", date] + figures, on: coach)
            }
            let added = try await runGorilla(
                ["measurements", "add", "--date", "2026-05-20", "--weight", "85"], home: client.home)
            #expect(added.stdout.contains("BMI 26.2 (overweight, height 180 cm of 2026-06-01)"), "\(added)")

            let rows = try #require(
                try await Self.json(["measurements", "list", "--client", "Bea"], on: coach).arrayValue)
            let weights = rows.compactMap(\.objectValue).filter { $0["weight"] != nil }
            #expect(weights.map { $0["bmiHeight"] } == [170, 180], "\(weights)")
            #expect(weights.map { $0["bmiHeightDate"] } == ["2026-01-01", "2026-06-01"], "\(weights)")
            #expect(weights.map { $0["bmi"] } == [25.26, 26.23], "\(weights)")
            let text = try await runGorilla(["measurements", "list", "--client", "Bea"], home: coach.home)
            #expect(text.stdout.contains("(overweight, height 170 cm of 2026-01-01)"), "\(text)")
            #expect(text.stdout.contains("(overweight, height 180 cm of 2026-06-01)"), "\(text)")

            let stats = try await runGorilla(["stats", "--client", "Bea"], home: coach.home)
            #expect(stats.stdout.contains("body weight:      85 kg on 2026-05-20, BMI 26.2"), "\(stats)")
            let body = try #require(try await Self.json(["stats"], on: client).objectValue?["body"]?.objectValue)
            #expect(
                body["bmiHeight"] == 180 && body["bmiHeightDate"] == "2026-06-01" && body["weight"] == 85, "\(body)")
        }
    }

    @Test func theNewFiguresRoundTripThroughTheServer() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            let figures: [(option: String, field: String, value: JSONValue)] = [
                ("--neck", "neck", 36.5), ("--shoulders", "shoulders", 112), ("--hips", "hips", 98),
                ("--forearm", "forearm", 27.5), ("--calf", "calf", 37), ("--body-fat", "bodyFat", 21.4),
            ]
            let added = try await Self.json(
                ["measurements", "add", "--date", "2026-04-04"]
                    + figures.flatMap { [$0.option, "\($0.value.doubleValue!)"] }, on: client)
            let id = try #require(added.objectValue?["id"]?.stringValue)
            let stored = try #require(try Self.stored(id, on: server).objectValue)
            let row = try #require(
                try await Self.json(["measurements", "list", "--client", "Bea"], on: coach).arrayValue?.first?
                    .objectValue)
            for figure in figures {
                #expect(stored[figure.field] == figure.value, "\(figure.field): \(stored)")
                #expect(row[figure.field] == figure.value, "\(figure.field): \(row)")
            }
            let text = try await runGorilla(["measurements", "list", "--client", "Bea"], home: coach.home)
            for column in ["NECK", "SHOULDERS", "HIPS", "FOREARM", "CALF", "FAT %"] {
                #expect(text.stdout.contains(column), "\(column): \(text)")
            }
            #expect(text.stdout.contains("21.4") && text.stdout.contains("27.5"), "\(text)")
        }
    }

    @Test func theGoalWeightIsShownWithTheDistanceToIt() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            _ = try await Self.json(
                [
                    "measurements", "add", "--client", "Bea", "--date", "2026-05-01", "--weight", "80", "--height",
                    "170",
                ],
                on: coach)
            let set = try await runGorilla(["clients", "edit", "Bea", "--goal-weight", "72.5"], home: coach.home)
            #expect(set.status == 0, "\(set)")
            #expect(set.stdout.contains("Goal weight of Bea Puig: 72.5 kg: 7.5 kg to lose"), "\(set)")
            let wrong = try await runGorilla(["clients", "edit", "Bea", "--goal-weight", "600"], home: coach.home)
            #expect(wrong.status == 64 && wrong.stderr.contains("20–400 kg"), "\(wrong)")

            let shown = try await runGorilla(["clients", "show", "Bea"], home: coach.home)
            #expect(shown.stdout.contains("goal weight: 72.5 kg"), "\(shown)")
            #expect(try await Self.json(["clients", "show", "Bea"], on: coach).objectValue?["goalWeight"] == 72.5)

            // The client's device receives it with her client record.
            let listed = try await runGorilla(["measurements"], home: client.home)
            #expect(listed.stdout.contains("goal weight 72.5 kg: 7.5 kg to lose (80 kg on 2026-05-01)"), "\(listed)")
            let rows = try await Self.json(["measurements"], on: client)
            #expect(rows.arrayValue?.first?.objectValue?["toGoal"] == -7.5, "\(rows)")
            let stats = try await runGorilla(["stats"], home: client.home)
            #expect(stats.stdout.contains("goal weight:      72.5 kg: 7.5 kg to lose"), "\(stats)")
            let body = try await Self.json(["stats", "--client", "Bea"], on: coach)
            #expect(body.objectValue?["body"]?.objectValue?["toGoal"] == -7.5, "\(body)")
            #expect(body.objectValue?["body"]?.objectValue?["goalWeight"] == 72.5, "\(body)")

            // A client cannot set it; `none` removes it.
            let byClient = try await runGorilla(["clients", "edit", "Bea", "--goal-weight", "60"], home: client.home)
            #expect(byClient.status != 0, "\(byClient)")
            let cleared = try await runGorilla(["clients", "edit", "Bea", "--goal-weight", "none"], home: coach.home)
            #expect(cleared.status == 0 && cleared.stdout.contains("Removed the goal weight of Bea Puig"), "\(cleared)")
            #expect(try await Self.json(["clients", "show", "Bea"], on: coach).objectValue?["goalWeight"] == nil)
        }
    }

    @Test func theServerStoresTheDayWrittenAndKeepsOnlyTheHardLimits() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            let bea = try #require(try coach.entity("client", named: "Bea")).id
            func measurement(_ fields: [String: JSONValue]) -> Mutation {
                var fields = fields
                fields["client"] = .string(bea.uuidString.lowercased())
                return Mutation(id: UUID.v7(), kind: "measurement", entity: UUID.v7(), action: .create, fields: fields)
            }
            // As devices sent dates before: an instant, read as the day written in it (its offset, else UTC).
            let madrid = measurement(["date": "2026-11-20T00:00:00+01:00", "height": 95])
            let utc = measurement(["date": "2026-11-19T23:00:00.000Z", "weight": 80])
            let heavy = measurement(["date": "2026-11-20", "weight": 701])
            let noDay = measurement(["date": "2026-02-30", "weight": 80])
            let results = try await coach.push([madrid, utc, heavy, noDay])
            #expect(results.map(\.status) == [.applied, .applied, .rejected, .rejected], "\(results)")
            #expect(
                try Self.stored(madrid.entity.uuidString.lowercased(), on: server).objectValue?["date"] == "2026-11-20")
            #expect(try Self.stored(madrid.entity.uuidString.lowercased(), on: server).objectValue?["height"] == 95)
            #expect(
                try Self.stored(utc.entity.uuidString.lowercased(), on: server).objectValue?["date"] == "2026-11-19")

            // The goal weight is a field of the client, within the limits of a weight.
            func goal(_ value: JSONValue) -> Mutation {
                Mutation(id: UUID.v7(), kind: "client", entity: bea, action: .update, fields: ["goalWeight": value])
            }
            let goals = try await coach.push([goal(701), goal(410), goal("light")])
            #expect(goals.map(\.status) == [.rejected, .applied, .rejected], "\(goals)")
            #expect(try Self.stored(bea.uuidString.lowercased(), on: server).objectValue?["goalWeight"] == 410)
        }
    }
}
