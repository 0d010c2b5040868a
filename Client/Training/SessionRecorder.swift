import Foundation
import GorillaShared

/// The real-time (and hands-free) session recorder: a pure state machine fed timestamped keys.
///
/// The terminal view only reads keys, passes them here with the clock's time and draws the state;
/// the state is `Codable` so that every step is saved in the local cache and `gorilla train --resume`
/// continues after a crash. Times are seconds since 1970.
public struct SessionRecorder: Codable, Sendable, Equatable {
    /// A key press the recorder understands.
    public enum Key: Equatable, Sendable {
        case space, enter, up, down, escape, backspace
        case character(Character)
    }

    /// A question or input line the recorder is waiting on.
    public enum Prompt: String, Codable, Sendable {
        case weight, reps, addExercise, confirmSave, confirmCancel
    }

    /// Still recording, or finished: to be saved or discarded.
    public enum Outcome: String, Codable, Sendable {
        case recording, save, discard
    }

    /// One exercise of the session, with what this client did last time.
    public struct Item: Codable, Sendable, Equatable {
        public var performed: PerformedExercise
        /// The sets of this exercise in the client's previous session that had it.
        public var previous: [PerformedSet]
        /// The weight for the next sets, once entered with `w`.
        public var weight: Double?
        public var unit: WeightUnit?

        public init(performed: PerformedExercise, previous: [PerformedSet] = []) {
            self.performed = performed
            self.previous = previous
        }
    }

    public let id: UUID
    public let client: UUID
    public let clientName: String
    public let training: UUID?
    public let trainingName: String?
    public let event: UUID?
    public let realTime: Bool
    /// `--free`: exercises are added (`a`) and removed (`x`) while training.
    public let free: Bool
    public let started: Double

    public private(set) var items: [Item]
    public private(set) var selected: Int = 0
    /// The type of the next set (`t` cycles it); back to normal whenever another exercise is selected.
    public private(set) var setType: SetType = .normal
    /// The running set: when its stopwatch started and the time of each rep since then.
    public private(set) var setStart: Double?
    public private(set) var repTimes: [Double] = []
    /// The rest before the running set (from the end of the previous one).
    public private(set) var pendingRest: Double?
    /// A set ended in hands-free mode, waiting for its reps to be typed.
    public private(set) var pendingDuration: Double?
    public private(set) var restStart: Double?
    public private(set) var pausedSince: Double?
    public private(set) var pausedTotal: Double = 0
    public private(set) var prompt: Prompt?
    public private(set) var input: String = ""
    /// The exercise of each recorded set, oldest first (what `u` undoes).
    public private(set) var undoLog: [Int] = []
    public private(set) var outcome: Outcome = .recording
    public private(set) var ended: Double?
    /// One line of feedback for the view ("added Crunch", "no set to undo").
    public private(set) var message: String?

    public init(
        id: UUID = UUID.v7(), client: UUID, clientName: String, training: UUID? = nil, trainingName: String? = nil,
        event: UUID? = nil, realTime: Bool = true, free: Bool = false, items: [Item], at now: Date
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
        self.started = now.timeIntervalSince1970
    }

    // MARK: Reading the state

    public var isPaused: Bool { pausedSince != nil }
    public var isSetRunning: Bool { setStart != nil }

    /// The stopwatch of the running set, stopped while paused.
    public func setElapsed(at now: Date) -> Double? {
        setStart.map { (pausedSince ?? now.timeIntervalSince1970) - $0 }
    }

    /// The rest since the last set ended.
    public func restElapsed(at now: Date) -> Double? {
        restStart.map { (pausedSince ?? now.timeIntervalSince1970) - $0 }
    }

    /// Training time, without pauses.
    public func sessionElapsed(at now: Date) -> Double {
        (ended ?? pausedSince ?? now.timeIntervalSince1970) - started - pausedTotal
    }

    /// The weight and unit the next set of exercise `index` will have: entered with `w`, else the previous set's
    /// today, else last time's, else 0 kg.
    public func nextWeight(_ index: Int) -> (Double, WeightUnit) {
        guard items.indices.contains(index) else { return (0, .kg) }
        let item = items[index]
        if let weight = item.weight { return (weight, item.unit ?? .kg) }
        if let last = item.performed.sets.last { return (last.weight, last.unit) }
        let position = item.performed.sets.count
        if let previous = item.previous.indices.contains(position) ? item.previous[position] : item.previous.last {
            return (previous.weight, previous.unit)
        }
        return (0, .kg)
    }

    /// The exercises with at least one set, as the history stores them.
    public var performed: [PerformedExercise] { items.map(\.performed).filter { !$0.sets.isEmpty } }

    // MARK: Events

    /// Applies one key pressed at `now`.
    public mutating func handle(_ key: Key, at date: Date) {
        guard outcome == .recording else { return }
        let now = date.timeIntervalSince1970
        message = nil
        if let prompt {
            answer(prompt, key, now)
            return
        }
        if isPaused {
            switch key {
            case .character("p"): resume(now)
            case .character("q"): askToSave(now)
            case .escape: self.prompt = .confirmCancel
            default: message = "paused — p resumes"
            }
            return
        }
        switch key {
        case .space: space(now)
        case .enter: endSet(now)
        case .up, .character("k"): select(selected - 1)
        case .down, .character("j"): select(selected + 1)
        case .character("a") where free: prompt = .addExercise; input = ""
        case .character("x") where free: removeSelected()
        case .character("w"): prompt = .weight; input = ""
        case .character("t"): setType = setType.next
        case .character("p"): pausedSince = now
        case .character("u"): undo(now)
        case .character("q"): askToSave(now)
        case .escape: prompt = .confirmCancel
        default: break
        }
    }

