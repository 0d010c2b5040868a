import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The same short scenario through the real binary in Catalan, Spanish and English: register, add a machine, list it,
/// log a session, read the statistics, make a mistake, ask for help. Catalan and Spanish runs show no English words
/// but names, units and the command lines they quote.
@Suite(.hangLimit)
struct LanguageScenarioTests {
    /// English words the scenario's English output uses that Catalan and Spanish do not write.
    static let englishWords: Set<String> = [
        "the", "with", "added", "registered", "logged", "session", "machine", "machines", "week", "weeks",
        "found", "show", "help", "options", "usage", "training", "client", "clients", "exercise", "exercises", "and",
        "not", "was", "were", "your", "this", "that", "last", "volume", "best", "hours", "minutes", "named", "known",
        "none", "yet", "print", "value", "standard", "output", "reps", "weight",
        "trained", "attendance", "done", "missed", "upcoming", "cancelled", "saved", "logged", "synced", "queued",
    ]

    /// The English words of `englishWords` in `text`'s prose.
    static func english(in text: String) -> [String] { LeftInEnglish.words(englishWords, in: text) }

    /// Runs the scenario on a new device in `language`; returns everything it printed, command by command.
    static func scenario(_ language: String, on server: some RunningServer) async throws -> [(String, CommandRun)] {
        let device = try Device()
        try await device.connect(to: server)
        var runs: [(String, CommandRun)] = []
        func run(_ arguments: [String], input: String? = nil) async throws -> CommandRun {
            let done = try await runGorilla(arguments + ["--language", language], home: device.home, input: input)
            runs.append((arguments.joined(separator: " "), done))
            return done
        }
        let password = "correct horse battery"
        let registered = try await run(
            [
                "register", "coach", "--username", "nuria_\(language)", "--email", "nuria_\(language)@example.com",
                "--name", "Núria", "--surname", "Puig", "--password-stdin",
            ], input: "\(password)\n")
        #expect(registered.status == 0, "\(registered)")
        #expect(try await run(["machines", "add", "Premsa"]).status == 0)
        #expect(try await run(["machines", "list"]).status == 0)
        #expect(try await run(["clients", "add", "--name", "Bea", "--surname", "Roca"]).status == 0)
        let logged = try await run(
            [
                "sessions", "log", "--client", "Bea", "--date", "2026-11-20 10:00", "--set", "Squat: 8x60kg, 10x62,5kg",
                "--allow-new",
            ])
        #expect(logged.status == 0, "\(logged)")
        #expect(try await run(["stats", "--client", "Bea"]).status == 0)
        let mistake = try await run(["machines", "rm", "Nothing", "--yes"])
        #expect(mistake.status != 0, "\(mistake)")
        #expect(try await run(["machines", "add", "--help"]).status == 0)
        return runs
    }

    @Test func catalanAndSpanishRunsShowNoEnglishAndTheDecimalComma() async throws {
        try await withTestServer { server in
            let english = try await Self.scenario("en", on: server)
            #expect(english.contains { !Self.english(in: $0.1.stdout + $0.1.stderr).isEmpty }, "the check can fail")
            for language in ["ca", "es"] {
                let runs = try await Self.scenario(language, on: server)
                for (command, run) in runs {
                    let found = Self.english(in: run.stdout + run.stderr)
                    #expect(found.isEmpty, "\(language) \(command): English \(found) in\n\(run.stdout)\(run.stderr)")
                }
                // The best weight, as the language writes it.
                var stats = ""
                for (command, run) in runs where command.hasPrefix("stats") { stats = run.stdout }
                #expect(stats.contains("62,5"), "\(language): \(stats)")
            }
        }
    }
}
