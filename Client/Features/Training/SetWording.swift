import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// How a set, a target, last time's sets and a length read in the current language, by the exercise's count mode:
/// `8 × 52,5 kg`, `20 reps`, `0:45`, `2,000 m in 6:10`, `1 h 15 min`. The view, the form, `sessions show` and
/// `sessions export` all write them through here.
extension SessionWording {
    /// A set as a person reads it: `8 × 52,5 kg` (`20 reps` without a load) counted by reps, `0:45` (`0:45 · 10 kg`)
    /// by time, `2,000 m` (`2,000 m in 6:10`) by distance, then the effort reached (`8 × 100 kg @8`). Never a load for
    /// a set that has none. The set's type is not included.
    package static func set(_ set: PerformedSet, count: CountMode) -> String {
        reading(set, count: count) + (set.rpe.map { " @" + plain($0) } ?? "")
    }

    /// ``set(_:count:)`` without the effort.
    private static func reading(_ set: PerformedSet, count: CountMode) -> String {
        switch CountMode.reading(set, as: count) {
        case .time:
            let load = set.weight > 0 ? " · \(plain(set.weight)) \(set.unit.rawValue)" : ""
            return Numbers.clock(set.duration ?? 0) + load
        case .distance:
            let metres = distance(set.distance ?? 0)
            guard let duration = set.duration, duration > 0 else { return metres }
            return TrainingPhrases.setDistanceIn.t(["distance": metres, "time": Numbers.clock(duration)])
        case .reps:
            guard set.weight > 0 else { return TrainingPhrases.setRepsOnly.t(["reps": set.reps]) }
            return "\(set.reps) × \(plain(set.weight)) \(set.unit.rawValue)"
        }
    }

    /// Sets one after another: "8 × 50 kg, 8 × 52,5 kg"; "—" for none.
    package static func sets(_ sets: [PerformedSet], count: CountMode) -> String {
        sets.isEmpty ? "—" : sets.map { set($0, count: count) }.joined(separator: ", ")
    }

    /// Metres with the current language's thousands: "2,000 m" in English, "2.000 m" in Catalan and Spanish.
    static func distance(_ metres: Double) -> String {
        let whole = Int(metres.rounded(.towardZero))
        let digits = Language.current.grouped(whole)
        let fraction = plain(metres - Double(whole))
        let decimals = fraction == "0" ? "" : String(fraction.drop { $0 != "." && $0 != "," })
        return digits + decimals + " m"
    }

    /// A session's or an appointment's length: `45 min`, `1 h`, `1 h 15 min` (to the minute; `40 s` under one).
    package static func length(_ seconds: Double) -> String {
        guard seconds >= 59.5 else { return TrainingPhrases.lengthSeconds.t(["seconds": Int(max(0, seconds))]) }
        let minutes = Int((seconds / 60).rounded())
        switch (minutes / 60, minutes % 60) {
        case (0, let minutes): return TrainingPhrases.lengthMinutes.t(["minutes": minutes])
        case (let hours, 0): return TrainingPhrases.lengthHours.t(["hours": hours])
        case (let hours, let minutes):
            return TrainingPhrases.lengthHoursMinutes.t(["hours": hours, "minutes": minutes])
        }
    }
}

extension CountMode {
    /// How `set` reads for an exercise counted as `declared`: its mode, unless the set holds nothing of it (a set with
    /// only a distance, or only a time, of an exercise the catalogue does not know).
    package static func reading(_ set: PerformedSet, as declared: CountMode) -> CountMode {
        switch declared {
        case .time where set.duration != nil: return .time
        case .distance where set.distance != nil: return .distance
        default:
            if set.distance != nil, set.reps == 0 { return .distance }
            if set.reps == 0, set.weight == 0, set.duration != nil { return .time }
            return .reps
        }
    }
}
