import Foundation
import GorillaShared

/// Kilograms per pound (exact).
public let kilogramsPerPound = 0.45359237

/// One set as the statistics see it: weight in kg whatever unit it was entered in.
public struct StatSet: Sendable, Equatable {
    public var date: Date
    public var session: UUID
    public var exerciseKey: String
    public var exerciseName: String
    public var position: Int
    public var type: String
    public var reps: Int
    /// Weight in kg.
    public var weightKg: Double
    /// The weight and unit as entered.
    public var weight: Double
    public var unit: String
    public var duration: Double?
    public var realtime: Bool

    /// Epley: `weight × (1 + reps / 30)` for reps ≥ 2, the weight itself for a single rep, 0 for none.
    public var e1rm: Double {
        if reps <= 0 { return 0 }
        return reps == 1 ? weightKg : weightKg * (1 + Double(reps) / 30)
    }

    public var volume: Double { weightKg * Double(reps) }
}

/// A personal record: what it was and when.
public struct PersonalRecord: Codable, Sendable, Equatable {
    public var kind: String
    public var value: Double
    public var date: Date
}

/// The figures of one exercise for one client.
public struct ExerciseStats: Codable, Sendable, Equatable {
    public var exercise: String
    public var sessions: Int
    /// Heaviest weight, in the display unit.
    public var bestWeight: Double
    public var bestReps: Int
    public var bestDuration: Double?
    /// Best estimated one-repetition maximum (Epley), in the display unit.
    public var e1rm: Double
    /// Σ weight × reps over all sets, in the display unit.
    public var volume: Double
    public var unit: String
    /// One point per session, oldest first: date, volume, best e1RM, best weight.
    public var perSession: [SessionPoint]
    public var records: [PersonalRecord]
    /// Volume of the last session minus the one before (nil with fewer than two sessions).
    public var volumeChange: Double?
    public var e1rmChange: Double?

    public struct SessionPoint: Codable, Sendable, Equatable {
        public var date: Date
        public var volume: Double
        public var e1rm: Double
        public var bestWeight: Double
    }
}

/// The overview of one client.
public struct ClientOverview: Codable, Sendable, Equatable {
    public var sessions: Int
    /// Sessions per week for the last 12 weeks, oldest first (the last entry is this week).
    public var perWeek: [Int]
    public var lastTrained: Date?
    public var attendance: Attendance
    /// Seconds trained (end − start − paused), over sessions that have an end.
    public var trainingTime: Double
    /// Seconds under tension: the durations of real-time sets.
    public var timeUnderTension: Double
    public var exercises: [ExerciseStats]

    public struct Attendance: Codable, Sendable, Equatable {
        public var done: Int
        public var missed: Int
        public var cancelled: Int
        public var upcoming: Int
    }
}

/// Pure computations over session and event documents (from the local cache, so they work offline).
public struct StatsCalculator: Sendable {
    /// The unit figures are shown in.
    public var unit: String
    public var now: Date
    public var calendar: Calendar

    public init(unit: String = "kg", now: Date = Date(), timeZone: TimeZone = .current) {
        self.unit = unit
        self.now = now
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
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
                            weight: weight, unit: unit, duration: item["duration"]?.doubleValue, realtime: realtime))
                }
            }
        }
        return result.sorted { ($0.date, $0.exerciseName, $0.position) < ($1.date, $1.exerciseName, $1.position) }
    }

    /// The figures of one exercise from its sets.
    public func exercise(_ sets: [StatSet]) -> ExerciseStats? {
        guard let first = sets.first else { return nil }
        let bySession = Dictionary(grouping: sets, by: \.session).values.sorted { $0[0].date < $1[0].date }
        var points: [ExerciseStats.SessionPoint] = []
        var records: [PersonalRecord] = []
        var bestWeight = 0.0, bestE1rm = 0.0, bestReps = 0, bestVolume = 0.0
        for sessionSets in bySession {
            let date = sessionSets[0].date
            let volume = sessionSets.reduce(0) { $0 + $1.volume }
            let e1rm = sessionSets.map(\.e1rm).max() ?? 0
            let weight = sessionSets.map(\.weightKg).max() ?? 0
            let reps = sessionSets.map(\.reps).max() ?? 0
            points.append(.init(date: date, volume: display(volume), e1rm: display(e1rm), bestWeight: display(weight)))
            if weight > bestWeight {
                bestWeight = weight; records.append(PersonalRecord(kind: "weight", value: display(weight), date: date))
            }
            if e1rm > bestE1rm {
                bestE1rm = e1rm; records.append(PersonalRecord(kind: "e1rm", value: display(e1rm), date: date))
            }
            if reps > bestReps {
                bestReps = reps; records.append(PersonalRecord(kind: "reps", value: Double(reps), date: date))
            }
            if volume > bestVolume {
                bestVolume = volume; records.append(PersonalRecord(kind: "volume", value: display(volume), date: date))
            }
        }
        let durations = sets.compactMap(\.duration)
        let last = points.count >= 2 ? points[points.count - 1] : nil
        let previous = points.count >= 2 ? points[points.count - 2] : nil
        return ExerciseStats(
            exercise: first.exerciseName, sessions: bySession.count, bestWeight: Self.round(display(bestWeight)),
            bestReps: bestReps,
            bestDuration: durations.max(), e1rm: Self.round(display(bestE1rm)),
            volume: Self.round(display(sets.reduce(0) { $0 + $1.volume })), unit: unit, perSession: points,
            records: records,
            volumeChange: last.map { Self.round($0.volume - previous!.volume) },
            e1rmChange: last.map { Self.round($0.e1rm - previous!.e1rm) })
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
        let thisWeek = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? now
        var perWeek = Array(repeating: 0, count: 12)
        for start in starts {
            let weeks =
                calendar.dateComponents(
                    [.weekOfYear], from: calendar.dateInterval(of: .weekOfYear, for: start)?.start ?? start,
                    to: thisWeek
                ).weekOfYear ?? 99
            if (0..<12).contains(weeks) { perWeek[11 - weeks] += 1 }
        }
        var trainingTime = 0.0
        for session in inRange {
            guard let start = session[string: "start"].flatMap(ISOTime.parse),
                let end = session[string: "end"].flatMap(ISOTime.parse)
            else { continue }
            trainingTime += max(0, end.timeIntervalSince(start) - (session.data["paused"]?.doubleValue ?? 0))
        }
        let sets = self.sets(of: inRange)
        let tut = sets.filter(\.realtime).compactMap(\.duration).reduce(0, +)
        var attendance = ClientOverview.Attendance(done: 0, missed: 0, cancelled: 0, upcoming: 0)
        let sessionEvents = Set(sessions.compactMap { $0[string: "event"] })
        for event in events {
            let start = event[string: "start"].flatMap(ISOTime.parse) ?? now
            switch event[string: "status"] {
            case "cancelled": attendance.cancelled += 1
            case "done": attendance.done += 1
            default:
                if sessionEvents.contains(event.id.uuidString.lowercased()) {
                    attendance.done += 1
                } else if start < now {
                    attendance.missed += 1
                } else {
                    attendance.upcoming += 1
                }
            }
        }
        let exercises = Dictionary(grouping: sets, by: \.exerciseKey).values.compactMap { exercise($0) }
            .sorted { $0.exercise.lowercased() < $1.exercise.lowercased() }
        return ClientOverview(
            sessions: inRange.count, perWeek: perWeek, lastTrained: starts.max(), attendance: attendance,
            trainingTime: trainingTime, timeUnderTension: tut, exercises: exercises)
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
}
