import Foundation
import GorillaShared

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of the `gorilla` CLI printed and how it exited.
public struct CommandRun: Sendable, CustomStringConvertible {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Whether a signal ended it.
    public var killed: Bool

    /// Standard output parsed as one JSON value.
    public func json() throws -> JSONValue {
        try WireCoding.decoder.decode(JSONValue.self, from: Data(stdout.utf8))
    }

    public var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// The built `gorilla` CLI running as a child process, as a user would run it: its own `GORILLA_HOME`, standard
/// input from a file, standard output and error to files.
public final class GorillaProcess: Sendable {
    private let process: Process
    private let scratch: TemporaryFolder
    private let exits: AsyncStream<Void>

    /// Starts `gorilla ARGUMENTS` with `GORILLA_HOME=home`, `input` on standard input, the test deadlines
    /// (``TestDeadlines``) and `environment` added to this process's environment (an empty value unsets a deadline:
    /// the default holds).
    public init(_ arguments: [String], home: URL, input: String? = nil, environment: [String: String] = [:]) throws {
        scratch = try TemporaryFolder("gorilla-cli-run")
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        exits = stream
        let inURL = scratch.url.appendingPathComponent("stdin")
        _ = FileManager.default.createFile(atPath: inURL.path, contents: Data((input ?? "").utf8))
        _ = FileManager.default.createFile(atPath: scratch.url.appendingPathComponent("stdout").path, contents: nil)
        _ = FileManager.default.createFile(atPath: scratch.url.appendingPathComponent("stderr").path, contents: nil)

        let process = Process()
        process.executableURL = Products.gorilla
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["GORILLA_HOME"] = home.path
        variables.merge(TestDeadlines.environment) { $1 }
        variables.merge(environment) { $1 }
        process.environment = variables
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: scratch.url.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: scratch.url.appendingPathComponent("stderr"))
        process.terminationHandler = { _ in
            continuation.yield()
            continuation.finish()
        }
        self.process = process
        try process.run()
    }

    /// Whether the process still runs.
    public var isRunning: Bool { process.isRunning }

    /// Sends SIGKILL if the process still runs; returns whether it did.
    public func kill() -> Bool {
        guard process.isRunning else { return false }
        #if canImport(Glibc)
        return Glibc.kill(process.processIdentifier, SIGKILL) == 0
        #else
        return Darwin.kill(process.processIdentifier, SIGKILL) == 0
        #endif
    }

    /// Waits for the exit without blocking a thread (the in-process server needs the cooperative pool's threads).
    public func wait() async -> CommandRun {
        for await _ in exits {}
        return CommandRun(
            status: process.terminationStatus, stdout: output("stdout"), stderr: output("stderr"),
            killed: process.terminationReason == .uncaughtSignal)
    }

    private func output(_ name: String) -> String {
        (try? String(contentsOf: scratch.url.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
}

/// Runs the built `gorilla` binary to its end with `GORILLA_HOME=home`, feeding `input` on standard input.
public func runGorilla(
    _ arguments: [String], home: URL, input: String? = nil,
    environment: [String: String] = [:]
) async throws -> CommandRun {
    try await GorillaProcess(arguments, home: home, input: input, environment: environment).wait()
}
