import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// Planned compliance end to end: a client follows a program of one training a day, logs some days themselves while
/// the coach logs others, and the coach's `stats --compliance` and home screen read the planned workouts done.
@Suite(.hangLimit)
struct PlannedComplianceEndToEndTests {
    /// Every command runs in UTC, so that the days the test names are the ones the CLI reads.
    static let utc = ["TZ": "UTC"]

    static func json(_ arguments: [String], on device: Device) async throws -> JSONValue {
        let run = try await runGorilla(["--json"] + arguments, home: device.home, environment: utc)
        #expect(run.status == 0, "\(arguments): \(run)")
        return try run.json()
    }

    static func run(_ arguments: [String], on device: Device) async throws -> CommandRun {
        let run = try await runGorilla(arguments, home: device.home, environment: utc)
        #expect(run.status == 0, "\(arguments): \(run)")
        return run
    }

    @Test func statsComplianceShowsThePlannedWorkoutsDoneAndWhoNeedsAttention() async throws {
        try await withTestServer { server in
            let (coach, client) = try await ProgramTests.coachWithLegs(on: server)
            let today = CalendarDate.today(in: .gmt)
            let before = try await Self.json(["stats", "--compliance", "--client", "Bea"], on: coach)
            #expect(before.objectValue?["planned"] == nil, "nothing planned, no rate: \(before)")

            // Legs every day since 13 days ago: 13 planned days before today, today's still ahead.
            _ = try await Self.run(
                ["programs", "add", "Daily", "--cycle", "1", "--weeks", "20", "--day", "1: Legs"], on: coach)
            _ = try await Self.run(
                ["programs", "assign", "Daily", "--client", "Bea", "--start", today.adding(days: -13).description],
                on: coach)
            // The coach logs six days of the first week; Bea logs yesterday herself, twice: one day done, not two.
            for back in 8...13 {
                _ = try await Self.run(
                    [
                        "sessions", "log", "--client", "Bea", "--date", "\(today.adding(days: -back)) 10:00", "--set",
                        "Squat: 5x100kg",
                    ], on: coach)
            }
            try await client.sync()
            for hour in ["07:00", "19:00"] {
                _ = try await Self.run(
                    ["sessions", "log", "--date", "\(today.adding(days: -1)) \(hour)", "--set", "Squat: 5x100kg"],
                    on: client)
            }

            // 7 days: 1 of 6 planned (today still ahead); 30 and 90 days: 7 of 13. 17 % is 37 points below 54 %.
            let one = try #require(
                try await Self.json(["stats", "--compliance", "--client", "Bea"], on: coach).objectValue)
            let planned = try #require(one["planned"]?.objectValue, "\(one)")
            #expect(planned["d7"]?.doubleValue == 0.167, "\(planned)")
            #expect(planned["d30"]?.doubleValue == 0.538 && planned["d90"]?.doubleValue == 0.538, "\(planned)")
            #expect(one["attention"]?.boolValue == true, "\(one)")
            let text = try await Self.run(["stats", "--compliance", "--client", "Bea"], on: coach)
            #expect(
                text.stdout.contains("planned workouts done: 17% in 7 days, 54% in 30 days, 54% in 90 days"), "\(text)")
            #expect(text.stdout.contains("Needs attention (7 days 20 points or more below 90 days): Bea"), "\(text)")

            // The coach's list across clients names her as needing attention, and so does the home screen.
            let list = try #require(try await Self.json(["stats", "--compliance"], on: coach).arrayValue)
            let bea = try #require(list.first { $0.objectValue?["client"]?.stringValue?.hasPrefix("Bea") == true })
            #expect(bea.objectValue?["attention"]?.boolValue == true, "\(list)")
            let listed = try await Self.run(["stats", "--compliance"], on: coach)
            #expect(
                listed.stdout.contains("Needs attention (7 days 20 points or more below 90 days): Bea"), "\(listed)")
            let home = try await Self.run([], on: coach)
            #expect(home.stdout.contains("Needs attention (7 days 20 points or more below 90 days): Bea"), "\(home)")
            let homeJSON = try await Self.json([], on: coach)
            #expect(homeJSON.objectValue?["attention"]?.arrayValue?.first?.stringValue?.hasPrefix("Bea") == true)

            // A client reads their own; the session of today counts today once done.
            _ = try await Self.run(
                ["sessions", "log", "--date", "\(today) 00:30", "--set", "Squat: 5x100kg"], on: client)
            let own = try #require(try await Self.json(["stats", "--compliance"], on: client).objectValue)
            #expect(own["planned"]?.objectValue?["d7"]?.doubleValue == 0.286, "2 of 7: \(own)")
        }
    }

    @Test func theGymOverviewShowsEachCoachsThirtyDayPlannedRateAndTheGymsTotal() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            _ = try await ada.app.gymCreate("Gorilla Gym")
            let bob = try await Device.coach("bob", on: server)
            let code = try #require(try await ada.app.gymInvite().json.objectValue?["code"]?.stringValue)
            _ = try await bob.app.gymJoin(code)
            _ = try await ada.invite(name: "Ana", surname: "Serra")
            _ = try await bob.invite(name: "Bo", surname: "Puig")
            let today = CalendarDate.today(in: .gmt)
            // Ana follows a daily program from 9 days ago and did 3 of its 9 days; Bo, from 4 days ago, none.
            for (coach, client, back, done) in [(ada, "Ana", 9, 3), (bob, "Bo", 4, 0)] {
                _ = try await Self.run(["exercises", "add", "Squat"], on: coach)
                _ = try await Self.run(["trainings", "add", "Legs", "--plan", "Squat: 3x5@100kg"], on: coach)
                _ = try await Self.run(
                    ["programs", "add", "Daily", "--cycle", "1", "--weeks", "20", "--day", "1: Legs"], on: coach)
                _ = try await Self.run(
                    [
                        "programs", "assign", "Daily", "--client", client, "--start",
                        today.adding(days: -back).description,
                    ], on: coach)
                for day in stride(from: 1, through: done, by: 1) {
                    _ = try await Self.run(
                        [
                            "sessions", "log", "--client", client, "--date", "\(today.adding(days: -day)) 10:00",
                            "--set", "Squat: 5x100kg",
                        ], on: coach)
                }
            }
            let overview = try #require(try await Self.json(["gym", "overview"], on: ada).objectValue)
            func figures(_ username: String) -> [String: JSONValue] {
                let line = overview["coaches"]?.arrayValue?.first { $0.objectValue?["username"] == .string(username) }
                return line?.objectValue?["figures"]?.objectValue ?? [:]
            }
            #expect(figures("ada")["planned30"]?.doubleValue == 0.333, "\(overview)")
            #expect(figures("bob")["planned30"]?.doubleValue == 0, "\(overview)")
            #expect(overview["totals"]?.objectValue?["planned30"]?.doubleValue == 0.231, "3 of 13: \(overview)")
            let text = try await Self.run(["gym", "overview"], on: ada)
            #expect(text.stdout.contains("PLANNED 30D") && text.stdout.contains("33%"), "\(text)")
        }
    }
}
