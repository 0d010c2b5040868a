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
    }
}

extension StatsCalculator {
    /// The weeks from the week of `from` (else 11 weeks before this one) to the week of `to` (else this one), each
    /// by the day it starts (a Monday, at midnight in the calculator's time zone); none before the week of
    /// `notBefore`.
    func weekStarts(from: Date?, to: Date?, notBefore: Date? = nil) -> [Date] {
        let thisWeek = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? now
        var first =
            from.flatMap { calendar.dateInterval(of: .weekOfYear, for: $0)?.start }
            ?? calendar.date(byAdding: .weekOfYear, value: -11, to: thisWeek) ?? thisWeek
        if let floor = notBefore.flatMap({ calendar.dateInterval(of: .weekOfYear, for: $0)?.start }) {
            first = max(first, floor)
        }
        let last =
            to.flatMap { calendar.dateInterval(of: .weekOfYear, for: $0.addingTimeInterval(-1))?.start } ?? thisWeek
        var starts: [Date] = []
        var week = first
        while week <= last, starts.count < 520 {
            starts.append(week)
            week = calendar.date(byAdding: .weekOfYear, value: 1, to: week) ?? last.addingTimeInterval(1)
        }
        return starts
    }

    /// A client's compliance week by week: sessions against appointments (those not cancelled and already due) and
    /// against the plan's sessions a week. Weeks still to come count only what is already done in them. The weeks
    /// start at the later of `since` (when the client joined, or the plan's target was set) and `from`.
    package func compliance(
        client: String, target: Int?, sessions: [Stored<TrainingSession>], events: [Stored<Event>], from: Date? = nil,
        to: Date? = nil, since: Date? = nil
    ) -> Compliance {
        let starts = weekStarts(from: from, to: to, notBefore: since)
        func week(of date: Date) -> Int? {
            calendar.dateInterval(of: .weekOfYear, for: date).flatMap { starts.firstIndex(of: $0.start) }
        }
        var weeks = starts.map { Compliance.Week(start: $0, sessions: 0, appointments: 0, kept: 0) }
        let fulfilled = AppointmentOutcome.fulfilled(by: sessions)
        for session in sessions {
            guard let index = week(of: session.start) else { continue }
            weeks[index].sessions += 1
        }
        for event in events {
            // Appointments already due (requests and cancelled ones are none), by the calendar's rule.
            guard event.start <= now, let index = week(of: event.start),
                let outcome = AppointmentOutcome(event, fulfilled: fulfilled, now: now), outcome != .cancelled
            else { continue }
            weeks[index].appointments += 1
            if outcome == .done { weeks[index].kept += 1 }
        }
        let appointments = weeks.reduce(0) { $0 + $1.appointments }
        let kept = weeks.reduce(0) { $0 + $1.kept }
        // The plan counts the weeks that have begun; this week counts only when its sessions already meet it.
        var planned = 0
        var met = 0
        if let target, target > 0 {
            let thisWeek = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? now
            for week in weeks where week.start < thisWeek || week.sessions >= target {
                guard week.start <= now else { continue }
                planned += target
                met += min(week.sessions, target)
            }
        }
        return Compliance(
            client: client, target: target, sessions: weeks.reduce(0) { $0 + $1.sessions },
            appointments: appointments, kept: kept,
            appointmentRate: appointments > 0 ? Double(kept) / Double(appointments) : nil,
            planRate: planned > 0 ? Double(met) / Double(planned) : nil, weeks: weeks)
    }
}