    private mutating func space(_ now: Double) {
        guard items.indices.contains(selected) else {
            message = free ? "add an exercise first (a)" : "no exercise"; return
        }
        if let setStart {
            if realTime { repTimes.append(now - setStart) }
        } else {
            setStart = now
            repTimes = []
            pendingRest = restStart.map { now - $0 }
            restStart = nil
        }
    }

    private mutating func endSet(_ now: Double) {
        guard let setStart else { message = "no set running (Space starts one)"; return }
        let duration = now - setStart
        if realTime {
            record(reps: repTimes.count, duration: duration, times: repTimes)
            restStart = now
        } else {
            pendingDuration = duration
            restStart = now
            prompt = .reps
            input = ""
        }
    }

    private mutating func record(reps: Int, duration: Double, times: [Double]?) {
        let (weight, unit) = nextWeight(selected)
        items[selected].performed.sets.append(
            PerformedSet(
                type: setType, reps: reps, weight: weight, unit: unit,
                duration: duration, rest: pendingRest, repTimes: times))
        undoLog.append(selected)
        setStart = nil
        repTimes = []
        pendingRest = nil
        pendingDuration = nil
    }

    private mutating func select(_ index: Int) {
        guard !isSetRunning else { message = "end the set first (Enter)"; return }
        guard !items.isEmpty else { return }
        choose(min(max(0, index), items.count - 1))
    }

    /// Selects exercise `index`; a set type chosen for another exercise does not carry over.
    private mutating func choose(_ index: Int) {
        if index != selected { setType = .normal }
        selected = index
    }

    private mutating func removeSelected() {
        guard !isSetRunning else { message = "end the set first (Enter)"; return }
        guard items.indices.contains(selected) else { return }
        let name = items.remove(at: selected).performed.name
        undoLog = undoLog.compactMap { $0 == selected ? nil : ($0 > selected ? $0 - 1 : $0) }
        selected = min(selected, max(0, items.count - 1))
        setType = .normal  // another exercise is selected now
        message = "removed \(name)"
    }

    private mutating func resume(_ now: Double) {
        guard let since = pausedSince else { return }
        let pause = now - since
        pausedTotal += pause
        setStart = setStart.map { $0 + pause }
        restStart = restStart.map { $0 + pause }
        pausedSince = nil
    }

    private mutating func undo(_ now: Double) {
        if let start = setStart {
            if !repTimes.isEmpty {
                repTimes.removeLast()
            } else {
                setStart = nil
                restStart = pendingRest.map { start - $0 }
                pendingRest = nil
            }
            return
        }
        guard let index = undoLog.popLast() else { message = "nothing to undo"; return }
        let set = items[index].performed.sets.removeLast()
        choose(index)
        restStart = nil
        message =
            "removed set \(items[index].performed.sets.count + 1) of \(items[index].performed.name) (\(set.reps) reps)"
    }

    private mutating func askToSave(_ now: Double) {
        if isSetRunning, realTime { endSet(now) }
        if let since = pausedSince { pausedTotal += now - since; pausedSince = nil }
        ended = now
        prompt = .confirmSave
    }

    private mutating func answer(_ prompt: Prompt, _ key: Key, _ now: Double) {
        switch (prompt, key) {
        case (.confirmSave, .character("y")):
            outcome = .save
            self.prompt = nil
        case (.confirmSave, .character("n")), (.confirmSave, .escape):
            ended = nil
            self.prompt = nil
        case (.confirmCancel, .character("y")):
            outcome = .discard
            self.prompt = nil
        case (.confirmCancel, .character("n")), (.confirmCancel, .escape):
            self.prompt = nil
        case (.confirmSave, _), (.confirmCancel, _):
            break
        case (_, .backspace):
            if !input.isEmpty { input.removeLast() }
        case (.reps, .escape):
            break  // the reps of a finished set must be given
        case (_, .escape):
            self.prompt = nil
        case (_, .character(let character)):
            if input.count < 60 { input.append(character) }
        case (_, .space):
            if prompt == .addExercise || prompt == .weight { input.append(" ") }
        case (_, .enter):
            submit(prompt)
        default:
            break
        }
    }

    private mutating func submit(_ prompt: Prompt) {
        let text = input.trimmingCharacters(in: .whitespaces)
        switch prompt {
        case .weight:
            var number = text.lowercased()
            var unit = nextWeight(selected).1
            for candidate in [WeightUnit.kg, .lb] where number.hasSuffix(candidate.rawValue) {
                unit = candidate
                number = String(number.dropLast(candidate.rawValue.count)).trimmingCharacters(in: .whitespaces)
            }
            guard let weight = Double(number.replacingOccurrences(of: ",", with: ".")), weight.isFinite,
                (0...2000).contains(weight),
                items.indices.contains(selected)
            else {
                message = "weight: a number from 0 to 2000, optionally followed by kg or lb"
                return
            }
            items[selected].weight = weight
            items[selected].unit = unit
        case .reps:
            guard let reps = Int(text), (0...1000).contains(reps) else {
                message = "reps: a whole number from 0 to 1000"; return
            }
            record(reps: reps, duration: pendingDuration ?? 0, times: nil)
        case .addExercise:
            guard !text.isEmpty, items.count < 100 else { self.prompt = nil; return }
            items.append(Item(performed: PerformedExercise(name: text)))
            choose(items.count - 1)
            message = "added \(text)"
        case .confirmSave, .confirmCancel:
            return
        }
        self.prompt = nil
        input = ""
    }
}
