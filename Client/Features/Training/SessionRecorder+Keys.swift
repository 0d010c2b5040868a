import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension SessionRecorder {
    /// Applies one key pressed at `now`.
    package mutating func handle(_ key: Key, at date: Date) {
        guard outcome == .recording else { return }
        let now = date.timeIntervalSince1970
        notice = nil
        if let prompt {
            answer(prompt, key, now)
            return
        }
        if isPaused {
            switch key {
            case .character("p"): resume(now)
            case .character("q"): askToSave(now)
            case .escape: self.prompt = .confirmCancel
            default: notice = .paused
            }
            return
        }
        if editing != nil {
            edit(key)
            return
        }
        if !realTime, form(key) { return }
        switch key {
        case .space where realTime: space(now)
        case .enter where realTime: endSet(now)
        case .up, .character("k"): select(selected - 1)
        case .down, .character("j"): select(selected + 1)
        case .character("K"): move(by: -1)
        case .character("J"): move(by: 1)
        case .character("a"): open(.addExercise)
        case .character("x"): askToRemove()
        case .character("w"): open(.weight)
        case .character("t"): setType = setType.next
        case .character("e"): startEditing()
        case .character("n"): open(.note, with: notes ?? "")
        case .character("p") where realTime: pausedSince = now
        case .character("u"): undo(now)
        case .character("q"): askToSave(now)
        case .escape: prompt = .confirmCancel
        default: break
        }
    }

    /// Advances the clock: true once, when the planned rest runs out (the view rings the bell).
    package mutating func tick(at date: Date) -> Bool {
        guard restOver == nil, let remaining = restRemaining(at: date), remaining <= 0, !isPaused else { return false }
        restOver = date.timeIntervalSince1970
        return true
    }

    private mutating func open(_ prompt: Prompt, with text: String = "") {
        if prompt == .weight || prompt == .editSet || prompt == .confirmRemove, !items.indices.contains(selected) {
            notice = .addExerciseFirst
            return
        }
        self.prompt = prompt
        input = text
        pick = prompt == .addExercise ? 0 : nil
    }

    // MARK: Real time

    private mutating func space(_ now: Double) {
        guard items.indices.contains(selected) else {
            notice = .addExerciseFirst
            return
        }
        if let setStart {
            repTimes.append(now - setStart)
        } else {
            setStart = now
            repTimes = []
            pendingRest = restStart.map { now - $0 }
            restStart = nil
        }
    }

    private mutating func endSet(_ now: Double) {
        guard let setStart else {
            notice = .noSetRunning
            return
        }
        let (weight, unit) = nextWeight(selected)
        // A distance set covers the planned distance (else last time's); `e` corrects it.
        let distance = items[selected].count == .distance ? items[selected].target?.distance : nil
        let set = PerformedSet(
            type: setType, reps: repTimes.count, weight: weight, unit: unit, duration: now - setStart,
            rest: pendingRest, repTimes: repTimes, distance: distance)
        self.setStart = nil
        repTimes = []
        pendingRest = nil
        let index = selected
        record(set, in: index)
        restStart = now
        restTarget = items[index].plan?.rest
        restOver = nil
    }

    // MARK: The hands-free form

    /// The form's keys: a set typed starting with a digit, Enter confirming the prefilled one, `s` passing over it.
    /// Returns false for the keys the form shares with real time.
    private mutating func form(_ key: Key) -> Bool {
        if !input.isEmpty {
            switch key {
            case .character(let character): if input.count < 40 { input.append(character) }
            case .space: input.append(" ")
            case .backspace: input.removeLast()
            case .escape: input = ""
            case .enter: confirmRow(typed: input)
            default: break
            }
            return true
        }
        switch key {
        case .character(let character) where character.isNumber || character == ".":
            input = String(character)
        case .enter: confirmRow(typed: nil)
        case .character("s"): skipRow()
        default: return false
        }
        return true
    }

    private mutating func confirmRow(typed: String?) {
        guard items.indices.contains(selected) else {
            notice = .addExerciseFirst
            return
        }
        let item = items[selected]
        let target = item.target
        guard let typed else {
            if var set = target {
                set.type = setType
                record(set, in: selected)
            } else if setsLeft(in: selected) > 0 {
                notice = .typeTheSet
            } else if let next = nextWithSetsLeft(after: selected) {
                choose(next)
            } else {
                askToSave(nil)
            }
            return
        }
        let base = target ?? item.performed.sets.last ?? PerformedSet(reps: 0, weight: nextWeight(selected).0)
        guard let set = typedSet(typed, for: item, like: base, type: setType) else {
            notice = .badTypedSet(timed: item.count == .time)
            return
        }
        input = ""
        record(set, in: selected)
    }

    private mutating func skipRow() {
        guard items.indices.contains(selected), items[selected].target != nil else {
            notice = .nothingToPassOver
            return
        }
        items[selected].skipped += 1
        steps = (steps ?? []) + [Step(item: items[selected].key, skip: true)]
        notice = .passedOver(number: items[selected].done, exercise: items[selected].performed.name)
        advance(from: selected)
    }

    // MARK: Sets and the plan

    /// Stores a set of exercise `index`, then selects what the plan has next.
    private mutating func record(_ set: PerformedSet, in index: Int) {
        guard items[index].performed.sets.count < PerformedExercise.maxSets else {
            notice = .tooManySets(exercise: items[index].performed.name)
            return
        }
        items[index].performed.sets.append(set)
        steps = (steps ?? []) + [Step(item: items[index].key, skip: false)]
        advance(from: index)
    }

    /// After a set of `index`: the next exercise of its group that has sets left, else this one while it has, else the
    /// next exercise with sets left. Nothing moves for an exercise without a plan.
    private mutating func advance(from index: Int) {
        let item = items[index]
        guard item.planned != nil || !realTime else { return }
        if let group = item.group {
            let members = items.indices.filter { items[$0].group == group }
            let position = members.firstIndex(of: index) ?? 0
            let turn = (members[(position + 1)...] + members[...position]).first { setsLeft(in: $0) > 0 }
            if let turn {
                choose(turn)
                return
            }
        } else if setsLeft(in: index) > 0 {
            return
        }
        if let next = nextWithSetsLeft(after: index) {
            choose(next)
            notice = .next(exercise: items[next].performed.name)
        } else if !realTime {
            askToSave(nil)
        } else {
            notice = .planDone
        }
    }

    /// Sets the plan (or, in the form, last time) still expects of exercise `index`.
    /// An exercise without a plan has one set left in real time until it has one; in the form, as many as last time.
    func setsLeft(in index: Int) -> Int {
        let item = items[index]
        if let planned = item.planned { return max(0, planned - item.done) }
        if realTime { return item.performed.sets.isEmpty ? 1 : 0 }
        return max(0, max(1, item.previous.filter { $0.type != .warmup }.count) - item.done)
    }

    /// The first exercise after `index` (then from the top) with sets left.
    private func nextWithSetsLeft(after index: Int) -> Int? {
        let order = Array(items.indices[(index + 1)...]) + Array(items.indices[..<min(index + 1, items.count)])
        return order.first { $0 != index && setsLeft(in: $0) > 0 }
    }

    // MARK: Selecting, adding, removing and moving exercises

    private mutating func select(_ index: Int) {
        guard !isSetRunning else {
            notice = .endSetFirst
            return
        }
        guard !items.isEmpty else { return }
        choose(min(max(0, index), items.count - 1))
    }

    /// Selects exercise `index`; a set type chosen for another exercise does not carry over.
    private mutating func choose(_ index: Int) {
        if index != selected { setType = .normal }
        selected = index
        input = ""
    }

    private mutating func move(by offset: Int) {
        let target = selected + offset
        guard items.indices.contains(selected), items.indices.contains(target) else { return }
        items.swapAt(selected, target)
        selected = target
    }

    private mutating func askToRemove() {
        guard !isSetRunning else {
            notice = .endSetFirst
            return
        }
        guard items.indices.contains(selected) else { return }
        if items[selected].performed.sets.isEmpty {
            removeSelected()
        } else {
            prompt = .confirmRemove
        }
    }

    private mutating func removeSelected() {
        let name = items.remove(at: selected).performed.name
        selected = min(selected, max(0, items.count - 1))
        setType = .normal  // another exercise is selected now
        notice = .removed(exercise: name)
    }

    private mutating func add(_ item: Item) {
        guard items.count < TrainingSession.maxExercises else {
            notice = .tooManyExercises(limit: TrainingSession.maxExercises)
            return
        }
        items.append(item)
        choose(items.count - 1)
        notice = .added(exercise: item.performed.name, new: item.isNew)
    }

    // MARK: Editing any set

    private mutating func startEditing() {
        guard !isSetRunning else {
            notice = .endSetFirst
            return
        }
        guard items.indices.contains(selected), !items[selected].performed.sets.isEmpty else {
            notice = .noSetToEdit
            return
        }
        editing = items[selected].performed.sets.count - 1
    }

    private mutating func edit(_ key: Key) {
        let sets = items.indices.contains(selected) ? items[selected].performed.sets : []
        guard var index = editing, sets.indices.contains(index) else {
            editing = nil
            return
        }
        switch key {
        case .left, .character("h"): index = max(0, index - 1)
        case .right, .character("l"): index = min(sets.count - 1, index + 1)
        case .up, .character("k"), .down, .character("j"):
            let step = (key == .up || key == .character("k")) ? -1 : 1
            guard
                let next = (step < 0 ? items.indices[..<selected].reversed() : Array(items.indices[(selected + 1)...]))
                    .first(where: { !items[$0].performed.sets.isEmpty })
            else { return }
            choose(next)
            index = min(index, items[next].performed.sets.count - 1)
        case .enter:
            prompt = .editSet
            input = Self.text(of: sets[index], count: items[selected].count)
        case .character("d"), .character("x"), .backspace:
            let set = items[selected].performed.sets.remove(at: index)
            notice = .deletedSet(number: index + 1, exercise: items[selected].performed.name, set: set)
            if items[selected].performed.sets.isEmpty { editing = nil; return }
            index = min(index, items[selected].performed.sets.count - 1)
        case .character("t"):
            items[selected].performed.sets[index].type = sets[index].type.next
        case .escape, .character("e"), .character("q"):
            editing = nil
            return
        default:
            notice = .editingKeys
        }
        editing = index
    }

    /// A set as the view shows it and takes it typed back (``typedSet(_:for:like:type:)``): `12x80kg` (the weight
    /// always, so that retyping only the reps is easy), `45s` for a timed set, `2000m` (`2000m@370s`) for a distance,
    /// as the exercise's count mode reads it (``GorillaShared/CountMode``), with its type when not normal. `--set` has
    /// its own written form, ``SetParser/text(of:)`` (durations after `@`, no zero weights).
    ///
    /// Numbers are written as the current language writes them (``text(of:count:in:)``).
    package static func text(of set: PerformedSet, count: CountMode = .reps) -> String {
        text(of: set, count: count, in: .current)
    }

    /// ``text(of:count:)`` with the numbers as `language` writes them: `12x82,5kg` in Catalan and Spanish (the form and
    /// the editor read a decimal comma back as they read a point).
    package static func text(of set: PerformedSet, count: CountMode = .reps, in language: Language) -> String {
        let plain = { (value: Double) in language.number(value) }
        var text =
            switch CountMode.reading(set, as: count) {
            case .distance: "\(plain(set.distance ?? 0))m" + (set.duration.map { "@\(plain($0))s" } ?? "")
            case .time: "\(plain(set.duration ?? 0))s"
            case .reps: "\(set.reps)x\(plain(set.weight))\(set.unit.rawValue)"
            }
        if set.type != .normal { text += " \(set.type.rawValue)" }
        return text
    }

    // MARK: Pausing, undoing, finishing

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
        while let step = steps?.popLast() {
            guard let index = items.firstIndex(where: { $0.key == step.item }) else { continue }
            choose(index)
            restStart = nil
            restTarget = nil
            if step.skip {
                guard items[index].skipped > 0 else { continue }
                items[index].skipped -= 1
                notice = .toDoAgain(number: items[index].done + 1, exercise: items[index].performed.name)
                return
            }
            guard let set = items[index].performed.sets.popLast() else { continue }
            notice = .undone(
                number: items[index].performed.sets.count + 1, exercise: items[index].performed.name, set: set)
            return
        }
        notice = .nothingToUndo
    }

    private mutating func askToSave(_ now: Double?) {
        if let now {
            if isSetRunning { endSet(now) }
            if let since = pausedSince { pausedTotal += now - since; pausedSince = nil }
            if realTime { ended = now }
        }
        prompt = .confirmSave
        input = ""
    }

    // MARK: Prompts

    private mutating func answer(_ prompt: Prompt, _ key: Key, _ now: Double) {
        // The questions are asked in the command's language: `s` (sí) answers yes as `y` does.
        let questions: [Prompt] = [.confirmSave, .confirmCancel, .confirmRemove]
        let key = questions.contains(prompt) && key == .character("s") ? Key.character("y") : key
        switch (prompt, key) {
        case (.confirmSave, .character("y")), (.confirmSave, .enter):
            self.prompt = nil
            if correcting == true, performed.isEmpty {
                if realTime { ended = nil }  // a correction cannot delete the session: back to the sets
                notice = .keepsOneSet
                return
            }
            outcome = .save
        case (.confirmSave, .character("n")), (.confirmSave, .escape):
            if realTime { ended = nil }
            self.prompt = nil
        case (.confirmCancel, .character("y")):
            outcome = .discard
            self.prompt = nil
        case (.confirmRemove, .character("y")):
            removeSelected()
            self.prompt = nil
        case (.confirmCancel, .character("n")), (.confirmCancel, .escape), (.confirmRemove, .character("n")),
            (.confirmRemove, .escape):
            self.prompt = nil
        case (.confirmSave, _), (.confirmCancel, _), (.confirmRemove, _):
            break
        case (.addExercise, .up):
            pick = max(0, (pick ?? 0) - 1)
        case (.addExercise, .down):
            pick = min(candidates.count - (offersNewExercise ? 0 : 1), (pick ?? 0) + 1)
        case (_, .backspace):
            if !input.isEmpty { input.removeLast() }
            if prompt == .addExercise { pick = 0 }
        case (_, .escape):
            self.prompt = nil
            input = ""
        case (_, .character(let character)):
            if input.count < (prompt == .note ? Self.maxNoteLength : 60) { input.append(character) }
            if prompt == .addExercise { pick = 0 }
        case (_, .space):
            input.append(" ")
        case (_, .enter):
            submit(prompt)
        default:
            break
        }
    }

    /// Characters the note (`n`) may hold.
    static let maxNoteLength = 500

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
                PerformedSet.weightRange.contains(weight), items.indices.contains(selected)
            else {
                let range = PerformedSet.weightRange
                notice = .badWeight(lowest: Int(range.lowerBound), highest: Int(range.upperBound))
                return
            }
            items[selected].weight = weight
            items[selected].unit = unit
        case .reps:
            break
        case .note:
            notes = text.isEmpty ? nil : text
            notice = text.isEmpty ? .noteRemoved : .noteKept
        case .editSet:
            guard let index = editing, items.indices.contains(selected),
                items[selected].performed.sets.indices.contains(index)
            else { break }
            let old = items[selected].performed.sets[index]
            guard var set = typedSet(text, for: items[selected], like: old, type: old.type) else {
                notice = .badEditedSet
                return
            }
            set.rest = old.rest
            if set.reps == old.reps { set.repTimes = old.repTimes }
            items[selected].performed.sets[index] = set
            notice = .changed(number: index + 1, exercise: items[selected].performed.name, set: set)
        case .addExercise:
            let choices = candidates
            let position = pick ?? 0
            if choices.indices.contains(position) {
                let choice = choices[position]
                add(
                    Item(
                        performed: PerformedExercise(exercise: choice.id, name: choice.name),
                        previous: choice.previous, count: choice.count))
            } else if offersNewExercise, let name = Validation.cleanName(text) {
                add(Item(performed: PerformedExercise(name: name), isNew: true))
            } else {
                notice = text.isEmpty ? .typeAName : .noExerciseChosen
                return
            }
        case .confirmSave, .confirmCancel, .confirmRemove:
            return
        }
        self.prompt = nil
        input = ""
        pick = nil
    }
}
