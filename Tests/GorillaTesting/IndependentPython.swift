import Foundation

/// A Python 3 interpreter for tests that read the project's output with a parser written by others (Python's
/// `prometheus_client`, `icalendar`).
package enum IndependentPython {
    /// The interpreters to try, in order: `GORILLA_TEST_PYTHON`, `python3` on PATH, then the system's.
    static var candidates: [String] {
        let environment = ProcessInfo.processInfo.environment
        var candidates = environment["GORILLA_TEST_PYTHON"].map { [$0] } ?? []
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        candidates += ["/usr/bin/python3", "/usr/local/bin/python3"]
        return candidates.filter { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether any Python 3 is here (a test that needs one is skipped without it).
    package static var isPresent: Bool { !candidates.isEmpty }

    /// The first interpreter that imports `module`; without one, `pip install package` into the first interpreter that
    /// can (as `.ci/run` does), then asks again.
    /// - Throws: ``Missing`` when no interpreter has it and pip could not install it.
    package static func having(module: String, package: String) async throws -> String {
        if let found = await first(importing: module) { return found }
        for candidate in candidates {
            for extra in [[], ["--break-system-packages"]] {
                let install = try ChildProcess(
                    candidate, ["-m", "pip", "install", "--quiet"] + extra + [package],
                    environment: ProcessInfo.processInfo.environment, stdout: .null, stderr: .null)
                if await install.wait().status == 0, await imports(module, candidate) { return candidate }
            }
        }
        throw Missing(module: module, package: package)
    }

    /// Runs `script` with `arguments` in `python`; its standard output, or a test failure with its standard error.
    package static func run(_ python: String, script: String, _ arguments: [String]) async throws -> Data {
        let folder = try TemporaryFolder("gorilla-python")
        let output = folder.url.appendingPathComponent("out.txt").path
        let errors = folder.url.appendingPathComponent("err.txt").path
        let process = try ChildProcess(
            python, ["-c", script] + arguments, environment: ProcessInfo.processInfo.environment,
            stdout: .file(output), stderr: .file(errors))
        let status = await process.wait().status
        guard status == 0 else {
            throw Failed(status: status, stderr: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
        }
        return (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
    }

    /// The first interpreter that imports `module`, or nil.
    package static func first(importing module: String) async -> String? {
        for candidate in candidates where await imports(module, candidate) { return candidate }
        return nil
    }

    private static func imports(_ module: String, _ python: String) async -> Bool {
        guard
            let probe = try? ChildProcess(
                python, ["-c", "import \(module)"], environment: ProcessInfo.processInfo.environment,
                stdout: .null, stderr: .null)
        else { return false }
        return await probe.wait().status == 0
    }

    /// No Python here has the module, and pip could not install it.
    package struct Missing: Error, CustomStringConvertible {
        let module: String
        let package: String
        package var description: String {
            "no python3 here has \(module), and pip could not install \(package): install it (pip install \(package); "
                + ".ci/run does) or name an interpreter that has it in GORILLA_TEST_PYTHON"
        }
    }

    /// A script that ended with a failure.
    package struct Failed: Error, CustomStringConvertible {
        let status: Int32
        let stderr: String
        package var description: String { "python exited with \(status): \(stderr)" }
    }
}
