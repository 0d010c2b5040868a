import Foundation
import GorillaShared

/// `gorilla` with no arguments: who is logged in, what comes next, what is waiting, what to do next.
public struct OverviewService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// The overview; new news items count as shown.
    public func overview() async throws -> Overview {
        guard let session = context.storedSession() else {
            return .loggedOut(connected: try context.config().server != nil)
        }
        let cache = try await context.freshCache()
        let profile = session.profile
        let names = try ClientDirectory(cache: cache).names()
        let events = try EventCalendar(cache: cache).appointments(
            from: Date(), horizon: Date().addingTimeInterval(Double(EventService.defaultHorizon) * 86_400)
        ).filter { $0[string: "status"] == EventStatus.scheduled.rawValue }.prefix(5)
        let me = profile.id.key
        let unread = try cache.entities(.message).filter { $0[string: "to"] == me && $0.data["read"] == nil }
        return .loggedIn(
            Overview.Account(
                profile: profile,
                nextEvents: events.map { event in
                    Overview.Event(
                        event: EntityRecord(event),
                        clientName: profile.role == .coach ? event[string: "client"].flatMap { names[$0] } : nil)
                },
                unread: unread.count, queued: try cache.queuedCount(),
                news: try NewsService(context).takeUnseen(cache)))
    }
}

/// `gorilla` with no arguments.
public enum Overview: Presentable {
    /// Nobody is logged in; whether a server is pinned.
    case loggedOut(connected: Bool)
    case loggedIn(Account)

    /// The logged-in account's overview.
    public struct Account: Sendable {
        public let profile: Profile
        /// The next five scheduled events.
        public let nextEvents: [Event]
        /// Messages to the account not read yet.
        public let unread: Int
        /// Changes queued for the server.
        public let queued: Int
        /// News items not shown before, oldest first.
        public let news: [String]
    }

    /// An event of the overview, with its client's name for a coach.
    public struct Event: Sendable {
        public let event: EntityRecord
        public let clientName: String?
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .loggedOut(let connected):
            try JSONValue.object(["loggedIn": false, "connected": .bool(connected)]).encode(to: encoder)
        case .loggedIn(let account):
            var container = encoder.container(keyedBy: AccountKeys.self)
            try container.encode(account.profile.username, forKey: .user)
            try container.encode(account.profile.role, forKey: .role)
            try container.encode(account.queued, forKey: .queued)
            try container.encode(account.unread, forKey: .unread)
            try container.encode(account.nextEvents.map(\.event), forKey: .nextEvents)
            try container.encode(account.news, forKey: .news)
        }
    }

    private enum AccountKeys: String, CodingKey {
        case user, role, queued, unread, nextEvents, news
    }
}
