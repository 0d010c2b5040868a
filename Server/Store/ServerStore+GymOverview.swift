import Foundation
import GorillaShared

/// The owner's view of the gym (`gym.overview`): each coach's figures, counted by the rules `stats --compliance` counts
/// by (``GorillaShared/ComplianceRule``, ``GorillaShared/PlannedCompliance`` over 30 days), the gym's totals and its
/// busiest hours.
///
/// Figures only: of a client row it reads the status, the plan's sessions a week and the days compliance counts from,
/// never the name or the coach's notes; of a session its start and the appointment it fulfils; of a program and an
/// assignment the days they plan; no message is read.
extension ServerStore {
    /// What the overview reads of one client row.
    private struct ClientFacts {
        let coach: UUID
        let active: Bool
        let target: Int?
        let since: Date?
    }

    /// `gym.overview`: the figures of the gym of `principal` (an owner or admin) over the weeks `body` asks for.
    package func gymOverview(_ principal: UserRecord, _ body: GymOverviewBody, now: Date) async throws -> GymOverview {
        try await read { db in
            let membership = try Self.member(db, principal, for: .gymOverview)
            let zone = body.zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
            let rule = ComplianceRule(now: now, timeZone: zone)
            let weeks = rule.weekStarts(from: body.from, to: body.to)
            let first = weeks.first ?? now
            let end = rule.calendar.date(byAdding: .weekOfYear, value: 1, to: weeks.last ?? now) ?? now
            let coaches = try Self.gymCoaches(db, gymID: membership.gymID)
            let clients = try Self.clientFacts(db, gymID: membership.gymID, zone: zone)
            // Sessions a week either side, so that one fulfilling an appointment at the range's edge is known.
            let sessions = try Self.sessionMarks(
                db, gymID: membership.gymID, from: first.addingTimeInterval(-7 * 86_400),
                to: end.addingTimeInterval(7 * 86_400))
            let fulfilled = Set(sessions.compactMap(\.event))
            let appointments = try Self.gymAppointments(db, gymID: membership.gymID, from: first, to: end)
            let states = appointments.map { ($0, $0.event.state(fulfilled: fulfilled.contains($0.id), now: now)) }
            let sessionsByClient = Dictionary(grouping: sessions, by: \.client)
            let appointmentsByClient = Dictionary(grouping: states, by: \.0.event.client)
            let plannedCounts = try Self.plannedCounts(db, gymID: membership.gymID, now: now, zone: zone)

            var figures: [UUID: (figures: GymFigures, planned: Int, met: Int, programs: PlannedCompliance.Count)] = [:]
            for (id, client) in clients where coaches[client.coach] != nil {
                let tally = rule.tally(
                    target: client.target, sessions: (sessionsByClient[id] ?? []).map(\.start),
                    appointments: (appointmentsByClient[id] ?? []).filter { $0.0.coach == client.coach }
                        .map { ($0.0.event.start, $0.1) },
                    from: body.from, to: body.to, since: client.since)
                var line = figures[client.coach] ?? (GymFigures(), 0, 0, PlannedCompliance.Count())
                if let counts = plannedCounts[id] {
                    line.programs.planned += counts.planned
                    line.programs.done += counts.done
                }
                if client.active { line.figures.activeClients += 1 }
                line.figures.add(tally)
                line.planned += tally.planned
                line.met += tally.met
                figures[client.coach] = line
            }
            let lastActivity = try Self.lastActivity(db, gymID: membership.gymID)
            var totals = GymFigures()
            var planned = 0
            var met = 0
            var programs = PlannedCompliance.Count()
            var lines: [GymCoachFigures] = []
            for (id, who) in coaches {
                var line = figures[id] ?? (GymFigures(), 0, 0, PlannedCompliance.Count())
                line.figures.finish(planned: line.planned, met: line.met, programs: line.programs)
                lines.append(
                    GymCoachFigures(
                        coach: who.coach, role: who.role, figures: line.figures, lastActivity: lastActivity[id]))
                totals.activeClients += line.figures.activeClients
                totals.sessions += line.figures.sessions
                totals.appointments += line.figures.appointments
                totals.kept += line.figures.kept
                totals.missed += line.figures.missed
                planned += line.planned
                met += line.met
                programs.planned += line.programs.planned
                programs.done += line.programs.done
            }
            totals.finish(planned: planned, met: met, programs: programs)
            return GymOverview(
                gym: membership.gymName, from: first, to: end,
                coaches: lines.sorted { ($0.role, $0.username.lowercased()) < ($1.role, $1.username.lowercased()) },
                totals: totals,
                busiestHours: Self.busiestHours(states.filter { $0.1.takesPlace }.map(\.0.event.start), rule))
        }
    }

