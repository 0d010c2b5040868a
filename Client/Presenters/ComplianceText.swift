import Foundation
import GorillaClient
import GorillaShared
import GorillaTerminal

extension ComplianceReport: Presentable {
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
                client.planned.map {
                    ProgressPhrases.plannedDone.t(
                        PlannedCompliance.phraseValues.merging([
                            "d7": rate($0.d7), "d30": rate($0.d30), "d90": rate($0.d90),
                        ]) { $1 })
                } ?? ProgressPhrases.plannedNone.t(PlannedCompliance.phraseValues),
                "",
            ]
            if client.attention == true {
                let values = PlannedCompliance.phraseValues.merging(["clients": client.client]) { $1 }
                lines.insert(ProgressPhrases.needsAttention.t(values), at: lines.count - 1)
            }
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
                rate(client.planned?.d30), TextCharts.sparkline(client.weeks.map { Double($0.sessions) }, width: 16),
            ]
        }
        let header: [ProgressPhrases] = [
            .headerClient, .headerSessions, .headerKept, .headerKeptRate, .headerPlanPerWeek, .headerPlanMet,
            .headerPlanned30, .headerSessionsPerWeek,
        ]
        let attention = clients.filter { $0.attention == true }.map(\.client)
        return ProgressPhrases.complianceTitle.t(["period": period]) + "\n"
            + Table(header.map { $0.t(PlannedCompliance.phraseValues) }, rows).render()
            + (attention.isEmpty
                ? ""
                : "\n"
                    + ProgressPhrases.needsAttention.t(
                        PlannedCompliance.phraseValues.merging(["clients": attention.joined(separator: ", ")]) { $1 }))
    }
}
