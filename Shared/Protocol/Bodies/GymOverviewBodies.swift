import Foundation

/// `gym.overview`: the weeks from the week of `from` (else 11 weeks before this one) to the week of `to` (else this
/// one), counted in the time zone `zone` (UTC when absent).
package struct GymOverviewBody: Codable, Sendable {
    /// The longest range one request may ask for, in days (a year).
    package static let maximumDays = 366

    package var from: Date?
    package var to: Date?
    package var zone: String?

    package init(from: Date? = nil, to: Date? = nil, zone: String? = nil) {
        self.from = from
        self.to = to
        self.zone = zone
    }

    /// What is wrong with the body, as a field's problem; nil when it is one the server answers.
    package var problem: String? {
        if let zone, TimeZone(identifier: zone) == nil { return "zone (a time zone name)" }
        if let from, let to {
            guard to > from else { return "to (after from)" }
            guard to.timeIntervalSince(from) <= Double(Self.maximumDays) * 86_400 else {
                return "to (at most \(Self.maximumDays) days after from)"
            }
        }
        return nil
    }
}

/// The figures of a coach, or of the whole gym, over the overview's weeks, counted by ``ComplianceRule``. Figures
/// only: no client is named, and no note or message is read.
package struct GymFigures: Codable, Sendable, Equatable {
    /// Clients with an account (registered, not removed).
    package var activeClients = 0
    /// Sessions recorded for the coach's clients.
    package var sessions = 0
    /// Appointments due that take place.
    package var appointments = 0
    /// Of those, the ones done (marked done, or fulfilled by a session).
    package var kept = 0
    /// Of those, the ones that ended without being done.
    package var missed = 0
    /// `kept / appointments`, 0…1 (to 0.001); absent without appointments.
    package var appointmentRate: Double?
    /// Sessions held against the sessions a week the clients' plans ask for, 0…1 (to 0.001); absent without plans.
    package var planRate: Double?
    /// Planned workouts done ÷ planned over the last 30 days (``PlannedCompliance``), 0…1 (to 0.001); absent when no
    /// program planned one.
    package var planned30: Double?

    package init() {}

    /// Adds the tally of one client (the rates are worked out by ``finish(planned:met:)``).
    package mutating func add(_ tally: ComplianceRule.Tally) {
        sessions += tally.sessions
        appointments += tally.appointments
        kept += tally.kept
        missed += tally.missed
    }

    /// Sets the rates from the counts, the plans' `planned` and `met` sessions and the programs' planned workouts.
    package mutating func finish(planned: Int, met: Int, programs: PlannedCompliance.Count = PlannedCompliance.Count())
    {
        appointmentRate = ComplianceRule.Tally.rate(kept, of: appointments).map { ($0 * 1000).rounded() / 1000 }
        planRate = ComplianceRule.Tally.rate(met, of: planned).map { ($0 * 1000).rounded() / 1000 }
        planned30 = programs.rate.map(PlannedCompliance.Rates.rounded)
    }
}

/// One coach's line of the overview.
package struct GymCoachFigures: Codable, Sendable, Equatable {
    package var username: String
    package var name: String
    package var surname: String
    package var role: GymRole
    package var figures: GymFigures
    /// The last change to any row of the coach's (a session, an appointment, a client…); absent when none.
    package var lastActivity: Date?

    package init(coach: GymCoach, role: GymRole, figures: GymFigures, lastActivity: Date?) {
        username = coach.username
        name = coach.name
        surname = coach.surname
        self.role = role
        self.figures = figures
        self.lastActivity = lastActivity
    }
}

/// An hour of the day and how many appointments started in it, over the overview's weeks.
package struct GymHour: Codable, Sendable, Equatable {
    /// 0–23, in the overview's time zone.
    package var hour: Int
    package var appointments: Int

    package init(hour: Int, appointments: Int) {
        self.hour = hour
        self.appointments = appointments
    }
}

/// `gym.overview` reply: the gym, the weeks counted, each coach's figures, the gym's totals and its busiest hours.
package struct GymOverview: Codable, Sendable {
    /// How many hours ``busiestHours`` names at most.
    package static let busiestHoursShown = 5

    package var gym: String
    /// The first week's Monday and the end of the last week counted.
    package var from: Date
    package var to: Date
    package var coaches: [GymCoachFigures]
    package var totals: GymFigures
    /// The hours in which most appointments (that take place, at the gym or elsewhere) started, busiest first.
    package var busiestHours: [GymHour]

    package init(
        gym: String, from: Date, to: Date, coaches: [GymCoachFigures], totals: GymFigures, busiestHours: [GymHour]
    ) {
        self.gym = gym
        self.from = from
        self.to = to
        self.coaches = coaches
        self.totals = totals
        self.busiestHours = busiestHours
    }
}
