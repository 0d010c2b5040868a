import Foundation
import GorillaShared

/// `gorilla agenda [--days N]`: the appointments of today (and the days after), each with what the coach needs to
/// prepare it: the client's last session and their unread messages; then what came since the home screen was last
/// shown (``SinceLooked``: clients' own sessions and measurements, requests, answers, messages), which the agenda
/// does not mark as looked.
public struct AgendaService: Sendable {
    typealias LastSession = AgendaPlan.LastSession

    let context: DeviceContext

    /// How many days an agenda may cover.
    public static let dayRange = 1...31

    /// "--days is 1 to 31", in the current language.
    public static var dayRangeProblem: String {
        CalendarPhrases.daysRange.t(["from": dayRange.lowerBound, "to": dayRange.upperBound])
    }

    /// How far ahead the next appointment is looked for when the agenda holds none.
    static let nextReach = 366

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// The appointments starting on the `days` days from today (in `zone`), by start; declined requests are left
    /// out. When none of them is scheduled, the next scheduled one after those days.
    /// - Throws: ``ClientError`` `.usage` when `days` is outside ``dayRange``.
    public func agenda(days: Int = 1, now: Date = Date(), zone: TimeZone = .current) async throws -> AgendaPlan {
        guard Self.dayRange.contains(days) else {
            throw ClientError(.usage, Self.dayRangeProblem)
        }
        let profile = try context.session().profile
        let cache = try await context.freshCache()
        let calendar = Calendars.gregorian(in: zone)
        let today = CalendarDate(now, in: zone)
        let from = today.start(in: zone)
        let to = calendar.date(byAdding: .day, value: days, to: from)!
        let events = try EventCalendar(cache: cache)
        let facts = try AppointmentFacts(cache: cache, now: now)
        let found = events.appointments(from: from, to: to).filter { facts.state($0) != .requestDeclined }
        let names = try ClientDirectory(cache: cache).names()
        let coach = profile.role.keepsClients
        // A client's agenda names their coach (the name the server keeps on the client's own record).
        let coachName =
            coach ? nil : try cache.entity(profile.id)?[string: "coachName"].flatMap { $0.isEmpty ? nil : $0 }
        let unread = try cache.entities(.message).filter {
            $0[string: "to"] == profile.id.key && $0.data["read"] == nil
        }
        var lastSessions: [String: AgendaPlan.LastSession?] = [:]
        var items: [AgendaPlan.Item] = []
        for event in found {
            let client = event[string: "client"] ?? ""
            if lastSessions[client] == nil {
                lastSessions[client] = try Self.lastSession(of: client, before: now, in: cache)
            }
            items.append(
                AgendaPlan.Item(
                    event: facts.record(event), name: coach ? names[client] : coachName,
                    lastSession: lastSessions[client] ?? nil,
                    unread: unread.filter { !coach || $0[string: "from"] == client }.count))
        }
        var next: AgendaPlan.Item?
        if !found.contains(where: { facts.state($0).isAhead }),
            let event = events.appointments(
                from: to, horizon: to.addingTimeInterval(Double(Self.nextReach) * 86_400)
            ).first(where: { facts.state($0).isAhead })
        {
            let client = event[string: "client"] ?? ""
            next = AgendaPlan.Item(
                event: facts.record(event), name: coach ? names[client] : coachName,
                lastSession: nil, unread: 0)
        }
        return AgendaPlan(
            from: today, days: days, appointments: items, next: next, role: profile.role, now: now, zone: zone,
            sinceLooked: try SinceLooked.peek(cache, account: profile))
    }

    /// The latest session of `client` (a key) that started before `now`.
    static func lastSession(of client: String, before now: Date, in cache: LocalCache) throws -> LastSession? {
        guard let id = UUID(uuidString: client),
            let session = try cache.timeline(.session, client: id, to: ISOTime.format(now)).last,
            let start = session[string: "start"].flatMap(ISOTime.parse)
        else { return nil }
        return LastSession(
            id: session.id, start: start, training: session[string: "training"].flatMap(UUID.init(uuidString:)),
            trainingName: try SessionService.trainingName(cache, session),
            exercises: session.data["exercises"]?.arrayValue?.count ?? 0)
    }
}

/// `gorilla agenda`: the appointments of some days, each with its client's last session and unread messages, and what
/// came since the home screen was last shown.
public struct AgendaPlan: Presentable {
    /// One appointment of the agenda.
    public struct Item: Sendable {
        /// The appointment (an occurrence of a series as ``EventCalendar`` gives it).
        public let event: EntityRecord
        /// The client's name in a coach's agenda; the coach's in a client's.
        public let name: String?
        /// The client's latest session before now.
        public let lastSession: LastSession?
        /// Messages from the client (a coach's view), or from the coach (a client's), not read yet.
        public let unread: Int
    }

    /// A client's latest session, as the agenda names it.
    public struct LastSession: Sendable, Encodable {
        public let id: UUID
        public let start: Date
        /// The training followed, when the session names one.
        public let training: UUID?
        /// Its name, when this device knows it.
        public let trainingName: String?
        /// How many exercises were done.
        public let exercises: Int

        public func encode(to encoder: any Encoder) throws {
            var object: [String: JSONValue] = [
                "id": .string(id.key), "start": .string(ISOTime.format(start)),
                "exercises": .number(Double(exercises)),
            ]
            if let training { object["training"] = .string(training.key) }
            if let trainingName { object["trainingName"] = .string(trainingName) }
            try JSONValue.object(object).encode(to: encoder)
        }
    }

    /// The first day.
    public let from: CalendarDate
    /// How many days from `from`.
    public let days: Int
    /// The appointments by start.
    public let appointments: [Item]
    /// The next scheduled appointment after the days, when none of theirs is scheduled.
    public let next: Item?
    /// Whose agenda it is: a coach's (appointments with clients) or a client's (with their coach).
    public let role: Role
    /// When the agenda was made.
    public let now: Date
    /// The time zone its days are read in.
    public let zone: TimeZone
    /// What came since the home screen was last shown on this device (left unmarked).
    public let sinceLooked: SinceLooked

    /// `{from, days, appointments: [{…event, clientName|coachName, lastSession?, unread}], next?, sinceLooked}`.
    public func encode(to encoder: any Encoder) throws {
        // The name is the client's for a coach, the coach's for a client: whoever the appointment is with.
        func json(_ item: Item) throws -> JSONValue {
            var record = item.event
            if let name = item.name { record.fields[role == .client ? "coachName" : "clientName"] = .string(name) }
            if let lastSession = item.lastSession { record.fields["lastSession"] = try JSONValue.encode(lastSession) }
            record.fields["unread"] = .number(Double(item.unread))
            return try JSONValue.encode(record)
        }
        var object: [String: JSONValue] = [
            "from": .string(from.description), "days": .number(Double(days)),
            "appointments": .array(try appointments.map(json)), "sinceLooked": try JSONValue.encode(sinceLooked),
        ]
        if let next { object["next"] = try json(next) }
        try JSONValue.object(object).encode(to: encoder)
    }
}
