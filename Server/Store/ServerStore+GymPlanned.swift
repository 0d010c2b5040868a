import Foundation
import GorillaShared

/// The planned compliance of the gym's clients over the last 30 days (``GorillaShared/PlannedCompliance``), for the
/// owner's overview: of an assignment or a program it reads the days only, of a session its start.
extension ServerStore {
    /// Planned workouts and the ones done in the last 30 days, per client of the gym's members, on the day of `now`
    /// in `zone`.
    static func plannedCounts(
        _ db: any SQLTransaction, gymID: UUID, now: Date, zone: TimeZone
    ) throws -> [UUID: PlannedCompliance.Count] {
        let today = CalendarDate(now, in: zone)
        var programs: [UUID: Program] = [:]
        var followed: [UUID: [Assignment]] = [:]
        for row in try db.fetchAll(
            sql: """
                SELECT e.id, e.kind, e.client_id, e.data FROM entities e
                JOIN gym_members m ON m.account_id = e.coach_id
                WHERE m.gym_id = ? AND e.kind IN ('program', 'assignment') AND e.deleted = 0
                """, arguments: [gymID.key])
        {
            guard let id = UUID(uuidString: row["id"]) else { continue }
            let data = Data((row["data"] as String).utf8)
            if (row["kind"] as String) == EntityKind.program.rawValue {
                programs[id] = try? WireCoding.decoder.decode(Program.self, from: data)
            } else if let client = (row["client_id"] as String?).flatMap(UUID.init(uuidString:)),
                let assignment = try? DocumentReader.decoder(owner: client).decode(Assignment.self, from: data)
            {
                followed[client, default: []].append(assignment)
            }
        }
        guard !followed.isEmpty else { return [:] }
        // The sessions of the window (a day either side, for the zone), by client.
        let json = db.dialect.jsonText
        let window = PlannedCompliance.windows[1]
        var sessions: [UUID: [Date]] = [:]
        for row in try db.fetchAll(
            sql: """
                SELECT e.client_id, CAST(\(json("e.data", "start")) AS TEXT) AS start
                FROM entities e JOIN gym_members m ON m.account_id = e.coach_id
                WHERE m.gym_id = ? AND e.kind = 'session' AND e.deleted = 0
                    AND \(json("e.data", "start")) >= ? AND \(json("e.data", "start")) < ?
                """,
            arguments: [
                gymID.key, ISOTime.format(today.adding(days: -window).start(in: zone)),
                ISOTime.format(today.adding(days: 2).start(in: zone)),
            ])
        {
            guard let client = (row["client_id"] as String?).flatMap(UUID.init(uuidString:)),
                followed[client] != nil, let start = (row["start"] as String?).flatMap(ISOTime.parse)
            else { continue }
            sessions[client, default: []].append(start)
        }
        var counts: [UUID: PlannedCompliance.Count] = [:]
        for (client, assignments) in followed {
            let pairs = assignments.compactMap { assignment in
                programs[assignment.program].map { (program: $0, assignment: assignment) }
            }
            counts[client] =
                PlannedCompliance(assignments: pairs, sessions: sessions[client] ?? [], today: today, zone: zone).d30
        }
        return counts
    }
}
