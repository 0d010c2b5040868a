import Foundation
import GorillaClientCore
import GorillaShared

/// `--json` of one exercise's figures: every number rounded to its meaning, so that a reader never sees the
/// digits of the arithmetic (a weight converted from pounds, an Epley estimate): an e1RM to 0.1, a weight, volume or
/// distance to 0.01, a duration to the millisecond. Absent figures are left out.
extension ExerciseStats {
    private enum JSONKeys: String, CodingKey {
        case exercise, count, sessions, bestWeight, bestReps, bestDuration, bestDistance, e1rm, volume, unit
        case perSession, records, rangeRecords, history, volumeChange, e1rmChange
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKeys.self)
        try container.encode(exercise, forKey: .exercise)
        try container.encode(count, forKey: .count)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(Numbers.hundredths(bestWeight), forKey: .bestWeight)
        try container.encode(bestReps, forKey: .bestReps)
        try container.encodeIfPresent(bestDuration.map(PerformedExercise.rounded), forKey: .bestDuration)
        try container.encodeIfPresent(bestDistance.map(Numbers.hundredths), forKey: .bestDistance)
        try container.encode(Numbers.tenths(e1rm), forKey: .e1rm)
        try container.encode(Numbers.hundredths(volume), forKey: .volume)
        try container.encode(unit, forKey: .unit)
        try container.encode(perSession, forKey: .perSession)
        try container.encode(records, forKey: .records)
        try container.encode(rangeRecords, forKey: .rangeRecords)
        try container.encode(history, forKey: .history)
        try container.encodeIfPresent(volumeChange.map(Numbers.hundredths), forKey: .volumeChange)
        try container.encodeIfPresent(e1rmChange.map(Numbers.tenths), forKey: .e1rmChange)
    }
}

extension ExerciseStats.SessionPoint {
    private enum JSONKeys: String, CodingKey {
        case date, volume, e1rm, bestWeight, bestDuration, bestDistance
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(Numbers.hundredths(volume), forKey: .volume)
        try container.encode(Numbers.tenths(e1rm), forKey: .e1rm)
        try container.encode(Numbers.hundredths(bestWeight), forKey: .bestWeight)
        try container.encodeIfPresent(bestDuration.map(PerformedExercise.rounded), forKey: .bestDuration)
        try container.encodeIfPresent(bestDistance.map(Numbers.hundredths), forKey: .bestDistance)
    }
}
