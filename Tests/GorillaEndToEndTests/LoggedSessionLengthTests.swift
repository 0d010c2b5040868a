import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// How long a session entered with `sessions log` lasted (`--duration`, else the training's planned length, else an
/// hour), `sessions edit --duration`, the training time statistics count, and a misspelt exercise said to be matched:
/// the real CLI against a real server over TLS, in Catalan, Spanish and English.
@Suite(.hangLimit)
struct LoggedSessionLengthTests {
    /// The seconds from the session's start to its end, as `sessions show --json` gives them.
    static func length(_ id: String, _ coach: Device) async throws -> Double {
        let shown = try await runGorilla(["--json", "sessions", "show", id], home: coach.home)
        let session = try #require(try shown.json().objectValue, "\(shown)")
        let start = try #require(session["start"]?.stringValue.flatMap(ISOTime.parse), "\(shown)")
        let end = try #require(session["end"]?.stringValue.flatMap(ISOTime.parse), "\(shown)")
        return end.timeIntervalSince(start)
    }

    static func log(_ coach: Device, _ more: [String]) async throws -> (id: String, run: CommandRun) {
        let run = try await runGorilla(
            ["--json", "sessions", "log", "--client", "Bea", "--set", "Prensa: 10x80kg"] + more, home: coach.home)
        let id = try #require(try run.json().objectValue?["id"]?.stringValue, "\(run)")
        return (id, run)
    }

    @Test func aLoggedSessionLastsWhatItIsToldElseItsTrainingsPlanElseAnHour() async throws {
        try await withTestServer { server in
            let (coach, _) = try await SessionSyncTests.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Prensa", ExerciseFields())
            _ = try await coach.app.addTraining(name: "Cames", exercises: [], plans: ["Prensa: 3x10@80kg rest 60s"])
            for (given, seconds) in [("60", 3600.0), ("45m", 2700), ("1h", 3600), ("1h30m", 5400)] {
                let (id, _) = try await Self.log(coach, ["--date", "2026-03-02 10:00", "--duration", given])
                #expect(try await Self.length(id, coach) == seconds, "--duration \(given)")
            }
            let (plain, _) = try await Self.log(coach, ["--date", "2026-03-03 10:00"])
            #expect(try await Self.length(plain, coach) == 3600, "no training: the documented hour")
            let (planned, _) = try await Self.log(coach, ["--date", "2026-03-04 10:00", "--training", "Cames"])
            // 3 sets of 45 s, two rests of 60 s and two minutes to change: 6 min 15 s, rounded up to the minute.
            #expect(try await Self.length(planned, coach) == 7 * 60, "the training's planned length")
            let shown = try await runGorilla(["sessions", "show", plain], home: coach.home)
            #expect(shown.stdout.contains("10:00 – 11:00 (1 h)"), "\(shown)")

            // A length that does not read is refused before anything is stored, in the user's language.
            let refusals = [
                ("en", "--duration takes minutes (60) or 45m, 1h, 1h30m, from 1 minute to 24 hours; not 'soon'"),
                ("ca", "--duration pren minuts (60) o 45m, 1h, 1h30m, d'1 minut a 24 hores; no 'soon'"),
                ("es", "--duration admite minutos (60) o 45m, 1h, 1h30m, de 1 minuto a 24 horas; no 'soon'"),
            ]
            for (language, message) in refusals {
                let refused = try await runGorilla(
                    [
                        "sessions", "log", "--client", "Bea", "--set", "Prensa: 10x80kg", "--duration", "soon",
                        "--language", language,
                    ], home: coach.home)
                #expect(refused.status == 64 && refused.stderr.contains(message), "\(refused)")
            }
            let tooLong = try await runGorilla(
                ["sessions", "log", "--client", "Bea", "--set", "Prensa: 10x80kg", "--duration", "25h"],
                home: coach.home)
            #expect(tooLong.status == 64, "\(tooLong)")

            // `sessions edit --duration` moves the end of one already logged.
            let edited = try await runGorilla(["sessions", "edit", plain, "--duration", "1h15m"], home: coach.home)
            #expect(edited.status == 0, "\(edited)")
            #expect(try await Self.length(plain, coach) == 4500)
            let again = try await runGorilla(["sessions", "show", plain], home: coach.home)
            #expect(again.stdout.contains("10:00 – 11:15 (1 h 15 min)"), "\(again)")
        }
    }

    @Test func trainingTimeCountsTheLengthOfLoggedSessions() async throws {
        try await withTestServer { server in
            let (coach, _) = try await SessionSyncTests.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Prensa", ExerciseFields())
            for day in ["2026-03-02", "2026-03-04", "2026-03-06"] {
                _ = try await Self.log(coach, ["--date", "\(day) 10:00", "--duration", "45m"])
            }
            let stats = try await runGorilla(
                ["--json", "stats", "--client", "Bea", "--from", "2026-03-01", "--to", "2026-03-07"], home: coach.home)
            let time = try stats.json().objectValue?["trainingTime"]?.doubleValue
            #expect(time.map { abs($0 - 3 * 2700) < 1 } == true, "\(stats)")
            let text = try await runGorilla(
                ["stats", "--client", "Bea", "--from", "2026-03-01", "--to", "2026-03-07"], home: coach.home)
            #expect(text.stdout.contains("2 h 15 min"), "\(text)")
        }
    }

    @Test func aMisspeltExerciseIsSaidToBeMatched() async throws {
        try await withTestServer { server in
            let (coach, _) = try await SessionSyncTests.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Sentadilla", ExerciseFields())
            let notes = [
                ("en", "note: 'Sentadila' taken as 'Sentadilla'"),
                ("ca", "nota: 'Sentadila' s'ha pres com a 'Sentadilla'"),
                ("es", "nota: 'Sentadila' se ha tomado como 'Sentadilla'"),
            ]
            for (language, note) in notes {
                let logged = try await runGorilla(
                    ["sessions", "log", "--client", "Bea", "--set", "Sentadila: 5x100kg", "--language", language],
                    home: coach.home)
                #expect(logged.status == 0 && logged.stderr.contains(note), "\(logged)")
                #expect(!logged.stdout.contains(note), "standard error only: \(logged)")
            }
            let json = try await runGorilla(
                ["--json", "sessions", "log", "--client", "Bea", "--set", "Sentadila: 5x100kg"], home: coach.home)
            let matched = try json.json().objectValue?["matched"]?.arrayValue?.first?.objectValue
            #expect(matched?["typed"] == "Sentadila" && matched?["name"] == "Sentadilla", "\(json)")
            let exact = try await runGorilla(
                ["--json", "sessions", "log", "--client", "Bea", "--set", "sentadilla: 5x100kg"], home: coach.home)
            #expect(try exact.json().objectValue?["matched"] == nil, "case alone is not a match to tell: \(exact)")
        }
    }
}
