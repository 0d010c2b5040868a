import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

@Suite(.hangLimit, .requiresTmux)
struct ChatTmuxTests {
    /// Runs `body` with a coach device, a registered client device and a private tmux server, which is always killed.
    private static func withChat(
        _ body: (_ coach: Device, _ client: Device, _ tmux: Tmux) async throws -> Void
    ) async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            try await coach.sync()
            let tmux = Tmux()
            let outcome: Result<Void, any Error>
            do {
                try await body(coach, client, tmux)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            await tmux.stop()
            try outcome.get()
        }
    }

    static let done = "chat-exited-"

    private static func startChat(_ client: Device, in tmux: Tmux) async throws {
        try await tmux.start(
            "GORILLA_HOME='\(client.home.path)' '\(Products.gorilla.path)' chat; echo \(done)$?; sleep 30")
    }

    /// The coach removes the client while the client's chat is open: the server tells the chat's connection (error
    /// 110) and closes it, and the chat says the session ended instead of trying to reconnect for ever.
    @Test func aRemovedClientsChatSaysTheSessionEndedAndStopsTrying() async throws {
        try await Self.withChat { coach, client, tmux in
            try await Self.startChat(client, in: tmux)
            let opened = try await tmux.waitFor("connected")
            #expect(opened.contains("connected"), "\(opened)")
            let removed = try await runGorilla(["clients", "rm", "Ana", "--yes"], home: coach.home)
            #expect(removed.status == 0, "\(removed)")
            let told = try await tmux.waitFor("your session has expired or was revoked", within: .seconds(15))
            #expect(told.contains("your session has expired or was revoked"), "\(told)")
        }
    }

    @Test func aMessageFromAnotherDeviceAppearsWithoutAKeyPressAndEnterSendsTheTypedLine() async throws {
        try await Self.withChat { coach, client, tmux in
            _ = try await coach.app.sendMessage(to: "Ana", text: "Welcome to the chat")
            try await Self.startChat(client, in: tmux)
            let opened = try await tmux.waitFor("connected")
            #expect(opened.contains("Chat with Ada Tester"), "\(opened)")
            #expect(opened.contains("connected"), "\(opened)")
            #expect(opened.contains("Ada Tester: Welcome to the chat"), "\(opened)")

            // A message sent from the coach's other device shows up by itself.
            let sent = try await runGorilla(["messages", "send", "Ana", "Ping from the coach"], home: coach.home)
            #expect(sent.status == 0, "\(sent)")
            let arrived = try await tmux.waitFor("Ping from the coach", within: .seconds(5))
            #expect(arrived.contains("Ada Tester: Ping from the coach"), "\(arrived)")

            // Seen in the chat means read: the mark reaches the coach.
            let marked = try await eventually(timeout: .seconds(10), every: .milliseconds(200)) {
                try await coach.sync()
                return try coach.entities("message").contains {
                    $0[string: "text"] == "Ping from the coach" && $0.data["read"] != nil
                }
            }
            #expect(marked, "the chat did not mark the shown message read")

            // Typing a line (a key at a time, as a person types) and Enter sends it.
            for character in "hello from chat" {
                try await tmux.keys("-l", String(character))
            }
            _ = try await tmux.waitFor("> hello from chat", within: .seconds(5))
            try await tmux.keys("Enter")
            let echoed = try await tmux.waitFor("you ✓: hello from chat", within: .seconds(5))
            #expect(
                echoed.contains("you ✓: hello from chat") || echoed.contains("you ✓✓: hello from chat"), "\(echoed)")
            let received = try await eventually(timeout: .seconds(10), every: .milliseconds(200)) {
                try await coach.sync()
                return try coach.entities("message").contains { $0[string: "text"] == "hello from chat" }
            }
            #expect(received, "the coach never received the line typed in the chat")
            let thread = try await runGorilla(["messages", "show", "Ana"], home: coach.home)
            #expect(thread.stdout.contains("Ana Serra: hello from chat"), "\(thread)")
            // Reading it there marks it read, and the open chat shows the mark without a key press.
            let read = try await tmux.waitFor("you ✓✓: hello from chat", within: .seconds(5))
            #expect(read.contains("you ✓✓: hello from chat"), "the read mark did not reach the chat: \(read)")

            // Escape leaves and the process ends normally.
            try await tmux.keys("Escape")
            let exited = try await tmux.waitFor(Self.done, within: .seconds(10))
            #expect(exited.contains("\(Self.done)0"), "\(exited)")
        }
    }

    @Test func aBurstOfTypedCharactersIsSentInTheOrderItWasTyped() async throws {
        try await Self.withChat { coach, client, tmux in
            _ = try await coach.app.sendMessage(to: "Ana", text: "Type away")
            try await Self.startChat(client, in: tmux)
            _ = try await tmux.waitFor("connected")
            // Pastes, or fast typing: each burst of keys reaches the terminal in one read.
            let bursts = (0..<12).map { burst in (1...6).map { "w\(burst * 6 + $0)" }.joined(separator: " ") + " " }
            // Each burst only once the one before shows on the input line, so that no two reach the terminal as one.
            for burst in bursts {
                try await tmux.keys("-l", burst)
                let last = String(burst.split(separator: " ").last!)
                _ = try await tmux.waitForScreen(within: .seconds(5)) { screen in
                    let input = screen.components(separatedBy: "\n").last { $0.hasPrefix("> ") } ?? ""
                    return input.trimmingCharacters(in: .whitespaces).hasSuffix(last)
                }
            }
            let text = bursts.joined().trimmingCharacters(in: .whitespaces)
            let typed = try await tmux.waitFor(String(text.suffix(40)), within: .seconds(5))
            let prompt = typed.components(separatedBy: "\n").last { $0.hasPrefix("> ") } ?? "none"
            #expect(prompt.hasSuffix(String(text.suffix(40))), "the input line reads '\(prompt)'")
            try await tmux.keys("Enter")
            var sent: String?
            _ = try await eventually(timeout: .seconds(10), every: .milliseconds(200)) {
                try await coach.sync()
                sent = try coach.entities("message").first { $0[string: "text"] != "Type away" }?[string: "text"]
                return sent != nil
            }
            #expect(sent == text, "the coach received '\(sent ?? "nothing")'")
            try await tmux.keys("Escape")
            _ = try await tmux.waitFor(Self.done, within: .seconds(10))
        }
    }

    @Test func anEmptyChatStillShowsItsTitleAndStatusLine() async throws {
        try await Self.withChat { _, client, tmux in
            try await Self.startChat(client, in: tmux)
            _ = try await tmux.waitFor("────")
            // Give the view time to connect and redraw (long on a loaded machine).
            let screen = try await tmux.waitFor("connected", within: .seconds(30))
            let lines = screen.components(separatedBy: "\n")
            #expect(
                lines.first?.contains("Chat with Ada Tester") == true,
                "the first row of the empty chat is \(lines.first.map { "'\($0)'" } ?? "missing"); the title line scrolled away"
            )
            #expect(screen.contains("connected"), "no status line on the empty chat")
            try await tmux.keys("Escape")
            let exited = try await tmux.waitFor(Self.done, within: .seconds(10))
            #expect(exited.contains("\(Self.done)0"), "\(exited)")
        }
    }

    @Test func pageUpHomeAndF5TypeNothing() async throws {
        try await Self.withChat { _, client, tmux in
            try await Self.startChat(client, in: tmux)
            _ = try await tmux.waitFor("connected")
            try await tmux.keys("-l", "ab")
            _ = try await tmux.waitFor("> ab", within: .seconds(5))
            for key in ["PPage", "Home", "F5", "NPage", "End", "Up", "F12", "IC", "DC"] {
                try await tmux.keys(key)
            }
            try await tmux.keys("-l", "cd")
            let typed = try await tmux.waitFor("> abcd", within: .seconds(5))
            let prompt = typed.components(separatedBy: "\n").last { $0.hasPrefix("> ") } ?? "none"
            #expect(prompt.trimmingCharacters(in: .whitespaces) == "> abcd", "the input line reads '\(prompt)'")
            try await tmux.keys("Escape")
            let exited = try await tmux.waitFor(Self.done, within: .seconds(10))
            #expect(exited.contains("\(Self.done)0"), "\(exited)")
        }
    }

    @Test func aServerThatNeverAnswersDoesNotFreezeTheChat() async throws {
        try await Self.withChat { _, client, tmux in
            let listener = try SilentListener()
            defer { withExtendedLifetime(listener) {} }
            let port = listener.port
            var config = client.app.home.loadConfig()
            config.server?.port = port
            try client.app.home.saveConfig(config)

            try await Self.startChat(client, in: tmux)
            _ = try await tmux.waitFor("Chat with Ada Tester")
            // "server not answering" while the attempt hangs, or after it fails on a deadline, whichever comes.
            let silent = try await tmux.waitFor("server not answering", within: .seconds(10))
            #expect(silent.contains("server not answering"), "\(silent)")
            // Typing and sending go on: the line is queued on this device.
            for character in "still here" {
                try await tmux.keys("-l", String(character))
            }
            let typed = try await tmux.waitFor("> still here", within: .seconds(5))
            #expect(typed.contains("> still here"), "\(typed)")
            try await tmux.keys("Enter")
            let queued = try await tmux.waitFor("you …: still here", within: .seconds(5))
            #expect(queued.contains("you …: still here"), "\(queued)")
            // Leaving does not wait for the server either.
            let leaving = ContinuousClock.now
            try await tmux.keys("Escape")
            let exited = try await tmux.waitFor(Self.done, within: .seconds(10))
            #expect(exited.contains("\(Self.done)0"), "\(exited)")
            #expect(ContinuousClock.now - leaving < .seconds(5))
            #expect(try client.cache().queuedCount() >= 1)
        }
    }

    @Test func chatWithoutATerminalFailsLikeTrainAndWritesNothingOnStandardOutput() async throws {
        try await Self.withChat { coach, client, tmux in
            let folder = try TemporaryFolder("gorilla-e2e-no-terminal")
            func run(_ name: String, _ home: URL, _ arguments: String) -> String {
                let out = folder.url.appendingPathComponent("\(name).out").path
                let err = folder.url.appendingPathComponent("\(name).err").path
                // setsid: a new session without a controlling terminal, as under cron or a service manager.
                return
                    "setsid -w env GORILLA_HOME='\(home.path)' '\(Products.gorilla.path)' \(arguments) </dev/null >'\(out)' 2>'\(err)'; "
                    + "echo \(name)-exit-$?; "
            }
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
            try await tmux.start(
                run("chat", client.home, "--json chat") + run("train", coach.home, "--json train --client Bea --free")
                    + "echo all-done; sleep 30")
            let screen = try await tmux.waitFor("all-done", within: .seconds(30))
            #expect(screen.contains("chat-exit-73"), "\(screen)")
            #expect(screen.contains("train-exit-73"), "\(screen)")
            for name in ["chat", "train"] {
                let out = try String(contentsOf: folder.url.appendingPathComponent("\(name).out"), encoding: .utf8)
                let err = try String(contentsOf: folder.url.appendingPathComponent("\(name).err"), encoding: .utf8)
                #expect(out.isEmpty, "\(name) wrote on standard output: \(out.debugDescription)")
                let error = try WireCoding.decoder.decode(JSONValue.self, from: Data(err.utf8)).objectValue?["error"]?
                    .objectValue
                #expect(error?["kind"] == "local", "\(name): \(err)")
                #expect(
                    error?["message"]?.stringValue?.contains("gorilla \(name) needs a terminal") == true,
                    "\(name): \(err)")
            }
            // Nothing was started that train --resume would find.
            #expect(throws: ClientError.self) { try coach.app.resumeTraining() }
        }
    }
}
