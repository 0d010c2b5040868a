import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The catalogue's and the clients' commands in Catalan and Spanish: their results, errors and `--help`, with no
/// English words but names, units and the command lines they quote; names are found with accents and case folded.
@Suite(.hangLimit)
struct CatalogueLanguageTests {
    /// Words of these commands' English output that Catalan and Spanish do not write.
    /// (Not "a", "no", "on", "set", "plan", "text", "global", "sessions", "plausible": Catalan or Spanish words too;
    /// not "reps", "time", "distance", "none", "name": values and placeholders typed on the command line.)
    static let englishWords: Set<String> = [
        "added", "machine", "machines", "exercise", "exercises", "training", "trainings", "with", "used", "by",
        "never", "muscles", "count", "cannot", "delete", "deleted", "is", "nothing", "change", "give", "or", "and",
        "removed", "invited", "status", "username", "registration", "code", "expires", "pass", "this", "install",
        "then", "run", "next", "events", "recent", "unread", "messages", "last", "trained", "they", "longer", "log",
        "their", "history", "stays", "you", "but", "not", "goal", "weight", "outside", "range", "the",
        "value", "add", "show", "list", "an", "of", "first", "prefix", "rename", "remove", "options",
        "search", "only", "those", "whose", "description", "contain", "week", "asks", "for", "accept", "already",
        "matches", "several", "renamed", "must", "be", "needs", "at", "least", "one", "there",
    ]

    /// `text` without what is not language (``LeftInEnglish/prose(_:extra:)``).
    static func prose(_ text: String) -> String { LeftInEnglish.prose(text, extra: []) }

    /// The words of `englishWords` in the prose of `text`, leaving out `names` (the test's own data).
    static func english(in text: String, names: [String] = []) -> [String] {
        LeftInEnglish.words(englishWords, in: text, names: names, extra: [])
    }

    /// The message of the ``ClientError`` `body` throws.
    static func failure(_ body: () async throws -> CommandOutput) async -> String {
        await LeftInEnglish.failure(body)
    }

    /// A coach's catalogue, built and read in `language`; every text and error it printed.
    static func catalogue(_ language: Language, on server: some RunningServer) async throws -> [String] {
        let coach = try await Device.coach("coach_\(language.rawValue)", on: server)
        var commands = coach.app
        commands.language = language
        var said: [String] = []
        said.append(try await commands.addMachine(name: "Premsa", imageFile: nil).text)
        said.append(
            try await commands.addExercise(
                name: "Extensió de quàdriceps", ExerciseFields(machine: "premsa", muscles: ["quàdriceps"])
            ).text)
        said.append(try await commands.addExercise(name: "Planxa", ExerciseFields(count: "time")).text)
        said.append(try await commands.listMachines().text)
        said.append(try await commands.listExercises(search: nil).text)
        said.append(try await commands.showExercise("extensio de quadriceps").text)
        said.append(try await commands.showMachine("Premsa", saveImage: nil).text)
        said.append(try await commands.addTraining(name: "Cames", exercises: ["quad"]).text)
        said.append(try await commands.listTrainings().text)
        said.append(try await commands.rename(kind: "training", "Cames", to: "Cames i core").text)
        said.append(try await commands.listExercises(search: "res").text)
        said.append(await failure { try await commands.remove(kind: "machine", "Premsa") })
        said.append(
            await failure { try await commands.editTraining("Cames i core", add: [], remove: [], move: nil, to: nil) })
        said.append(await failure { try await commands.addExercise(name: "planxa", ExerciseFields()) })
        said.append(await failure { try await commands.editExercise("Planxa", ExerciseFields(count: "laps")) })
        said.append(try await commands.remove(kind: "exercise", "Planxa").text)
        return said
    }

