import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `gorilla` with no arguments: who is logged in, what comes next, what is waiting, what to do next.
package struct OverviewService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// The overview at `now`; new news items count as shown.
    package func overview(now: Date = Date()) async throws -> Overview {
        guard let session = context.storedSession() else {
            return .loggedOut(connected: try context.config().server != nil)
        }
        let cache = try await context.freshCache()
        let profile = session.profile
        let coach = profile.role.keepsClients
        let facts = try AppointmentFacts(cache: cache, now: now)
        func named(_ event: Stored<Event>) -> Overview.Event {
            Overview.Event(event: facts.record(event), clientName: coach ? facts.clientName(event) : nil)
        }
        // From a day back, so that an appointment under way is still the next one until it ends.
        let horizon = now.addingTimeInterval(Double(EventService.defaultHorizon) * 86_400)
        let around = try EventCalendar(cache: cache).events(
            from: now.addingTimeInterval(-Event.durationRange.upperBound * 60), horizon: horizon)
        let ahead = around.filter { $0.start >= now }
        // Every list reads the one state (``AppointmentState``): under way or ahead, answered or not.
        let next = around.first { facts.state($0).isAhead }
        // A coach waits on nothing from a client but their requests; the answers they gave are news.
        let unanswered = coach ? [] : ahead.filter { facts.state($0).awaitsAnswer }
        let declined = ahead.filter { facts.state($0) == (coach ? .declinedByClient : .requestDeclined) }
        // A client's overview names their coach (the name the server keeps on the client's own record).
        let coachName =
            coach ? nil : try cache.one(Client.self, profile.id)?.coachName.flatMap { $0.isEmpty ? nil : $0 }
        let unread = try cache.all(DeviceMessage.self).filter { $0.value.isUnread(by: profile.id) }
        return .loggedIn(
            Overview.Account(
                profile: profile, now: now, coachName: coachName, next: next.map(named),
                nextEvents: ahead.filter { facts.state($0).isAhead || facts.state($0) == .declinedByClient }
                    .prefix(5).map(named),
                requests: ahead.filter { facts.state($0) == .requested }.map(named),
                unanswered: unanswered.map(named), declined: declined.map(named),
                unread: unread.count, queued: try cache.queuedCount(),
                news: try NewsService(context).takeUnseen(cache),
                since: try SinceLooked.take(cache, account: profile),
                attention: coach ? try PlannedCompliance.needingAttention(cache: cache, now: now, zone: .current) : []))
    }
}

/// `gorilla` with no arguments.
package enum Overview {
    /// Nobody is logged in; whether a server is pinned.
    case loggedOut(connected: Bool)
    case loggedIn(Account)

    /// The logged-in account's overview.
    package struct Account: Sendable {
        package let profile: Profile
        /// When the overview was made (what the countdown counts from).
        package let now: Date
        /// A client's coach, by name (nil for a coach, or when not known).
        package let coachName: String?
        /// The next appointment that takes place (scheduled, not declined by the client), or the one under way.
        package let next: Event?
        /// The next five scheduled events.
        package let nextEvents: [Event]
        /// Requests waiting for the coach: a coach's clients' requests, or a client's own.
        package let requests: [Event]
        /// A client's upcoming appointments they have not answered (none for a coach).
        package let unanswered: [Event]
        /// Upcoming appointments a client declined (a coach's view); a client's requests the coach declined.
        package let declined: [Event]
        /// Messages to the account not read yet.
        package let unread: Int
        /// Changes queued for the server.
        package let queued: Int
        /// News items not shown before, oldest first.
        package let news: [String]
        /// What came since the home screen was last shown on this device.
        package let since: SinceLooked
        /// A coach's clients whose 7-day planned rate fell 20 points or more below their 90-day rate, by name.
        package let attention: [String]
    }

    /// An event of the overview, with its client's name for a coach.
    package struct Event: Sendable {
        /// The appointment with its state and training (without the client's name).
        package let event: AppointmentRecord
        package let clientName: String?

        /// When it starts.
        package var start: Date { event.start }

        /// The event's members with `clientName` when the client is known.
        var record: AppointmentRecord {
            var record = event
            record.name = clientName.map { (.clientName, $0) }
            return record
        }
    }

    /// The seconds until the next appointment starts, beside its members.
    package struct StartsIn: Encodable, Sendable {
        let startsIn: Double
    }

    /// What `--json` prints: `{loggedIn: false, connected}` before login, else the account's lists.
    package struct JSONForm: Encodable {
        var loggedIn: Bool?
        var connected: Bool?
        var user: String?
        var role: Role?
        var queued: Int?
        var unread: Int?
        var nextEvents: [AppointmentRecord]?
        var news: [String]?
        var next: Merged<AppointmentRecord, StartsIn>?
        var requests: [AppointmentRecord]?
        var unanswered: [AppointmentRecord]?
        var declined: [AppointmentRecord]?
        var sinceLooked: SinceLooked.JSONForm?
        var attention: [String]?
    }

    package var jsonForm: JSONForm {
        switch self {
        case .loggedOut(let connected):
            return JSONForm(loggedIn: false, connected: connected)
        case .loggedIn(let account):
            return JSONForm(
                user: account.profile.username, role: account.profile.role, queued: account.queued,
                unread: account.unread, nextEvents: account.nextEvents.map(\.event), news: account.news,
                next: account.next.map { next in
                    let startsIn = next.start.timeIntervalSince(account.now).rounded(.down)
                    return Merged(next.record, adding: StartsIn(startsIn: startsIn))
                },
                requests: account.requests.map(\.record), unanswered: account.unanswered.map(\.record),
                declined: account.declined.map(\.record), sinceLooked: account.since.jsonForm,
                attention: account.attention.isEmpty ? nil : account.attention)
        }
    }
}
