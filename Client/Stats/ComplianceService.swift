import Foundation
import GorillaShared

/// `gorilla stats --compliance`: how each client keeps to appointments and to their plan's sessions a week.
package struct ComplianceReport: Presentable {
    /// One row per client (a coach's whole list), or the one client asked for.
    package let clients: [Compliance]
    /// Whether one client was asked for: the text then lists their weeks.
    package let single: Bool

    /// The one client's row when one was asked for, else the list.
    package var jsonForm: OneOf<Compliance, [Compliance]> {
        if single, let only = clients.first { .first(only) } else { .second(clients) }
    }

    package func text(for viewer: Viewer) -> String {
        // Each client's weeks start when they joined or their target was set: the period is the longest.
        guard let weeks = clients.map(\.weeks).max(by: { $0.count < $1.count }) else {
            return ProgressPhrases.noClientsYet.t()
        }
        guard let first = weeks.first else { return ProgressPhrases.complianceNoWeeks.t() }
        let period = ProgressPhrases.compliancePeriod.t(["count": weeks.count, "day": ProgressDates.day(first.start)])
        func rate(_ value: Double?) -> String {
            value.map { ProgressPhrases.percent.t(["value": Int(($0 * 100).rounded())]) } ?? "—"
        }
        if single, let client = clients.first {
            var lines = [
                ProgressPhrases.complianceOfClient.t(["client": client.client, "period": period]),
                ProgressPhrases.appointmentsKept.t([
                    "kept": client.kept, "appointments": client.appointments, "rate": rate(client.appointmentRate),
                ]),
                client.target.map { ProgressPhrases.planPerWeek.t(["count": $0, "rate": rate(client.planRate)]) }
                    ?? ProgressPhrases.planNotSet.t(["command": "gorilla clients edit C --per-week N"]),
                "",
            ]
            let rows = client.weeks.map { week in
                [
                    ProgressDates.weekColumn(week.start), "\(week.sessions)", "\(week.appointments)", "\(week.kept)",
                    client.target.map { week.sessions >= $0 ? ProgressPhrases.planMet.t() : "\(week.sessions)/\($0)" }
                        ?? "",
                ]
            }
            let header: [ProgressPhrases] = [
                .headerWeekOf, .headerSessions, .headerAppointments, .headerKept, .headerPlan,
            ]
            lines.append(Table(header.map { $0.t() }, rows).render())
            return lines.joined(separator: "\n")
        }
        let rows = clients.map { client in
            [
                client.client, "\(client.sessions)", "\(client.kept)/\(client.appointments)",
                rate(client.appointmentRate), client.target.map(String.init) ?? "—", rate(client.planRate),
                TextCharts.sparkline(client.weeks.map { Double($0.sessions) }, width: 16),
            ]
        }
        let header: [ProgressPhrases] = [
            .headerClient, .headerSessions, .headerKept, .headerKeptRate, .headerPlanPerWeek, .headerPlanMet,
            .headerSessionsPerWeek,
        ]
        return ProgressPhrases.complianceTitle.t(["period": period]) + "\n"
            + Table(header.map { $0.t() }, rows).render()
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
        let rows = try clients.map { client in
            calculator.compliance(
                client: client.name, target: client.record?.perWeek,
                sessions: try cache.timeline(TrainingSession.self, client: client.id),
                events: try EventCalendar(cache: cache).events(until: Date(), client: client.id), from: from,
                to: to, since: client.record.flatMap(Self.complianceStart))
        }
        return ComplianceReport(clients: rows, single: !profile.role.keepsClients || request.client != nil)
    }

    /// When a client's compliance starts counting: the later of the day they joined and the day their target was
    /// set (nil when neither is known).
    static func complianceStart(_ client: Client) -> Date? {
        [client.joined, client.perWeekSince?.start()].compactMap { $0 }.max()
    }
}
