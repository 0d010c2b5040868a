import Foundation
import GorillaShared
import NIOConcurrencyHelpers
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Hashes and checks passwords on a few dedicated threads, never on an event loop or the cooperative pool.
///
/// scrypt costs tens of milliseconds and 32 MiB per call by design. Run where requests are served, a burst of signups
/// or logins would stall every other connection and take the memory of all its hashes at once. Here at most `threads`
/// run at once and `queueLength` more wait; a request beyond that is refused at once with error 113 and a retry delay,
/// so a burst costs its senders a wait and the other connections nothing.
///
/// - Important: Shared by every connection of a server; the count of admitted requests is behind a lock.
final class PasswordWork: Sendable {
    let hasher: PasswordHasher
    private let pool: NIOThreadPool
    /// Requests that may be running or waiting at once.
    private let capacity: Int
    private let admitted = NIOLockedValueBox(0)
    private let onWork: (@Sendable () -> Void)?

    init(
        hasher: PasswordHasher, pool: NIOThreadPool, threads: Int, queueLength: Int,
        onWork: (@Sendable () -> Void)? = nil
    ) {
        self.hasher = hasher
        self.pool = pool
        self.capacity = max(1, threads) + max(0, queueLength)
        self.onWork = onWork
    }

    /// Hashes `password` with a fresh salt.
    func hash(_ password: String) async throws -> String {
        try await run { try $0.hash(password) }
    }

    /// Whether `password` matches `stored`.
    func verify(_ password: String, against stored: String) async throws -> Bool {
        try await run { $0.verify(password, against: stored) }
    }

    /// Spends a verification's effort (a login of an unknown account must take as long as any other).
    func dummyVerify(_ password: String) async throws {
        try await run { $0.dummyVerify(password) }
    }

    private func run<T: Sendable>(_ body: @escaping @Sendable (PasswordHasher) throws -> T) async throws -> T {
        let capacity = self.capacity
        let entered = admitted.withLockedValue { count -> Bool in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard entered else { throw ServerError(.rateLimited, "too many password checks under way", retryAfter: 1) }
        defer { admitted.withLockedValue { $0 -= 1 } }
        let hasher = self.hasher, onWork = self.onWork
        return try await pool.runIfActive {
            Self.yieldToServing()
            onWork?()
            return try body(hasher)
        }
    }

    /// Lowers the calling thread's priority (nice 10), so that the event loops and the request tasks get the cores
    /// first whenever both want them. On Linux the nice value belongs to the thread (`who` 0 is the calling thread);
    /// each call is one cheap system call, on the password threads only.
    private static func yieldToServing() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }
}
