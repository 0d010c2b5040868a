import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Accounts, connecting, syncing, the overview and the errors every command may give, in Catalan and Spanish: a
/// Catalan account gets Catalan from its first output, `--language` wins over the account's language (the server's
/// refusals too), and the texts hold no English words but names, units and the command lines they quote.
@Suite(.hangLimit)
struct AccountLanguageTests {
    /// Words of these commands' English output that Catalan and Spanish do not write. (Not "no", "a", "de", "en",
    /// "client", "error", "cursor", "final": Catalan or Spanish words too.)
    static let englishWords: Set<String> = [
        "registered", "logged", "as", "coach", "next", "events", "none", "schedule", "one", "with", "unread",
        "messages", "everything", "synced", "start", "training", "server", "not", "run", "offline", "showing",
        "account", "saved", "on", "this", "device", "cannot", "reach", "connection", "refused", "changes", "queued",
        "change", "pushed", "pulled", "conflict", "conflicts", "the", "from", "was", "replaced", "by", "brings",
        "back", "wrong", "username", "password", "usage", "options", "show", "help", "restored", "value", "queue",
        "last", "sync", "never", "profile", "role", "name", "email", "language", "reminder", "since", "welcome",
        "log", "pin", "fingerprint", "certificate", "trust", "when", "what", "yours", "theirs", "nothing", "was",
        "stay", "until", "again", "revoked", "forgotten", "here", "could", "create", "update", "delete", "and", "or",
        "works", "kept", "reachable", "state", "lives", "output", "give", "your", "too", "short", "type", "differ",
        "asks", "before", "deletes", "there", "add", "yes", "without", "asking", "deleted",
    ]

