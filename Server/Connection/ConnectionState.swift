import Foundation
import GorillaShared

/// What the server knows about one connection. Owned by that connection's task alone.
struct ConnectionState {
    /// The peer's address, for per-address rate limits.
    let address: String
    var helloDone = false
    /// The language asked for in `hello`, else the account's.
    var requestedLanguage: Language?
    var principal: UserRecord?
    var tokenHash: String?
    /// When the token was last confirmed live, the account epoch read just before, and the token's expiry.
    /// A logout, password change or client removal elsewhere moves the epoch, so the next request re-checks
    /// the token and open connections lose access at once (see ``needsTokenCheck(epoch:now:)``).
    private(set) var tokenCheckedAt = Date.distantPast
    private(set) var tokenCheckedEpoch: UInt64 = 0
    private(set) var tokenExpires = Date.distantPast
    /// The last `sync.updated` answer (its JSON), reused for the same cursor while nothing changed (see ``StoreEpochs``).
    var lastUpdated: (epoch: UInt64, since: Int64, user: UUID, at: Date, value: [UInt8])?
    /// Names the connection's unfinished image uploads in the ``UploadSpool``.
    let id: UUID
    /// The connection's replies not yet taken by the socket.
    let backlog: ReplyBacklog
    /// The request-rate bucket, and the last `sync.updated` answer for the event loop to repeat (``PollResponder``).
    let shortcut: PollShortcut
    /// Live pushes for this connection once it subscribed (`events.subscribe`); the handler writes them.
    var subscription: (user: UUID, token: Int, queue: LiveQueue)?
    var subscriptionStarted = false
    /// The wire name of the operation of the request being answered (nil until its line is read).
    var operation: String?
    /// Requests read on this connection so far.
    private(set) var requestsRead = 0

    /// The id of the next request: the connection's id (its first twelve hex digits) and the request's position.
    mutating func nextRequestID() -> String {
        requestsRead += 1
        return "\(id.uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)).\(requestsRead)"
    }

    init(address: String, shortcut: PollShortcut, id: UUID = UUID(), backlog: ReplyBacklog = ReplyBacklog()) {
        self.address = address
        self.shortcut = shortcut
        self.id = id
        self.backlog = backlog
    }

    init(address: String, requestsPerSecond: Double, clock: TimeSource = .system) {
        self.init(address: address, shortcut: PollShortcut(requestsPerSecond: requestsPerSecond, clock: clock))
    }

    mutating func tokenChecked(epoch: UInt64, expires: Date, now: Date) {
        tokenCheckedAt = now
        tokenCheckedEpoch = epoch
        tokenExpires = expires
    }

    /// When the token must next be read again, unless the account epoch moves first.
    var tokenCheckDue: Date {
        min(tokenExpires, tokenCheckedAt.addingTimeInterval(ServerStore.tokenRecheckInterval))
    }

    /// Whether the token must be read again before serving a request: accounts or tokens changed since the last
    /// check, the token expired, or the last check is older than `ServerStore.tokenRecheckInterval`.
    func needsTokenCheck(epoch: UInt64, now: Date) -> Bool {
        epoch != tokenCheckedEpoch || now >= tokenExpires
            || now.timeIntervalSince(tokenCheckedAt) > ServerStore.tokenRecheckInterval
    }

    var language: Language { requestedLanguage ?? principal?.language ?? .en }

    /// The accounts epoch read just before the token was last confirmed live.
    var tokenCheckEpoch: UInt64 { tokenCheckedEpoch }

    /// Whether the connection is logged in with a token that is still live, reading it again only when
    /// ``needsTokenCheck(epoch:now:)`` says so (a store failure keeps the connection as it is). For what a peer sends
    /// that is no request (a blank line): it keeps a connection open only while its session holds.
    mutating func sessionHolds(in store: ServerStore, clock: TimeSource) async -> Bool {
        guard principal != nil, let hash = tokenHash else { return true }
        let epoch = store.epochs.accounts
        let now = clock.now
        guard needsTokenCheck(epoch: epoch, now: now) else { return true }
        let found: (UserRecord, Date)?
        do {
            found = try await store.session(tokenHash: hash, now: now)
        } catch {
            return true
        }
        guard let (user, expires) = found else { return false }
        principal = user
        tokenChecked(epoch: epoch, expires: expires, now: now)
        return true
    }

    /// The authenticated account, or a `notAuthenticated` error.
    func requirePrincipal() throws -> UserRecord {
        guard let principal else { throw ServerError.notAuthenticated }
        return principal
    }
}

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
struct TokenBucket {
    let rate: Double
    let burst: Double
    private var tokens: Double
    private var last: Date

    init(rate: Double, burst: Double, now: Date) {
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last = now
    }

    /// Takes a token if there is one.
    mutating func take(now: Date) -> Bool {
        tokens = min(burst, tokens + now.timeIntervalSince(last) * rate)
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
