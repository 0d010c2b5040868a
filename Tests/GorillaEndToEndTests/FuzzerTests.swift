import Foundation
import GorillaTesting
import Testing

/// `gorilla-fuzz` as CI runs it (`.ci/run`, docs/reliability.md): for a fixed budget, its seed said first, exiting
/// non-zero on a finding or a crash.
@Suite(.hangLimit)
struct FuzzerTests {
    @Test func aShortRunSaysItsSeedFirstAndFindsNothing() async throws {
        let folder = try TemporaryFolder("gorilla-fuzz-run")
        let output = folder.url.appendingPathComponent("stdout").path
        let fuzzer = try ChildProcess(
            Products.directory.appendingPathComponent("gorilla-fuzz").path, ["2", "20261129"],
            environment: ProcessInfo.processInfo.environment, stdout: .file(output), stderr: .appending(output))
        let (status, signaled) = await fuzzer.wait()
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(status == 0 && !signaled, "\(printed)")
        let lines = printed.split(separator: "\n")
        #expect(lines.first?.contains("seed 20261129") == true, "the seed comes first: \(printed)")
        #expect(lines.contains { $0.hasPrefix("executions: ") && $0.hasSuffix("findings: 0") }, "\(printed)")
    }

    @Test func continuousIntegrationFuzzesForAMinuteAfterTheTests() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let commands = script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.hasPrefix("#") }
        let fuzzing = try #require(commands.firstIndex { $0.contains(".build/debug/gorilla-fuzz 60") })
        let testing = try #require(commands.lastIndex { $0.contains("swift test") })
        #expect(fuzzing > testing, "the fuzzer runs after the tests")
        // Its failure becomes the script's.
        #expect(commands[fuzzing].contains("status=$?"), "\(commands[fuzzing])")
    }
}
