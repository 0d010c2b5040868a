import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaServer
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaClient

/// Messages, the chat, news, exports and imports in Catalan and Spanish: the texts a person reads follow the language,
/// the `--json` keys and machine values, the export's files and the files imported do not.
@Suite(.hangLimit)
struct MessagesLanguageTests {
    /// `text` with every run of white space made one space (the help wraps its lines).
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether `text` holds none of `words` (compared without case).
    static func holdsNone(of words: [String], in text: String) -> Bool {
        words.allSatisfy { !text.localizedCaseInsensitiveContains($0) }
    }

    // MARK: Messages and news

    @Test func messagesAndNewsAreWrittenInCatalanAndSpanish() async throws {
        try await withTestServer { server in
            let (coach, client) = try await MessagesTests.coachAndClient(on: server)
            var coachCatalan = coach.app
            coachCatalan.language = .ca
            var clientSpanish = client.app
            clientSpanish.language = .es

            let sent = try await coachCatalan.sendMessage(to: "Ana", text: "Benvinguda!")
            #expect(sent.text == "Enviat a Ana Serra.", "\(sent.text)")
            let thread = try await coachCatalan.showThread("Ana", limit: nil)
            #expect(thread.text.contains("tu ✓: Benvinguda!"), "\(thread.text)")
            #expect(!thread.text.contains("you"), "\(thread.text)")

            let inbox = try await clientSpanish.listConversations()
            for text in ["CON", "SIN LEER", "ÚLTIMO", "MENSAJE", "1 sin leer", "Ada Tester"] {
                #expect(inbox.text.contains(text), "\(text): \(inbox.text)")
            }
            #expect(Self.holdsNone(of: ["with", "unread", "last", "message"], in: inbox.text), "\(inbox.text)")
            #expect(inbox.json.arrayValue?.first?.objectValue?["unread"] == 1, "the JSON keys stay")
            let shown = try await clientSpanish.showThread(nil, limit: nil)
            #expect(shown.text.contains("Ada Tester: Benvinguda!"), "\(shown.text)")
            let answer = try await clientSpanish.sendMessage(to: "coach", text: "¡Gracias!")
            #expect(answer.text == "Enviado a Ada Tester.", "\(answer.text)")
            let listed = try await clientSpanish.listConversations()
            #expect(listed.text.contains("tú: ¡Gracias!"), "\(listed.text)")

            // Errors, in the language of the command.
            let empty = await #expect(throws: ClientError.self) {
                _ = try await clientSpanish.sendMessage(to: "coach", text: "  ")
            }
            #expect(empty?.message == "un mensaje tiene de 1 a 2.000 caracteres", "\(String(describing: empty))")
            let nobody = await #expect(throws: ClientError.self) {
                _ = try await coachCatalan.sendMessage(to: nil, text: "Hola")
            }
            #expect(nobody?.message == "indica el client", "\(String(describing: nobody))")

            var coachSpanish = coach.app
            coachSpanish.language = .es
            #expect(try await coachSpanish.listNews().text == "No hay novedades.")
            #expect(try await coachCatalan.listNews().text == "No hi ha novetats.")

