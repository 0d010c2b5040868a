import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Pure computations over sessions and appointments (from the local cache, so they work offline).
package struct StatsCalculator: Sendable {
    /// The unit figures are shown in.
    package var unit: String
    package var now: Date
    package var calendar: Calendar
    /// How each catalogue exercise is counted, by its key; exercises not named count repetitions.
    package var counts: [String: CountMode]

    /// A calculator showing weights in `unit`, with weeks counted back from `now` in `timeZone`.
    package init(
        unit: String = "kg", now: Date = Date(), timeZone: TimeZone = .current, counts: [String: CountMode] = [:]
    ) {
        self.unit = unit
        self.counts = counts
        self.now = now
        let calendar = Calendars.iso8601(in: timeZone)
        self.calendar = calendar
    }

    /// Converts kg to the display unit.
    package func display(_ kg: Double) -> Double { unit == "lb" ? kg / kilogramsPerPound : kg }

    /// Flattens sessions into sets; `from`/`to` bound the session start.
    package func sets(of sessions: [Stored<TrainingSession>], from: Date? = nil, to: Date? = nil) -> [StatSet] {
        var result: [StatSet] = []
        for session in sessions {
            let date = session.start
            if let from, date < from { continue }
            if let to, date >= to { continue }
            let realtime = session.mode == .realtime
            for exercise in session.exercises {
                let key = exercise.exercise?.key ?? "name:" + exercise.name.lowercased()
                let count = counts[key] ?? .reps
                for (index, set) in exercise.sets.enumerated() {
                    result.append(
                        StatSet(
                            date: date, session: session.id, exerciseKey: key, exerciseName: exercise.name,
                            position: index + 1, type: set.type.rawValue, reps: set.reps,
                            weightKg: Strength.converted(set.weight, from: set.unit, to: .kg),
                            weight: set.weight, unit: set.unit.rawValue, duration: set.duration, realtime: realtime,
                            count: count, distance: set.distance))
                }
            }
        }
        return result.sorted { ($0.date, $0.exerciseName, $0.position) < ($1.date, $1.exerciseName, $1.position) }
    }

    /// The client's overview from their sessions and appointments.
    package func overview(
        sessions: [Stored<TrainingSession>], events: [Stored<Event>], from: Date? = nil, to: Date? = nil
    ) -> ClientOverview {
        let inRange = sessions.filter { session in
            (from.map { session.start >= $0 } ?? true) && (to.map { session.start < $0 } ?? true)
        }
        let starts = inRange.map(\.start)
        // The last 12 weeks, each by its Monday in the calendar's zone (never a fixed 7 × 24 h: a change of clock
        // would move the label to a Sunday).
        let weeks = weekStarts(from: nil, to: nil)
        var perWeek = Array(repeating: 0, count: weeks.count)
        for start in starts {
            guard let week = calendar.dateInterval(of: .weekOfYear, for: start)?.start,
                let index = weeks.firstIndex(of: week)
            else { continue }
            perWeek[index] += 1
        }
        var trainingTime = 0.0
        for session in inRange {
            guard let end = session.end else { continue }
            trainingTime += max(0, end.timeIntervalSince(session.start) - (session.paused ?? 0))
        }
        let sets = self.sets(of: inRange)
        let tut = inRange.reduce(0) { $0 + SessionTotals($1.exercises).tension }
        var attendance = ClientOverview.Attendance(done: 0, missed: 0, cancelled: 0, upcoming: 0)
        // The calendar's rule (``AppointmentOutcome``): requests are no appointments, missed means ended unfulfilled.
        let fulfilled = AppointmentOutcome.fulfilled(by: sessions)
        for event in events {
            // --from/--to bound the appointments counted as well as the sessions.
            if let from, event.start < from { continue }
            if let to, event.start >= to { continue }
            switch AppointmentOutcome(event, fulfilled: fulfilled, now: now) {
            case .cancelled: attendance.cancelled += 1
            case .done: attendance.done += 1
            case .missed: attendance.missed += 1
            case .upcoming: attendance.upcoming += 1
            case nil: continue
            }
        }
        let exercises = Dictionary(grouping: sets, by: \.exerciseKey).values.compactMap { exercise($0) }
            .sorted { $0.exercise.lowercased() < $1.exercise.lowercased() }
        return ClientOverview(
            sessions: inRange.count, perWeek: perWeek, weekStarts: weeks, lastTrained: starts.max(),
            attendance: attendance,
            trainingTime: PerformedExercise.rounded(trainingTime), timeUnderTension: PerformedExercise.rounded(tut),
            exercises: exercises)
    }

    /// Two decimals.
    static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}

/// Body mass index and the WHO adult categories.
package enum BMI {
    package static func value(weightKg: Double, heightCm: Double) -> Double? {
        guard weightKg > 0, heightCm > 0 else { return nil }
        let metres = heightCm / 100
        return weightKg / (metres * metres)
    }

    /// The WHO category of `bmi` as `--json` writes it: `underweight`, `normal`, `overweight`, `obesity class I`…
    package static func category(_ bmi: Double) -> String {
        switch bmi {
        case ..<18.5: "underweight"
        case ..<25: "normal"
        case ..<30: "overweight"
        case ..<35: "obesity class I"
        case ..<40: "obesity class II"
        default: "obesity class III"
        }
    }

    /// The WHO category of `bmi` in the current language (``category(_:)`` is the machine value).
    package static func categoryName(_ bmi: Double) -> String {
        let phrase: ProgressPhrases =
            switch bmi {
            case ..<18.5: .bmiUnderweight
            case ..<25: .bmiNormal
            case ..<30: .bmiOverweight
            case ..<35: .bmiObesityClass1
            case ..<40: .bmiObesityClass2
            default: .bmiObesityClass3
            }
        return phrase.t()
    }
}
