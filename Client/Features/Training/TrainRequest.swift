import Foundation
import GorillaClientCore
import GorillaShared

/// What `gorilla train` starts: who trains (`--client`, the client of `--event`, or of the `--next` event) and
/// what (`--training`, `--free`, or `--repeat last`: the client's previous session again).
package struct TrainRequest: Sendable {
    /// What `--repeat` starts from.
    package enum Repeat: String, Sendable, CaseIterable {
        /// The client's previous session (the newest by start).
        case last

        /// The word that names this value (`últim`, `último`, `last`).
        package var keyword: Keyword {
            switch self {
            case .last: .last
            }
        }

        /// The value `text` names in any language, accents and case aside.
        /// - Throws: ``ClientError`` `.usage` naming the values in the user's words and in English.
        package init(typed text: String) throws {
            guard let value = Self.allCases.first(where: { $0.keyword.matches(text) }) else {
                let values = Keyword.spelled(Self.allCases.map(\.keyword))
                throw ClientError(.usage, TrainingPhrases.repeatInvalid.t(["last": values, "text": text]))
            }
            self = value
        }
    }

    /// The client (name, username or id); taken from the event when nil.
    package var client: String?
    /// The training (routine) to follow.
    package var training: String?
    /// `--free`: exercises are added as the session goes.
    package var free: Bool
    /// The event this session fulfils (marked done when saved).
    package var event: String?
    /// `--next`: the coach's event in progress now, else the next scheduled one.
    package var next: Bool
    /// `--repeat`: the exercises and last values of an earlier session.
    package var repeating: Repeat?
    /// `--today`: the day's workout of the client's program, its targets as the plan.
    package var today = false
    /// The hands-free form: every set entered afterwards, nothing timed.
    package var handsFree: Bool
    /// Hands-free: when the session started and ended (local "YYYY-MM-DD HH:MM"; the end may be just "HH:MM").
    /// By default the event's times, else the training's length up to now.
    package var start: String?
    package var end: String?
    /// `--next` on a terminal: asked, with a title and one line per appointment, which to open when the next one is
    /// not certain (several start together, or it is not today); answers the index. Nil where nobody can be asked.
    package var chooseNext: (@Sendable (_ title: String, _ lines: [String]) -> Int?)?

    /// A request; give at least one of `client`, `event` or `next`.
    package init(
        client: String? = nil, training: String? = nil, free: Bool = false, event: String? = nil, next: Bool = false,
        repeating: Repeat? = nil, handsFree: Bool = false, start: String? = nil, end: String? = nil
    ) {
        self.client = client
        self.training = training
        self.free = free
        self.event = event
        self.next = next
        self.repeating = repeating
        self.handsFree = handsFree
        self.start = start
        self.end = end
    }

    /// Refuses options that cannot go together.
    /// - Throws: ``ClientError`` `.usage`.
    package func validate() throws {
        if next, client != nil || event != nil {
            throw ClientError(.usage, TrainingPhrases.nextAlone.t())
        }
        // Who trains when none of --client, --event and --next is given depends on the account: a client trains
        // themselves, a coach is told to name someone (``TrainService/prepare(_:at:)``).
        if (start != nil || end != nil), !handsFree {
            throw ClientError(.usage, TrainingPhrases.startEndNeedHandsFree.t())
        }
        if training != nil, free { throw ClientError(.usage, TrainingPhrases.trainingOrFree.t()) }
        if repeating != nil, training != nil || free {
            throw ClientError(.usage, TrainingPhrases.repeatAlone.t())
        }
        if today, training != nil || free || repeating != nil || next {
            throw ClientError(.usage, ProgramPhrases.todayAlone.t())
        }
    }
}
