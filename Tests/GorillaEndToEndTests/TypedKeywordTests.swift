import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// The words a coach types in `--set` and `--plan` (set types, `rest`, `group`, `sets`), `train --repeat` and
/// `events --every --days` read in Catalan through the real binary, and an error lists the Catalan words beside the
/// English ones.
@Suite(.hangLimit)
struct TypedKeywordTests {
    /// The sets of `exercise` in a session or training printed with `--json`.
    static func entries(_ json: JSONValue, of exercise: String) -> [[String: JSONValue]] {
        (json.objectValue?["exercises"]?.arrayValue ?? []).compactMap(\.objectValue)
            .filter { $0["name"]?.stringValue == exercise }
    }

    @Test func aCatalanCoachTypesSetTypesRestAndGroupInCatalan() async throws {
        try await withTestServer { server in
            let (coach, _) = try await SessionSyncTests.coachAndClient(on: server)
            let added = try await runGorilla(["exercises", "add", "Sentadilla", "--language", "ca"], home: coach.home)
            #expect(added.status == 0, "\(added)")

            let logged = try await runGorilla(
                [
                    "--json", "sessions", "log", "--client", "Bea", "--language", "ca",
                    "--set", "Sentadilla: 10x20kg escalfament, 8x40kg, 6x50kg (fallada)",
                ], home: coach.home)
            #expect(logged.status == 0, "\(logged)")
            let sets = Self.entries(try logged.json(), of: "Sentadilla").first?["sets"]?.arrayValue ?? []
            #expect(
                sets.map { $0.objectValue?["type"]?.stringValue ?? "normal" } == ["warmup", "normal", "failure"],
                "\(logged)")

            let planned = try await runGorilla(
                [
                    "trainings", "add", "Cames", "--language", "ca",
                    "--plan", "Sentadilla: 3x10@60kg descans 90s grup a",
                ], home: coach.home)
            #expect(planned.status == 0, "\(planned)")
            let first = try await runGorilla(["--json", "trainings", "show", "Cames"], home: coach.home)
            let grouped = try #require(Self.entries(try first.json(), of: "Sentadilla").first, "\(first)")
            #expect(grouped["rest"] == 90 && grouped["group"] == "A" && grouped["sets"] == 3, "\(first)")
            let edited = try await runGorilla(
                ["trainings", "edit", "Cames", "--language", "ca", "--plan", "Sentadilla: 4x8@70kg descans 2min"],
                home: coach.home)
            #expect(edited.status == 0, "\(edited)")
            let shown = try await runGorilla(["--json", "trainings", "show", "Cames"], home: coach.home)
            let plan = try #require(Self.entries(try shown.json(), of: "Sentadilla").first, "\(shown)")
            #expect(plan["sets"] == 4 && plan["reps"] == 8 && plan["weight"] == 70 && plan["rest"] == 120, "\(shown)")

            let refused = try await runGorilla(
                ["sessions", "log", "--client", "Bea", "--language", "ca", "--set", "Sentadilla: 10x20kg pesada"],
                home: coach.home)
            #expect(refused.status != 0, "\(refused)")
            for words in ["escalfament/warmup", "descendent/drop", "fallada/failure"] {
                #expect(refused.stderr.contains(words), "\(words): \(refused)")
            }
            #expect(refused.stderr.contains("tipus de sèrie desconegut 'pesada'"), "\(refused)")
        }
    }

    @Test func aCatalanAccountRepeatsPlansAndSchedulesInItsWords() async throws {
        try await withTestServer { server in
            let (coach, _) = try await SessionSyncTests.coachAndClient(on: server)
            let catalan = try await runGorilla(["profile", "edit", "--language", "ca"], home: coach.home)
            #expect(catalan.status == 0, "\(catalan)")
            _ = try await runGorilla(["exercises", "add", "Sentadilla"], home: coach.home)

            let refused = try await runGorilla(["train", "--client", "Bea", "--repeat", "xyz"], home: coach.home)
            #expect(refused.status == 64, "\(refused)")
            #expect(refused.stderr.contains("--repeat accepta últim/last, no 'xyz'"), "\(refused)")
            #expect(!refused.stderr.contains("Please provide"), "\(refused)")

            // Nothing to repeat yet: the value was read, and the refusal is about the history (exit 66).
            let nothing = try await runGorilla(["train", "--client", "Bea", "--repeat", "últim"], home: coach.home)
            #expect(nothing.status == 66 && nothing.stderr.contains("no té cap sessió anterior"), "\(nothing)")
            let logged = try await runGorilla(
                ["sessions", "log", "--client", "Bea", "--set", "Sentadilla: 10x40kg"], home: coach.home)
            #expect(logged.status == 0, "\(logged)")
            // With a session to repeat, only the missing terminal stops it (exit 73): every word was accepted.
            for word in ["ÚLTIMA", "último", "last"] {
                let repeated = try await runGorilla(["train", "--client", "Bea", "--repeat", word], home: coach.home)
                #expect(repeated.status == 73, "\(word): \(repeated)")
            }

            let planned = try await runGorilla(
                ["--json", "trainings", "add", "Cames", "--plan", "Sentadilla: 3 sèries de 10@60kg descans 90s"],
                home: coach.home)
            #expect(planned.status == 0, "\(planned)")
            let shown = try await runGorilla(["--json", "trainings", "show", "Cames"], home: coach.home)
            let plan = try #require(Self.entries(try shown.json(), of: "Sentadilla").first, "\(shown)")
            #expect(plan["sets"] == 3 && plan["reps"] == 10 && plan["weight"] == 60 && plan["rest"] == 90, "\(shown)")

            let series = try await runGorilla(
                [
                    "events", "add", "--client", "Bea", "--at", "2027-03-01 09:00", "--every", "setmana", "--days",
                    "dl,dj", "--count", "4",
                ], home: coach.home)
            #expect(series.status == 0, "\(series)")
            #expect(series.stdout.contains("cada setmana (dl, dj)"), "\(series)")
            let spanish = try await runGorilla(
                [
                    "events", "add", "--client", "Bea", "--at", "2027-04-06 19:00", "--every", "2 semanas", "--days",
                    "mar,vie", "--count", "2",
                ], home: coach.home)
            #expect(spanish.status == 0 && spanish.stdout.contains("cada 2 setmanes (dt, dv)"), "\(spanish)")
            let wrongDay = try await runGorilla(
                [
                    "events", "add", "--client", "Bea", "--at", "2027-03-01 09:00", "--every", "setmana", "--days",
                    "dl,xx",
                ],
                home: coach.home)
            #expect(wrongDay.status == 64, "\(wrongDay)")
            #expect(wrongDay.stderr.contains("dl/mon, dt/tue, dc/wed, dj/thu, dv/fri, ds/sat, dg/sun"), "\(wrongDay)")
        }
    }
}
