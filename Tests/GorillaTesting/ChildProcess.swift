import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, for the tests' own launches.
///
/// Foundation's `Process.run()` on Linux reads `/proc/self/fd` with a copy of each directory entry that can run past
/// glibc's buffer, and now and then crashes a test process that holds many descriptors (swift-corelibs-foundation
/// PR 5472). This launcher does not list descriptors: the child's standard streams are set up with file actions and
/// every other descriptor is closed with `posix_spawn_file_actions_addclosefrom_np`.
package final class ChildProcess: Sendable {
    /// Where a standard stream of the child comes from or goes to.
    package enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file, opened for reading (standard input) or created and truncated (standard output and error).
        case file(String)
        /// A file that output is added to the end of (created if missing).
        case appending(String)
        /// A descriptor of this process (e.g. one end of a pipe), duplicated into the child.
        case descriptor(CInt)
    }

    package let pid: pid_t
    private let exit = NIOLockedValueBox<(status: Int32, signaled: Bool)?>(nil)
    private let exited: AsyncStream<Void>

    /// Starts `executable` with `arguments` and exactly `environment`.
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(CInt(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                let flags = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .appending(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard code == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EINVAL)
        }
        self.pid = pid
        let spawned = pid
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        exited = stream
        let exit = self.exit
        // Reaps the child on a thread of its own, so that waiting never holds a thread of the cooperative pool.
        Thread.detachNewThread {
            var status: CInt = 0
            while waitpid(spawned, &status, 0) < 0 && errno == EINTR {}
            let signaled = (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
            exit.withLockedValue { $0 = (signaled ? 128 + (status & 0x7f) : (status >> 8) & 0xff, signaled) }
            continuation.yield()
            continuation.finish()
        }
    }

    /// Whether the child has not exited yet.
    package var isRunning: Bool { exit.withLockedValue { $0 == nil } }

    /// Sends `signal` to the child if it still runs; returns whether it was sent.
    @discardableResult
    package func send(_ signal: CInt) -> Bool {
        guard isRunning else { return false }
        return kill(pid, signal) == 0
    }

    /// Waits until the child exits: its exit status (128 + the signal when a signal ended it), and whether a signal did.
    package func wait() async -> (status: Int32, signaled: Bool) {
        for await _ in exited {}
        return exit.withLockedValue { $0 } ?? (-1, false)
    }

    /// Waits for the child, blocking the calling thread (for code that is not async).
    package func waitBlocking() -> (status: Int32, signaled: Bool) {
        while isRunning { usleep(1_000) }
        return exit.withLockedValue { $0 } ?? (-1, false)
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), which the C module does not expose.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, CInt) -> CInt)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            return nil
        }
        return unsafeBitCast(
            symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, CInt) -> CInt).self)
    }()
}
