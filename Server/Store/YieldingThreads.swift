import Foundation
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Threads that give way: the reads of a request whose account or address is heavy — it owes more than it may, or its
/// requests cost tens of milliseconds each (``WorkMeter/yields``) — run here, at nice 10, so that the cores go to every
/// other request first whenever both want them, and to this work whenever they are free.
///
/// Fair scheduling (``WorkLedger``) decides how much of the server a key gets over a second; these threads decide who
/// runs first within that second. Without them a heavy request's reads (a pull page of megabytes, a long history, the
/// checks of a large correction) share the cores equally with a light request's, and every light request that lands
/// beside one waits for a slice of the scheduler: that wait is the tail other accounts see. Heavy reads give way even
/// while their key is alone, since the requests of an account that arrives find them already running.
///
/// - Important: Process-wide and never shut down, as the event loops are. Only reads run here: a write holds the store's
///   lock, and what holds a lock others wait for must not give way.
enum YieldingThreads {
    /// One per core (two at least): heavy reads may still take every core nobody else wants, and an account alone
    /// with several large pulls uses the whole machine as before.
    static let count = max(2, ProcessInfo.processInfo.activeProcessorCount)

    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: count)
        pool.start()
        return pool
    }()

    /// Runs `body` on one of the threads.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive {
            giveWay()
            return try body()
        }
    }

    /// Lowers the calling thread's priority to nice 10. On Linux the nice value belongs to the thread (`who` 0 is the
    /// calling thread); each call is one cheap system call, made only on threads kept for such work (these, and the
    /// password threads of ``PasswordWork``).
    static func giveWay() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }
}
