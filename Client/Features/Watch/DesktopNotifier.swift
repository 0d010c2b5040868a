import Foundation
import GorillaClientCore
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows a line as a desktop notification through `notify-send`: fire and forget. Starting it never waits for it, a
/// failure is ignored, and one that hangs (no notification daemon) is killed after ``timeout``.
package final class DesktopNotifier: Sendable {
    /// The `notify-send` executable.
    package let executable: String
    /// How long a notification may take before it is killed.
    package static let timeout: TimeInterval = 10
    /// Most notifications running at once; more are dropped rather than pile up.
    package static let mostRunning = 4

    private let running = NIOLockedValueBox(0)

    private init(executable: String) {
        self.executable = executable
    }

    /// A notifier when `notify-send` is on `PATH`, else nil.
    package static func onPath(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DesktopNotifier? {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.lazy.map { "\($0)/notify-send" }.first { FileManager.default.isExecutableFile(atPath: $0) }
            .map(DesktopNotifier.init(executable:))
    }

    /// Runs `notify-send TITLE TEXT` in the background.
    package func notify(title: String = "GorillaCoach", _ text: String) {
        let admitted = running.withLockedValue { count -> Bool in
            guard count < Self.mostRunning else { return false }
            count += 1
            return true
        }
        guard admitted else { return }
        guard let pid = spawn([executable, title, text]) else {
            running.withLockedValue { $0 -= 1 }
            return
        }
        let running = self.running
        // Reaps it on a thread of its own, so that a hung notification never holds one of the cooperative pool's.
        Thread.detachNewThread {
            let deadline = Date().addingTimeInterval(Self.timeout)
            var status: CInt = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() > deadline {
                    kill(pid, SIGKILL)
                    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                    break
                }
                usleep(50_000)
            }
            running.withLockedValue { $0 -= 1 }
        }
    }

    /// Starts `arguments` with its standard streams on `/dev/null`; its pid, or nil when it could not start.
    private func spawn(_ arguments: [String]) -> pid_t? {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target: CInt in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
        return pid
    }
}
