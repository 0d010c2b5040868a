import Foundation
import GorillaClientCore
import GorillaShared

extension StatsCalculator {
    /// The figures of one exercise from its sets: bests and records from the working sets (warm-ups left out),
    /// totals (`volume`, `perSession[].volume`) from every set.
    package func exercise(_ sets: [StatSet]) -> ExerciseStats? {
        guard let first = sets.first else { return nil }
        let bySession = Dictionary(grouping: sets, by: \.session).values.sorted { $0[0].date < $1[0].date }
        var points: [ExerciseStats.SessionPoint] = []
        var keeper = RecordKeeper(count: first.count)
        for sessionSets in bySession {
            let date = sessionSets[0].date
            let working = sessionSets.filter { !$0.isWarmup }
            let e1rm = working.map(\.e1rm).max() ?? 0
            let weight = working.map(\.weightKg).max() ?? 0
            let duration = working.compactMap(\.duration).max()
            let distance = working.compactMap(\.distance).max()
            points.append(
                .init(
                    date: date, volume: display(sessionSets.reduce(0) { $0 + $1.volume }), e1rm: display(e1rm),
                    bestWeight: display(weight), bestDuration: duration, bestDistance: distance))
            keeper.offer("weight", weight, shown: display(weight), date: date)
            keeper.offer("e1rm", e1rm, shown: display(e1rm), date: date)
            let reps = Double(working.map(\.reps).max() ?? 0)
            keeper.offer("reps", reps, shown: reps, date: date)
            let volume = working.reduce(0) { $0 + $1.volume }
            keeper.offer("volume", volume, shown: display(volume), date: date)
            keeper.offer("duration", duration ?? 0, shown: duration ?? 0, date: date)
            keeper.offer("distance", distance ?? 0, shown: distance ?? 0, date: date)
            if first.count == .reps {
                for set in working where set.reps > 0 && set.weightKg > 0 {
                    keeper.offer(range: set, shown: Self.round(display(set.weightKg)), date: date)
                }
            }
        }
        let working = sets.filter { !$0.isWarmup }
        let last = points.count >= 2 ? points[points.count - 1] : nil
        let previous = points.count >= 2 ? points[points.count - 2] : nil
        return ExerciseStats(
            exercise: first.exerciseName, count: first.count.rawValue, sessions: bySession.count,
            bestWeight: Self.round(display(working.map(\.weightKg).max() ?? 0)),
            bestReps: working.map(\.reps).max() ?? 0, bestDuration: working.compactMap(\.duration).max(),
            bestDistance: working.compactMap(\.distance).max(),
            e1rm: Self.round(display(working.map(\.e1rm).max() ?? 0)),
            volume: Self.round(display(sets.reduce(0) { $0 + $1.volume })), unit: unit, perSession: points,
            records: keeper.current, rangeRecords: keeper.rangeRecords, history: keeper.history,
            volumeChange: last.map { Self.round($0.volume - previous!.volume) },
            e1rmChange: last.map { Self.round($0.e1rm - previous!.e1rm) })
    }
}

/// Follows an exercise's records session by session, oldest first: each measure's improvements and the heaviest
/// set of each range of repetitions.
struct RecordKeeper {
    /// The measures an exercise counted this way keeps records of, in the order they are listed.
    let kinds: [String]
    private var best: [String: Double] = [:]
    private var ranges: [String: (kg: Double, record: PersonalRecord)] = [:]
    /// Every improvement, oldest first.
    private(set) var history: [PersonalRecord] = []

    init(count: CountMode) {
        switch count {
        case .reps: kinds = ["weight", "e1rm", "reps", "volume"]
        case .time: kinds = ["duration", "distance"]
        case .distance: kinds = ["distance", "duration"]
        }
    }

    /// Records `value` (compared in kg for weights) when it beats the measure's record; `shown` is what is kept.
    mutating func offer(_ kind: String, _ value: Double, shown: Double, date: Date) {
        guard kinds.contains(kind), value > (best[kind] ?? 0) else { return }
        best[kind] = value
        history.append(PersonalRecord(kind: kind, value: shown, date: date))
    }

    /// Records `set` when it is the heaviest of its range of repetitions (more repetitions break a tie).
    mutating func offer(range set: StatSet, shown: Double, date: Date) {
        guard let label = RepRange.label(for: set.reps) else { return }
        if let held = ranges[label],
            set.weightKg < held.kg || (set.weightKg == held.kg && set.reps <= held.record.reps ?? 0)
        {
            return
        }
        ranges[label] = (
            set.weightKg, PersonalRecord(kind: "range", value: shown, date: date, reps: set.reps, range: label)
        )
    }

    /// The current record of each measure with the date it was first reached; e1RM to 0.1, the rest to 0.01.
    var current: [PersonalRecord] {
        kinds.compactMap { kind in
            guard var record = history.last(where: { $0.kind == kind }) else { return nil }
            record.value = kind == "e1rm" ? (record.value * 10).rounded() / 10 : StatsCalculator.round(record.value)
            return record
        }
    }

    /// The record of each range of repetitions, lowest range first.
    var rangeRecords: [PersonalRecord] {
        ranges.values.map(\.record).sorted { RepRange.order(of: $0.range) < RepRange.order(of: $1.range) }
    }
}
