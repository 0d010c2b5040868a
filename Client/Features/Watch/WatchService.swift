import Foundation
import GorillaClientCore
import GorillaShared
import NIOConcurrencyHelpers
import UnixSignals

/// `gorilla watch`: stays connected and tells what happens — new messages, answers and requests, appointments
/// scheduled, moved or cancelled — and reminds of each appointment before it starts, until Ctrl-C or SIGTERM.
///
/// What to tell is decided by a ``WatchTracker`` fed snapshots of the local copy; this service only feeds it: after
/// each sync, every few seconds (what other commands on this device changed) and, for reminders, every second. The
/// network runs in a task of its own, so that a server that hangs never holds up the reminders, which come from the
/// local copy and so also come offline.
package struct WatchService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// How often reminders are looked for.
    static let tick: Duration = .seconds(1)
    /// How often the local copy is read again without a sync, for the changes of other commands on this device.
    static let rereadInterval: TimeInterval = 5
    /// How long the first line waits for the first sync, so that it counts what the server holds.
    static let firstSyncWait: TimeInterval = 3
    /// How often an idle connection syncs anyway: a server that stopped answering is noticed within this and the
    /// reply deadline.
    static let heartbeat: Duration = .seconds(20)
    /// The longest wait between two attempts to connect, in seconds.
    static let longestRetry = 30

    /// What the watch's loop hears from its helpers.
    enum Input: Sendable {
        case tick
        /// Connected (again) and synced for the first time on this connection.
        case connected
        /// Synced after a push or the heartbeat.
        case synced
        /// The connection failed; the next attempt is in `retry` seconds.
        case offline(retry: Int)
        /// The session ended on the server (expired or revoked): the watch cannot go on.
        case failed(ClientError)
        /// Ctrl-C or SIGTERM.
        case stop
    }

    /// Watches until Ctrl-C or SIGTERM, handing each notice to `show` as it comes (in order, one at a time).
    ///
    /// - Parameter before: Minutes before an appointment that its reminder comes; the profile's when nil.
    /// - Throws: ``ClientError`` when nobody is logged in, or when the session ends on the server.
    package func watch(before: Int?, show: @escaping @Sendable (WatchNotice) -> Void) async throws -> WatchEnded {
        let profile = try context.session().profile
        let cache = try context.cache()
        let started = Date()
        var tracker = WatchTracker(
            role: profile.role, lead: before ?? profile.reminderMinutes, started: started,
            snapshot: try WatchSnapshot.read(cache, account: profile, now: started))
        let (inputs, input) = AsyncStream.makeStream(of: Input.self)
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
        // Not a child task: stopping must not wait for a request that a stopped server never answers.
        let network = Task { await keepConnected(cache, post: { input.yield($0) }) }
        defer { network.cancel() }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in signals {
                    input.yield(.stop)
                    return
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: Self.tick)
                    input.yield(.tick)
                }
            }
            defer { group.cancelAll() }
            var summarized = false
            var caughtUp = false
            var lastRead = started
            for await event in inputs {
                let now = Date()
                var news: [WatchNews] = []
                func reread(catchingUp: Bool = false) throws {
                    news += tracker.update(
                        to: try WatchSnapshot.read(cache, account: profile, now: now), now: now, catchingUp: catchingUp)
                    lastRead = now
                }
                switch event {
                case .stop:
                    return WatchEnded()
                case .failed(let error):
                    throw error
                case .tick:
                    if now.timeIntervalSince(lastRead) >= Self.rereadInterval { try reread() }
                case .synced:
                    try reread(catchingUp: !caughtUp)
                    caughtUp = true
                case .connected:
                    try reread(catchingUp: !caughtUp)
                    caughtUp = true
                    news.append(.connected)
                case .offline(let retry):
                    news.append(.offline(retry: retry))
                }
                let due = !summarized && (event.endsWaiting || now.timeIntervalSince(started) >= Self.firstSyncWait)
                if due {
                    summarized = true
                    show(WatchNotice(at: now, .watching(tracker.summary(username: profile.username, now: now))))
                }
                guard summarized else { continue }
                for item in news + tracker.reminders(at: now) { show(WatchNotice(at: now, item)) }
            }
            return WatchEnded()
        }
    }

    /// Keeps a connection open until cancelled: subscribes to pushes, syncs on each push (and every ``heartbeat``),
    /// and reconnects after a loss, waiting 1, 2, 4 … up to ``longestRetry`` seconds between attempts.
    ///
    /// Each attempt opens a connection of its own, so that a lost connection is never reused.
    func keepConnected(_ cache: LocalCache, post: @escaping @Sendable (Input) -> Void) async {
        var retry = 1
        var toldOffline = false
        while !Task.isCancelled {
            let reached = NIOLockedValueBox(false)
            do {
                try await context.withServer(timeout: context.connectTimeout, ownConnection: true) { connection in
                    _ = try await connection.request(Operation.subscribe, Empty(), as: SubscribeReply.self)
                    let engine = SyncEngine(cache: cache)
                    _ = try await engine.summarisedSync(over: connection)
                    reached.withLockedValue { $0 = true }
                    post(.connected)
                    let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for await _ in connection.pushes { wake.yield() }
                            wake.finish()
                        }
                        group.addTask {
                            while !Task.isCancelled {
                                try await Task.sleep(for: Self.heartbeat)
                                wake.yield()
                            }
                        }
                        for await _ in wakeups {
                            _ = try await engine.summarisedSync(over: connection)
                            post(.synced)
                        }
                        group.cancelAll()
                    }
                }
            } catch let error as ClientError where error.kind == .notLoggedIn || error.kind == .certificateChanged {
                post(.failed(error))
                return
            } catch {
                // Told as offline below; the next attempt says whether it lasts.
            }
            if Task.isCancelled { return }
            if reached.withLockedValue({ $0 }) {
                retry = 1
                toldOffline = false
            }
            if !toldOffline {
                post(.offline(retry: retry))
                toldOffline = true
            }
            try? await Task.sleep(for: .seconds(retry))
            retry = min(retry * 2, Self.longestRetry)
        }
    }
}

extension WatchService.Input {
    /// Whether the first line need not wait longer for the first sync: it came, or the server cannot be reached.
    var endsWaiting: Bool {
        switch self {
        case .connected, .synced, .offline, .failed, .stop: true
        case .tick: false
        }
    }
}
