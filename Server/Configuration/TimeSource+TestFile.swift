import Foundation
import GorillaShared

extension TimeSource {
    /// The environment variable that names a test clock's file (``shifted(byFileAt:)``); tests of the server process
    /// only.
    package static let testClockVariable = "GORILLA_TEST_CLOCK_FILE"

    /// The system's clock moved ahead by the seconds written in the file at `path` (not moved while the file is
    /// missing or holds no number): how a test moves the clock of a `gorilla-server` it runs as a process.
    /// - Important: The file is read at every look at the time; for tests only, never in production.
    package static func shifted(byFileAt path: String) -> TimeSource {
        TimeSource {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return Date().addingTimeInterval(Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
        }
    }
}

extension ServerConfiguration {
    /// Runs ``clock`` from a test clock's file when ``TimeSource/testClockVariable`` names one in `environment`
    /// (``TimeSource/shifted(byFileAt:)``) and returns the file's path; otherwise leaves the clock as it is.
    package mutating func takeTestClock(
        from environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        guard let path = environment[TimeSource.testClockVariable], !path.isEmpty else { return nil }
        clock = .shifted(byFileAt: path)
        return path
    }
}
