import Foundation
import GorillaShared
import NIOCore

/// The open, authenticated connections that subscribed to live events, by account, with the token each one holds.
///
/// Pushes are only a shortcut: the data is stored before it is pushed and the next sync delivers it anyway. Each push
/// is encoded once and queued for every subscriber it concerns without waiting for any (``LiveQueue``: bounded in count
/// and bytes; a subscriber that falls behind is told to resynchronise by pull). A subscriber whose token is revoked or
/// expires is told (error 110) and its connection closed (``watchTokens()``).
///
/// - Important: An actor shared by every connection of a server.
actor LiveRegistry {
    /// One subscribed connection.
    private struct Subscriber {
        let queue: LiveQueue
        /// The SHA-256 of the session token the connection holds; nil only for connections made without one (tests).
        let tokenHash: String?
        let language: Language
    }

    private let store: ServerStore
    /// Where a token's expiry is compared with "now" (the server's ``ServerConfiguration/clock``).
    private let clock: TimeSource
    private var subscribers: [UUID: [Int: Subscriber]] = [:]
    private var nextToken = 0
    /// The accounts epoch read before the last sweep that finished (nil before the first).
    private var sweptEpoch: UInt64?
    /// Raised when accounts or tokens change (``StoreEpochs/onAccountsChange(_:)``, while ``watchTokens()`` runs),
    /// and by a late subscription.
    private nonisolated let tokensChanged = LiveWakeup()

    init(store: ServerStore, clock: TimeSource = .system) {
        self.store = store
        self.clock = clock
    }

    /// Registers a subscriber for `user` holding the token `tokenHash`, confirmed live when the accounts epoch was
    /// `checkedEpoch`; returns its number and the queue its writer empties.
    func subscribe(
        user: UUID, tokenHash: String? = nil, checkedEpoch: UInt64? = nil, language: Language = .en
    ) -> (Int, LiveQueue) {
        let queue = LiveQueue()
        nextToken += 1
        subscribers[user, default: [:]][nextToken] = Subscriber(queue: queue, tokenHash: tokenHash, language: language)
        // A revocation committed since the token's check may have been swept before this subscriber was known.
        if let checkedEpoch, checkedEpoch != store.epochs.accounts { tokensChanged.raise() }
        return (nextToken, queue)
    }

    func unsubscribe(user: UUID, token: Int) {
        subscribers[user]?[token]?.queue.end()
        subscribers[user]?[token] = nil
        if subscribers[user]?.isEmpty == true { subscribers[user] = nil }
    }

    /// Queues `line` (one encoded push) for every subscribed connection of `users`; never waits for a peer.
    func publish(_ line: ByteBuffer, to users: Set<UUID>) {
        for user in users {
            for subscriber in subscribers[user]?.values ?? [:].values {
                subscriber.queue.offer(line)
            }
        }
    }

    /// The number of subscribed connections (for tests and metrics).
    var count: Int { subscribers.values.reduce(0) { $0 + $1.count } }

    /// Re-checks the subscribers' tokens each time accounts or tokens change (on this instance, or on another one that
    /// announced it), at most ``sweepsPerSecond`` times a second, and every ``ServerStore/tokenRecheckInterval``
    /// in any case (an expiry, a change another process did not announce). Returns when cancelled.
    func watchTokens() async {
        let observer = store.epochs.onAccountsChange { [tokensChanged] in tokensChanged.raise() }
        defer { store.epochs.removeAccountsObserver(observer) }
        while !Task.isCancelled {
            await tokensChanged.wait(atMost: .seconds(ServerStore.tokenRecheckInterval))
            if Task.isCancelled { return }
            await sweep()
            try? await Task.sleep(for: .seconds(1.0 / Self.sweepsPerSecond))
        }
    }

    /// Most token sweeps a second, whatever the rate of account changes.
    static let sweepsPerSecond = 10.0

    /// Most tokens read per query.
    static let tokensPerQuery = 200

    /// Sweeps first if accounts or tokens changed since the last sweep: the live feed calls it before it publishes, so
    /// that nothing stored after a revocation reaches the revoked token's connections.
    func sweepIfAccountsChanged() async {
        if store.epochs.accounts != sweptEpoch { await sweep() }
    }

    /// Ends, with error 110, every subscription whose token is no longer live (revoked, expired, account removed).
    func sweep() async {
        let epoch = store.epochs.accounts
        let hashes = Set(subscribers.values.flatMap { $0.values.compactMap(\.tokenHash) })
        guard !hashes.isEmpty else {
            sweptEpoch = max(sweptEpoch ?? 0, epoch)
            return
        }
        var live: [String: Date] = [:]
        for chunk in Array(hashes).chunks(of: Self.tokensPerQuery) {
            // A failing store ends nobody's subscription; the next change or interval tries again.
            guard let found = try? await store.liveTokens(among: chunk) else { return }
            live.merge(found) { first, _ in first }
        }
        let now = clock.now
        for (user, byNumber) in subscribers {
            for (number, subscriber) in byNumber {
                guard let hash = subscriber.tokenHash, hashes.contains(hash) else { continue }
                if let expires = live[hash], expires > now { continue }
                subscribers[user]?[number] = nil
                subscriber.queue.end(with: Self.revokedLine(in: subscriber.language))
            }
            if subscribers[user]?.isEmpty == true { subscribers[user] = nil }
        }
        sweptEpoch = max(sweptEpoch ?? 0, epoch)
    }

    /// The line that tells a connection its session ended: an error 110 without an `id` (the connection then closes).
    static func revokedLine(in language: Language) -> ByteBuffer {
        ConnectionHandler.encode(
            WireResponse(id: nil, payload: .error(ServerError.notAuthenticated.wire(in: language))),
            with: WireCoding.encoder)
    }
}

extension Array {
    /// The array cut into runs of at most `size` elements, in order.
    fileprivate func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
