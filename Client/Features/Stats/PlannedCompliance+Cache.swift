import Foundation
import GorillaClientCore
import GorillaShared

extension PlannedCompliance {
    /// The programs each client of this device's cache follows: their assignments, each with its program (read once).
    static func followed(in cache: LocalCache) throws -> [UUID: [(program: Program, assignment: Assignment)]] {
        var programs: [UUID: Program?] = [:]
        var followed: [UUID: [(program: Program, assignment: Assignment)]] = [:]
        for assignment in try cache.all(Assignment.self) {
            if programs[assignment.program] == nil {
                programs[assignment.program] = .some(try cache.one(Program.self, assignment.program)?.value)
            }
            guard let program = programs[assignment.program] ?? nil else { continue }
            followed[assignment.client, default: []].append((program, assignment.value))
        }
        return followed
    }

    /// The planned compliance of a client following `followed` who started `sessions`, on the day of `now` in `zone`.
    static func of(
        _ followed: [(program: Program, assignment: Assignment)], sessions: [Stored<TrainingSession>], now: Date,
        zone: TimeZone
    ) -> PlannedCompliance {
        PlannedCompliance(
            assignments: followed, sessions: sessions.map(\.start), today: CalendarDate(now, in: zone), zone: zone)
    }

    /// The clients of this device's cache (a coach's) whose 7-day rate fell ``attentionDrop`` or more below their
    /// 90-day rate, by name; only the sessions of clients who follow a program are read.
    static func needingAttention(cache: LocalCache, now: Date, zone: TimeZone) throws -> [String] {
        let followed = try followed(in: cache)
        guard !followed.isEmpty else { return [] }
        return try cache.all(Client.self).filter { followed[$0.id] != nil }
            .map { (id: $0.id, name: ClientDirectory.displayName($0)) }
            .sortedByFoldedName { $0.name }
            .filter { client in
                of(
                    followed[client.id] ?? [], sessions: try cache.timeline(TrainingSession.self, client: client.id),
                    now: now, zone: zone
                ).needsAttention
            }
            .map { $0.name }
    }
}
