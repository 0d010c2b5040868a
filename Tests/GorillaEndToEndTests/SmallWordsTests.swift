import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// What the CLI asks and says around deletes, passwords and refusals, driving the real binary (under tmux where a
/// terminal is needed).
@Suite(.hangLimit)
struct SmallWordsEndToEndTests {
    /// A coach with one of everything that `rm` deletes; returns the device and the event's and session's ids.
    static func coachWithEverything(
        on server: some RunningServer
    ) async throws -> (Device, event: String, session: String) {
        let coach = try await Device.coach("ada", on: server)
        _ = try await coach.app.addMachine(name: "Rower", imageFile: nil)
        _ = try await coach.app.addExercise(name: "Squat", ExerciseFields())
        _ = try await coach.app.addTraining(name: "Legs", exercises: ["Squat"])
        _ = try await coach.app.addClient(name: "Ana", surname: "Serra")
        let event = try await coach.app.addEvent(client: "Ana", EventFields(at: "2030-01-07 10:00"))
        let session = try await coach.app.logSession(
            SessionLogRequest(client: "Ana", date: "2026-11-02 10:00", sets: ["Squat: 10x50kg"]))
        let eventID = try #require(event.json.objectValue?["id"]?.stringValue, "\(event.json)")
        let sessionID = try #require(session.json.objectValue?["id"]?.stringValue, "\(session.json)")
        return (coach, eventID, sessionID)
    }

    @Test func rmWithoutYesOffATerminalExits64WithAHintAndRemovesNothing() async throws {
        try await withTestServer { server in
            let (coach, event, session) = try await Self.coachWithEverything(on: server)
            let commands: [(arguments: [String], list: [String], mark: String)] = [
                (["machines", "rm", "Rower"], ["machines", "list"], "Rower"),
                (["exercises", "rm", "Squat"], ["exercises", "list"], "Squat"),
                (["trainings", "rm", "Legs"], ["trainings", "list"], "Legs"),
                (["clients", "rm", "Ana"], ["clients", "list"], "Ana Serra"),
                (["events", "rm", event], ["events", "list"], String(event.suffix(8))),
                (["sessions", "rm", session], ["sessions", "list"], String(session.suffix(8))),
            ]
            for command in commands {
                let refused = try await runGorilla(command.arguments, home: coach.home)
                #expect(refused.status == 64, "\(command.arguments): \(refused)")
                #expect(refused.stderr.contains("add --yes"), "\(command.arguments): \(refused)")
                #expect(refused.stdout.isEmpty, "\(command.arguments): \(refused)")
                let json = try await runGorilla(["--json"] + command.arguments, home: coach.home)
                #expect(json.status == 64 && json.stderr.contains(#""kind":"usage""#), "\(json)")
                let listed = try await runGorilla(command.list, home: coach.home)
                #expect(listed.stdout.contains(command.mark), "\(command.arguments) removed something: \(listed)")
            }
            #expect(try coach.cache().queuedCount() == 0, "nothing was queued")
            // With --yes each goes ahead, sessions and events first (the rest are in use until then).
            for command in commands.reversed() {
                let removed = try await runGorilla(command.arguments + ["--yes"], home: coach.home)
                #expect(removed.status == 0, "\(command.arguments): \(removed)")
                let listed = try await runGorilla(command.list, home: coach.home)
                #expect(!listed.stdout.contains(command.mark), "\(command.arguments) kept it: \(listed)")
            }
        }
    }

