import Foundation
import GorillaShared

/// Pure computations over session and event documents (from the local cache, so they work offline).
public struct StatsCalculator: Sendable {
    /// The unit figures are shown in.
    public var unit: String
    public var now: Date
    public var calendar: Calendar
    /// How each catalogue exercise is counted, by its key; exercises not named count repetitions.
    public var counts: [String: CountMode]

    /// A calculator showing weights in `unit`, with weeks counted back from `now` in `timeZone`.
    public init(
        unit: String = "kg", now: Date = Date(), timeZone: TimeZone = .current, counts: [String: CountMode] = [:]
    ) {
        self.unit = unit
        self.counts = counts
        self.now = now
        let calendar = Calendars.iso8601(in: timeZone)
        self.calendar = calendar
    }

    /// Converts kg to the display unit.
    public func display(_ kg: Double) -> Double { unit == "lb" ? kg / kilogramsPerPound : kg }

    /// Flattens session documents into sets; `from`/`to` bound the session start.
    public func sets(of sessions: [CachedEntity], from: Date? = nil, to: Date? = nil) -> [StatSet] {
        var result: [StatSet] = []
        for session in sessions {
            guard let date = session[string: "start"].flatMap(ISOTime.parse) else { continue }
            if let from, date < from { continue }
            if let to, date >= to { continue }
            let realtime = session[string: "mode"] == "realtime"
            for exercise in session.data["exercises"]?.arrayValue ?? [] {
                guard let object = exercise.objectValue else { continue }
                let name = object["name"]?.stringValue ?? "?"
                let key = object["exercise"]?.stringValue ?? "name:" + name.lowercased()
                let count = counts[key] ?? .reps
                for (index, set) in (object["sets"]?.arrayValue ?? []).enumerated() {
                    guard let item = set.objectValue else { continue }
                    let weight = item["weight"]?.doubleValue ?? 0
                    let unit = item["unit"]?.stringValue ?? "kg"
                    result.append(
                        StatSet(
                            date: date, session: session.id, exerciseKey: key, exerciseName: name,
                            position: item["position"]?.intValue ?? index + 1,
                            type: item["type"]?.stringValue ?? "normal",
                            reps: item["reps"]?.intValue ?? 0,
                            weightKg: unit == "lb" ? weight * kilogramsPerPound : weight,
                            weight: weight, unit: unit, duration: item["duration"]?.doubleValue, realtime: realtime,
                            count: count, distance: item["distance"]?.doubleValue))
                }
            }
        }
        return result.sorted { ($0.date, $0.exerciseName, $0.position) < ($1.date, $1.exerciseName, $1.position) }
    }

    /// The client's overview from their sessions and events.
    public func overview(
        sessions: [CachedEntity], events: [CachedEntity], from: Date? = nil, to: Date? = nil
    ) -> ClientOverview {
        let inRange = sessions.filter { session in
            guard let date = session[string: "start"].flatMap(ISOTime.parse) else { return false }
            return (from.map { date >= $0 } ?? true) && (to.map { date < $0 } ?? true)
        }
        let starts = inRange.compactMap { $0[string: "start"].flatMap(ISOTime.parse) }
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
            guard let start = session[string: "start"].flatMap(ISOTime.parse),
                let end = session[string: "end"].flatMap(ISOTime.parse)
            else { continue }
            trainingTime += max(0, end.timeIntervalSince(start) - (session.data["paused"]?.doubleValue ?? 0))
        }
        let sets = self.sets(of: inRange)
        let tut = inRange.reduce(0) { $0 + SessionTotals(PerformedExercise.all(in: $1)).tension }
        var attendance = ClientOverview.Attendance(done: 0, missed: 0, cancelled: 0, upcoming: 0)
        // The calendar's rule (``AppointmentOutcome``): requests are no appointments, missed means ended unfulfilled.
        let fulfilled = AppointmentOutcome.fulfilled(by: sessions)
        for event in events {
            let start = event[string: "start"].flatMap(ISOTime.parse) ?? now
            // --from/--to bound the appointments counted as well as the sessions.
            if let from, start < from { continue }
            if let to, start >= to { continue }
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
public enum BMI {
    public static func value(weightKg: Double, heightCm: Double) -> Double? {
        guard weightKg > 0, heightCm > 0 else { return nil }
        let metres = heightCm / 100
        return weightKg / (metres * metres)
    }

    /// The WHO category of `bmi` as `--json` writes it: `underweight`, `normal`, `overweight`, `obesity class I`…
    public static func category(_ bmi: Double) -> String {
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
    public static func categoryName(_ bmi: Double) -> String {
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
