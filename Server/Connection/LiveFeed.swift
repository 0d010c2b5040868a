import Foundation
import GorillaShared
import NIOCore

/// Pushes the messages and appointments written since it last looked to the subscribed connections of the accounts
/// they concern, whichever connection or instance wrote them: a push that stores one asks it to look
/// (``catchUp()``), and so does every write another instance announces (``ServerStore/followChanges(_:)``).
///
/// It reads by version: versions commit in order (docs/sync.md), so a row it has not seen is always after the last one
/// it has, and a notification lost while the listener reconnects loses nothing: the next look brings the row.
///
/// - Important: An actor shared by every connection of a server; looks are one at a time.
actor LiveFeed {
    private let store: ServerStore
    private let live: LiveRegistry
    /// The version read through; nil until the first look, which starts from the newest (nothing older is pushed).
    private var seen: Int64?

    /// Rows read per query.
    static let page = 256

    init(store: ServerStore, live: LiveRegistry) {
        self.store = store
        self.live = live
    }

    /// Starts the feed at the store's newest version.
    func start() async {
        if seen == nil { seen = try? await store.currentVersion() }
    }

    /// Whether a look is under way, and whether another was asked for meanwhile (an actor's calls interleave at each
    /// `await`: two looks at once would push the same rows twice).
    private var looking = false
    private var lookAgain = false

    /// Pushes what was written since the last look (or has the look under way look once more).
    func catchUp() async {
        guard !looking else {
            lookAgain = true
            return
        }
        looking = true
        defer { looking = false }
        repeat {
            lookAgain = false
            await look()
        } while lookAgain
    }

    private func look() async {
        guard var after = seen else { return await start() }
        while true {
            guard let (changes, through, more) = try? await store.liveChanges(after: after, limit: Self.page) else {
                return
            }
            if !changes.isEmpty { await live.sweepIfAccountsChanged() }
            for (change, tenant) in changes { await publish(change, tenant: tenant) }
            after = through
            seen = through
            if !more { return }
        }
    }

    /// A message goes to its sender and recipient (a chat shows a read mark as soon as it is set), an appointment to
    /// the coach and the client (a watch shows a booking answer as soon as it is given). Each push is encoded once,
    /// whatever the number of connections it goes to.
    private func publish(_ change: Change, tenant: UUID) async {
        let object = change.data?.objectValue ?? [:]
        if change.kind == EntityKind.event.rawValue {
            // An exception of a series holds only what it changes: read it as one, which every appointment is.
            let client = (try? Event.Exception(document: object))?.client
            await live.publish(Self.line(LiveEvents.event, change), to: Set([tenant] + [client].compactMap { $0 }))
            return
        }
        let message = try? Message(document: object)
        let users = Set([message?.to, message?.from].compactMap { $0 })
        await live.publish(Self.line(LiveEvents.message, change), to: users)
    }

    private static func line(_ event: String, _ change: Change) -> ByteBuffer {
        ConnectionHandler.encode(WireResponse(event: event, value: change), with: WireCoding.encoder)
    }
}