    @Test(.requiresTmux) func onATerminalRmAsksAndNoKeepsTheClient() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Ana", surname: "Serra")
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let done = "rm-exited-"
            let command = "GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' clients rm ana"
            try await tmux.start("\(command); echo \(done)$?; \(command); echo \(done)$?; sleep 30")
            let asked = try await tmux.waitFor("[y/N]")
            #expect(asked.contains("Remove Ana Serra"), "\(asked)")
            #expect(asked.contains("their history stays"), "\(asked)")
            try await tmux.keys("n", "Enter")
            let declined = try await tmux.waitFor("\(done)1")
            #expect(declined.contains("nothing was deleted"), "\(declined)")
            #expect(ClientHistoryTests.rows(try await coach.app.listClients())["Ana Serra"] != nil)
            // The second run asks again: the question on the screen a second time.
            _ = try await tmux.waitForScreen { $0.components(separatedBy: "Remove Ana Serra").count == 3 }
            try await tmux.keys("y", "Enter")
            let removed = try await tmux.waitFor("\(done)0")
            #expect(removed.contains("Removed Ana Serra"), "\(removed)")
            #expect(ClientHistoryTests.rows(try await coach.app.listClients())["Ana Serra"] == nil)
        }
    }

    @Test(.requiresTmux) func aNewPasswordIsTypedTwiceOnTheTerminalAndAMismatchAsksAgain() async throws {
        try await withTestServer { server in
            let home = try TemporaryFolder("gorilla-e2e-password")
            let connected = try await runGorilla(["connect", "127.0.0.1:\(server.port)", "--trust"], home: home.url)
            #expect(connected.status == 0, "\(connected)")
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let done = "register-exited-"
            try await tmux.start(
                "GORILLA_HOME='\(home.url.path)' '\(Products.gorilla.path)' register coach --username ada "
                    + "--email ada@example.com --name Ada --surname Lovelace; echo \(done)$?; sleep 30")
            // Each answer only once its prompt has switched echo off (the prompt is written just before).
            _ = try await tmux.waitFor("New password")
            #expect(try await tmux.waitForEchoOff())
            try await tmux.keys("short", "Enter")
            let short = try await tmux.waitFor("Too short")
            #expect(short.contains("at least 8 characters"), "\(short)")
            #expect(try await tmux.waitForEchoOff())
            try await tmux.keys("analytical-engine", "Enter")
            _ = try await tmux.waitFor("Type it again")
            #expect(try await tmux.waitForEchoOff())
            try await tmux.keys("analytical-engiine", "Enter")
            let differ = try await tmux.waitFor("differ")
            #expect(!differ.contains("analytical"), "echoed: \(differ)")
            #expect(try await tmux.waitForEchoOff())
            try await tmux.keys("analytical-engine", "Enter")
            _ = try await tmux.waitForScreen { $0.components(separatedBy: "Type it again").count == 3 }
            #expect(try await tmux.waitForEchoOff())
            try await tmux.keys("analytical-engine", "Enter")
            let registered = try await tmux.waitFor(done)
            #expect(registered.contains("\(done)0"), "\(registered)")
            try #require(try await runGorilla(["logout"], home: home.url).status == 0)
            let login = try await runGorilla(
                ["login", "ada", "--password-stdin"], home: home.url, input: "analytical-engine\n")
            #expect(login.status == 0, "the password typed twice is the one kept: \(login)")
        }
    }

    @Test func refusalsSayTheRightThing() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addExercise(name: "Squat", ExerciseFields())
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            _ = try await coach.invite(name: "Pau", surname: "Vila")
            let ana = try await Device.registered("ana", code: code, on: server)
            let session = try await coach.app.logSession(
                SessionLogRequest(client: "Ana", date: "2026-11-02 10:00", sets: ["Squat: 10x50kg"]))
            let sessionID = try #require(session.json.objectValue?["id"]?.stringValue)
            _ = try await ana.sync()

            // A client deleting a session is told only coaches delete sessions, not anything about the catalogue.
            let removed = await ClientHistoryTests.failure { _ = try await ana.app.removeSession(sessionID) }
            #expect(removed?.message == "only coaches can delete sessions", "\(String(describing: removed))")
            let cli = try await runGorilla(["sessions", "rm", sessionID, "--yes"], home: ana.home)
            #expect(cli.stderr.contains("only coaches can delete sessions"), "\(cli)")
            #expect(!cli.stderr.contains("catalogue"), "\(cli)")

            // A client asking for someone else's statistics gets an error, not their own figures.
            let others = await ClientHistoryTests.failure { _ = try await ana.app.stats(StatsRequest(client: "Pau")) }
            #expect(others?.kind == .usage, "\(String(describing: others))")
            #expect(others?.message.contains("only your own") == true, "\(String(describing: others))")
            let own = try await ana.app.stats(StatsRequest(client: "ana"))
            #expect(own.text.contains("Ana Serra"), "\(own.text)")

            // Coach-only hints are not shown to a client.
            for section in ["machines", "trainings", "events"] {
                let listed = try await runGorilla([section, "list"], home: ana.home)
                #expect(listed.status == 0, "\(listed)")
                #expect(!listed.stdout.contains("gorilla \(section) add"), "\(section): \(listed)")
            }

            // A set written with spaces says how to write it.
            let spaced = try await runGorilla(
                ["sessions", "log", "--client", "Ana", "--set", "Squat: 10 x 50 kg"], home: coach.home)
            #expect(spaced.status == 64, "\(spaced)")
            #expect(spaced.stderr.contains("write a set without spaces, e.g. 10x50kg"), "\(spaced)")
            #expect(!spaced.stderr.contains("unknown set type"), "\(spaced)")
        }
    }
}
