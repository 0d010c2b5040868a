import Foundation
import GorillaShared

/// One appointment as the gym's views read it: a single one, or an occurrence of a series with its exception applied.
struct ExpandedAppointment: Sendable {
    /// The row's id; an occurrence's is the id its exception has or would have
    /// (``GorillaShared/Event/exceptionID(series:occurrence:)``), the one a session fulfilling it names.
    let id: UUID
    let coach: UUID
    let event: Event
}

extension ServerStore {
    /// The appointments of the gym `gymID`'s current members that start in [`from`, `to`), of the live event rows that
    /// also meet `condition` (on the row `e`, with its `arguments`): single ones by their start, and every series
    /// expanded with its exceptions as devices expand it (``GorillaShared/Event/occurrences(id:exceptions:from:to:)``).
    static func gymAppointments(
        _ db: any SQLTransaction, gymID: UUID, where condition: String = "1 = 1", _ arguments: SQLArguments = [],
        from: Date, to: Date
    ) throws -> [ExpandedAppointment] {
        let json = db.dialect.jsonText
        let rows = try db.fetchAll(
            sql: """
                SELECT e.* FROM entities e JOIN gym_members m ON m.account_id = e.coach_id
                WHERE m.gym_id = ? AND e.kind = 'event' AND e.deleted = 0 AND \(json("e.data", "series")) IS NULL
                    AND (\(json("e.data", "recurrence")) IS NOT NULL
                        OR (\(json("e.data", "start")) >= ? AND \(json("e.data", "start")) < ?))
                    AND \(condition)
                """, arguments: [gymID.key, ISOTime.format(from), ISOTime.format(to)] + arguments
        ).map(EntityRow.init(row:))
        let exceptions = try rows.contains { $0.data["recurrence"] != nil } ? gymExceptions(db, gymID: gymID) : [:]
        return expanded(rows, exceptions: exceptions, from: from, to: to).map {
            ExpandedAppointment(id: $0.id, coach: $0.row.coachID, event: $0.event)
        }
    }

    /// The appointments of the live event `rows` that start in [`from`, `to`): single ones by their start, and every
    /// series expanded with its `exceptions` as devices expand it
    /// (``GorillaShared/Event/occurrences(id:exceptions:from:to:)``), each with the row it comes from and its id (an
    /// occurrence's: the id its exception has or would have). Rows that are exceptions themselves are left out.
    static func expanded(
        _ rows: [EntityRow], exceptions: [UUID: [CalendarDate: Event.Exception]], from: Date, to: Date
    ) -> [(id: UUID, row: EntityRow, event: Event)] {
        var found: [(id: UUID, row: EntityRow, event: Event)] = []
        for row in rows {
            guard let event = try? Event(document: row.data), event.series == nil else { continue }
            guard event.recurrence != nil else {
                if event.start >= from, event.start < to { found.append((row.id, row, event)) }
                continue
            }
            let own = exceptions[row.id] ?? [:]
            for occurrence in event.occurrences(id: row.id, exceptions: own, from: from, to: to) {
                found.append((Event.exceptionID(series: row.id, occurrence: occurrence.day), row, occurrence.event))
            }
        }
        return found
    }

    /// The exceptions among `rows`, by series and the original day each changes.
    static func exceptionsBySeries(_ rows: [EntityRow]) -> [UUID: [CalendarDate: Event.Exception]] {
        var found: [UUID: [CalendarDate: Event.Exception]] = [:]
        for row in rows {
            guard let patch = try? Event.Exception(document: row.data), let series = patch.series,
                let day = patch.occurrence
            else { continue }
            found[series, default: [:]][day] = patch
        }
        return found
    }

    /// The live exceptions of the series of the gym's members, by series and the original day each changes: read in
    /// one query, each small (only the fields an occurrence changes).
    private static func gymExceptions(
        _ db: any SQLTransaction, gymID: UUID
    ) throws -> [UUID: [CalendarDate: Event.Exception]] {
        exceptionsBySeries(
            try db.fetchAll(
                sql: """
                    SELECT e.* FROM entities e JOIN gym_members m ON m.account_id = e.coach_id
                    WHERE m.gym_id = ? AND e.kind = 'event' AND e.deleted = 0
                        AND \(db.dialect.jsonText("e.data", "series")) IS NOT NULL
                    """, arguments: [gymID.key]
            ).map(EntityRow.init(row:)))
    }

    /// The gym's coaches by account, with their roles.
    static func gymCoaches(_ db: any SQLTransaction, gymID: UUID) throws -> [UUID: (coach: GymCoach, role: GymRole)] {
        var coaches: [UUID: (coach: GymCoach, role: GymRole)] = [:]
        for row in try db.fetchAll(
            sql: """
                SELECT u.id, u.username, u.name, u.surname, m.role FROM gym_members m JOIN users u ON u.id = m.account_id
                WHERE m.gym_id = ?
                """, arguments: [gymID.key])
        {
            guard let id = UUID(uuidString: row["id"]), let role = GymRole(rawValue: row["role"]) else { continue }
            coaches[id] = (GymCoach(username: row["username"], name: row["name"], surname: row["surname"]), role)
        }
        return coaches
    }
}