    @Test func theCatalogueSpeaksCatalanAndSpanish() async throws {
        try await withTestServer { server in
            let names = ["Premsa", "Extensió de quàdriceps", "quàdriceps", "Planxa", "Cames i core", "Cames"]
            let english = try await Self.catalogue(.en, on: server)
            #expect(english[0] == "Added machine 'Premsa'.")
            #expect(!Self.english(in: english.joined(separator: "\n"), names: names).isEmpty, "the check can fail")

            let catalan = try await Self.catalogue(.ca, on: server)
            let ca = catalan.joined(separator: "\n")
            #expect(catalan[0] == "S'ha afegit la màquina 'Premsa'.")
            #expect(catalan[1] == "S'ha afegit l'exercici 'Extensió de quàdriceps'.")
            #expect(ca.contains("MÀQUINA") && ca.contains("1 exercici"), "\(ca)")
            #expect(ca.contains("EXERCICI") && ca.contains("repeticions") && ca.contains("temps"), "\(ca)")
            #expect(ca.contains(/màquina: +Premsa/) && ca.contains("entrenaments: cap"), "\(ca)")
            #expect(ca.contains("S'ha afegit l'entrenament 'Cames' amb 1 exercici."), "\(ca)")
            #expect(ca.contains("ÚLTIM ÚS") && ca.contains("mai"), "\(ca)")
            #expect(ca.contains("S'ha canviat el nom de l'entrenament 'Cames' a 'Cames i core'."), "\(ca)")
            #expect(ca.contains("Cap exercici no coincideix amb 'res'."), "\(ca)")
            #expect(
                ca.contains("no es pot eliminar la màquina 'Premsa': la fan servir Extensió de quàdriceps"), "\(ca)")
            #expect(ca.contains("no hi ha res a canviar: indica --add E"), "\(ca)")
            #expect(ca.contains("ja hi ha un exercici que es diu 'Planxa'"), "\(ca)")
            #expect(ca.contains("--count ha de ser repeticions/reps, temps/time o distància/distance"), "\(ca)")
            #expect(ca.contains("S'ha eliminat l'exercici 'Planxa'."), "\(ca)")
            #expect(Self.english(in: ca, names: names).isEmpty, "\(Self.english(in: ca, names: names)) in\n\(ca)")

            let spanish = try await Self.catalogue(.es, on: server)
            let es = spanish.joined(separator: "\n")
            #expect(spanish[0] == "Se ha añadido la máquina 'Premsa'.")
            #expect(es.contains("MÁQUINA") && es.contains("1 ejercicio") && es.contains("repeticiones"), "\(es)")
            #expect(es.contains(/máquina: +Premsa/) && es.contains("entrenamientos: ninguno"), "\(es)")
            #expect(es.contains("Se ha añadido el entrenamiento 'Cames' con 1 ejercicio."), "\(es)")
            #expect(es.contains("ÚLTIMO USO") && es.contains("nunca"), "\(es)")
            #expect(es.contains("Ningún ejercicio coincide con 'res'."), "\(es)")
            #expect(es.contains("no se puede eliminar la máquina 'Premsa': la usan Extensió de quàdriceps"), "\(es)")
            #expect(es.contains("no hay nada que cambiar: indica --add E"), "\(es)")
            #expect(es.contains("ya hay un ejercicio que se llama 'Planxa'"), "\(es)")
            #expect(Self.english(in: es, names: names).isEmpty, "\(Self.english(in: es, names: names)) in\n\(es)")
        }
    }

    @Test func clientsAreInvitedListedShownAndRemovedInCatalanAndSpanish() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            var catalan = coach.app
            catalan.language = .ca
            var spanish = coach.app
            spanish.language = .es
            let names = ["Núria Castellà", "Núria", "Castellà", "Bea Puig", "ada"]

            let invited = try await catalan.addClient(name: "Núria", surname: "Castellà").text
            #expect(invited.hasPrefix("S'ha afegit Núria Castellà. Codi de registre: "), "\(invited)")
            #expect(
                invited.contains("(caduca el ") && invited.contains("Passa-li això: \"Instal·la gorilla"), "\(invited)")
            _ = try await spanish.addClient(name: "Bea", surname: "Puig")

            let listed = try await catalan.listClients().text
            #expect(listed.contains("USUARI") && listed.contains("convidat") && listed.contains("mai"), "\(listed)")
            let shown = try await spanish.showClient("nuria").text
            #expect(shown.hasPrefix("Núria Castellà  ("), "\(shown)")
            #expect(shown.contains(/estado: +invitado/) && shown.contains("mensajes no leídos: 0"), "\(shown)")
            #expect(shown.contains("próximas citas:") && shown.contains("sesiones recientes:\n  ninguna"), "\(shown)")

            let ambiguous = await Self.failure { try await catalan.showClient("a") }
            #expect(ambiguous.contains("coincideix amb diversos clients"), "\(ambiguous)")

            let removed = try await catalan.removeClient("castella").text
            #expect(
                removed
                    == "S'ha eliminat Núria Castellà: ja no pot iniciar la sessió; el seu historial es queda amb tu.",
                "\(removed)")
            let refused = await Self.failure {
                try await spanish.run { try await ClientService($0).setGoalWeight("Núria", to: "60") }
            }
            #expect(
                refused
                    == "Se ha eliminado a Núria Castellà (gorilla clients rm): puedes leer su historial, pero no "
                    + "fijarle un objetivo",
                "\(refused)")
            let all = try await spanish.listClients(all: true).text
            #expect(all.contains("eliminado") && all.contains("ÚLTIMO ENTRENAMIENTO"), "\(all)")

            for text in [invited, listed, removed, all, ambiguous] {
                #expect(
                    Self.english(in: text, names: names).isEmpty, "\(Self.english(in: text, names: names)): \(text)")
            }
            #expect(Self.english(in: shown, names: names).isEmpty, "\(Self.english(in: shown, names: names)): \(shown)")
            #expect(Self.english(in: refused, names: names).isEmpty, "\(refused)")
        }
    }

    @Test func searchesAndClientNamesFoldAccentsAndCase() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            for name in ["Zancada", "Extensió de quàdriceps", "Àbductors", "Bíceps"] {
                _ = try await coach.app.addExercise(name: name, ExerciseFields(muscles: ["Cames"]))
            }
            _ = try await coach.app.addClient(name: "Núria", surname: "Castellà Puig")
            _ = try await coach.app.addClient(name: "Marc", surname: "Ruiz")

            for search in ["quad", "QUÀDRI", "extensio", "Extensió"] {
                let found = try await coach.app.listExercises(search: search).json.arrayValue ?? []
                #expect(found.map { $0.objectValue?["name"]?.stringValue } == ["Extensió de quàdriceps"], "\(search)")
            }
            let byMuscle = try await coach.app.listExercises(search: "cámes").json.arrayValue ?? []
            // Listed in the order of their names with accents folded: "Àbductors" among the A's.
            #expect(
                byMuscle.map { $0.objectValue?["name"]?.stringValue }
                    == ["Àbductors", "Bíceps", "Extensió de quàdriceps", "Zancada"])

            for typed in ["nuria", "NÚRIA", "castella", "nuria puig", "Nuria Castella Puig"] {
                let shown = try await coach.app.showClient(typed).json.objectValue
                #expect(shown?["name"]?.stringValue == "Núria", "\(typed)")
            }
            let run = try await runGorilla(
                ["exercises", "list", "--search", "QUAD", "--language", "ca"], home: coach.home)
            #expect(run.status == 0 && run.stdout.contains("Extensió de quàdriceps"), "\(run)")
        }
    }

    @Test func theRealBinaryTakesADecimalCommaAndShowsHelpAndErrorsInTheLanguage() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")

            let set = try await runGorilla(
                ["clients", "edit", "Bea", "--goal-weight", "72,5", "--language", "ca"], home: coach.home)
            #expect(set.status == 0, "\(set)")
            let json = try await runGorilla(["--json", "clients", "show", "Bea"], home: coach.home)
            #expect(try json.json().objectValue?["goalWeight"] == 72.5, "\(json)")
            let shown = try await runGorilla(["clients", "show", "Bea", "--language", "es"], home: coach.home)
            #expect(shown.stdout.contains("peso objetivo: 72,5 kg"), "\(shown)")
            #expect(shown.stdout.contains(/estado: +invitado/), "\(shown)")

            let wrong = try await runGorilla(
                ["clients", "edit", "Bea", "--goal-weight", "600", "--language", "es"], home: coach.home)
            #expect(wrong.status == 64, "\(wrong)")
            #expect(
                wrong.stderr.contains(
                    "--goal-weight 600 kg está fuera del intervalo plausible 20–400 kg; comprueba el valor o añade "
                        + "--force si es correcto"), "\(wrong)")
            let notANumber = try await runGorilla(
                ["clients", "edit", "Bea", "--goal-weight", "setanta", "--language", "ca"], home: coach.home)
            #expect(notANumber.status == 64 && notANumber.stderr.contains("(p. ex. 72,5)"), "\(notANumber)")

            let help = try await runGorilla(["clients", "edit", "--help", "--language", "ca"], home: coach.home)
            #expect(help.stdout.contains("Fixa el pes objectiu d'un client"), "\(help)")
            #expect(
                help.stdout.contains("OPCIONS GLOBALS")
                    && help.stdout.contains("El pes objectiu en kg (plausible: 20–400)"), "\(help)")
            let listHelp = try await runGorilla(["exercises", "list", "--help", "--language", "es"], home: coach.home)
            #expect(listHelp.stdout.contains("Solo los que contienen este texto"), "\(listHelp)")
            #expect(listHelp.stdout.contains("OPCIONES GLOBALES"), "\(listHelp)")

            let trainings = try await runGorilla(["trainings", "--language", "ca"], home: coach.home)
            #expect(trainings.stdout.contains("Encara no hi ha cap entrenament."), "\(trainings)")
            // (`clients edit`'s own result is the measurements' text, checked with them.)
            for run in [shown, wrong, notANumber, trainings] {
                let found = Self.english(in: run.stdout + run.stderr, names: ["Bea Puig"])
                #expect(found.isEmpty, "\(found) in \(run)")
            }
        }
    }
}
