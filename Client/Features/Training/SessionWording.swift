import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Sessions' numbers and words in the current language: weights, distances and stopwatch times (`62,5` and `1:05,3`
/// in Catalan and Spanish, ``Numbers`` as it is in English), the way a session was recorded and the types of sets.
package enum SessionWording {
    package static func plain(_ value: Double) -> String {
        localized(Numbers.plain(value))
    }

    /// A set's time, a rest, a stopwatch or (`roundingUp`) a countdown: "0:45", "1:30" (``Numbers/clock(_:roundingUp:)``).
    package static func clock(_ seconds: Double, roundingUp: Bool = false) -> String {
        Numbers.clock(seconds, roundingUp: roundingUp)
    }

    private static func localized(_ text: String) -> String {
        let separator = Language.current.decimalSeparator
        return separator == "." ? text : text.replacingOccurrences(of: ".", with: separator)
    }

    /// "realtime", "handsfree" as the current language names the way a session was recorded.
    package static func mode(_ mode: SessionMode) -> String {
        switch mode {
        case .realtime: TrainingPhrases.modeRealTime.t()
        case .handsfree: TrainingPhrases.modeHandsFree.t()
        }
    }

    /// "Warmup", "Escalfament", "Calentamiento": a set's type as the current language names it.
    package static func title(of type: SetType) -> String {
        switch type {
        case .normal: TrainingPhrases.setTypeNormal.t()
        case .warmup: TrainingPhrases.setTypeWarmup.t()
        case .drop: TrainingPhrases.setTypeDrop.t()
        case .failure: TrainingPhrases.setTypeFailure.t()
        }
    }
}

extension SessionHistory {
    /// An exercise's sets as `--set` takes them: `12x80kg, 10x85kg` (`12x82,5kg` in Catalan and Spanish).
    package static func sets(_ exercise: PerformedExercise) -> String {
        guard !exercise.sets.isEmpty else { return TrainingPhrases.historyNoSets.t() }
        return exercise.sets.map { SetParser.text(of: $0, in: .current) }.joined(separator: ", ")
    }
}
