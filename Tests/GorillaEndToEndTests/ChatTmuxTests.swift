import Dispatch
import Foundation
import GorillaClient
import GorillaShared
import GorillaTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tmux server of its own (a private socket) running the real `gorilla chat`.
private final class ChatTmux: Sendable {
    let socket = "gorilla-chat-\(UUID().uuidString.prefix(8))"

    /// Whether a `tmux` executable is on the PATH.
    static var isInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/tmux")
        }
    }

    /// Runs one tmux command through `system(3)` on a dispatch thread and returns what it printed.
    ///
    /// Not through `Process`: the tmux server that `new-session` forks keeps the child's pipes open,
    /// so waiting for the child through them would never end.
    @discardableResult
    func run(_ arguments: [String]) async -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chat-tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command =
            (["tmux", "-L", socket] + arguments).map(quote).joined(separator: " ")
            + " </dev/null >\(quote(file.path)) 2>&1"
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                _ = system(command)
                continuation.resume()
            }
        }
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    /// Starts `command` in a detached 120×40 session named `chat`.
    func start(_ command: String) async {
        await run(["new-session", "-d", "-s", "chat", "-x", "120", "-y", "40", command])
    }

    func keys(_ keys: String...) async { await run(["send-keys", "-t", "chat"] + keys) }

    func screen() async -> String { await run(["capture-pane", "-p", "-t", "chat"]) }

    /// Polls the screen until it shows `text` or `timeout` passes; returns the last screen.
    func waitFor(_ text: String, timeout: Duration = .seconds(15)) async -> String {
        let deadline = ContinuousClock.now + timeout
        var last = await screen()
        while !last.contains(text), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
            last = await screen()
        }
        return last
    }

    /// Kills the tmux server and everything it runs, and removes its socket file.
    func stop() async {
        let path = await run(["display-message", "-p", "-t", "chat", "#{socket_path}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        await run(["kill-server"])
        if path.hasSuffix("/" + socket) { try? FileManager.default.removeItem(atPath: path) }
    }
}

@Suite(.hangLimit)
struct ChatTmuxTests {
    /// Runs `body` with a coach device, a registered client device and a private tmux server, which is always killed.
    private static func withChat(
        _ body: (_ coach: Device, _ client: Device, _ tmux: ChatTmux) async throws -> Void
    ) async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            try await coach.sync()
            let tmux = ChatTmux()
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

    private static func startChat(_ client: Device, in tmux: ChatTmux) async {
        await tmux.start("GORILLA_HOME='\(client.home.path)' '\(Products.gorilla.path)' chat; echo \(done)$?; sleep 30")
    }

    /// The coach removes the client while the client's chat is open: the server tells the chat's connection (error
    /// 110) and closes it, and the chat says the session ended instead of trying to reconnect for ever.
    @Test func aRemovedClientsChatSaysTheSessionEndedAndStopsTrying() async throws {
        guard ChatTmux.isInstalled else {
            print("ChatTmuxTests: tmux is not installed; skipping the interactive chat test")
            return
        }
        try await Self.withChat { coach, client, tmux in
            await Self.startChat(client, in: tmux)
            let opened = await tmux.waitFor("connected")
            #expect(opened.contains("connected"), "\(opened)")
            let removed = try await runGorilla(["clients", "rm", "Ana", "--yes"], home: coach.home)
            #expect(removed.status == 0, "\(removed)")
            let told = await tmux.waitFor("your session has expired or was revoked", timeout: .seconds(15))
            #expect(told.contains("your session has expired or was revoked"), "\(told)")
        }
    }

    @Test func aMessageFromAnotherDeviceAppearsWithoutAKeyPressAndEnterSendsTheTypedLine() async throws {
        guard ChatTmux.isInstalled else {
            print("ChatTmuxTests: tmux is not installed; skipping the interactive chat test")
            return
        }
        try await Self.withChat { coach, client, tmux in
            _ = try await coach.app.sendMessage(to: "Ana", text: "Welcome to the chat")
            await Self.startChat(client, in: tmux)
            let opened = await tmux.waitFor("connected")
            #expect(opened.contains("Chat with Ada Tester"), "\(opened)")
            #expect(opened.contains("connected"), "\(opened)")
            #expect(opened.contains("Ada Tester: Welcome to the chat"), "\(opened)")

            // A message sent from the coach's other device shows up by itself.
            let sent = try await runGorilla(["messages", "send", "Ana", "Ping from the coach"], home: coach.home)
            #expect(sent.status == 0, "\(sent)")
            let arrived = await tmux.waitFor("Ping from the coach", timeout: .seconds(5))
            #expect(arrived.contains("Ada Tester: Ping from the coach"), "\(arrived)")

            // Seen in the chat means read: the mark reaches the coach.
            var marked = false
            let readDeadline = ContinuousClock.now + .seconds(10)
            while !marked, ContinuousClock.now < readDeadline {
                try await coach.sync()
                marked = try coach.entities("message").contains {
                    $0[string: "text"] == "Ping from the coach" && $0.data["read"] != nil
                }
                if !marked { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(marked, "the chat did not mark the shown message read")

            // Typing a line (a key at a time, as a person types) and Enter sends it.
            for character in "hello from chat" {
                await tmux.keys("-l", String(character))
            }
            _ = await tmux.waitFor("> hello from chat", timeout: .seconds(5))
            await tmux.keys("Enter")
            let echoed = await tmux.waitFor("you ✓: hello from chat", timeout: .seconds(5))
            #expect(
                echoed.contains("you ✓: hello from chat") || echoed.contains("you ✓✓: hello from chat"), "\(echoed)")
            var received = false
            let deadline = ContinuousClock.now + .seconds(10)
            while !received, ContinuousClock.now < deadline {
                try await coach.sync()
                received = try coach.entities("message").contains { $0[string: "text"] == "hello from chat" }
                if !received { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(received, "the coach never received the line typed in the chat")
            let thread = try await runGorilla(["messages", "show", "Ana"], home: coach.home)
            #expect(thread.stdout.contains("Ana Serra: hello from chat"), "\(thread)")
            // Reading it there marks it read, and the open chat shows the mark without a key press.
            let read = await tmux.waitFor("you ✓✓: hello from chat", timeout: .seconds(5))
            #expect(read.contains("you ✓✓: hello from chat"), "the read mark did not reach the chat: \(read)")

            // Escape leaves and the process ends normally.
            await tmux.keys("Escape")
            let exited = await tmux.waitFor(Self.done, timeout: .seconds(10))
            #expect(exited.contains("\(Self.done)0"), "\(exited)")
        }
    }

    @Test func aBurstOfTypedCharactersIsSentInTheOrderItWasTyped() async throws {
        guard ChatTmux.isInstalled else {
            print("ChatTmuxTests: tmux is not installed; skipping the interactive chat test")
            return
        }
        try await Self.withChat { coach, client, tmux in
            _ = try await coach.app.sendMessage(to: "Ana", text: "Type away")
            await Self.startChat(client, in: tmux)
            _ = await tmux.waitFor("connected")
            // Pastes, or fast typing: each burst of keys reaches the terminal in one read.
            let bursts = (0..<12).map { burst in (1...6).map { "w\(burst * 6 + $0)" }.joined(separator: " ") + " " }
            for burst in bursts {
                await tmux.keys("-l", burst)
                try await Task.sleep(for: .milliseconds(150))
            }
            let text = bursts.joined().trimmingCharacters(in: .whitespaces)
            let typed = await tmux.waitFor(String(text.suffix(40)), timeout: .seconds(5))
            let prompt = typed.components(separatedBy: "\n").last { $0.hasPrefix("> ") } ?? "none"
            #expect(prompt.hasSuffix(String(text.suffix(40))), "the input line reads '\(prompt)'")
            await tmux.keys("Enter")
            var sent: String?
            let deadline = ContinuousClock.now + .seconds(10)
            while sent == nil, ContinuousClock.now < deadline {
                try await coach.sync()
                sent = try coach.entities("message").first { $0[string: "text"] != "Type away" }?[string: "text"]
                if sent == nil { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(sent == text, "the coach received '\(sent ?? "nothing")'")
            await tmux.keys("Escape")
            _ = await tmux.waitFor(Self.done, timeout: .seconds(10))
        }
    }

    @Test func anEmptyChatStillShowsItsTitleAndStatusLine() async throws {
        guard ChatTmux.isInstalled else {
            print("ChatTmuxTests: tmux is not installed; skipping the interactive chat test")
            return
        }
        try await Self.withChat { _, client, tmux in
            await Self.startChat(client, in: tmux)
            _ = await tmux.waitFor("────")
            // Give the view time to connect and redraw (long on a loaded machine).
            let screen = await tmux.waitFor("connected", timeout: .seconds(30))
            let lines = screen.components(separatedBy: "\n")
            #expect(
                lines.first?.contains("Chat with Ada Tester") == true,
                "the first row of the empty chat is \(lines.first.map { "'\($0)'" } ?? "missing"); the title line scrolled away"
            )
            #expect(screen.contains("connected"), "no status line on the empty chat")
            await tmux.keys("Escape")
            let exited = await tmux.waitFor(Self.done, timeout: .seconds(10))
            #expect(exited.contains("\(Self.done)0"), "\(exited)")
        }
    }

    @Test func pageUpHomeAndF5TypeNothing() async throws {
        guard ChatTmux.isInstalled else {
            print("ChatTmuxTests: tmux is not installed; skipping the interactive chat test")
            return
        }
        try await Self.withChat { _, client, tmux in
            await Self.startChat(client, in: tmux)
            _ = await tmux.waitFor("connected")
            await tmux.keys("-l", "ab")
            _ = await tmux.waitFor("> ab", timeout: .seconds(5))
            for key in ["PPage", "Home", "F5", "NPage", "End", "Up", "F12", "IC", "DC"] {
                await tmux.keys(key)
            }
            await tmux.keys("-l", "cd")
            let typed = await tmux.waitFor("> abcd", timeout: .seconds(5))
            let prompt = typed.components(separatedBy: "\n").last { $0.hasPrefix("> ") } ?? "none"
            #expect(prompt.trimmingCharacters(in: .whitespaces) == "> abcd", "the input line reads '\(prompt)'")
            await tmux.keys("Escape")
            let exited = await tmux.waitFor(Self.done, timeout: .seconds(10))
            #expect(exited.contains("\(Self.done)0"), "\(exited)")
        }
    }

    @Test func aServerThatNeverAnswersDoesNotFreezeTheChat() async throws {
        guard ChatTmux.isInstalled else {
            print("ChatTmuxTests: tmux is not installed; skipping the interactive chat test")
            return
        }
        try await Self.withChat { _, client, tmux in
            let listener = try SilentListener()
            defer { withExtendedLifetime(listener) {} }
            let port = listener.port
            var config = client.app.home.loadConfig()
            config.server?.port = port
            try client.app.home.saveConfig(config)

            await Self.startChat(client, in: tmux)
            _ = await tmux.waitFor("Chat with Ada Tester")
            // "server not answering" while the attempt hangs, or after it fails on a deadline, whichever comes.
            let silent = await tmux.waitFor("server not answering", timeout: .seconds(10))
            #expect(silent.contains("server not answering"), "\(silent)")
            // Typing and sending go on: the line is queued on this device.
            for character in "still here" {
                await tmux.keys("-l", String(character))
            }
            let typed = await tmux.waitFor("> still here", timeout: .seconds(5))
            #expect(typed.contains("> still here"), "\(typed)")
            await tmux.keys("Enter")
            let queued = await tmux.waitFor("you …: still here", timeout: .seconds(5))
            #expect(queued.contains("you …: still here"), "\(queued)")
            // Leaving does not wait for the server either.
            let leaving = ContinuousClock.now
            await tmux.keys("Escape")
            let exited = await tmux.waitFor(Self.done, timeout: .seconds(10))
            #expect(exited.contains("\(Self.done)0"), "\(exited)")
            #expect(ContinuousClock.now - leaving < .seconds(5))
            #expect(try client.cache().queuedCount() >= 1)
        }
    }

    @Test func chatWithoutATerminalFailsLikeTrainAndWritesNothingOnStandardOutput() async throws {
        guard ChatTmux.isInstalled else {
            print("ChatTmuxTests: tmux is not installed; skipping the interactive chat test")
            return
        }
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
            await tmux.start(
                run("chat", client.home, "--json chat") + run("train", coach.home, "--json train --client Bea --free")
                    + "echo all-done; sleep 30")
            let screen = await tmux.waitFor("all-done", timeout: .seconds(30))
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
