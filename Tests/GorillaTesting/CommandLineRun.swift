import Foundation
import GorillaShared

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of the `gorilla` CLI printed and how it exited.
package struct CommandRun: Sendable, CustomStringConvertible {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// Whether a signal ended it.
    package var killed: Bool

    /// Standard output parsed as one JSON value.
    package func json() throws -> JSONValue {
        try WireCoding.decoder.decode(JSONValue.self, from: Data(stdout.utf8))
    }

    package var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// The built `gorilla` CLI running as a child process, as a user would run it: its own `GORILLA_HOME`, standard
/// input from a file, standard output and error to files.
package final class GorillaProcess: Sendable {
    private let child: ChildProcess
    private let scratch: TemporaryFolder

    /// Starts `gorilla ARGUMENTS` with `GORILLA_HOME=home`, `input` on standard input, the test deadlines
    /// (``TestDeadlines``) and `environment` added to this process's environment (an empty value unsets a deadline:
    /// the default holds).
    package init(_ arguments: [String], home: URL, input: String? = nil, environment: [String: String] = [:]) throws {
        scratch = try TemporaryFolder("gorilla-cli-run")
        let inURL = scratch.url.appendingPathComponent("stdin")
        _ = FileManager.default.createFile(atPath: inURL.path, contents: Data((input ?? "").utf8))
        var variables = ProcessInfo.processInfo.environment
        variables["GORILLA_HOME"] = home.path
        variables.merge(TestDeadlines.environment) { $1 }
        variables.merge(environment) { $1 }
        child = try ChildProcess(
            Products.gorilla.path, arguments, environment: variables, stdin: .file(inURL.path),
            stdout: .file(scratch.url.appendingPathComponent("stdout").path),
            stderr: .file(scratch.url.appendingPathComponent("stderr").path))
    }

    /// Whether the process still runs.
    package var isRunning: Bool { child.isRunning }

    /// Sends SIGKILL if the process still runs; returns whether it did.
    package func kill() -> Bool { child.send(SIGKILL) }

    /// Sends SIGTERM (how a long-running command such as `watch` is stopped) if the process still runs.
    @discardableResult
    package func terminate() -> Bool { child.send(SIGTERM) }

    /// What the process has written to standard output so far.
    package var stdoutSoFar: String { output("stdout") }

    /// Waits for the exit without blocking a thread (the in-process server needs the cooperative pool's threads).
    package func wait() async -> CommandRun {
        let (status, signaled) = await child.wait()
        return CommandRun(status: status, stdout: output("stdout"), stderr: output("stderr"), killed: signaled)
    }

    private func output(_ name: String) -> String {
        (try? String(contentsOf: scratch.url.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
}

/// Runs the built `gorilla` binary to its end with `GORILLA_HOME=home`, feeding `input` on standard input.
package func runGorilla(
    _ arguments: [String], home: URL, input: String? = nil,
    environment: [String: String] = [:]
) async throws -> CommandRun {
    try await GorillaProcess(arguments, home: home, input: input, environment: environment).wait()
}

/// Runs the built `gorilla-server` ARGUMENTS (an operator command: `backup`, `restore`, `check`, …) to its end, with
/// `environment` added to the test's own.
package func runGorillaServer(_ arguments: [String], environment: [String: String] = [:]) async throws -> CommandRun {
    let scratch = try TemporaryFolder("gorilla-server-run")
    let child = try ChildProcess(
        Products.server.path, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
        stdin: .null,
        stdout: .file(scratch.url.appendingPathComponent("stdout").path),
        stderr: .file(scratch.url.appendingPathComponent("stderr").path))
    let (status, signaled) = await child.wait()
    func output(_ name: String) -> String {
        (try? String(contentsOf: scratch.url.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
    return CommandRun(status: status, stdout: output("stdout"), stderr: output("stderr"), killed: signaled)
}
