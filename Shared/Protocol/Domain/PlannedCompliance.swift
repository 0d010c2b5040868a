import Foundation

/// Planned compliance as coaches read it (TrueCoach's definition): the planned workouts done ÷ the planned ones, over
/// the last 7, 30 and 90 days; the one rule that `stats --compliance`, the home screen and the gym's overview count by.
///
/// A planned workout is a day of one of the client's program assignments (``ProgramSchedule``, postponements taken
/// out) up to today; a day several assignments plan counts once. It is done when a session of the client (logged by
/// the coach or by the client, or started with `train --today`) started on that day in the rule's time zone. Today
/// counts only once done, so that a workout still ahead lowers no rate.
package struct PlannedCompliance: Sendable, Equatable {
    /// The windows measured, in days back from today (today included).
    package static let windows = [7, 30, 90]
    /// How far (0…1) the 7-day rate may fall below the 90-day rate before the client needs attention.
    package static let attentionDrop = 0.2

    /// Planned workouts and the ones done in one window.
    package struct Count: Sendable, Equatable {
        package var planned = 0
        package var done = 0
        /// `done / planned`, 0…1; nil when nothing was planned.
        package var rate: Double? { ComplianceRule.Tally.rate(done, of: planned) }

        package init(planned: Int = 0, done: Int = 0) {
            self.planned = planned
            self.done = done
        }
    }

    package var d7 = Count()
    package var d30 = Count()
    package var d90 = Count()

    package init(d7: Count = Count(), d30: Count = Count(), d90: Count = Count()) {
        self.d7 = d7
        self.d30 = d30
        self.d90 = d90
    }

    /// The counts of a client following `assignments` (each with its program) who started `sessions`, on `today` read
    /// in `zone`.
    package init(
        assignments: [(program: Program, assignment: Assignment)], sessions: [Date], today: CalendarDate,
        zone: TimeZone
    ) {
        let longest = Self.windows.max() ?? 90
        let first = today.adding(days: 1 - longest)
        var planned = Set<CalendarDate>()
        for (program, assignment) in assignments {
            planned.formUnion(ProgramSchedule.planned(from: first, to: today, program, assignment).map(\.date))
        }
        let trained = Set(sessions.map { CalendarDate($0, in: zone) })
        for date in planned {
            let done = trained.contains(date)
            if date == today, !done { continue }
            let back = today.daysSinceEpoch - date.daysSinceEpoch
            for (window, path) in [(7, \Self.d7), (30, \Self.d30), (90, \Self.d90)] where back < window {
                self[keyPath: path].planned += 1
                if done { self[keyPath: path].done += 1 }
            }
        }
    }

    /// Whether the 7-day rate is ``attentionDrop`` or more below the 90-day rate (both known).
    package var needsAttention: Bool {
        guard let week = d7.rate, let quarter = d90.rate else { return false }
        // Compared in whole thousandths, so that 0.5 against 0.7 is the 20 points it reads as.
        return ((quarter - week) * 1000).rounded() >= Self.attentionDrop * 1000
    }

    /// The rates as `--json` prints them: `{d7, d30, d90}`, each 0…1 to 0.001, absent when nothing was planned.
    package var rates: Rates { Rates(d7: d7.rate, d30: d30.rate, d90: d90.rate) }

    /// `{d7, d30, d90}`: the rates, each rounded to 0.001 and absent when nothing was planned in the window.
    package struct Rates: Codable, Sendable, Equatable {
        package var d7: Double?
        package var d30: Double?
        package var d90: Double?

        package init(d7: Double?, d30: Double?, d90: Double?) {
            self.d7 = d7.map(Self.rounded)
            self.d30 = d30.map(Self.rounded)
            self.d90 = d90.map(Self.rounded)
        }

        /// A rate to 0.001, as every compliance rate is shown.
        package static func rounded(_ rate: Double) -> Double { (rate * 1000).rounded() / 1000 }

        /// Whether no window had a planned workout.
        package var isEmpty: Bool { d7 == nil && d30 == nil && d90 == nil }
    }
}

extension PlannedCompliance {
    /// The windows and the attention drop as the texts name them: `short`, `middle`, `long` (days) and `drop`
    /// (points).
    package static var phraseValues: [String: any Sendable] {
        ["short": windows[0], "middle": windows[1], "long": windows[2], "drop": Int((attentionDrop * 100).rounded())]
    }
}