            // Written while the server is away: queued, in Catalan.
            await server.stop()
            var clientCatalan = client.app
            clientCatalan.language = .ca
            let queued = try await clientCatalan.sendMessage(to: "coach", text: "Arribo tard")
            #expect(
                queued.text == "Pendent d’enviar a Ada Tester; s’enviarà en la propera sincronització.",
                "\(queued.text)")
            let waiting = try await clientCatalan.showThread(nil, limit: nil)
            #expect(waiting.text.contains("[pendent d’enviar] tu …: Arribo tard"), "\(waiting.text)")
            #expect(!waiting.text.contains("queued"), "\(waiting.text)")
        }
    }

    // MARK: The chat view

    @Test func theChatsTitleHintsAndStatusFollowTheLanguage() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        Language.$current.withValue(.ca) {
            var state = ChatState()
            #expect(state.status(at: start) == "connectant…")
            state.networkStarted(at: start)
            #expect(
                state.status(at: start.addingTimeInterval(ChatState.patience))
                    == "el servidor no respon — ho seguim intentant")
            state.networkFailed(at: start.addingTimeInterval(0.1), timedOut: false)
            #expect(state.status(at: start.addingTimeInterval(1)) == "sense connexió — reconnectant…")
            let screen = ChatScreen.render(
                with: "Ana Serra", status: MessagePhrases.chatConnected.t(), thread: ["[10:00] tu ✓: Hola"],
                input: [], rows: 10, columns: 120, style: .plain, scrolledBack: 3)
            #expect(screen.contains("Xat amb Ana Serra — Retorn envia, Esc surt"), "\(screen)")
            #expect(screen.contains("connectat — desplaçat enrere, AvPàg hi torna"), "\(screen)")
            #expect(Self.holdsNone(of: ["Chat with", "sends", "leaves", "scrolled", "connected"], in: screen))
        }
        Language.$current.withValue(.es) {
            var state = ChatState()
            state.networkStarted(at: start)
            state.networkFailed(at: start.addingTimeInterval(ChatState.patience + 1), timedOut: false)
            #expect(state.status(at: start.addingTimeInterval(10)) == "el servidor no responde — reconectando…")
            let screen = ChatScreen.render(
                with: "Ada Tester", status: state.status(at: start), thread: [], input: Array("hola"), rows: 10,
                columns: 120, style: .plain)
            #expect(screen.contains("Chat con Ada Tester — Intro envía, Esc sale, RePág/AvPág desplazan"), "\(screen)")
        }
    }

    @Test func theChatWithoutATerminalSaysWhatToUseInstead() async throws {
        try await withTestServer { server in
            let (_, client) = try await MessagesTests.coachAndClient(on: server)
            let folder = try TemporaryFolder("gorilla-chat-language")
            let errors = folder.child("stderr").path
            // setsid: a new session without a controlling terminal, as under cron or a service manager.
            var environment = ProcessInfo.processInfo.environment
            environment["GORILLA_HOME"] = client.home.path
            let chat = try ChildProcess(
                "/usr/bin/setsid", ["-w", Products.gorilla.path, "--language", "ca", "chat"],
                environment: environment, stderr: .file(errors))
            let (status, _) = await chat.wait()
            let stderr = try String(contentsOfFile: errors, encoding: .utf8)
            #expect(status == 73, "\(stderr)")
            #expect(
                stderr.contains("sense terminal, fes servir gorilla messages show i gorilla messages send"), "\(stderr)"
            )
            #expect(!stderr.contains("without one"), "\(stderr)")
        }
    }

    // MARK: Help

    @Test func theHelpOfMessagesChatNewsExportAndImportIsInTheLanguageAsked() async throws {
        let home = try TemporaryFolder("gorilla-help-language")
        let send = try await runGorilla(["--language", "ca", "messages", "send", "--help"], home: home.url)
        let catalan = Self.flat(send.stdout)
        #expect(send.status == 0, "\(send)")
        for text in [
            "Envia un missatge (funciona sense connexió; s’entrega una sola vegada en la propera sincronització).",
            "Sense TEXT, el missatge es llegeix de l’entrada estàndard.", "El text (d’1 a 2.000 caràcters).",
            "El client (els clients escriuen al seu entrenador",
        ] {
            #expect(catalan.contains(text), "\(text): \(send.stdout)")
        }
        #expect(
            Self.holdsNone(of: ["Send a message", "standard input", "characters"], in: catalan),
            "\(send.stdout)")

        let export = try await runGorilla(["--language", "es", "export", "--help"], home: home.url)
        let spanish = Self.flat(export.stdout)
        for text in [
            "Escribe en una carpeta todo lo que esta cuenta puede ver, en JSON y CSV.",
            "La carpeta donde escribir (se crea si no existe).", "La carpeta tiene que ser nueva o estar vacía",
        ] {
            #expect(spanish.contains(text), "\(text): \(export.stdout)")
        }
        #expect(Self.holdsNone(of: ["Write everything", "The folder to write into", "holds"], in: spanish))

        let importing = Self.flat(
            try await runGorilla(["--language", "ca", "import", "--help"], home: home.url).stdout)
        #expect(importing.contains("Porta l’historial d’un client des d’una exportació CSV"), "\(importing)")
        #expect(importing.contains("Mostra què s’importaria; no desa res."), "\(importing)")
        #expect(Self.holdsNone(of: ["Bring a client", "would be imported", "catalogue"], in: importing))

        let chat = Self.flat(try await runGorilla(["--language", "es", "chat", "--help"], home: home.url).stdout)
        #expect(chat.contains("Un chat en directo"), "\(chat)")
        let news = Self.flat(try await runGorilla(["--language", "ca", "news", "--help"], home: home.url).stdout)
        #expect(news.contains("Novetats de l’operador del servidor."), "\(news)")
    }

    // MARK: Export and import

    @Test func anExportSpeaksTheLanguageButItsFilesDoNot() async throws {
        try await withTestServer { server in
            let account = try await PopulatedAccount.make(on: server)
            let folder = try TemporaryFolder("gorilla-export-language")
            let out = folder.child("ada").path
            let run = try await PopulatedAccount.gorilla(account.coach, "--language", "es", "export", "--out", out)
            for text in [
                "Se ha exportado todo lo que ve ada a", "1 cuenta", "2 sesiones", "8 series", "3 mensajes",
                "2 clientes", "2 citas", "4 ejercicios",
            ] {
                #expect(run.stdout.contains(text), "\(text): \(run)")
            }
            #expect(
                Self.holdsNone(
                    of: ["Exported", "can see", "1 account", "2 sessions", "8 sets", "2 events"], in: run.stdout),
                "\(run)")

            // The files are data: the same columns and keys in every language.
            let sets = try String(contentsOfFile: folder.child("ada/sets.csv").path, encoding: .utf8)
            #expect(sets.hasPrefix(ExportService.setColumns.joined(separator: ",") + "\r\n"), "\(sets.prefix(200))")
            let measurements = try String(contentsOfFile: folder.child("ada/measurements.csv").path, encoding: .utf8)
            #expect(measurements.hasPrefix("id,date,client,weight"), "\(measurements.prefix(100))")
            let sessions = try WireCoding.decoder.decode(
                JSONValue.self, from: Data(contentsOf: folder.child("ada/sessions.json")))
            #expect(sessions.arrayValue?.first?.objectValue?["clientName"] == "Bea Puig")

            let again = try await runGorilla(["--language", "ca", "export", "--out", out], home: account.coach.home)
            #expect(again.status == 64, "\(again)")
            #expect(again.stderr.contains("no és buida (11 elements)"), "\(again)")
            #expect(again.stderr.contains("afegeix --force per escriure-hi"), "\(again)")
            #expect(Self.holdsNone(of: ["not empty", "entries", "folder"], in: again.stderr), "\(again)")
        }
    }

    @Test func strongAndHevyFilesImportWhateverTheLanguageAndTheSummarySpeaksIt() async throws {
        try await withTestServer { server in
            let account = try await PopulatedAccount.make(on: server)
            let folder = try TemporaryFolder("gorilla-import-language")
            let strong = folder.child("strong.csv").path
            let hevy = folder.child("hevy.csv").path
            try ExportImportTests.strong.write(toFile: strong, atomically: true, encoding: .utf8)
            try ExportImportTests.hevy.write(toFile: hevy, atomically: true, encoding: .utf8)

            let dry = try await PopulatedAccount.gorilla(
                account.coach, "--language", "ca", "import", strong, "--client", "Bea", "--dry-run")
            for text in [
                "Simulació, no s’ha desat res: strong.csv (exportació de Strong) conté 2 sessions de Bea Puig; "
                    + "se n’importarien 2 (7 sèries).",
                "QUAN", "SESSIÓ", "EXERCICIS", "SÈRIES", "ESTAT", "nova", "'Leg Press (Machine)' com a Leg press",
                "No són al catàleg: Bicep Curl (Dumbbell).",
            ] {
                #expect(dry.stdout.contains(text), "\(text): \(dry)")
            }
            #expect(dry.stderr.contains("nota: s’han deixat fora 1 fila sense cap sèrie"), "\(dry)")
            #expect(
                Self.holdsNone(of: ["Dry run", "would be imported", "WHEN", " new ", " as ", "note:"], in: dry.stdout),
                "\(dry)")

            // An error, in Spanish: the names the catalogue lacks stop the import.
            let refused = try await runGorilla(
                ["--language", "es", "import", strong, "--client", "Bea"], home: account.coach.home)
            #expect(refused.status == 66, "\(refused)")
            #expect(
                refused.stderr.contains(
                    "1 nombre de ejercicio de \(strong) no está en el catálogo; no se ha importado nada:"),
                "\(refused)")
            #expect(refused.stderr.contains("Añádelo con --create-exercises"), "\(refused)")
            #expect(Self.holdsNone(of: ["nothing was imported", "Add it with"], in: refused.stderr), "\(refused)")
            let other = folder.child("other.csv").path
            try "when,what\n2024-01-01,squat\n".write(toFile: other, atomically: true, encoding: .utf8)
            let wrong = try await runGorilla(
                ["--language", "es", "import", other, "--client", "Bea"], home: account.coach.home)
            #expect(wrong.status == 64, "\(wrong)")
            #expect(wrong.stderr.contains("la cabecera no es ni de Strong ni de Hevy: when,what"), "\(wrong)")

            // The same files import in Catalan as in English; the JSON keeps its keys and machine values.
            let imported = try await PopulatedAccount.gorilla(
                account.coach, "--language", "ca", "import", strong, "--client", "Bea", "--create-exercises")
            #expect(
                imported.stdout.contains(
                    "Importat de strong.csv (exportació de Strong) a l’historial de Bea Puig: 2 sessions, 7 sèries."),
                "\(imported)")
            #expect(imported.stdout.contains("Afegits al catàleg: Bicep Curl (Dumbbell)."), "\(imported)")
            let fromHevy = try await PopulatedAccount.gorilla(
                account.coach, "--language", "es", "--json", "import", hevy, "--client", "Bea")
            let summary = try #require(try fromHevy.json().objectValue, "\(fromHevy)")
            #expect(summary["format"] == "Hevy" && summary["imported"] == 1 && summary["sets"] == 3, "\(fromHevy)")
            #expect(summary["sessions"]?.arrayValue?.first?.objectValue?["status"] == "imported", "\(fromHevy)")
            let again = try await PopulatedAccount.gorilla(
                account.coach, "--language", "es", "import", strong, "--client", "Bea")
            #expect(
                again.stdout.contains(
                    "Nada nuevo en strong.csv (exportación de Strong): las 2 sesiones de Bea Puig ya se habían "
                        + "importado antes."),
                "\(again)")
        }
    }
}
