import Foundation
import GorillaShared

/// The gym's calendar: every member coach's appointments at the gym (`gymID`), each series expanded as the devices
/// expand it (``gymAppointments(_:gymID:where:_:from:to:)``).
///
/// Scoped in the query: only rows of the asker's gym's current members that name the gym. A client's name is read
/// only from a client row the asker may read (``UserRecord/mayRead(_:)``, the access table); every other appointment
/// is sent as `booked`, with no client name and no id.
extension ServerStore {
    /// `gym.calendar`: the appointments at the gym of `principal` that take place (at `now`: not cancelled or declined)
    /// starting in [`from`, `to`), by start.
    package func gymCalendar(
        _ principal: UserRecord, from: Date, to: Date, now: Date
    ) async throws -> GymCalendarReply {
        try await read { db in
            let membership = try Self.member(db, principal, for: .gymCalendar)
            let coaches = try Self.gymCoaches(db, gymID: membership.gymID)
            let found = try Self.gymAppointments(
                db, gymID: membership.gymID, where: "\(db.dialect.jsonText("e.data", "gymID")) = ?",
                [membership.gymID.key], from: from, to: to
            ).filter {
                // As the agenda shows them: what still takes place, or took place (not cancelled or declined).
                $0.event.gymID == membership.gymID && $0.event.state(fulfilled: false, now: now).takesPlace
            }
            let names = try Self.clientNames(db, Set(found.map(\.event.client)), readableBy: principal)
            let appointments = found.compactMap { found -> GymAppointment? in
                guard let who = coaches[found.coach] else { return nil }
                return GymAppointment(
                    start: found.event.start, duration: found.event.duration, status: found.event.status,
                    coach: who.coach, client: names[found.event.client])
            }.sorted { ($0.start, $0.coach.username) < ($1.start, $1.coach.username) }
            return GymCalendarReply(gym: membership.gymName, from: from, to: to, appointments: appointments)
        }
    }

    /// The full names of the clients `ids` whose rows `principal` may read (their coach's); the others are left out.
    private static func clientNames(
        _ db: any SQLTransaction, _ ids: Set<UUID>, readableBy principal: UserRecord
    ) throws -> [UUID: String] {
        guard principal.role == .coach, !ids.isEmpty else { return [:] }
        var names: [UUID: String] = [:]
        for (id, row) in try EntityRow.fetchAll(db, ids: Array(ids))
        where row.kind == EntityKind.client.rawValue && principal.mayRead(row) {
            let client = try? Client(document: row.data)
            let name = [client?.name, client?.surname].compactMap { $0 }.joined(separator: " ")
            names[id] = name.isEmpty ? (client?.username ?? "") : name
        }
        return names
    }
}