    /// The hours in which most of `starts` fall, in `rule`'s time zone: busiest first, then earliest.
    private static func busiestHours(_ starts: [Date], _ rule: ComplianceRule) -> [GymHour] {
        var counts: [Int: Int] = [:]
        for start in starts { counts[rule.calendar.component(.hour, from: start), default: 0] += 1 }
        return counts.map { GymHour(hour: $0.key, appointments: $0.value) }
            .sorted { ($1.appointments, $0.hour) < ($0.appointments, $1.hour) }
            .prefix(GymOverview.busiestHoursShown).map { $0 }
    }

    /// The live client rows of the gym's members, by id: only the members the figures need, read as text.
    private static func clientFacts(
        _ db: any SQLTransaction, gymID: UUID, zone: TimeZone
    ) throws -> [UUID: ClientFacts] {
        let member = { (name: String) in "CAST(\(db.dialect.jsonText("e.data", name)) AS TEXT) AS \(name)" }
        var facts: [UUID: ClientFacts] = [:]
        for row in try db.fetchAll(
            sql: """
                SELECT e.id, e.coach_id, \(member("status")), \(member("perWeek")), \(member("joined")),
                    \(member("perWeekSince"))
                FROM entities e JOIN gym_members m ON m.account_id = e.coach_id
                WHERE m.gym_id = ? AND e.kind = 'client' AND e.deleted = 0
                """, arguments: [gymID.key])
        {
            guard let id = UUID(uuidString: row["id"]), let coach = UUID(uuidString: row["coach_id"]) else { continue }
            let joined = (row["joined"] as String?).flatMap(ISOTime.parse)
            let targetSince = (row["perWeekSince"] as String?).flatMap(CalendarDate.init)?.start(in: zone)
            facts[id] = ClientFacts(
                coach: coach, active: (row["status"] as String?) == ClientStatus.active.rawValue,
                target: (row["perWeek"] as String?).flatMap { Int($0) ?? Double($0).map { Int($0) } },
                since: [joined, targetSince].compactMap { $0 }.max())
        }
        return facts
    }

    /// A session as the overview counts it: its client, start and the appointment it fulfils.
    private struct SessionMark {
        let client: UUID
        let start: Date
        let event: UUID?
    }

    /// The live sessions of the gym's members that started in [`from`, `to`), each read as its three facts, found by
    /// the column of starts (``StartColumn``).
    private static func sessionMarks(
        _ db: any SQLTransaction, gymID: UUID, from: Date, to: Date
    ) throws -> [SessionMark] {
        let json = db.dialect.jsonText
        return try db.fetchAll(
            sql: """
                SELECT e.client_id, e.starts_at AS start, CAST(\(json("e.data", "event")) AS TEXT) AS event
                FROM entities e JOIN gym_members m ON m.account_id = e.coach_id
                WHERE m.gym_id = ? AND e.kind = 'session' AND e.deleted = 0 AND e.starts_at >= ? AND e.starts_at < ?
                """, arguments: [gymID.key, ISOTime.format(from), ISOTime.format(to)]
        ).compactMap { row in
            guard let client = (row["client_id"] as String?).flatMap(UUID.init(text:)),
                let start = (row["start"] as String?).flatMap(ISOTime.parse)
            else { return nil }
            return SessionMark(
                client: client, start: start, event: (row["event"] as String?).flatMap(UUID.init(member:)))
        }
    }

    /// The last change to any row of each of the gym's coaches.
    private static func lastActivity(_ db: any SQLTransaction, gymID: UUID) throws -> [UUID: Date] {
        var found: [UUID: Date] = [:]
        for row in try db.fetchAll(
            sql: """
                SELECT e.coach_id, MAX(e.updated_at) AS last FROM entities e
                JOIN gym_members m ON m.account_id = e.coach_id WHERE m.gym_id = ? GROUP BY e.coach_id
                """, arguments: [gymID.key])
        {
            guard let coach = UUID(uuidString: row["coach_id"]),
                let last = (row["last"] as String?).flatMap(ISOTime.parse)
            else { continue }
            found[coach] = last
        }
        return found
    }
}
