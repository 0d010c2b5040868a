import Foundation
import GorillaShared

/// What one run of the `gorilla` CLI printed and how it exited.
struct CommandRun: Sendable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Standard output parsed as one JSON value.
    func json() throws -> JSONValue {
        try WireCoding.decoder.decode(JSONValue.self, from: Data(stdout.utf8))
    }

    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs the built `gorilla` binary with `GORILLA_HOME=home`, the test deadlines (``TestDeadlines``) and the variables
/// of `environment` (an empty value unsets a deadline: the default holds), feeding `input` on standard input.
func runGorilla(_ arguments: [String], home: URL, input: String? = nil,
                environment extra: [String: String] = [:]) async throws -> CommandRun {
    let scratch = try TemporaryFolder("gorilla-e2e-run")
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    let inURL = scratch.url.appendingPathComponent("stdin")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: inURL.path, contents: Data((input ?? "").utf8))

    let process = Process()
    process.executableURL = Products.gorilla
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GORILLA_HOME"] = home.path
    environment.merge(TestDeadlines.environment) { _, new in new }
    environment.merge(extra) { _, new in new }
    process.environment = environment
    process.standardInput = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)

    // Wait without blocking a thread of the cooperative pool (the in-process server needs them).
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        process.terminationHandler = { _ in continuation.resume() }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            continuation.resume(throwing: error)
        }
    }
    return CommandRun(status: process.terminationStatus,
                      stdout: try String(contentsOf: outURL, encoding: .utf8),
                      stderr: try String(contentsOf: errURL, encoding: .utf8))
}
