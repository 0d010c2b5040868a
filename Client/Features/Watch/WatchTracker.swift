import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// What `gorilla watch` has to tell, decided from snapshots of the local copy and the time: a pure value, fed by
/// ``WatchService`` and tested with hand-made snapshots and a hand-moved clock.
///
/// Each role hears the other side's doings: a coach hears answers and requests, a client hears that the coach
/// scheduled, moved or cancelled an appointment or answered their request; both hear new messages and reminders.
package struct WatchTracker: Sendable {
    package let role: Role
    /// Minutes before an appointment that its reminder comes.
    package let lead: Int
    /// When the watch started.
    package let started: Date
    /// The snapshot last compared.
    package private(set) var snapshot: WatchSnapshot
    /// The reminders given, by appointment and start (a moved appointment is reminded of again).
    private var reminded: Set<String> = []

    /// Most new messages told one by one at once; more are counted in one line.
    package static let messagesTold = 10
    /// How long after its start an appointment is still reminded of when reminders come at the start (`lead` 0).
    package static let startGrace: TimeInterval = 60

    package init(role: Role, lead: Int, started: Date, snapshot: WatchSnapshot) {
        self.role = role
        self.lead = lead
        self.started = started
        self.snapshot = snapshot
    }

    // MARK: Changes

    /// What changed from the last snapshot to `next`, in the order to tell it.
    ///
    /// - Parameter catchingUp: For the first sync after the watch started: what it brings happened before, so the
    ///   calendar's changes are taken in silently and only messages sent since ``started`` are told.
    package mutating func update(to next: WatchSnapshot, now: Date, catchingUp: Bool = false) -> [WatchNews] {
        let previous = snapshot
        snapshot = next
        var news = newMessages(from: previous, to: next, catchingUp: catchingUp)
        guard !catchingUp else { return news }
        news += newRecords(from: previous, to: next)
        var seriesTold = Set<UUID>()
        for id in Set(previous.rows.keys).union(next.rows.keys).sorted(by: { $0.key < $1.key }) {
            let told = rowChanges(previous.rows[id], next.rows[id], before: previous, now: now)
            if !told.isEmpty, (next.rows[id] ?? previous.rows[id])?.recurrence != nil { seriesTold.insert(id) }
            news += told
        }
        // Occurrences known before and after; those of a series whose row was told about are covered by it.
        for (id, after) in next.occurrences {
            guard let before = previous.occurrences[id], !seriesTold.contains(after.series ?? id) else { continue }
            news += changes(before, after, now: now)
        }
        return news.sorted { Self.order($0) < Self.order($1) }
    }

    /// New messages to the account, by when they were sent.
    private func newMessages(from previous: WatchSnapshot, to next: WatchSnapshot, catchingUp: Bool) -> [WatchNews] {
        // A little slack for the server's clock.
        let since = started.addingTimeInterval(-5)
        let arrived = next.messages.values.filter { message in
            previous.messages[message.id] == nil && (!catchingUp || (message.sent ?? since) >= since)
        }.sorted { ($0.sent ?? .distantFuture, $0.id.key) < ($1.sent ?? .distantFuture, $1.id.key) }
        var news = arrived.prefix(Self.messagesTold).map(WatchNews.message)
        if arrived.count > Self.messagesTold { news.append(.moreMessages(arrived.count - Self.messagesTold)) }
        return news
    }

    /// The clients' own work that came from the server since `previous` (what this device recorded is not news).
    private func newRecords(from previous: WatchSnapshot, to next: WatchSnapshot) -> [WatchNews] {
        guard role == .coach else { return [] }
        return next.records.values.filter { $0.fromServer && previous.records[$0.id] == nil }
            .sorted { ($0.client, $0.id.key) < ($1.client, $1.id.key) }.map(WatchNews.recorded)
    }

    /// What a change of a single appointment or series row tells: besides ``changes(_:_:now:)``, its appearing and
    /// its removal.
    private func rowChanges(
        _ before: WatchAppointment?, _ after: WatchAppointment?, before snapshot: WatchSnapshot, now: Date
    ) -> [WatchNews] {
        switch (before, after) {
        case (nil, let added?):
            switch (role, added.status) {
            case (.coach, .requested): return [.requested(added)]
            case (.client, .scheduled): return isAhead(added, snapshot: nil, now: now) ? [.scheduled(added)] : []
            default: return []
            }
        case (let removed?, nil):
            guard role == .client, removed.status == .scheduled, isAhead(removed, snapshot: snapshot, now: now)
            else { return [] }
            return [.cancelled(removed)]
        case (let before?, let after?):
            return changes(before, after, now: now)
        case (nil, nil):
            return []
        }
    }

    /// What the change of one appointment from `before` to `after` tells this role.
    private func changes(_ before: WatchAppointment, _ after: WatchAppointment, now: Date) -> [WatchNews] {
        guard before != after, isAhead(after, snapshot: snapshot, now: now) || isAhead(before, snapshot: nil, now: now)
        else { return [] }
        switch role {
        case .coach:
            guard after.status == .scheduled, let answer = after.answer, answer != before.answer else { return [] }
            return [.answered(after)]
        case .client:
            switch (before.status, after.status) {
            case (.requested, .scheduled): return [.requestAnswered(after, accepted: true)]
            case (.requested, .declined): return [.requestAnswered(after, accepted: false)]
            case (.scheduled, .cancelled), (.done, .cancelled): return [.cancelled(after)]
            case (.cancelled, .scheduled), (.declined, .scheduled): return [.scheduled(after)]
            case (.scheduled, .scheduled) where before.start != after.start: return [.moved(after, from: before.start)]
            default: return []
            }
        }
    }

    /// Whether `appointment` has not ended yet (for a series: whether `snapshot` holds one of its occurrences not
    /// ended yet; without a snapshot, a series always counts).
    private func isAhead(_ appointment: WatchAppointment, snapshot: WatchSnapshot?, now: Date) -> Bool {
        guard appointment.recurrence != nil else {
            return appointment.start.addingTimeInterval(Double(appointment.duration) * 60) > now
        }
        guard let snapshot else { return true }
        return snapshot.occurrences.values.contains {
            $0.series == appointment.id && $0.start.addingTimeInterval(Double($0.duration) * 60) > now
        }
    }

    /// Messages first, then the calendar by start.
    private static func order(_ news: WatchNews) -> (Int, Date) {
        switch news {
        case .message(let message): (0, message.sent ?? .distantFuture)
        case .moreMessages: (1, .distantFuture)
        case .recorded: (2, .distantPast)
        case .answered(let event), .requested(let event), .requestAnswered(let event, _), .scheduled(let event),
            .moved(let event, _), .cancelled(let event), .reminder(let event, _):
            (2, event.start)
        case .plannedReminder(let workout, _, _): (2, workout.start(in: .current))
        case .watching, .connected, .offline: (3, .distantFuture)
        }
    }

    // MARK: Reminders

    /// The reminders due at `now`, each given once per appointment and start: from ``lead`` minutes before an
    /// appointment that takes place (not cancelled, declined or only requested) until it starts (or, with reminders
    /// at the start, during its first minute).
    package mutating func reminders(at now: Date) -> [WatchNews] {
        var due: [WatchNews] = []
        for appointment in snapshot.appointments.sorted(by: { ($0.start, $0.id.key) < ($1.start, $1.id.key) })
        where appointment.isRemindable {
            let from = appointment.start.addingTimeInterval(-Double(lead) * 60)
            let until = lead == 0 ? appointment.start.addingTimeInterval(Self.startGrace) : appointment.start
            guard now >= from, now < until,
                reminded.insert("\(appointment.id.key)@\(ISOTime.format(appointment.start))").inserted
            else { continue }
            let minutes = max(0, Int((appointment.start.timeIntervalSince(now) / 60).rounded(.up)))
            due.append(.reminder(appointment, minutes: minutes))
        }
        return due + plannedReminders(at: now)
    }

    /// The reminders due at `now` of workouts programs plan at a time, as for appointments: once per assignment, day
    /// and start.
    private mutating func plannedReminders(at now: Date) -> [WatchNews] {
        var due: [WatchNews] = []
        for workout in snapshot.planned where workout.at != nil {
            let start = workout.start(in: .current)
            let from = start.addingTimeInterval(-Double(lead) * 60)
            let until = lead == 0 ? start.addingTimeInterval(Self.startGrace) : start
            guard now >= from, now < until,
                reminded.insert("planned \(workout.assignment.key)@\(ISOTime.format(start))").inserted
            else { continue }
            let minutes = max(0, Int((start.timeIntervalSince(now) / 60).rounded(.up)))
            due.append(.plannedReminder(workout, minutes: minutes, namesClient: role.keepsClients))
        }
        return due
    }

    // MARK: Summary

    /// The first line's facts at `now` for the account `username`.
    package func summary(username: String, now: Date) -> WatchSummary {
        let ahead = snapshot.appointments.filter { $0.start > now }
        let requests = snapshot.rows.values.filter { $0.status == .requested && $0.start > now }.count
        let unanswered =
            role == .client ? ahead.filter { $0.state(at: now).awaitsAnswer }.count : 0
        return WatchSummary(
            username: username, role: role,
            next: ahead.filter(\.isRemindable).min { ($0.start, $0.id.key) < ($1.start, $1.id.key) },
            requests: requests, unanswered: unanswered, unread: snapshot.messages.values.filter(\.unread).count,
            lead: lead, planned: snapshot.planned.filter { $0.date == CalendarDate(now, in: .current) })
    }
}
