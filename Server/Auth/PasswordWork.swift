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
/// The threads are shared fairly between peer addresses (the request's ``WorkScheduler/origin``): one address holds at
/// most ``perAddress`` of the admitted requests, and a freed thread goes to the waiting addresses in turn, so a flood
/// from one address waits behind itself while another address's login waits for one hash at most per address ahead
/// of it.
///
/// - Important: Shared by every connection of a server; the turns are behind a lock.
final class PasswordWork: Sendable {
    let hasher: PasswordHasher
    private let pool: NIOThreadPool
    private let turns: NIOLockedValueBox<PasswordTurns>
    private let onWork: (@Sendable () -> Void)?

    init(
        hasher: PasswordHasher, pool: NIOThreadPool, threads: Int, queueLength: Int,
        onWork: (@Sendable () -> Void)? = nil
    ) {
        self.hasher = hasher
        self.pool = pool
        turns = NIOLockedValueBox(PasswordTurns(threads: max(1, threads), queueLength: max(0, queueLength)))
        self.onWork = onWork
    }

    /// The most requests one address may have running or waiting at once.
    var perAddress: Int { turns.withLockedValue { $0.perAddress } }

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
        let address = WorkScheduler.origin ?? ""
        let ticket = UUID()
        let admission = turns.withLockedValue { $0.admit(address, ticket: ticket) }
        switch admission {
        case .refused:
            throw ServerError(.rateLimited, "too many password checks under way", retryAfter: 1)
        case .queued:
            await withCheckedContinuation { continuation in
                let started = turns.withLockedValue { $0.wait(ticket, continuation) }
                if started { continuation.resume() }
            }
        case .running:
            break
        }
        // The password threads keep their own turns: the time spent here is not charged again by ``WorkScheduler``.
        let entered = ContinuousClock.now
        defer {
            WorkMeter.current?.add(waited: ContinuousClock.now - entered)
            let next = turns.withLockedValue { $0.finish(address) }
            next?.resume()
        }
        let hasher = self.hasher, onWork = self.onWork
        return try await pool.runIfActive {
            YieldingThreads.giveWay()
            onWork?()
            return try body(hasher)
        }
    }
}
