import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `gorilla stats --compliance`: how each client keeps to appointments, to their plan's sessions a week and to the
/// workouts their programs plan.
package struct ComplianceReport {
    /// One row per client (a coach's whole list), or the one client asked for.
    package let clients: [Compliance]
    /// Whether one client was asked for: the text then lists their weeks.
    package let single: Bool

    /// The one client's row when one was asked for, else the list.
    package var jsonForm: OneOf<Compliance, [Compliance]> {
        if single, let only = clients.first { .first(only) } else { .second(clients) }
    }
}

extension StatsService {
    /// The compliance of the client asked for (a client: their own), or of each of a coach's clients.
    package func compliance(_ request: StatsRequest) async throws -> ComplianceReport {
        let cache = try await context.freshCache()
        let from = try request.from.map { try Self.day($0, "--from") }
        let to = try request.to.map { try Self.day($0, "--to").addingTimeInterval(86_400) }
        let calculator = StatsCalculator()
        let profile = try context.session().profile
        // Each client's record: its plan's target and the days compliance counts from.
        let clients: [(id: UUID, name: String, record: Client?)]
        if !profile.role.keepsClients || request.client != nil {
            let subject = try StatsSubject.resolve(request.client, cache: cache, context: context)
            clients = [(subject.id, subject.name, try cache.one(Client.self, subject.id)?.value)]
        } else {
            clients = try cache.all(Client.self).map { ($0.id, ClientDirectory.displayName($0), $0.value) }
                .sortedByFoldedName(\.name)
        }
        let followed = try PlannedCompliance.followed(in: cache)
        let rows = try clients.map { client in
            let sessions = try cache.timeline(TrainingSession.self, client: client.id)
            return calculator.compliance(
                client: client.name, target: client.record?.perWeek, sessions: sessions,
                events: try EventCalendar(cache: cache).events(until: Date(), client: client.id), from: from,
                to: to, since: client.record?.complianceStart(),
                planned: PlannedCompliance.of(
                    followed[client.id] ?? [], sessions: sessions, now: calculator.now,
                    zone: calculator.calendar.timeZone))
        }
        return ComplianceReport(clients: rows, single: !profile.role.keepsClients || request.client != nil)
    }
}
