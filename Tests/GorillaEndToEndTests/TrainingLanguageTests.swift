import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaClient

/// The training history and the train view in Catalan and Spanish: results, tables, errors, `--help` and the view's
/// words, with weights written with a decimal comma.
@Suite(.hangLimit)
struct TrainingLanguageTests {
    /// Whether `text` holds none of `words` (English left in a Catalan or Spanish output).
    static func lacks(_ text: String, _ words: [String]) -> Bool {
        words.allSatisfy { !text.contains($0) }
    }

    @Test func sessionsAreLoggedShownListedAndCorrectedInCatalanAndSpanish() async throws {
        try await withTestServer { server in
            let (coach, _) = try await SessionSyncTests.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Prensa", ExerciseFields())
            var catalan = coach.app
            catalan.language = .ca
            var spanish = coach.app
            spanish.language = .es

            let logged = try await catalan.logSession(
                SessionLogRequest(client: "Bea", date: "2026-03-02 18:30", sets: ["Prensa: 12x62,5kg, 10x85kg"]))
            #expect(
                logged.text.hasPrefix("S'ha registrat una sessió de Bea Puig el 2026-03-02 18:30"), "\(logged.text)")
            #expect(logged.text.contains("1 exercici, 2 sèries"), "\(logged.text)")
            #expect(Self.lacks(logged.text, ["Logged", "session", "exercise", "sets"]), "\(logged.text)")
            let id = try #require(logged.json.objectValue?["id"]?.stringValue)
            let weights = SessionCorrectionTests.weights(logged.json.objectValue?["exercises"], of: "Prensa")
            #expect(weights == [62.5, 85], "the JSON keeps numbers as numbers")

            let shown = try await catalan.showSession(id)
            for expected in ["sessió ", "(mans lliures)", "client:", "quan:", "totals:", "2 sèries, 22 repeticions"] {
                #expect(shown.text.contains(expected), "\(expected): \(shown.text)")
            }
            #expect(shown.text.contains("12 × 62,5 kg"), "\(shown.text)")
            #expect(shown.text.contains("volum 1600 kg") && shown.text.contains("temps sota tensió"), "\(shown.text)")
            #expect(
                Self.lacks(shown.text, ["when:", "handsfree", "volume", "time under tension", "reps", "62.5"]),
                "\(shown.text)")

            let listed = try await spanish.listSessions(client: nil, from: nil, to: nil)
            for expected in ["CUÁNDO", "CLIENTE", "MODO", "EJERCICIOS", "SERIES", "VOLUMEN", "manos libres"] {
                #expect(listed.text.contains(expected), "\(expected): \(listed.text)")
            }
            #expect(Self.lacks(listed.text, ["WHEN", "EXERCISES", "handsfree"]), "\(listed.text)")
            #expect(listed.json.arrayValue?.first?.objectValue?["mode"] == "handsfree", "machine values stay")

            let corrected = try await spanish.editSession(
                SessionEditRequest(id: String(id.suffix(8)), sets: ["prensa: 12x65kg, 10x87,5kg"]))
            #expect(corrected.text.hasPrefix("Se ha corregido la sesión de Bea Puig del 2026-03-02 18:30"))
            #expect(corrected.text.contains("1 ejercicio, 2 series, ahora revisión 2"), "\(corrected.text)")
            let history = try await spanish.sessionHistory(String(id.suffix(8)))
            #expect(history.text.contains("Sesión \(id.suffix(8)) de Bea Puig: 2 revisiones"), "\(history.text)")
            #expect(history.text.contains("corregida por ti"), "\(history.text)")
            #expect(history.text.contains("Prensa: 12x62,5kg, 10x85kg → 12x65kg, 10x87,5kg"), "\(history.text)")
            #expect(Self.lacks(history.text, ["revision ", "recorded", "corrected", "you"]), "\(history.text)")