    /// `text` without what is not language (``LeftInEnglish/prose(_:extra:)``).
    static func prose(_ text: String) -> String { LeftInEnglish.prose(text, extra: [#"(?m)^  [a-z]+ "#]) }

    /// The words of `englishWords` in the prose of `text`, leaving out `names` (the test's own data).
    static func english(in text: String, names: [String] = []) -> [String] {
        LeftInEnglish.words(englishWords, in: text, names: names, extra: [#"(?m)^  [a-z]+ "#])
    }

    /// `gorilla ARGUMENTS` on `device`, named `name` (`GORILLA_DEVICE_NAME`).
    static func run(
        _ arguments: [String], on device: Device, as name: String = "laptop", input: String? = nil
    ) async throws -> CommandRun {
        try await runGorilla(
            arguments, home: device.home, input: input, environment: ["GORILLA_DEVICE_NAME": name])
    }

    /// The message of the ``ClientError`` `body` throws.
    static func failure(_ body: () async throws -> CommandOutput) async -> String {
        await LeftInEnglish.failure(body)
    }

    @Test func aCatalanAccountSpeaksCatalanFromItsFirstOutput() async throws {
        try await withTestServer { server in
            let device = try Device()
            var said: [String] = []
            func run(_ arguments: [String], input: String? = nil) async throws -> CommandRun {
                let done = try await Self.run(arguments, on: device, input: input)
                said.append(done.stdout + done.stderr)
                return done
            }
            let connected = try await run(["connect", "127.0.0.1:\(server.port)", "--trust", "--language", "ca"])
            #expect(connected.stdout.hasPrefix("Connectat a 127.0.0.1:\(server.port)\nCertificat SHA-256: "))
            #expect(connected.stdout.hasSuffix(" (fixat)\n"), "\(connected)")
            let registered = try await run(
                [
                    "register", "coach", "--username", "nuria", "--email", "nuria@example.com", "--name", "Núria",
                    "--surname", "Puig", "--password-stdin", "--language", "ca",
                ], input: "\(Device.password)\n")
            #expect(registered.status == 0, "\(registered)")
            #expect(registered.stdout == "T'has registrat i has iniciat la sessió com a nuria (entrenador).\n")

            // Without --language: the account's language.
            let overview = try await run([])
            #expect(overview.status == 0, "\(overview)")
            #expect(overview.stdout.contains("Núria Puig (nuria, entrenador)"), "\(overview)")
            #expect(overview.stdout.contains("Properes cites:\n  cap — programa'n una amb: gorilla events add"))
            #expect(overview.stdout.contains("No tens missatges sense llegir.\nTot està sincronitzat."))
            #expect(overview.stdout.contains("Comença un entrenament amb: gorilla train --client C"))
            let whoami = try await run(["whoami"])
            #expect(whoami.stdout.contains("nuria (entrenador) — Núria Puig <nuria@example.com>"), "\(whoami)")
            #expect(whoami.stdout.contains("servidor: 127.0.0.1:\(server.port)"), "\(whoami)")
            let profile = try await run(["profile"])
            #expect(profile.stdout.contains("usuari:      nuria\nrol:         entrenador\n"), "\(profile)")
            #expect(profile.stdout.contains("llengua:     ca\nrecordatori: "), "\(profile)")
            let synced = try await run(["sync"])
            #expect(synced.stdout.hasPrefix("Enviats: 0 canvis; rebuts: "), "\(synced)")
            let status = try await run(["sync", "--status"])
            #expect(status.stdout.contains("canvis pendents d'enviar: 0\ndarrera sincronització:   2"), "\(status)")
            #expect(try await run(["sync", "--conflicts"]).stdout == "No hi ha cap conflicte.\n")
            let edited = try await run(["profile", "edit", "--name", "Núria Maria"])
            #expect(edited.stdout.hasPrefix("S'ha actualitzat el perfil.\n"), "\(edited)")

            // Mistakes, local and the server's, and the help.
            let notAddress = try await run(["connect", "127.0.0.1:99999"])
            #expect(
                notAddress.status == 64 && notAddress.stderr == "gorilla: '127.0.0.1:99999' no té la forma HOST:PORT\n")
            let noUser = try await run(["login"])
            #expect(noUser.status == 64 && noUser.stderr.contains("indica el teu nom d'usuari"), "\(noUser)")
            let refused = try await run(
                ["password", "change", "--password-stdin"], input: "no-és-aquesta\nuna-contrasenya-nova\n")
            #expect(refused.stderr == "gorilla: Usuari o contrasenya incorrectes\n", "\(refused)")
            let help = try await run(["sync", "--help"])
            #expect(help.stdout.contains("Envia ara els canvis pendents i rep els nous."), "\(help)")
            #expect(help.stdout.contains("Mostra la cua sense sincronitzar."), "\(help)")

            let loggedOut = try await run(["logout"])
            #expect(loggedOut.stdout == "nuria ha tancat la sessió.\n", "\(loggedOut)")
            let overviewOut = try await run(["--language", "ca"])
            #expect(overviewOut.stdout.hasPrefix("No has iniciat la sessió. Inicia-la amb: gorilla login"))
            let whoamiOut = try await run(["--language", "ca", "--json", "whoami"])
            #expect(whoamiOut.status == 77, "\(whoamiOut)")
            let error = try FastJSON.parse(whoamiOut.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
                .objectValue?["error"]?.objectValue
            #expect(error?["kind"] == "notLoggedIn", "\(whoamiOut)")
            #expect(error?["message"]?.stringValue?.hasPrefix("no has iniciat la sessió; executa:") == true)

            let all = said.joined(separator: "\n")
            let found = Self.english(in: all, names: ["Núria", "Puig", "nuria"])
            #expect(found.isEmpty, "English \(found) in\n\(all)")
        }
    }

    @Test func theCommandsLanguageWinsOverTheAccountsForTheServersRefusalsToo() async throws {
        try await withTestServer { server in
            let device = try Device()
            try await device.connect(to: server)
            let registered = try await Self.run(
                [
                    "register", "coach", "--username", "pau", "--email", "pau@example.com", "--name", "Pau",
                    "--surname", "Vila", "--password-stdin", "--language", "ca",
                ], on: device, input: "\(Device.password)\n")
            #expect(registered.status == 0, "\(registered)")
            var said: [String] = []
            func run(_ arguments: [String], input: String? = nil) async throws -> CommandRun {
                let done = try await Self.run(arguments + ["--language", "es"], on: device, input: input)
                said.append(done.stdout + done.stderr)
                return done
            }
            let overview = try await run([])
            #expect(overview.stdout.contains("Pau Vila (pau, entrenador)\n"), "\(overview)")
            #expect(overview.stdout.contains("Próximas citas:\n  ninguna — programa una con:"), "\(overview)")
            #expect(overview.stdout.contains("No tienes mensajes sin leer.\nTodo está sincronizado."), "\(overview)")
            let refused = try await run(
                ["password", "change", "--password-stdin"], input: "no-es-esta\nuna-contrasena-nueva\n")
            #expect(refused.stderr == "gorilla: Usuario o contraseña incorrectos\n", "\(refused)")
            let json = try await run(
                ["--json", "password", "change", "--password-stdin"], input: "no-es-esta\nuna-contrasena-nueva\n")
            let error = try FastJSON.parse(json.stderr.trimmingCharacters(in: .whitespacesAndNewlines)).objectValue?[
                "error"]?.objectValue
            #expect(error?["kind"] == "server" && error?["message"] == "Usuario o contraseña incorrectos", "\(json)")
            #expect(error?["code"]?.intValue == WireErrorCode.wrongCredentials.rawValue, "\(json)")
            let short = try await run(["password", "change", "--password-stdin"], input: "\(Device.password)\ncorta\n")
            #expect(short.stderr == "gorilla: la contraseña nueva debe tener al menos 8 caracteres\n", "\(short)")
            let help = try await run(["--help"])
            #expect(help.stdout.contains("GorillaCoach desde el terminal: clientes, catálogo, calendario"), "\(help)")
            #expect(help.stdout.contains("Funciona sin conexión: los cambios se guardan en este"), "\(help)")
            #expect(help.stdout.contains("Fija un servidor: muestra la huella de su"), "\(help)")
            let registerHelp = try await run(["register", "coach", "--help"])
            #expect(registerHelp.stdout.contains("Regístrate como entrenador."), "\(registerHelp)")
            #expect(registerHelp.stdout.contains("Lee la contraseña de la entrada estándar"), "\(registerHelp)")
            let groupHelp = try await run(["register", "--help"])
            #expect(
                groupHelp.stdout.contains("Consulta 'gorilla help register <suborden>' para la ayuda detallada."),
                "\(groupHelp)")
            #expect(!groupHelp.stdout.contains("for detailed help"), "\(groupHelp)")
            let both = try await run(["sync", "--status", "--conflicts"])
            #expect(both.stderr.contains("--status, --conflicts y --restore se usan de uno en uno"), "\(both)")

            // A new login speaks the account's language from its first line.
            let loggedOut = try await run(["logout"])
            #expect(loggedOut.stdout == "pau ha cerrado la sesión.\n", "\(loggedOut)")
            let wrong = try await run(["login", "pau", "--password-stdin"], input: "no-es-esta\n")
            #expect(wrong.stderr == "gorilla: Usuario o contraseña incorrectos\n", "\(wrong)")
            let login = try await Self.run(
                ["login", "pau", "--password-stdin"], on: device, input: "\(Device.password)\n")
            #expect(login.stdout == "Has iniciat la sessió com a pau (Pau Vila).\n", "\(login)")

            let all = said.joined(separator: "\n")
            let found = Self.english(in: all, names: ["Pau", "Vila", "pau"])
            #expect(found.isEmpty, "English \(found) in\n\(all)")
        }
    }

    @Test func offlineNotesTheQueueAndLocalErrorsFollowTheLanguage() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("oriol", on: server)
            var ca = coach.app
            ca.language = .ca
            var es = coach.app
            es.language = .es
            await server.stop()
            let address = "127.0.0.1:\(server.port)"

            let who = try await ca.whoami()
            #expect(who.text.hasPrefix("oriol (entrenador) — Oriol Tester <oriol@example.com>"), "\(who.text)")
            // Refused at once, or (a server still stopping) closed under the command.
            let reasons = [
                "no es pot contactar amb el servidor a \(address) (", "s'ha perdut la connexió amb el servidor",
            ]
            let note = who.notes.first ?? ""
            #expect(note.hasPrefix("sense connexió — es mostra el compte desat en aquest dispositiu; "), "\(note)")
            #expect(reasons.contains { note.contains($0) }, "\(note)")
            let unreachable = await Self.failure { try await es.sync() }
            #expect(
                unreachable.hasPrefix("no se puede contactar con el servidor en \(address) (")
                    || unreachable.hasPrefix("se ha perdido la conexión con el servidor"), "\(unreachable)")

            let added = try await ca.addMachine(name: "Rem", imageFile: nil)
            #expect(
                added.notes.first?.hasPrefix("sense connexió — 1 canvi pendent d'enviar; ") == true, "\(added.notes)")
            let overview = try await ca.overview()
            #expect(overview.text.contains("1 canvi pendent d'enviar al servidor."), "\(overview.text)")
            let status = try await es.run { try SyncService($0).status() }
            #expect(
                status.text.hasPrefix("cambios pendientes de enviar: 1\núltima sincronización:        2"),
                "\(status.text)")
            #expect(status.text.contains("\n  creación: máquina 'Rem' ("), "\(status.text)")
            let statusCa = try await ca.run { try SyncService($0).status() }
            #expect(statusCa.text.contains("\n  creació: màquina 'Rem' ("), "\(statusCa.text)")

            let missing = await Self.failure { try await ca.remove(kind: "machine", "Rom") }
            #expect(missing.hasPrefix("no hi ha cap màquina que es digui 'Rom' (volies dir: Rem?)"), "\(missing)")
            let notAnAddress = await Self.failure {
                try await es.connect("sin-puerto:", fingerprint: nil, trust: true, confirm: { _ in false })
            }
            #expect(notAnAddress == "'sin-puerto:' no tiene la forma HOST:PORT")

            let loggedOut = try await ca.logout()
            #expect(loggedOut.text == "oriol ha tancat la sessió.")
            #expect(
                loggedOut.notes == [
                    "sense connexió — la sessió s'ha oblidat aquí, però no s'ha pogut revocar al servidor",
                    "1 canvi pendent d'enviar es queda en aquest dispositiu fins que tornis a iniciar la sessió",
                ])
            let notLoggedIn = await Self.failure { try await es.whoami() }
            #expect(
                notLoggedIn
                    == "no has iniciado sesión; ejecuta: gorilla login --user USUARIO (o gorilla register coach ...)")

            let all =
                [who.text, overview.text, status.text, statusCa.text, loggedOut.text, missing, unreachable]
                + who.notes + added.notes + loggedOut.notes
            let found = Self.english(in: all.joined(separator: "\n"), names: ["Oriol", "Tester", "oriol", "Rem"])
            #expect(found.isEmpty, "English \(found) in\n\(all.joined(separator: "\n"))")
        }
    }

    @Test func conflictsAreToldAndRestoredInCatalanAndSpanish() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("marta", on: server)
            let phone = try await Device.loggedIn("marta", on: server)
            #expect(try await Self.run(["machines", "add", "Rower"], on: laptop).status == 0)
            #expect(try await Self.run(["sync"], on: phone, as: "phone").status == 0)

            await server.stop()
            #expect(try await Self.run(["machines", "rename", "Rower", "Remo"], on: phone, as: "phone").status == 0)
            #expect(try await Self.run(["machines", "rename", "Rower", "Concept2"], on: laptop).status == 0)
            try await server.start()

            #expect(try await Self.run(["sync"], on: phone, as: "phone").status == 0)
            let won = try await Self.run(["sync", "--language", "es"], on: laptop)
            #expect(
                won.stdout.contains(
                    "Conflicto: máquina 'Concept2': el valor de «nombre» del dispositivo phone se ha sustituido por el "
                        + "de este dispositivo (laptop) a las "), "\(won)")
            #expect(
                won.stdout.contains(
                    "; el valor del dispositivo phone para «nombre» era 'Remo' (gorilla sync --restore "))
            let lost = try await Self.run(["sync", "--language", "ca"], on: phone, as: "phone")
            #expect(
                lost.stdout.contains(
                    "Conflicte: màquina 'Concept2': el valor de «nom» d'aquest dispositiu (phone) s'ha substituït pel "
                        + "del dispositiu laptop a les "), "\(lost)")
            #expect(
                lost.stdout.contains("; el valor d'aquest dispositiu per a «nom» era 'Remo' (gorilla sync --restore "))
            #expect(lost.stdout.contains(" el recupera)\n"), "\(lost)")

            let list = try await Self.run(["sync", "--conflicts", "--language", "ca"], on: phone, as: "phone")
            #expect(list.stdout.contains("QUAN") && list.stdout.contains("EL TEU") && list.stdout.contains("L'ALTRE"))
            #expect(
                list.stdout.contains("màquina Concept2: nom") && list.stdout.contains("laptop: 'Concept2'"), "\(list)")
            #expect(
                list.stdout.hasSuffix("gorilla sync --restore ID recupera el valor que s'ha substituït.\n"), "\(list)")
            let json = try await Self.run(
                ["--json", "sync", "--conflicts", "--language", "ca"], on: phone, as: "phone")
            let conflict = try #require(try json.json().arrayValue?.first?.objectValue)
            #expect(conflict["side"] == "lost" && conflict["kind"] == "machine" && conflict["field"] == "name")
            let id = try #require(conflict["id"]?.stringValue)

            let restored = try await Self.run(["sync", "--restore", id, "--language", "ca"], on: phone, as: "phone")
            #expect(
                restored.stdout == "S'ha restaurat el camp «nom» de la màquina 'Concept2': 'Remo'.\n", "\(restored)")
            let again = try await Self.run(["sync", "--restore", id, "--language", "es"], on: phone, as: "phone")
            #expect(
                again.stdout == "No hay nada que restaurar: el campo «nombre» de la máquina 'Remo' ya es 'Remo'.\n",
                "\(again)")
            let unknown = try await Self.run(
                ["sync", "--restore", "ffffffff", "--language", "ca"], on: phone, as: "phone")
            #expect(unknown.stderr.hasPrefix("gorilla: no hi ha cap conflicte que es digui 'ffffffff' ("), "\(unknown)")

            let all = [won, lost, list, restored, again, unknown].map { $0.stdout + $0.stderr }.joined(separator: "\n")
            let found = Self.english(in: all, names: ["phone", "laptop", "Concept2", "Remo", "Rower"])
            #expect(found.isEmpty, "English \(found) in\n\(all)")
        }
    }

    @Test func passwordPromptsAndConfirmationsSpeakTheLanguage() throws {
        final class Answers: @unchecked Sendable {
            var typed: [String]
            var prompts: [String] = []
            var said: [String] = []
            init(_ typed: [String]) { self.typed = typed }
        }
        let answers = Answers(["curta", "una-contrasenya", "una-altra", "una-contrasenya", "una-contrasenya"])
        let prompt = NewPasswordPrompt(
            read: { question in
                answers.prompts.append(question)
                return answers.typed.isEmpty ? nil : answers.typed.removeFirst()
            },
            say: { answers.said.append($0) })
        let password = try Language.$current.withValue(.ca) { try prompt.ask() }
        #expect(password == "una-contrasenya")
        #expect(
            answers.prompts == [
                "Contrasenya nova (8 caràcters o més): ", "Contrasenya nova (8 caràcters o més): ",
                "Torna-la a escriure: ", "Contrasenya nova (8 caràcters o més): ", "Torna-la a escriure: ",
            ])
        #expect(
            answers.said == [
                "És massa curta: una contrasenya té com a mínim 8 caràcters. Torna-ho a provar.",
                "Les dues contrasenyes no coincideixen. Torna a escriure la nova dues vegades.",
            ])

        let silent = NewPasswordPrompt(read: { _ in nil }, say: { _ in })
        #expect(throws: ClientError.self) { try silent.ask() }
        let unanswered = Language.$current.withValue(.es) { () -> String in
            do {
                _ = try silent.ask()
                return ""
            } catch let error as ClientError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(unanswered == "no se ha escrito ninguna contraseña")

        #expect(AccountPhrases.yesNo.text(in: .ca) == "[s/N]" && AccountPhrases.yesNo.text(in: .es) == "[s/N]")
        #expect(AccountPhrases.yesNo.text(in: .en) == "[y/N]")
        for yes in ["s", "S", "sí", "Sí", "si", "y", "Y", "yes"] { #expect(Terminal.isYes(yes), "\(yes)") }
        for no in ["", "n", "no", "N", "potser"] { #expect(!Terminal.isYes(no), "\(no)") }

        let refusal = Language.$current.withValue(.ca) { () -> String in
            do {
                _ = try Confirmation(yes: false, command: "gorilla clients rm", terminal: false)
                return ""
            } catch let error as ClientError {
                return error.kindName + ": " + error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(
            refusal
                == "usage: gorilla clients rm pregunta abans d'eliminar i no hi ha cap terminal on preguntar; "
                + "afegeix --yes per eliminar sense preguntar (no s'ha eliminat res)")
    }
}
