import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// `gorilla stats` and `gorilla measurements` in Catalan and Spanish: the texts, the charts, the errors and the help
/// in the language asked for, figures written and read with a decimal comma, and no English left in them.
@Suite(.hangLimit)
struct ProgressLanguageTests {
    /// A coach device and their registered client Bea Puig on her own device.
    static func coachAndClient(on server: some RunningServer) async throws -> (coach: Device, client: Device) {
        let coach = try await Device.coach("ada", on: server)
        let invited = try await coach.invite(name: "Bea", surname: "Puig")
        let client = try await Device.registered("bea", code: invited.code, on: server)
        try await coach.sync()
        return (coach, client)
    }

    /// `text` holds none of `words` (the English of the same output).
    static func expectNoEnglish(_ text: String, _ words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for word in words {
            #expect(!text.contains(word), "'\(word)' left in English: \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func measurementsInCatalanTakeADecimalCommaAndAreWrittenWithIt() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            let added = try await runGorilla(
                [
                    "--language", "ca", "measurements", "add", "--client", "Bea", "--date", "2026-11-20", "--weight",
                    "62,5", "--height", "170",
                ], home: coach.home)
            #expect(added.status == 0, "\(added)")
            #expect(
                added.stdout.contains("S'ha registrat una mesura per a Bea Puig del dia 20 de novembre de 2026."),
                "\(added)")
            #expect(added.stdout.contains("IMC 21,6 (normal)."), "\(added)")
            Self.expectNoEnglish(added.stdout, ["Recorded", "measurement", "BMI", "21.6"])

            // The comma reached the server as the number 62.5; `--json` keeps its machine values.
            let listed = try await runGorilla(["--json", "--language", "ca", "measurements"], home: client.home)
            let row = try #require(try listed.json().arrayValue?.first?.objectValue, "\(listed)")
            #expect(row["weight"] == 62.5 && row["bmiCategory"] == "normal", "\(row)")

