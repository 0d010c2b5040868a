import Foundation
import GorillaShared

/// One appointment of a person's agenda: a single one, or an occurrence of a series with its exception applied.
package struct AgendaAppointment: Sendable {
    /// The row an answer writes: the appointment's own, or for an occurrence the id its exception has or would have
    /// (``GorillaShared/Event/exceptionID(series:occurrence:)``).
    package let id: UUID
    package let event: Event
    /// The version of the row ``id`` names; nil for an occurrence whose exception does not exist yet.
    package let version: Int64?
}

extension ServerStore {
    /// The appointments `principal` may read that start in [`from`, `to`), by start: read through the rows the access
    /// table lets them read (the pull's own scoping, ``visibleRows(_:columns:since:now:dialect:narrowedBy:)``), every series
    /// expanded with its exceptions as devices expand it (``GorillaShared/Event/occurrences(id:exceptions:from:to:)``).
    package func agenda(for principal: UserRecord, from: Date, to: Date, now: Date) async throws -> [AgendaAppointment] {
        try await read { db in
            let principal = try Self.withGym(db, principal, now: now)
            let (runs, arguments) = Self.visibleRows(
                principal, columns: "id, \(EntityRow.columns(db.dialect))", since: 0, now: now, dialect: db.dialect)
            // Single appointments outside the range are left in the database; every series and exception is read.
            let json = db.dialect.jsonText
            let rows = try db.fetchAll(
                sql: """
                    SELECT * FROM (\(runs)) AS visible WHERE kind = 'event' AND deleted = 0
                        AND (\(json("data", "series")) IS NOT NULL OR \(json("data", "recurrence")) IS NOT NULL
                            OR (\(json("data", "start")) >= ? AND \(json("data", "start")) < ?))
                    """, arguments: arguments + [ISOTime.format(from), ISOTime.format(to)]
            ).map(EntityRow.init(row:))
            let versions = Dictionary(rows.map { ($0.id, $0.version) }) { first, _ in first }
            return Self.expanded(rows, exceptions: Self.exceptionsBySeries(rows), from: from, to: to)
                .map { AgendaAppointment(id: $0.id, event: $0.event, version: versions[$0.id]) }
                .sorted { $0.event.start < $1.event.start }
        }
    }
}
