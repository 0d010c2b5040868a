import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// `gorilla --generate-completion-script zsh|fish`: each script, loaded in a real interactive zsh and fish (in tmux, as
/// a person types), completes the names this device's cache holds on Tab, with the server gone.
@Suite(.hangLimit, .requiresTmux)
struct ShellCompletionTmuxTests {
    /// Whether `shell` is on the PATH; under CI (`.ci/run` installs zsh and fish) a missing one fails instead.
    static func has(_ shell: String) -> Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
            || (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(shell)")
            }
    }

    /// A coach's device whose cache holds machines (`more` besides three), an exercise, a training and a client; the
    /// server is gone after.
    static func deviceWithNames(moreMachines more: [String] = ["Cable: high"]) async throws -> Device {
        let coach = try Device()
        try await withTestServer { server in
            try await coach.connect(to: server)
            _ = try await coach.app.register(
                SignupBody(
                    username: "ada", email: "ada@example.com", password: Device.password, name: "Ada",
                    surname: "Tester"))
            for arguments in [
                ["machines", "add", "Leg press"], ["machines", "add", "Prensa"], ["machines", "add", "Smith"],
            ] + more.map { ["machines", "add", $0] } + [
                ["exercises", "add", "Sentadilla", "--machine", "Smith"],
                ["trainings", "add", "Pierna A", "--exercise", "Sentadilla"],
                ["clients", "add", "--name", "Ana", "--surname", "Serra"],
            ] {
                let added = try await runGorilla(arguments, home: coach.home)
                try #require(added.status == 0, "\(arguments): \(added)")
            }
        }
        return coach
    }

    /// A folder holding the generated script for `shell` and a `gorilla` on the PATH (the scripts call the CLI back by
    /// the command's name).
    static func scriptFolder(_ shell: String, home: URL) async throws -> (folder: TemporaryFolder, script: URL) {
        let folder = try TemporaryFolder("gorilla-e2e-\(shell)-completion")
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("gorilla"), withDestinationURL: Products.gorilla)
        let generated = try await runGorilla(["--generate-completion-script", shell], home: home)
        try #require(generated.status == 0 && !generated.stdout.isEmpty, "\(generated)")
        let script = folder.url.appendingPathComponent("gorilla.\(shell)")
        try Data(generated.stdout.utf8).write(to: script)
        return (folder, script)
    }

    /// The prompt the shells are given (`ready`): typed as two quoted halves, so that the typed setup never shows it.
    static let prompt = "shell-ready>"

    /// The screen's lines that are not blank.
    static func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Types `line` at the prompt, presses Tab, and returns the screen once it shows `expected` (or the last one);
    /// then empties the line and the screen (``clear(_:)``).
    static func tab(_ line: String, expecting expected: String, in tmux: Tmux) async throws -> String {
        try await tmux.keys("-l", line)
        try await tmux.keys("Tab")
        let screen = try await tmux.waitFor(expected, within: .seconds(15))
        try await clear(tmux)
        return screen
    }

    /// Empties the line (Ctrl-U) and clears the screen (Ctrl-L) until it shows only the prompt: a key that arrives while
    /// the shell still draws a completion may be taken by it, so it is sent again.
    static func clear(_ tmux: Tmux) async throws {
        for _ in 0..<3 {
            try await tmux.keys("C-u")
            try await tmux.keys("C-l")
            if try await eventually(timeout: .seconds(5), { lines(try await tmux.screen()) == [prompt] }) { return }
        }
        Issue.record("the shell's line was not emptied: \(try await tmux.screen())")
    }

    /// Runs `body` with `shell` started in tmux, in a home of its own, `gorilla` on its PATH and `setup` typed at its
    /// first prompt; `setup` ends by setting the prompt to ``prompt``, and `body` starts on a clear screen showing it.
    static func withShell(
        _ command: String, folder: URL, device: Device, setup: String, _ body: (Tmux) async throws -> Void
    ) async throws {
        let tmux = Tmux()
        let outcome: Result<Void, any Error>
        do {
            try await tmux.start(
                "env HOME='\(folder.path)' PATH='\(folder.path)':\"$PATH\" GORILLA_HOME='\(device.home.path)' "
                    + "TERM=xterm-256color \(command)")
            try await tmux.keys("-l", setup)
            try await tmux.keys("Enter")
            _ = try await tmux.waitForScreen { lines($0).last == prompt }
            try await clear(tmux)
            try await body(tmux)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        await tmux.stop()
        try outcome.get()
    }

    @Test(.enabled(if: has("zsh"), "zsh is not installed"))
    func zshCompletesMachineExerciseTrainingAndClientNamesFromTheCache() async throws {
        let device = try await Self.deviceWithNames()
        let (folder, script) = try await Self.scriptFolder("zsh", home: device.home)
        try await Self.withShell(
            "zsh -f", folder: folder.url, device: device,
            setup: "autoload -Uz compinit && compinit -u -D && source '\(script.path)' && PS1='shell-''ready> '"
        ) { tmux in try await Self.expectTheCachesNames(in: tmux) }
    }

    @Test(.enabled(if: has("fish"), "fish is not installed"))
    func fishCompletesMachineExerciseTrainingAndClientNamesFromTheCache() async throws {
        let device = try await Self.deviceWithNames()
        let (folder, script) = try await Self.scriptFolder("fish", home: device.home)
        try await Self.withShell(
            "fish --no-config", folder: folder.url, device: device,
            setup: "source '\(script.path)'; function fish_prompt; echo -n 'shell-''ready> '; end"
        ) { tmux in try await Self.expectTheCachesNames(in: tmux) }
    }

    /// Tab offers the cache's machine, exercise, training and client names where each is asked for.
    static func expectTheCachesNames(in tmux: Tmux) async throws {
        // Several names: listed under the line.
        let machines = try await Self.tab("gorilla machines show ", expecting: "Leg press", in: tmux)
        #expect(machines.contains("Prensa") && machines.contains("Smith"), "\(machines)")
        #expect(!machines.contains("Sentadilla"), "only machines: \(machines)")
        // One name: completed on the line.
        let prefixed = try await Self.tab(
            "gorilla machines rm Pr", expecting: "gorilla machines rm Prensa", in: tmux)
        #expect(prefixed.contains("gorilla machines rm Prensa"), "\(prefixed)")
        let option = try await Self.tab(
            "gorilla exercises add Curl --machine Le", expecting: "--machine Leg\\ press", in: tmux)
        #expect(option.contains("--machine Leg\\ press"), "\(option)")
        let exercise = try await Self.tab("gorilla exercises show Sen", expecting: "show Sentadilla", in: tmux)
        #expect(exercise.contains("gorilla exercises show Sentadilla"), "\(exercise)")
        let training = try await Self.tab("gorilla trainings show Pi", expecting: "show Pierna\\ A", in: tmux)
        #expect(training.contains("gorilla trainings show Pierna\\ A"), "\(training)")
        let client = try await Self.tab("gorilla clients show An", expecting: "show Ana\\ Serra", in: tmux)
        #expect(client.contains("gorilla clients show Ana\\ Serra"), "\(client)")
        // A colon is part of the name (zsh would read what follows it as a description).
        let colon = try await Self.tab("gorilla machines show Ca", expecting: "show Cable:\\ high", in: tmux)
        #expect(colon.contains("gorilla machines show Cable:\\ high"), "\(colon)")
    }
}
