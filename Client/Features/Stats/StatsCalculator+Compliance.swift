import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// How far a client kept to their appointments and to the sessions a week their plan asks for.
package struct Compliance: Codable, Sendable, Equatable {
    /// The client's display name.
    package var client: String
    /// Sessions a week the client's plan asks for, when the coach set it (`clients edit C --per-week N`).
    package var target: Int?
    /// Sessions recorded in the period.
    package var sessions: Int
    /// Appointments in the period that were not cancelled, up to now.
    package var appointments: Int
    /// Of those, the ones done (marked done, or fulfilled by a session).
    package var kept: Int
    /// `kept / appointments`, 0…1; nil without appointments.
    package var appointmentRate: Double?
    /// Σ min(sessions, target) / Σ target over the weeks, 0…1; nil without a target.
    package var planRate: Double?
    /// Each week of the period, oldest first.
    package var weeks: [Week]
    /// Planned workouts done over the last 7, 30 and 90 days (``GorillaShared/PlannedCompliance``); nil when no
    /// program planned one in 90 days.
    package var planned: PlannedCompliance.Rates?
    /// True when the 7-day planned rate fell 20 points or more below the 90-day one (the client needs attention).
    package var attention: Bool?

    /// One week.
    package struct Week: Codable, Sendable, Equatable {
        /// The day the week starts.
        package var start: Date
        package var sessions: Int
        package var appointments: Int
        package var kept: Int

        private enum EncodingKeys: String, CodingKey { case start, week, sessions, appointments, kept }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: EncodingKeys.self)
            try container.encode(WeekJSON.start(start), forKey: .start)
            try container.encode(WeekJSON.week(start), forKey: .week)
            try container.encode(sessions, forKey: .sessions)
            try container.encode(appointments, forKey: .appointments)
            try container.encode(kept, forKey: .kept)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(client, forKey: .client)
        try container.encodeIfPresent(target, forKey: .target)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(appointments, forKey: .appointments)
        try container.encode(kept, forKey: .kept)
        try container.encodeIfPresent(appointmentRate.map { ($0 * 1000).rounded() / 1000 }, forKey: .appointmentRate)
        try container.encodeIfPresent(planRate.map { ($0 * 1000).rounded() / 1000 }, forKey: .planRate)
        try container.encode(weeks, forKey: .weeks)
        try container.encodeIfPresent(planned, forKey: .planned)
        try container.encodeIfPresent(attention, forKey: .attention)
    }
}

extension StatsCalculator {
    /// The counting rule in the calculator's clock and time zone (``GorillaShared/ComplianceRule``).
    var complianceRule: ComplianceRule { ComplianceRule(now: now, timeZone: calendar.timeZone) }

    /// The weeks from the week of `from` (else 11 weeks before this one) to the week of `to` (else this one), each
    /// by the day it starts (a Monday, at midnight in the calculator's time zone); none before the week of
    /// `notBefore`.
    func weekStarts(from: Date?, to: Date?, notBefore: Date? = nil) -> [Date] {
        complianceRule.weekStarts(from: from, to: to, notBefore: notBefore)
    }

    /// A client's compliance week by week, counted by ``GorillaShared/ComplianceRule``: sessions against appointments
    /// (those not cancelled and already due) and against the plan's sessions a week. The weeks start at the later of
    /// `since` (when the client joined, or the plan's target was set) and `from`.
    package func compliance(
        client: String, target: Int?, sessions: [Stored<TrainingSession>], events: [Stored<Event>], from: Date? = nil,
        to: Date? = nil, since: Date? = nil, planned: PlannedCompliance? = nil
    ) -> Compliance {
        let fulfilled = AppointmentOutcome.fulfilled(by: sessions)
        let tally = complianceRule.tally(
            target: target, sessions: sessions.map(\.start),
            appointments: events.map {
                ($0.start, $0.appointmentState(fulfilled: fulfilled.contains($0.id), now: now))
            },
            from: from, to: to, since: since)
        return Compliance(
            client: client, target: target, sessions: tally.sessions, appointments: tally.appointments,
            kept: tally.kept, appointmentRate: tally.appointmentRate, planRate: tally.planRate,
            weeks: tally.weeks.map {
                Compliance.Week(start: $0.start, sessions: $0.sessions, appointments: $0.appointments, kept: $0.kept)
            },
            planned: planned.flatMap { $0.rates.isEmpty ? nil : $0.rates },
            attention: planned?.needsAttention == true ? true : nil)
    }
}
