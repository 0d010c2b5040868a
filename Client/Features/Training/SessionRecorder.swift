import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The recorder behind `gorilla train`: a pure state machine fed timestamped keys.
///
/// Two ways of recording share it. In **real time** the coach marks the set with a stopwatch (Space starts it and
/// marks each rep, Enter ends it) and rests between sets against the plan's countdown. **Hands-free** is a form: the
/// coach's hands were on the client, so every planned set is shown prefilled from the plan and from last time, and
/// Enter confirms it (or a typed set corrects it); nothing is timed.
///
/// In both, the plan decides the order: when an exercise's planned sets are done the next exercise with sets left is
/// selected, and the exercises of one group (a superset or circuit) take turns. Any set can be edited or deleted
/// (`e`), exercises added from the catalogue (`a`), removed (`x`) and moved (`K`/`J`), and a note written (`n`).
///
/// The terminal view only reads keys, passes them here with the clock's time and draws the state; the state is
/// `Codable` so that every step is saved in the local cache and `gorilla train --resume` continues after a crash.
/// Times are seconds since 1970.
package struct SessionRecorder: Codable, Sendable, Equatable {
    /// A key press the recorder understands.
    package enum Key: Equatable, Sendable {
        case space, enter, up, down, left, right, escape, backspace
        case character(Character)
    }

    /// A question or input line the recorder is waiting on.
    package enum Prompt: String, Codable, Sendable {
        case weight, addExercise, note, editSet, confirmRemove, confirmSave, confirmCancel
        /// Asked by earlier versions after a hands-free set; kept so that such a recording still resumes.
        case reps
    }

    /// What the last key did or why it did nothing, for the line of feedback under the sets (worded by the view in
    /// the language of the command: ``message``).
    package enum Notice: Codable, Sendable, Equatable {
        /// A key other than `p`, `q` or Esc while paused.
        case paused
        /// A key that needs an exercise before any is added.
        case addExerciseFirst
        /// Enter without a running set (real time).
        case noSetRunning
        /// Enter in the form on a row with no set to prefill.
        case typeTheSet
        /// A typed set that does not read; `timed`: the exercise is counted by time.
        case badTypedSet(timed: Bool)
        /// `s` where no planned set is left.
        case nothingToPassOver
        /// `s`: set `number` of `exercise` passed over.
        case passedOver(number: Int, exercise: String)
        /// A set past ``PerformedExercise/maxSets``.
        case tooManySets(exercise: String)
        /// The plan moved on to `exercise`.
        case next(exercise: String)
        /// Every planned set is done (real time).
        case planDone
        /// Selecting, removing or editing while a set runs.
        case endSetFirst
        case removed(exercise: String)
        /// An exercise past ``TrainingSession/maxExercises``.
        case tooManyExercises(limit: Int)
        /// `new`: created in the catalogue when the session is saved.
        case added(exercise: String, new: Bool)
        case noSetToEdit
        /// The editor's keys, after one it does not know.
        case editingKeys
        /// `d` in the editor: set `number` of `exercise`, which was `set`.
        case deletedSet(number: Int, exercise: String, set: PerformedSet)
        /// `u` took back a pass: set `number` of `exercise` is to do again.
        case toDoAgain(number: Int, exercise: String)
        /// `u` took back set `number` of `exercise`, which was `set`.
        case undone(number: Int, exercise: String, set: PerformedSet)
        case nothingToUndo
        /// Saving a correction without a single set.
        case keepsOneSet
        /// A weight that does not read, or is not from `lowest` to `highest`.
        case badWeight(lowest: Int, highest: Int)
        case noteRemoved, noteKept
        /// An edited set that does not read.
        case badEditedSet
        /// Set `number` of `exercise` was changed to `set`.
        case changed(number: Int, exercise: String, set: PerformedSet)
        /// Enter in the picker with nothing typed.
        case typeAName
        case noExerciseChosen
    }

    /// Still recording, or finished: to be saved or discarded.
    package enum Outcome: String, Codable, Sendable {
        case recording, save, discard
    }

    /// An exercise of the coach's catalogue, as the picker (`a`) offers it.
    package struct Choice: Codable, Sendable, Equatable {
        package var id: UUID
        package var name: String
        package var count: CountMode
        /// The sets of this exercise in the client's previous session that had it: an exercise added with `a` starts
        /// from them as one of the plan does.
        package var previous: [PerformedSet]

        package init(id: UUID, name: String, count: CountMode = .reps, previous: [PerformedSet] = []) {
            self.id = id
            self.name = name
            self.count = count
            self.previous = previous
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(UUID.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            count = try container.decodeIfPresent(CountMode.self, forKey: .count) ?? .reps
            previous = try container.decodeIfPresent([PerformedSet].self, forKey: .previous) ?? []
        }
    }

    /// One exercise of the session: what is done, what the plan asks, and what this client did last time.
    package struct Item: Codable, Sendable, Equatable {
        /// Identifies the item while exercises are added, removed and moved (what `u` undoes refers to it).
        package var key: UUID
        package var performed: PerformedExercise
        /// The sets of this exercise in the client's previous session that had it.
        package var previous: [PerformedSet]
        /// The training's plan for this exercise.
        package var plan: PlannedExercise?
        /// What a set of this exercise holds: reps, a time or a distance.
        package var count: CountMode
        /// The weight for the next sets, once entered with `w`.
        package var weight: Double?
        package var unit: WeightUnit?
        /// Planned sets passed over (`s` in the form): they count as done for the plan, and are not stored.
        package var skipped: Int
        /// Added from the picker as a new exercise: created in the catalogue when the session is saved.
        package var isNew: Bool

        package init(
            performed: PerformedExercise, previous: [PerformedSet] = [], plan: PlannedExercise? = nil,
            count: CountMode = .reps, isNew: Bool = false
        ) {
            key = UUID()
            self.performed = performed
            self.previous = previous
            self.plan = plan
            self.count = count
            skipped = 0
            self.isNew = isNew
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            key = try container.decodeIfPresent(UUID.self, forKey: .key) ?? UUID()
            performed = try container.decode(PerformedExercise.self, forKey: .performed)
            previous = try container.decodeIfPresent([PerformedSet].self, forKey: .previous) ?? []
            plan = try container.decodeIfPresent(PlannedExercise.self, forKey: .plan)
            count = try container.decodeIfPresent(CountMode.self, forKey: .count) ?? .reps
            weight = try container.decodeIfPresent(Double.self, forKey: .weight)
            unit = try container.decodeIfPresent(WeightUnit.self, forKey: .unit)
            skipped = try container.decodeIfPresent(Int.self, forKey: .skipped) ?? 0
            isNew = try container.decodeIfPresent(Bool.self, forKey: .isNew) ?? false
        }

        /// The group (superset, circuit) the plan puts this exercise in.
        package var group: String? { plan?.group }

        /// Sets that count toward the plan: every set but warm-ups, and the planned sets passed over.
        package var done: Int { recorded + skipped }

        /// Sets recorded today that count toward the plan: every set but warm-ups (passed-over sets are not sets).
        package var recorded: Int { performed.sets.filter { $0.type != .warmup }.count }

        /// How many sets the plan asks for; nil when it does not say.
        package var planned: Int? { plan?.plannedSets }

        /// Last time's working sets (warm-ups left out): set number `n` today is compared with the `n`th of them.
        var previousWorking: [PerformedSet] { previous.filter { $0.type != .warmup } }

        /// The load of the next set: entered with `w`, else the plan's, else what the client lifted in that set last
        /// time, else today's previous set, else last time's last set, else 0 kg. The target shows it and a set
        /// records it: one number.
        package var nextLoad: (weight: Double, unit: WeightUnit) {
            if let weight { return (weight, unit ?? .kg) }
            if let weight = plan?.weight { return (weight, plan?.unit ?? .kg) }
            let working = previousWorking
            if working.indices.contains(done) { return (working[done].weight, working[done].unit) }
            if let today = performed.sets.last { return (today.weight, today.unit) }
            if let last = previous.last { return (last.weight, last.unit) }
            return (0, .kg)
        }

        /// What set number `done + 1` should be: the plan's target, else what the client did in that set last time,
        /// read by the exercise's count mode (no repetitions for a timed or distance set), at ``nextLoad``.
        package var target: PerformedSet? {
            let index = done
            let working = previousWorking
            let last = working.indices.contains(index) ? working[index] : nil
            guard index < planned ?? working.count else { return nil }
            guard plan != nil || last != nil else { return nil }
            let reps = plan?.reps?.target(ofSet: index) ?? (count == .reps ? last?.reps : nil) ?? 0
            let (weight, unit) = nextLoad
            return PerformedSet(
                reps: reps, weight: weight, unit: unit,
                duration: plan?.duration ?? last?.duration,
                distance: plan?.distance ?? last?.distance)
        }
    }

    /// One step `u` can take back: a set recorded, or a planned set passed over.
    struct Step: Codable, Sendable, Equatable {
        var item: UUID
        var skip: Bool
    }

    package let id: UUID
    package let client: UUID
    package let clientName: String
    package let training: UUID?
    package let trainingName: String?
    package let event: UUID?
    /// The appointment the session is for, as the header names it ("appointment 10:00"; nil without one).
    package var appointment: String?
    /// True for the stopwatch; false for the hands-free form.
    package let realTime: Bool
    /// Started without a training (`--free`): exercises come from the picker as the session goes.
    package let free: Bool
    /// `gorilla train --edit`: the recording is a finished session (same id) being corrected; saving stores a new
    /// revision of it, never a second session.
    package private(set) var correcting: Bool?
    package internal(set) var started: Double

    package internal(set) var items: [Item]
    package internal(set) var selected: Int = 0
    /// The coach's catalogue, for the picker.
    package internal(set) var catalogue: [Choice]?
    /// The session's note (`n`).
    package internal(set) var notes: String?
    /// The type of the next set (`t` cycles it); back to normal whenever another exercise is selected.
    package internal(set) var setType: SetType = .normal
    /// The running set: when its stopwatch started and the time of each rep since then.
    package internal(set) var setStart: Double?
    package internal(set) var repTimes: [Double] = []
    /// The rest before the running set (from the end of the previous one).
    package internal(set) var pendingRest: Double?
    package internal(set) var restStart: Double?
    /// The planned rest running since `restStart`, counted down on screen.
    package internal(set) var restTarget: Double?
    /// When the planned rest ran out (the bell rang), until the next set starts.
    package internal(set) var restOver: Double?
    package internal(set) var pausedSince: Double?
    package internal(set) var pausedTotal: Double = 0
    package internal(set) var prompt: Prompt?
    package internal(set) var input: String = ""
    /// The set being edited (`e`): its place among the selected exercise's sets.
    package internal(set) var editing: Int?
    /// The picker's highlighted line.
    package internal(set) var pick: Int?
    /// What `u` undoes, oldest first (absent in a recording kept by an earlier version).
    var steps: [Step]?
    package internal(set) var outcome: Outcome = .recording
    package internal(set) var ended: Double?
    /// One line of feedback for the view ("added Crunch", "nothing to undo"); ``message`` words it.
    package internal(set) var notice: Notice?

    package init(
        id: UUID = UUID.v7(), client: UUID, clientName: String, training: UUID? = nil, trainingName: String? = nil,
        event: UUID? = nil, realTime: Bool = true, free: Bool = false, items: [Item], catalogue: [Choice]? = nil,
        at now: Date, until end: Date? = nil, correcting: Bool = false, notes: String? = nil
    ) {
        self.id = id
        self.client = client
        self.clientName = clientName
        self.training = training
        self.trainingName = trainingName
        self.event = event
        self.realTime = realTime
        self.free = free
        self.items = items
        self.catalogue = catalogue
        self.started = now.timeIntervalSince1970
        self.ended = end?.timeIntervalSince1970
        self.correcting = correcting ? true : nil
        self.notes = notes
    }

    // MARK: Reading the state

    package var isPaused: Bool { pausedSince != nil }
    package var isSetRunning: Bool { setStart != nil }

    /// The stopwatch of the running set, stopped while paused.
    package func setElapsed(at now: Date) -> Double? {
        setStart.map { (pausedSince ?? now.timeIntervalSince1970) - $0 }
    }

    /// The rest since the last set ended.
    package func restElapsed(at now: Date) -> Double? {
        restStart.map { (pausedSince ?? now.timeIntervalSince1970) - $0 }
    }

    /// The planned rest left (negative once it ran out), when the last set's exercise plans one.
    package func restRemaining(at now: Date) -> Double? {
        guard let target = restTarget, let elapsed = restElapsed(at: now) else { return nil }
        return target - elapsed
    }

    /// Training time, without pauses. A hands-free form runs from its start to its end, as entered.
    package func sessionElapsed(at now: Date) -> Double {
        (ended ?? pausedSince ?? now.timeIntervalSince1970) - started - pausedTotal
    }

    /// The weight and unit the next set of exercise `index` will have (``Item/nextLoad``; 0 kg without an exercise).
    package func nextWeight(_ index: Int) -> (Double, WeightUnit) {
        guard items.indices.contains(index) else { return (0, .kg) }
        return items[index].nextLoad
    }

    /// The exercises with at least one set, as the history stores them.
    package var performed: [PerformedExercise] { items.map(\.performed).filter { !$0.sets.isEmpty } }

    /// Whether every exercise of the plan has its planned sets (false when nothing is planned).
    package var planComplete: Bool {
        let planned = items.filter { $0.planned != nil }
        return !planned.isEmpty && planned.allSatisfy { $0.done >= $0.planned! }
    }

    /// The picker's lines for the text typed so far: the catalogue's exercises it names, best first (accents and
    /// case folded, small typos forgiven), then the closest names for a typo in the beginning of one.
    package var candidates: [Choice] {
        let catalogue = catalogue ?? []
        let query = input.trimmingCharacters(in: .whitespaces)
        let limit = 8
        guard !query.isEmpty else { return Array(catalogue.prefix(limit)) }
        var ranked = catalogue.compactMap { choice in
            NameMatch.quality(of: query, for: choice.name).map { (choice, $0) }
        }.sorted { ($0.1, $0.0.name) < ($1.1, $1.0.name) }.map(\.0)
        if ranked.count < limit {
            let names = NameMatch.suggestions(for: query, among: catalogue.map(\.name), limit: limit)
            for name in names where !ranked.contains(where: { $0.name == name }) {
                if let choice = catalogue.first(where: { $0.name == name }) { ranked.append(choice) }
            }
        }
        return Array(ranked.prefix(limit))
    }

    /// Whether the picker offers to create the typed name as a new exercise (its last line).
    package var offersNewExercise: Bool {
        let query = NameMatch.fold(input)
        return !query.isEmpty && !(catalogue ?? []).contains { NameMatch.fold($0.name) == query }
    }

    /// A set as the coach types it in the form and in the editor: `12x80kg`, `12` (reps at the shown weight),
    /// `45s` for a timed exercise, each with an optional type.
    /// - Parameters:
    ///   - base: the set shown (its weight and unit stay when only reps are typed); `type`: the type unless typed.
    func typedSet(_ text: String, for item: Item, like base: PerformedSet?, type: SetType) -> PerformedSet? {
        let (weight, unit) = base.map { ($0.weight, $0.unit) } ?? (0, .kg)
        if item.count == .time, let seconds = try? SetParser.parseDuration(text) {
            return PerformedSet(type: type, reps: 0, weight: weight, unit: unit, duration: seconds)
        }
        guard var set = try? SetParser.parseSet(text, defaultUnit: unit) else { return nil }
        if !text.lowercased().contains("x") {
            set.weight = weight
            set.unit = unit
        }
        if !text.contains(" "), !text.contains("(") { set.type = type }
        if set.duration == nil { set.duration = base?.duration }
        return set
    }
}
