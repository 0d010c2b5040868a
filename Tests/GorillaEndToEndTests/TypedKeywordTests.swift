import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// The words a coach types in `--set` and `--plan` (set types, `rest`, `group`) read in Catalan through the real
/// binary, and an error lists the Catalan words beside the English ones.
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
}
