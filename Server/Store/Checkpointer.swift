import Foundation
import GRDBSQLite
import Logging
import ServiceLifecycle

/// Copies the write-ahead log back into the database file on its own thread and connection, so that no commit does.
///
/// By default SQLite does it inside the commit that takes the log past 1,000 pages, waiting for the disk twice
/// (13–18 ms here, against about 1 ms for the commit of a push of 100 sessions). The server's connections turn that
/// off (``ServerStore/open(path:checkpointsInBackground:)``) and this service runs a passive checkpoint every
/// ``interval``: it never blocks a writer or a reader, copies whatever the readers no longer need, and lets the next
/// write start the log over once everything is copied. Commits keep the durability they had (`synchronous = NORMAL`
/// under WAL: a power cut may undo the last commits, never part of one).
///
/// Run it in the server's `ServiceGroup` before ``GorillaServer`` (see ``GorillaServer/checkpointer``): graceful
/// shutdown goes through the services in reverse order, so it stops once the server has closed its connections.
/// - Important: A checkpoint blocks its thread on the disk, so the loop runs on a thread of its own; ``run()`` only
///   waits for it.
package final class Checkpointer: Service, @unchecked Sendable {
    private let path: String
    private let interval: TimeInterval
    private let logger: Logger
    /// Guards the three fields below; the loop waits on it for ``databaseIsReady()``, between checkpoints, and for
    /// the stop.
    private let condition = NSCondition()
    private var ready = false
    private var stopping = false
    private var checkpoints = 0

    init(path: String, interval: TimeInterval = 0.5, logger: Logger) {
        self.path = path
        self.interval = interval
        self.logger = logger
    }

    /// Lets the checkpoints begin: the database at `path` exists, is migrated and in WAL mode.
    func databaseIsReady() {
        condition.lock()
        ready = true
        condition.broadcast()
        condition.unlock()
    }

    /// How many checkpoints ran (for tests).
    var completed: Int {
        condition.lock()
        defer { condition.unlock() }
        return checkpoints
    }

    /// Checkpoints every ``interval`` once the database is ready, until graceful shutdown or cancellation; then
    /// returns after the current checkpoint. The log left is copied by the next run (or by SQLite when the last
    /// connection closes). Runs once: a stopped checkpointer stays stopped.
    package func run() async {
        await withTaskCancellationOrGracefulShutdownHandler {
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread { [self] in
                    checkpointUntilStopped()
                    finished.resume()
                }
            }
        } onCancelOrGracefulShutdown: { [self] in
            condition.lock()
            stopping = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The loop of the thread.
    private func checkpointUntilStopped() {
        condition.lock()
        while !ready && !stopping { condition.wait() }
        let stoppedBeforeReady = stopping
        condition.unlock()
        guard !stoppedBeforeReady else { return }

        var connection: OpaquePointer?
        let opened = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        if opened == SQLITE_OK {
            sqlite3_busy_timeout(connection, 1_000)
            // A connection learns that the database is in WAL mode when it first reads it; until then a checkpoint
            // does nothing.
            sqlite3_exec(connection, "SELECT count(*) FROM sqlite_master", nil, nil, nil)
        } else {
            logger.error("the checkpoint thread cannot open the database", metadata: ["code": "\(opened)"])
        }
        defer { sqlite3_close_v2(connection) }
        condition.lock()
        defer { condition.unlock() }
        while !stopping {
            _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
            guard !stopping, opened == SQLITE_OK else { continue }
            condition.unlock()
            var frames: CInt = 0
            var copied: CInt = 0
            let code = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, &frames, &copied)
            if code != SQLITE_OK && code != SQLITE_BUSY {
                // A full disk, for instance: the log keeps everything committed, and the next tick tries again.
                logger.warning("checkpoint failed", metadata: ["code": "\(code)", "log frames": "\(frames)"])
            }
            condition.lock()
            checkpoints += 1
        }
    }
}
