import Foundation

/// The accounts of work that fair scheduling keeps: which requests may run now and which must wait their turn.
///
/// A pure state machine fed times in seconds (tests move the clock by hand); ``WorkScheduler`` runs it for a server.
///
/// * **Cost.** A request's cost is the service it received while it ran: the server's work clock advances by
///   `min(1, capacity / running)` a second, as if every running request shared the cores equally, and a request is
///   charged the clock's advance from its start to its end, plus a fixed `overhead` (the reading, parsing and writing
///   the request costs around its handler). Eight requests running at once on two cores are charged a quarter of their
///   wall time each: wall time that other requests took is not theirs.
/// * **Budget.** Each key (an account, an address) owes the work it was charged, and repays it at its fair share of
///   the server, `capacity / demanding`, where `demanding` counts the keys of its kind running a request or owing
///   work. A key is active for `window` seconds after its last request; one alone among the active keys of its kind is
///   never delayed: fair scheduling only acts while others want the server too.
/// * **Heavy keys.** A key is heavy while it owes more than `allowance`, and for `window` seconds after it had to wait
///   to repay or one of its requests cost more than `heavyCost`. A heavy key's reads give way to everyone else's
///   (``YieldingThreads``), whether or not others are active: a request already running when another account arrives
///   must not take the cores from it.
/// * **Turns.** While another key of its kind is active, a key that owes more than `allowance` waits until it owes no
///   more than that, and a heavy key runs at most `concurrency` requests at once (one per account, a few per address,
///   since a gym's clients share one). A light client (a poll, a small push) owes almost nothing and never waits, not
///   even for its own other devices (up to `lightConcurrency` requests at once); an account pulling huge pages on
///   eight connections gets one page at a time, no more than its share of the cores, and the cores only when nobody
///   else wants them at that moment.
struct WorkLedger {
    /// How the server's work is shared out.
    struct Settings: Sendable {
        /// Seconds of work the server does per second (its cores).
        var capacity: Double
        /// Seconds of work a key may owe and still start a request while others are active.
        var allowance: Double
        /// Seconds of work charged for every request on top of its measured service.
        var overhead: Double
        /// Seconds a key counts as active after its last request.
        var window: Double
        /// Requests one heavy account, and one heavy address, may run at once while others are active.
        var concurrency: (account: Int, address: Int) = (1, 2)
        /// Requests a light key may run at once while others are active.
        var lightConcurrency = 8
        /// Seconds of work one request may cost beside others and its key stay light.
        var heavyCost = 0.01

        /// The most requests a key of `kind` may run at once while others are active.
        func concurrency(of kind: Kind, heavy: Bool) -> Int {
            guard heavy else { return max(1, lightConcurrency) }
            return max(1, kind == .account ? concurrency.account : concurrency.address)
        }
    }

    /// The kinds of key, each with its own fair shares.
    enum Kind: Int, CaseIterable, Sendable { case account, address }

    /// A key of the ledger: an account's id or a peer's address.
    struct Key: Hashable, Sendable {
        var kind: Kind
        var name: String
    }

    /// What a running request holds, to be handed back to ``finish(_:now:)``.
    struct Ticket: Sendable {
        let keys: [Key]
        let startWork: Double
        /// When it started (the ledger's last time), to tell its waits from its service.
        let startTime: Double
    }

    /// Whether a request may start.
    enum Verdict: Sendable, Equatable {
        case run
        /// Try again in this many seconds (the key owes too much, or runs a request already).
        case wait(Double)
    }

    private struct Entry {
        /// The fair clock (``fairClock``) at which the key will have repaid what it owes.
        var repaidAt: Double
        var running = 0
        var lastSeen: Double
        /// Until when the key counts as heavy (the last time it had to wait to repay, or a request of it cost more than
        /// `heavyCost`, plus `window`).
        var heavyUntil = -Double.infinity
    }

    let settings: Settings
    private var entries: [Key: Entry] = [:]
    /// Requests running now, of every key.
    private(set) var running = 0
    /// Seconds of service a request running since the start has received (the work clock).
    private var workClock = 0.0
    /// Seconds of work each active key may have done since the start, at its fair share (the fair clock), per kind.
    private var fairClock = [Double](repeating: 0, count: Kind.allCases.count)
    /// Keys seen in the last `window` seconds, per kind (counted again every tenth of the window).
    private var active = [Int](repeating: 0, count: Kind.allCases.count)
    /// Keys running a request or owing work at the last count, per kind: the shares are divided among them, so that
    /// keys seen once (a flood of signups makes an account per request) do not shrink everyone's share.
    private var demanding = [Int](repeating: 0, count: Kind.allCases.count)
    private var lastAdvance: Double?
    private var lastCount = -Double.infinity

    init(settings: Settings) {
        self.settings = settings
    }

    /// Keys the ledger remembers (at most those seen in the last `window` seconds, and those that owe work).
    var keyCount: Int { entries.count }

