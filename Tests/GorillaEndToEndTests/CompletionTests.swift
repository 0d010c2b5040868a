import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

/// `gorilla --generate-completion-script bash`: the script, sourced in a real bash and asked as the shell asks on
/// Tab (`COMP_WORDS`, `COMP_CWORD`), completes the names this device's cache holds — with the server gone, since it
/// reads the cache alone — and completes nothing, silently, without a cache.
@Suite(.hangLimit)
struct CompletionTests {
    /// How a run of bash ended and what it printed.
    struct BashRun: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String
        var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    /// What the generated completion function offers for `gorilla WORDS… CURRENT` (Tab at the end of the line).
    static func completions(_ words: [String], current: String, script: URL, home: URL) async throws -> BashRun {
        let folder = try TemporaryFolder("gorilla-e2e-completion")
        let program = """
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _gorilla "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var environment = ProcessInfo.processInfo.environment
        environment["GORILLA_HOME"] = home.path
        let output = folder.url.appendingPathComponent("out").path
        let errors = folder.url.appendingPathComponent("err").path
        let bash = try ChildProcess(
            "/bin/bash", ["-c", program, "bash", script.path, Products.gorilla.path] + words + [current],
            environment: environment, stdout: .file(output), stderr: .file(errors))
        let (status, _) = await bash.wait()
        return BashRun(
            status: status, stdout: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    /// The lines of `run`'s standard output, empty ones left out.
    static func offered(_ run: BashRun) -> [String] {
        run.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test func bashCompletesMachineExerciseTrainingAndClientNamesFromTheCacheWithoutTheServer() async throws {
        let scriptFolder = try TemporaryFolder("gorilla-e2e-completion-script")
        let script = scriptFolder.url.appendingPathComponent("gorilla.bash")
        let coach = try await ShellCompletionTmuxTests.deviceWithNames(moreMachines: [])
        let generated = try await runGorilla(["--generate-completion-script", "bash"], home: coach.home)
        try #require(generated.status == 0, "\(generated)")
        try Data(generated.stdout.utf8).write(to: script)

        // The server is gone: the names come from the cache.
        let machines = try await Self.completions(["machines", "show"], current: "", script: script, home: coach.home)
        #expect(Self.offered(machines) == ["Leg press", "Prensa", "Smith"], "\(machines)")
        #expect(machines.stderr.isEmpty, "\(machines)")
        let prefixed = try await Self.completions(["machines", "rm"], current: "Pr", script: script, home: coach.home)
        #expect(Self.offered(prefixed) == ["Prensa"], "\(prefixed)")
        let option = try await Self.completions(
            ["exercises", "add", "Curl", "--machine"], current: "Le", script: script, home: coach.home)
        #expect(Self.offered(option) == ["Leg press"], "\(option)")
        let exercises = try await Self.completions(["exercises", "show"], current: "", script: script, home: coach.home)
        #expect(Self.offered(exercises) == ["Sentadilla"], "\(exercises)")
        let trainings = try await Self.completions(["trainings", "show"], current: "P", script: script, home: coach.home)
        #expect(Self.offered(trainings) == ["Pierna A"], "\(trainings)")
        let clients = try await Self.completions(["clients", "show"], current: "An", script: script, home: coach.home)
        #expect(Self.offered(clients) == ["Ana Serra"], "\(clients)")

        // No cache at all: nothing offered, nothing said, no cache made.
        let empty = try TemporaryFolder("gorilla-e2e-completion-empty")
        let none = try await Self.completions(["machines", "show"], current: "", script: script, home: empty.url)
        #expect(none.status == 0 && Self.offered(none).isEmpty && none.stderr.isEmpty, "\(none)")
        #expect(!FileManager.default.fileExists(atPath: empty.url.appendingPathComponent("cache.sqlite").path))
    }

    @Test func theCompletionCallbackAnswersQuicklyFromTheCache() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addMachine(name: "Prensa", imageFile: nil)
            // The call the script makes: `gorilla ---completion SUBCOMMANDS -- ARGUMENT INDEX CURSOR WORDS…`.
            let started = ContinuousClock.now
            let answered = try await runGorilla(
                ["---completion", "machines", "show", "--", "positional@0", "3", "1", "gorilla", "machines", "show",
                    "P"], home: coach.home)
            let took = ContinuousClock.now - started
            #expect(answered.status == 0 && answered.stdout == "Prensa\n", "\(answered)")
            #expect(took < .seconds(5), "\(took)")
        }
    }
}
