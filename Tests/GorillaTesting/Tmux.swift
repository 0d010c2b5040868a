import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tmux server of its own (a private socket) running a real `gorilla` command full screen, for the tests of the
/// interactive views: start a command, send keys, wait for what the screen shows.
package final class Tmux: Sendable {
    /// The private server's socket name (`tmux -L`), so that tests never share a server.
    package let socket = "gorilla-test-\(UUID().uuidString.prefix(8))"

    /// How long ``waitFor(_:within:)`` waits unless told.
    package static let patience: Duration = .seconds(20)

    package init() {}

    /// Whether a `tmux` executable is on the PATH.
    package static var isInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/tmux")
        }
    }

    /// Runs one tmux command and returns what it printed.
    ///
    /// Through `system(3)` on a dispatch thread rather than `Process`: the tmux server that `new-session` forks
    /// inherits the descriptor `Process` watches for the child's exit, so `Process` never sees it end.
    @discardableResult
    package func run(_ arguments: [String]) async throws -> String {
        await Self.shell((["tmux", "-L", socket] + arguments).map(Self.quote).joined(separator: " "))
    }

    /// Runs `command` through `system(3)` on a dispatch thread and returns what it printed.
    private static func shell(_ command: String) async -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let command = command + " </dev/null >\(Self.quote(file.path)) 2>&1"
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                _ = system(command)
                continuation.resume()
            }
        }
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    /// `text` quoted for the shell.
    package static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Starts `command` in a detached session named `main`, 120×40 unless told.
    package func start(_ command: String, columns: Int = 120, rows: Int = 40) async throws {
        try await run(["new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)", command])
    }

    /// Makes the session's window `columns`×`rows` (the program sees SIGWINCH).
    package func resize(columns: Int, rows: Int) async throws {
        try await run(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Sends keys as `tmux send-keys` names them (`"Enter"`, `"C-c"`, or `"-l", text` for literal text).
    package func keys(_ keys: String...) async throws { try await run(["send-keys", "-t", "main"] + keys) }

    /// The screen's text.
    package func screen() async throws -> String { try await run(["capture-pane", "-p", "-t", "main"]) }

    /// The screen with its attributes and colours as escape sequences (`capture-pane -e`).
    package func screenWithAttributes() async throws -> String {
        try await run(["capture-pane", "-e", "-p", "-t", "main"])
    }

    /// Waits until the screen shows `text` or `timeout` passes; returns the last screen.
    package func waitFor(_ text: String, within timeout: Duration = Tmux.patience) async throws -> String {
        try await waitForScreen(within: timeout) { $0.contains(text) }
    }

    /// Waits until the screen satisfies `condition` or `timeout` passes; returns the last screen.
    package func waitForScreen(
        within timeout: Duration = Tmux.patience, _ condition: (String) -> Bool
    ) async throws -> String {
        var last = ""
        _ = try await eventually(timeout: timeout, every: .milliseconds(50)) {
            last = try await screen()
            return condition(last)
        }
        return last
    }

    /// Waits until the pane's terminal no longer echoes what is typed (a password prompt has switched echo off);
    /// returns whether it did within `timeout`.
    ///
    /// A prompt is written before echo goes off, so its text on the screen does not say that typing is safe; the
    /// terminal's own settings (`stty -a` on the pane's device) do. Wait first for a screen that only the new prompt
    /// shows: until then the echo seen off may still be the previous prompt's.
    package func waitForEchoOff(within timeout: Duration = Tmux.patience) async throws -> Bool {
        let device = try await run(["display-message", "-p", "-t", "main", "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try await eventually(timeout: timeout, every: .milliseconds(20)) {
            let settings = await Self.shell("stty -F \(Self.quote(device)) -a")
            return settings.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).contains("-echo")
        }
    }

    /// Copies everything the pane's program writes, escape codes and bells included, to `file`.
    package func record(to file: URL) async throws {
        try await run(["pipe-pane", "-o", "-t", "main", "cat >> \(Self.quote(file.path))"])
    }

    /// Kills the tmux server and everything it runs, and removes its socket file.
    package func stop() async {
        let path = ((try? await run(["display-message", "-p", "-t", "main", "#{socket_path}"])) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? await run(["kill-server"])
        if path.hasSuffix("/" + socket) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The SGR colour parameters (foreground or background, 8, 16, 256 or true colours) in a captured screen.
    package static func colourCodes(_ screen: String) -> [String] {
        var codes: [String] = []
        var rest = Substring(screen)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !$0.isNumber && $0 != ";" && $0 != ":" }) else { break }
            if rest[end] == "m" {
                let parameters = rest[..<end].split(whereSeparator: { $0 == ";" || $0 == ":" }).compactMap { Int($0) }
                if parameters.contains(where: {
                    (30...38).contains($0) || (40...48).contains($0) || (90...107).contains($0)
                }) {
                    codes.append(String(rest[..<end]))
                }
            }
            rest = rest[end...]
        }
        return codes
    }
}

extension Trait where Self == ConditionTrait {
    /// For the tests that drive the real CLI under tmux: skipped, and reported as skipped, where tmux is not installed.
    ///
    /// Under CI (`CI=true`, where `.ci/run` installs tmux) they always run, so a missing tmux fails them there instead
    /// of skipping them.
    package static var requiresTmux: Self {
        .enabled(
            if: Tmux.isInstalled || ProcessInfo.processInfo.environment["CI"] == "true",
            "tmux is not installed: this test drives the real CLI in a terminal under tmux")
    }
}