            // A point is as good as a comma, in every language.
            let pointed = try await runGorilla(
                ["--language", "es", "measurements", "add", "--date", "2026-11-27", "--weight", "61.5"],
                home: client.home)
            #expect(pointed.status == 0, "\(pointed)")
            #expect(
                pointed.stdout.contains("Se ha registrado una medida de Bea Puig del 27 de noviembre de 2026."),
                "\(pointed)")
            #expect(
                pointed.stdout.contains("IMC 21,3 (normal, altura 170 cm del 20 de noviembre de 2026)."), "\(pointed)")

            let table = try await runGorilla(
                ["--language", "ca", "measurements", "list", "--client", "Bea"], home: coach.home)
            #expect(table.status == 0, "\(table)")
            for word in ["DATA", "KG", "ALÇADA", "IMC", "NOTA", "62,5", "61,5", "21,6 (normal)"] {
                #expect(table.stdout.contains(word), "\(word): \(table)")
            }
            Self.expectNoEnglish(table.stdout, ["DATE", "HEIGHT", "BMI", "NOTE", "62.5", "height"])

            let goal = try await runGorilla(
                ["--language", "ca", "clients", "edit", "Bea", "--goal-weight", "60"], home: coach.home)
            #expect(goal.status == 0, "\(goal)")
            #expect(
                goal.stdout.contains(
                    "Pes objectiu per a Bea Puig: 60 kg: 1,5 kg per perdre (61,5 kg el dia 27 de novembre de 2026)."),
                "\(goal)")
        }
    }

    @Test func aFigureThatIsNoNumberOrImplausibleIsRefusedInSpanish() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            let word = try await runGorilla(
                ["--language", "es", "measurements", "add", "--client", "Bea", "--weight", "62,5kg"], home: coach.home)
            #expect(word.status == 64, "\(word)")
            #expect(word.stderr.contains("--weight: «62,5kg» no es un número"), "\(word)")
            Self.expectNoEnglish(word.stderr, ["is not a number"])

            let short = try await runGorilla(
                ["--language", "es", "measurements", "add", "--client", "Bea", "--height", "99,5"], home: coach.home)
            #expect(short.status == 64, "\(short)")
            #expect(
                short.stderr.contains(
                    "--height 99,5 cm está fuera del intervalo plausible 100–250 cm; comprueba el valor, o añade "
                        + "--force si es correcto"), "\(short)")
            Self.expectNoEnglish(short.stderr, ["outside", "plausible range", "check the value"])

            let nothing = try await runGorilla(
                ["--language", "ca", "measurements", "add", "--client", "Bea"], home: coach.home)
            #expect(nothing.status == 64 && nothing.stderr.contains("indica almenys una xifra: --weight"), "\(nothing)")
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("measurement") == 0)

            let unit = try await runGorilla(
                ["--language", "es", "stats", "--client", "Bea", "--unit", "st"], home: coach.home)
            #expect(unit.status == 64 && unit.stderr.contains("--unit es kg o lb"), "\(unit)")
        }
    }

    @Test func theHelpOfStatsAndMeasurementsIsInTheLanguageAskedFor() async throws {
        let home = try TemporaryFolder("gorilla-progress-help")
        let add = try await runGorilla(["--language", "es", "measurements", "add", "--help"], home: home.url)
        let help = add.stdout + add.stderr
        for text in [
            "Registra una medida", "Peso corporal en kg (plausible: 20–400).", "Pantorrilla en cm.", "--weight",
        ] {
            #expect(help.contains(text), "\(text): \(help)")
        }
        Self.expectNoEnglish(help, ["Record a measurement", "Body weight", "Calf in cm", "plausible range"])

        let stats = try await runGorilla(["stats", "--help", "--language", "ca"], home: home.url)
        let statsHelp = stats.stdout + stats.stderr
        for text in ["Les estadístiques d'un client", "d'Epley", "--compliance", "OPCIONS GLOBALS:"] {
            #expect(statsHelp.contains(text), "\(text): \(statsHelp)")
        }
        Self.expectNoEnglish(statsHelp, ["A client's statistics", "Epley's estimate", "Also write the chart"])
        withExtendedLifetime(home) {}
    }

    @Test func statsAndTheirChartsAreWrittenInCatalanAndSpanish() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Bench press", ExerciseFields())
            for (date, sets) in [
                ("2026-03-02 18:30", "Bench press: 12x80kg, 10x85kg"),
                ("2026-03-09 18:30", "Bench press: 10x90kg, 8x95kg, 3x97.5kg"),
            ] {
                _ = try await coach.app.logSession(SessionLogRequest(client: "Bea", date: date, sets: [sets]))
            }
            var catalan = coach.app
            catalan.language = .ca
            let folder = try TemporaryFolder("gorilla-progress-svg")
            let svgPath = folder.url.appendingPathComponent("bench.svg").path
            let bench = try await catalan.stats(
                StatsRequest(client: "Bea", exercise: "Bench press", svg: svgPath, history: true))
            for text in [
                "millor pes:      97,5 kg", "e1RM (Epley):    120,3 kg", "1RM estimat per sessió (kg)",
                "rècords personals (sense escalfaments):", "sèrie més pesada per interval de repeticions:",
                "7–10 rep.", "historial de rècords:", "última sessió:",
            ] {
                #expect(bench.text.contains(text), "\(text): \(bench.text)")
            }
            Self.expectNoEnglish(
                bench.text, ["best weight", "estimated", "personal records", "heaviest", "last session", "120.33"])
            let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
            #expect(svg.contains("Bench press — 1RM estimat per sessió, Bea Puig"), "\(svg)")
            #expect(svg.contains(#"data-value="120.3""#) && svg.contains("120,3 kg</title>"), "\(svg)")

            var spanish = coach.app
            spanish.language = .es
            let overview = try await spanish.stats(StatsRequest(client: "Bea"))
            for text in [
                "asistencia:", "tiempo de entrenamiento:", "sesiones por semana, últimas 12 semanas (sesiones)",
                "EJERCICIO", "MEJOR KG", "TENDENCIA E1RM", "por grupo muscular, ", "(sin calentamientos):",
                "sin asignar",
            ] {
                #expect(overview.text.contains(text), "\(text): \(overview.text)")
            }
            Self.expectNoEnglish(
                overview.text, ["attendance", "training time", "sessions per week", "EXERCISE", "unassigned", "weeks"])
            #expect(overview.json.objectValue?["sessions"] == 2, "the JSON is the same in every language")

            // Bea joined today: her compliance is this week's, whatever the period asked for.
            let compliance = try await catalan.run {
                try await StatsService($0).compliance(StatsRequest(client: "Bea", from: "2026-03-02"))
            }
            for text in ["Bea Puig — compliment, 1 setmana des del dia ", "cites complertes: 0 de 0 (—)", "SETMANA DEL"] {
                #expect(compliance.text.contains(text), "\(text): \(compliance.text)")
            }
            Self.expectNoEnglish(compliance.text, ["compliance", "appointments", "WEEK OF", "2026-03-02"])
            let before = try await catalan.run {
                try await StatsService($0).compliance(StatsRequest(client: "Bea", from: "2026-03-02", to: "2026-03-15"))
            }
            #expect(before.text.hasPrefix("No hi ha cap setmana per comptar"), "\(before.text)")
            withExtendedLifetime(folder) {}
        }
    }
}