            // An error in the language: the set that does not read is named, and why.
            await #expect {
                try await catalan.logSession(SessionLogRequest(client: "Bea", sets: ["Prensa: 12x62,5kg, 10y85kg"]))
            } throws: { error in
                let message = (error as? ClientError)?.message ?? ""
                return message.contains("sèrie 2 de 'Prensa'") && message.contains("s'esperava REPSxPES")
                    && Self.lacks(message, ["set 2", "expected", "whole number"])
            }
            await #expect {
                try await spanish.editSession(SessionEditRequest(id: String(id.suffix(8))))
            } throws: { error in
                let message = (error as? ClientError)?.message ?? ""
                return message.hasPrefix("di qué hay que corregir") && Self.lacks(message, ["say what"])
            }
        }
    }

    @Test func theCommandLineSpeaksTheLanguageAskedInHelpAndErrors() async throws {
        try await withTestServer { server in
            let (coach, _) = try await SessionSyncTests.coachAndClient(on: server)
            let help = try await runGorilla(["train", "--help", "--language", "ca"], home: coach.home)
            #expect(help.stdout.contains("Entrena un client en temps real (cronòmetre)"), "\(help)")
            #expect(help.stdout.contains("Espai engega el cronòmetre de la sèrie"), "\(help)")
            #expect(help.stdout.contains("Continua la sessió inacabada"), "\(help)")
            #expect(Self.lacks(help.stdout, ["Train a client", "stopwatch", "Continue the unfinished"]), "\(help)")

            let logHelp = try await runGorilla(["sessions", "log", "--help", "--language", "es"], home: coach.home)
            #expect(logHelp.stdout.contains("Registra una sesión terminada sin el cronómetro"), "\(logHelp)")
            #expect(logHelp.stdout.contains("--set \"Rower: 2000m@7:30\""), "the examples stay: \(logHelp)")
            #expect(Self.lacks(logHelp.stdout, ["Record a finished", "A note about"]), "\(logHelp)")

            let refused = try await runGorilla(
                ["sessions", "log", "--client", "Bea", "--set", "Prensa 12x80kg", "--language", "es"], home: coach.home)
            #expect(refused.status != 0, "\(refused)")
            #expect(refused.stderr.contains("se esperaba \"EJERCICIO: SERIE, SERIE, ...\""), "\(refused)")
            #expect(Self.lacks(refused.stderr, ["expected", "exercise name"]), "\(refused)")

            let misused = try await runGorilla(
                ["train", "--client", "Bea", "--start", "2026-03-02 18:30", "--language", "es"], home: coach.home)
            #expect(misused.status == 64, "\(misused)")
            #expect(misused.stderr.contains("--start y --end indican las horas de una sesión de manos libres"))
            #expect(Self.lacks(misused.stderr, ["give the times", "real time is timed"]), "\(misused)")

            let nothing = try await runGorilla(["train", "--resume", "--language", "ca"], home: coach.home)
            #expect(nothing.status != 0, "\(nothing)")
            #expect(nothing.stderr.contains("no hi ha cap sessió inacabada"), "\(nothing)")
            #expect(Self.lacks(nothing.stderr, ["no unfinished", "start one"]), "\(nothing)")
        }
    }

    static func recorder(realTime: Bool, at now: Date) throws -> SessionRecorder {
        let plan = try PlanParser.parse("Prensa: 2x12@62,5kg rest 3s").plan
        return SessionRecorder(
            client: UUID(), clientName: "Bea Puig", realTime: realTime,
            items: [SessionRecorder.Item(performed: PerformedExercise(exercise: UUID(), name: "Prensa"), plan: plan)],
            at: now, until: realTime ? nil : now.addingTimeInterval(2700))
    }

    @Test func theTrainViewSpeaksCatalanAndSpanish() throws {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var recorder = try Self.recorder(realTime: true, at: now)
        let catalan = { (recorder: SessionRecorder, now: Date) in
            Language.$current.withValue(.ca) { TrainScreen.render(recorder, at: now, style: .plain) }
        }
        var screen = catalan(recorder, now)
        for expected in ["TEMPS REAL", "Sèrie 1 de 2 · Prensa", "objectiu 12 × 62,5 kg", "a punt", "Espai inici/rep."] {
            #expect(screen.contains(expected), "\(expected): \(screen)")
        }
        #expect(screen.contains("Exercici") && screen.contains("Fetes") && screen.contains("L'última vegada"))
        #expect(Self.lacks(screen, ["REAL TIME", "Set ", "target", "ready", "Space", "Last time"]), "\(screen)")

        // A set, then the planned rest runs out: the status words and the feedback are Catalan too.
        recorder.handle(.space, at: now)
        for _ in 0..<12 { now += 1; recorder.handle(.space, at: now) }
        screen = catalan(recorder, now)
        #expect(screen.contains("rep. 12") && screen.contains("cronòmetre"), "\(screen)")
        recorder.handle(.enter, at: now)
        now += 5
        let rang = recorder.tick(at: now)
        #expect(rang, "the planned rest ran out")
        screen = catalan(recorder, now)
        #expect(screen.contains("DESCANS ACABAT — 0:02 més del previst (0:03)"), "\(screen)")
        #expect(screen.contains("avui: 12x62,5kg"), "\(screen)")
        #expect(Self.lacks(screen, ["REST OVER", "today", "stopwatch"]), "\(screen)")
        recorder.handle(.character("z"), at: now)
        recorder.handle(.character("u"), at: now)
        recorder.handle(.character("u"), at: now)
        #expect(Language.$current.withValue(.ca) { recorder.message } == "no hi ha res per desfer")
        recorder.handle(.character("q"), at: now)
        screen = catalan(recorder, now)
        #expect(
            screen.contains("Resum: 0 exercicis, 0 sèries") || screen.contains("No s'ha registrat res"), "\(screen)")
        #expect(screen.contains("[S/n]"), "\(screen)")
        recorder.handle(.character("s"), at: now)
        #expect(recorder.outcome == .save, "s (sí) answers yes")

        // The hands-free form, in Spanish.
        var form = try Self.recorder(realTime: false, at: now)
        let spanish = Language.$current.withValue(.es) { TrainScreen.render(form, at: now, style: .plain) }
        for expected in ["MANOS LIBRES", "Serie 1 de 2 · Prensa", "12 × 62,5 kg", "Intro confirma", "s salta"] {
            #expect(spanish.contains(expected), "\(expected): \(spanish)")
        }
        #expect(Self.lacks(spanish, ["HANDS-FREE", "Enter", "confirms", "pass over"]), "\(spanish)")
        form.handle(.character("a"), at: now)
        let picker = Language.$current.withValue(.es) { TrainScreen.render(form, at: now, style: .plain) }
        #expect(picker.contains("Ejercicio (escribe para filtrar"), "\(picker)")
        #expect(picker.contains("(el catálogo está vacío: escribe un nombre para crear uno)"), "\(picker)")
    }
}
