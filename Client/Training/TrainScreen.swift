import Foundation
import GorillaShared

/// Draws the recorder's state as one full screen of text, styled through ``TerminalStyle`` (blue accents
/// for real time, yellow for the hands-free form; no colours under `NO_COLOR`).
enum TrainScreen {
    static func render(_ recorder: SessionRecorder, at now: Date, style: TerminalStyle, width: Int = 120) -> String {
        let accent = TerminalStyle.Attribute.foreground(recorder.realTime ? .blue : .yellow)
        var lines: [String] = []
        let mode =
            recorder.correcting == true
            ? TrainingPhrases.screenModeCorrecting.t()
            : recorder.realTime ? TrainingPhrases.screenModeRealTime.t() : TrainingPhrases.screenModeHandsFree.t()
        let state = recorder.isPaused ? "  " + TrainingPhrases.screenPaused.t() : ""
        let time =
            recorder.realTime
            ? TrainingPhrases.screenSessionTime.t(["time": SessionWording.clock(recorder.sessionElapsed(at: now))])
            : span(recorder)
        lines.append(
            style("GorillaCoach · \(mode)", accent, .bold) + "  " + style(recorder.clientName, .bold)
                + (recorder.trainingName.map { "  · \($0)" } ?? "") + (recorder.appointment.map { "  · \($0)" } ?? "")
                + "  \(time)\(state)")
        lines.append("")
        lines.append(contentsOf: exerciseTable(recorder, style: style, accent: accent, width: width))
        lines.append("")
        if recorder.items.indices.contains(recorder.selected) {
            lines.append(contentsOf: current(recorder, at: now, style: style, accent: accent))
        }
        lines.append("")
        if let prompt = recorder.prompt {
            lines.append(style(promptText(prompt, recorder, at: now), accent, .bold) + recorder.input)
            if prompt == .addExercise { lines.append(contentsOf: picker(recorder, style: style, accent: accent)) }
        } else if let message = recorder.message {
            lines.append(message)
        } else {
            lines.append("")
        }
        if let notes = recorder.notes, recorder.prompt != .note {
            lines.append(style(TrainingPhrases.screenNote.t(), .dim) + notes)
        }
        lines.append("")
        lines.append(style(keys(recorder), .dim))
        return "\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n")
    }

    /// The hands-free form's times: "10:00–11:00 (60 min)".
    private static func span(_ recorder: SessionRecorder) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let start = Date(timeIntervalSince1970: recorder.started)
        guard let ended = recorder.ended else {
            return TrainingPhrases.screenFrom.t(["start": formatter.string(from: start)])
        }
        let end = Date(timeIntervalSince1970: ended)
        formatter.dateFormat = "HH:mm"
        let day = DateFormatter()
        day.dateFormat = "yyyy-MM-dd"
        return "\(day.string(from: start)) \(formatter.string(from: start))–\(formatter.string(from: end))"
            + " (\(Int((ended - recorder.started) / 60)) min)"
    }

    /// One line per exercise: done against planned, the plan, last time.
    private static func exerciseTable(
        _ recorder: SessionRecorder, style: TerminalStyle, accent: TerminalStyle.Attribute, width: Int
    ) -> [String] {
        guard !recorder.items.isEmpty else {
            return [style(TrainingPhrases.screenExercises.t(), accent), "  " + TrainingPhrases.screenNoExercises.t()]
        }
        let nameWidth = min(
            28, max(8, recorder.items.map { $0.performed.name.cells + ($0.group == nil ? 0 : 4) }.max()!))
        var lines = [
            style(
                pad("  " + TrainingPhrases.screenHeaderExercise.t(), nameWidth + 4)
                    + pad(TrainingPhrases.screenHeaderDone.t(), 7) + pad(TrainingPhrases.screenHeaderPlan.t(), 26)
                    + TrainingPhrases.screenHeaderLastTime.t(), accent)
        ]
        for (index, item) in recorder.items.enumerated() {
            let finished = item.planned.map { item.done >= $0 } ?? false
            let mark = finished ? "✓" : (item.performed.sets.isEmpty ? " " : "·")
            let label = (item.group.map { "[\($0)] " } ?? "") + item.performed.name
            let done = item.planned.map { "\(item.done)/\($0)" } ?? "\(item.performed.sets.count)"
            let plan = item.plan.map(\.notation) ?? ""
            let last =
                item.previous.isEmpty ? "—" : item.previous.map(SessionRecorder.text(of:)).joined(separator: ", ")
            var text = "\(mark) " + pad(label, nameWidth + 2) + pad(done, 7) + pad(plan, 26) + last
            text = clip(text, width - 2)
            lines.append(index == recorder.selected ? style("> \(text)", accent, .reverse) : "  \(text)")
        }
        return lines
    }

    /// The selected exercise: the next set, its target, the stopwatch or the rest, and today's sets.
    private static func current(
        _ recorder: SessionRecorder, at now: Date, style: TerminalStyle, accent: TerminalStyle.Attribute
    ) -> [String] {
        let item = recorder.items[recorder.selected]
        var lines: [String] = []
        let number = item.done + 1
        let set =
            item.planned.map { TrainingPhrases.screenSetOf.t(["number": number, "planned": $0]) }
            ?? TrainingPhrases.screenSet.t(["number": number])
        let nextSet = "   " + TrainingPhrases.screenSpaceStartsNextSet.t()
        if recorder.realTime {
            let (weight, unit) = recorder.nextWeight(recorder.selected)
            let target =
                item.target.map { "   " + TrainingPhrases.screenTarget.t(["target": describeTarget($0, item)]) } ?? ""
            let type = SessionWording.title(of: recorder.setType)
            lines.append(
                style("\(set) · \(item.performed.name)", accent)
                    + "  \(type)  \(SessionWording.plain(weight)) \(unit.rawValue)\(target)")
            if let elapsed = recorder.setElapsed(at: now) {
                lines.append(
                    "  "
                        + TrainingPhrases.screenSetRunning.t([
                            "reps": style("\(recorder.repTimes.count)", .bold),
                            "time": style(SessionWording.clock(elapsed), accent, .bold),
                        ]))
            } else if let remaining = recorder.restRemaining(at: now), let planned = recorder.restTarget {
                if remaining > 0 {
                    lines.append(
                        "  "
                            + TrainingPhrases.screenRestLeft.t([
                                "left": style(SessionWording.clock(remaining), accent, .bold),
                                "planned": SessionWording.clock(planned),
                            ]) + nextSet)
                } else {
                    let over = TrainingPhrases.screenRestOver.t([
                        "over": SessionWording.clock(-remaining), "planned": SessionWording.clock(planned),
                    ])
                    lines.append(style("  \(over) ", accent, .bold, .reverse) + nextSet)
                }
            } else if let rest = recorder.restElapsed(at: now) {
                lines.append(
                    "  " + TrainingPhrases.screenResting.t(["rest": style(SessionWording.clock(rest), accent, .bold)])
                        + nextSet)
            } else {
                lines.append("  " + TrainingPhrases.screenReady.t())
            }
        } else if let target = item.target {
            lines.append(
                style("\(set) · \(item.performed.name)", accent) + "  "
                    + style(describeTarget(target, item), .bold)
                    + (recorder.setType == .normal ? "" : "  \(SessionWording.title(of: recorder.setType))")
                    + "   " + TrainingPhrases.screenFormKeys.t())
            lines.append(
                "  > " + style(recorder.input.isEmpty ? SessionRecorder.text(of: target) : recorder.input, .reverse))
        } else {
            let examples = "12x80kg" + (item.count == .time ? ", 45s" : "")
            lines.append(
                style(TrainingPhrases.screenSet.t(["number": number]) + " · \(item.performed.name)", accent)
                    + "   " + TrainingPhrases.screenTypeTheSet.t(["examples": examples]))
            lines.append("  > " + style(recorder.input.isEmpty ? " " : recorder.input, .reverse))
        }
        if !item.performed.sets.isEmpty {
            let sets = item.performed.sets.enumerated().map { index, set in
                let text = SessionRecorder.text(of: set)
                return index == recorder.editing ? style("[\(text)]", accent, .reverse) : text
            }
            lines.append("  " + TrainingPhrases.screenToday.t(["sets": sets.joined(separator: ", ")]))
        }
        if recorder.editing != nil {
            lines.append(style("  " + TrainingPhrases.editingKeys.t(), accent))
        }
        return lines
    }

    /// The picker under the prompt: the matching exercises, the highlighted one reversed, then "create …".
    private static func picker(
        _ recorder: SessionRecorder, style: TerminalStyle, accent: TerminalStyle.Attribute
    ) -> [String] {
        var options = recorder.candidates.map { choice in
            choice.name + (choice.count == .reps ? "" : "  (\(word(for: choice.count)))")
        }
        if recorder.offersNewExercise {
            options.append(
                TrainingPhrases.screenCreateExercise.t(["name": recorder.input.trimmingCharacters(in: .whitespaces)]))
        }
        if options.isEmpty { return ["    " + TrainingPhrases.screenCatalogueEmpty.t()] }
        return options.enumerated().map { index, text in
            index == recorder.pick ? style("  > \(text)", accent, .reverse) : "    \(text)"
        }
    }

    /// What a set should be: "12 × 80 kg", "45 s", "2000 m".
    static func describeTarget(_ set: PerformedSet, _ item: SessionRecorder.Item) -> String {
        if item.count == .distance, let distance = set.distance { return "\(SessionWording.plain(distance)) m" }
        if set.reps == 0, let duration = set.duration { return "\(SessionWording.plain(duration)) s" }
        return "\(set.reps) × \(SessionWording.plain(set.weight)) \(set.unit.rawValue)"
    }

    /// The help line: the keys of the editor, else of the mode.
    private static func keys(_ recorder: SessionRecorder) -> String {
        if recorder.editing != nil { return TrainingPhrases.screenKeysEditing.t() }
        let common = TrainingPhrases.screenKeysCommon.t()
        return recorder.realTime
            ? TrainingPhrases.screenKeysRealTime.t(["common": common])
            : TrainingPhrases.screenKeysForm.t(["common": common])
    }

    static func promptText(_ prompt: SessionRecorder.Prompt, _ recorder: SessionRecorder, at now: Date) -> String {
        switch prompt {
        case .weight: return TrainingPhrases.promptWeight.t()
        case .reps: return TrainingPhrases.promptReps.t()
        case .addExercise: return TrainingPhrases.promptAddExercise.t()
        case .note: return TrainingPhrases.promptNote.t()
        case .editSet: return TrainingPhrases.promptEditSet.t()
        case .confirmCancel: return TrainingPhrases.promptDiscard.t()
        case .confirmRemove:
            let item = recorder.items[recorder.selected]
            return TrainingPhrases.promptRemove.t(["name": item.performed.name, "count": item.performed.sets.count])
        case .confirmSave where recorder.performed.isEmpty && recorder.correcting == true:
            return TrainingPhrases.promptEverySetDeleted.t()
        case .confirmSave where recorder.performed.isEmpty:
            return TrainingPhrases.promptNothingRecorded.t()
        case .confirmSave:
            let sets = recorder.performed.reduce(0) { $0 + $1.sets.count }
            let reps = recorder.performed.flatMap(\.sets).reduce(0) { $0 + $1.reps }
            let summary = TrainingPhrases.promptSummary.t([
                "exercises": recorder.performed.count, "sets": sets, "reps": reps,
                "time": SessionWording.clock(recorder.sessionElapsed(at: now)),
            ])
            return summary
                + (recorder.correcting == true
                    ? TrainingPhrases.promptSaveCorrection.t() : TrainingPhrases.promptSaveSession.t())
        }
    }

    /// "time", "distance": how an exercise is counted, for the picker.
    private static func word(for count: CountMode) -> String {
        switch count {
        case .reps: TrainingPhrases.countReps.t()
        case .time: TrainingPhrases.countTime.t()
        case .distance: TrainingPhrases.countDistance.t()
        }
    }

    /// `text` cut to `width - 1` terminal cells, then spaces up to `width` (at least one).
    private static func pad(_ text: String, _ width: Int) -> String {
        let clipped = clip(text, width - 1)
        return clipped + String(repeating: " ", count: max(1, width - clipped.cells))
    }

    /// `text` cut to `width` terminal cells, ending in "…" when cut; never in the middle of a character.
    private static func clip(_ text: String, _ width: Int) -> String {
        text.fitted(toCells: max(2, width))
    }
}