    /// Whether a request of `keys` may start at `now`; when it may, it is counted as running.
    mutating func admit(_ keys: [Key], now: Double) -> Verdict {
        advance(to: now)
        var wait = 0.0
        for key in keys {
            let entry = remember(key, now: now)
            guard contended(key.kind) else { continue }
            let owed = entry.repaidAt - fairClock[key.kind.rawValue]
            if owed > settings.allowance {
                // Still heavy once it has repaid: its next requests do not all start at once.
                entries[key]?.heavyUntil = now + settings.window
                wait = max(wait, (owed - settings.allowance) / share(key.kind))
            } else if entry.running >= settings.concurrency(of: key.kind, heavy: isHeavy([key], now: now)) {
                wait = max(wait, Self.turnPoll)
            }
        }
        guard wait <= 0 else { return .wait(max(wait, 0.001)) }
        start(keys)
        return .run
    }

    /// Whether one of `keys` is heavy (it owes more than `allowance`, or in the last `window` it had to wait to repay
    /// or had a request cost more than `heavyCost`) while another key of its kind is active. Many small requests that
    /// end together owe more than one large one for a moment: debt below the allowance does not make a key heavy.
    func isHeavy(_ keys: [Key], now: Double) -> Bool {
        keys.contains { key in contended(key.kind) && givesWay(key, now: now) }
    }

    /// Whether one of `keys` is heavy, whether or not others are active: its reads give way (``YieldingThreads``).
    func givesWay(_ keys: [Key], now: Double) -> Bool {
        keys.contains { givesWay($0, now: now) }
    }

    private func givesWay(_ key: Key, now: Double) -> Bool {
        guard let entry = entries[key] else { return false }
        return entry.heavyUntil > now || entry.repaidAt - fairClock[key.kind.rawValue] > settings.allowance
    }

    /// Counts a request of `keys` as running whatever it owes (one that may no longer wait, such as at shutdown).
    mutating func force(_ keys: [Key], now: Double) -> Ticket {
        advance(to: now)
        for key in keys { remember(key, now: now) }
        start(keys)
        return ticket(keys)
    }

    /// The ticket of a request just admitted.
    func ticket(_ keys: [Key]) -> Ticket {
        Ticket(keys: keys, startWork: workClock, startTime: lastAdvance ?? 0)
    }

    /// Charges a finished request's service to its keys, less the seconds it `waited` for others' work.
    mutating func finish(_ ticket: Ticket, now: Double, waited: Double = 0) {
        advance(to: now)
        running -= 1
        // The service it received while it ran, less the share of it that fell while it waited for others' work
        // (`waited` is wall time, the work clock runs slower than the wall while requests share the cores).
        let wall = now - ticket.startTime
        let serving = wall > 0 ? max(0, 1 - waited / wall) : 1
        let cost = (workClock - ticket.startWork) * serving + settings.overhead
        let heavy = cost > settings.heavyCost
        for key in ticket.keys {
            guard var entry = entries[key] else { continue }
            entry.running -= 1
            entry.repaidAt = max(entry.repaidAt, fairClock[key.kind.rawValue]) + cost
            entry.lastSeen = now
            if heavy { entry.heavyUntil = now + settings.window }
            entries[key] = entry
        }
    }

    /// Seconds of work `key` owes now.
    func owed(_ key: Key) -> Double {
        guard let entry = entries[key] else { return 0 }
        return max(0, entry.repaidAt - fairClock[key.kind.rawValue])
    }

    /// Seconds a request waits before it asks again for a turn its key's running request holds.
    static let turnPoll = 0.01

    /// The entry of `key`, seen at `now` (a new key counts as active at once).
    @discardableResult
    private mutating func remember(_ key: Key, now: Double) -> Entry {
        var entry: Entry
        if let known = entries[key] {
            entry = known
        } else {
            entry = Entry(repaidAt: fairClock[key.kind.rawValue], lastSeen: now)
            active[key.kind.rawValue] += 1
        }
        entry.lastSeen = now
        entries[key] = entry
        return entry
    }

    private mutating func start(_ keys: [Key]) {
        running += 1
        for key in keys { entries[key]?.running += 1 }
    }

    /// Whether another key of `kind` is active.
    private func contended(_ kind: Kind) -> Bool { active[kind.rawValue] > 1 }

    /// Seconds of work per second each active key of `kind` is owed.
    private func share(_ kind: Kind) -> Double { settings.capacity / Double(max(1, demanding[kind.rawValue])) }

    /// Moves both clocks to `now`, and counts the active keys (forgetting the idle ones) every tenth of the window.
    private mutating func advance(to now: Double) {
        if let last = lastAdvance, now > last {
            let elapsed = now - last
            if running > 0 { workClock += elapsed * min(1, settings.capacity / Double(running)) }
            for kind in Kind.allCases { fairClock[kind.rawValue] += elapsed * share(kind) }
        }
        lastAdvance = max(lastAdvance ?? now, now)
        guard now - lastCount >= settings.window / 10 else { return }
        lastCount = now
        var counts = [Int](repeating: 0, count: Kind.allCases.count)
        var demands = counts
        entries = entries.filter { key, entry in
            let wants = entry.running > 0 || entry.repaidAt > fairClock[key.kind.rawValue]
            let keep = wants || now - entry.lastSeen < settings.window
            if keep { counts[key.kind.rawValue] += 1 }
            if wants { demands[key.kind.rawValue] += 1 }
            return keep
        }
        active = counts
        demanding = demands
    }
}
