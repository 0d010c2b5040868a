import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Draws the recorder's state as one full screen of text, styled through ``TerminalStyle`` (blue accents
/// for real time, yellow for the hands-free form; no colours under `NO_COLOR`).
enum TrainScreen {
    /// The frame for a terminal of `width` columns and `height` rows: every line fits the width (cut, never wrapped)
    /// and the exercise table shows as many rows around the selected exercise as the height leaves.
    static func render(
        _ recorder: SessionRecorder, at now: Date, style: TerminalStyle, width: Int = 120, height: Int = 40
    ) -> String {
        // A terminal that does not say its size gets the size the view was first drawn for.
        let (width, height) = (width > 10 ? width : 120, height > 5 ? height : 40)
        let accent = TerminalStyle.Attribute.foreground(recorder.realTime ? .blue : .yellow)
        var bottom: [String] = [""]
        if recorder.items.indices.contains(recorder.selected) {
            bottom.append(contentsOf: current(recorder, at: now, style: style, accent: accent))
        }
        bottom.append("")
        if let prompt = recorder.prompt {
            bottom.append(style(promptText(prompt, recorder, at: now), accent, .bold) + recorder.input)
            if prompt == .addExercise { bottom.append(contentsOf: picker(recorder, style: style, accent: accent)) }
        } else if let message = recorder.message {
            bottom.append(message)
        } else {
            bottom.append("")
        }
        if let notes = recorder.notes, recorder.prompt != .note {
            bottom.append(style(TrainingPhrases.screenNote.t(), .dim) + notes)
        }
        let help = wrapped(keys(recorder), width: width - 1).map { style($0, .dim) }
        bottom.append(contentsOf: help)
        let header = header(recorder, at: now, style: style, accent: accent, width: width - 1)
        let rows = max(2, height - 2 - bottom.count - 1)
        let table = exerciseTable(recorder, style: style, accent: accent, width: width - 1, rows: rows)
        var lines = [header, ""] + table + bottom
        if lines.count + 1 <= height { lines.insert("", at: lines.count - help.count) }
        return "\u{1B}[H\u{1B}[2J" + lines.map { clipStyled($0, width - 1) }.joined(separator: "\r\n")
    }

    /// The first line: mode, client, the time, the training; at a narrow width the time comes before the training
    /// and the product's name goes.
    private static func header(
        _ recorder: SessionRecorder, at now: Date, style: TerminalStyle, accent: TerminalStyle.Attribute, width: Int
    ) -> String {
        let mode =
            recorder.correcting == true
            ? TrainingPhrases.screenModeCorrecting.t()
            : recorder.realTime ? TrainingPhrases.screenModeRealTime.t() : TrainingPhrases.screenModeHandsFree.t()
        let state = recorder.isPaused ? "  " + TrainingPhrases.screenPaused.t() : ""
        let time =
            recorder.realTime
            ? TrainingPhrases.screenSessionTime.t(["time": SessionWording.clock(recorder.sessionElapsed(at: now))])
            : span(recorder)
        let training =
            (recorder.trainingName.map { "  · \($0)" } ?? "") + (recorder.appointment.map { "  · \($0)" } ?? "")
        let full = "GorillaCoach · \(mode)  \(recorder.clientName)\(training)  \(time)\(state)"
        if full.cells <= width {
            return style("GorillaCoach · \(mode)", accent, .bold) + "  " + style(recorder.clientName, .bold)
                + "\(training)  \(time)\(state)"
        }
        return style(mode, accent, .bold) + "  " + style(recorder.clientName, .bold) + "  \(time)\(state)\(training)"
    }

    /// The hands-free form's times: "2026-11-20 10:00–11:00 (1 h)".
    private static func span(_ recorder: SessionRecorder) -> String {
        let start = EventFormatting.local(Date(timeIntervalSince1970: recorder.started))
        guard let ended = recorder.ended else { return TrainingPhrases.screenFrom.t(["start": start]) }
        let end = EventFormatting.local(Date(timeIntervalSince1970: ended))
        return "\(start)–\(end.suffix(5)) (\(SessionWording.length(ended - recorder.started)))"
    }

    /// One line per exercise: done against planned, the plan, last time; columns two spaces apart, each cut to fit
    /// `width`. At most `rows` lines (the header included): a window around the selected exercise.
    private static func exerciseTable(
        _ recorder: SessionRecorder, style: TerminalStyle, accent: TerminalStyle.Attribute, width: Int, rows: Int
    ) -> [String] {
        guard !recorder.items.isEmpty else {
            return [style(TrainingPhrases.screenExercises.t(), accent), "  " + TrainingPhrases.screenNoExercises.t()]
        }
        let cells = recorder.items.map { item -> [String] in
            let label = (item.group.map { "[\($0)] " } ?? "") + item.performed.name
            let done = item.planned.map { "\(item.recorded)/\($0)" } ?? "\(item.performed.sets.count)"
            return [
                label, done, item.plan.map(\.notation) ?? "", SessionWording.sets(item.previous, count: item.count),
            ]
        }
        let titles = [
            TrainingPhrases.screenHeaderExercise.t(), TrainingPhrases.screenHeaderDone.t(),
            TrainingPhrases.screenHeaderPlan.t(), TrainingPhrases.screenHeaderLastTime.t(),
        ]
        let columns = columnWidths(cells, titles: titles, width: width - 4)
        func row(_ values: [String]) -> String {
            zip(values, columns).map { value, width in
                width == 0 ? "" : value.fitted(toCells: width).padded(toCells: width)
            }.filter { !$0.isEmpty }.joined(separator: "  ")
        }
        var lines = [style("  " + row(titles).trimmingCharacters(in: .whitespaces), accent)]
        let shown = window(count: recorder.items.count, around: recorder.selected, rows: rows - 1)
        for index in shown {
            let item = recorder.items[index]
            let finished = item.planned.map { item.done >= $0 } ?? false
            let mark =
                finished
                ? (item.skipped > 0 ? "–" : "✓") : (item.performed.sets.isEmpty && item.skipped == 0 ? " " : "·")
            let text = "\(mark) " + row(cells[index])
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
            // A load only where the exercise has one: never "0 kg" for a plank or a rower.
            let load = item.count == .reps || weight > 0 ? "  \(SessionWording.plain(weight)) \(unit.rawValue)" : ""
            lines.append(style("\(set) · \(item.performed.name)", accent) + "  \(type)\(load)\(target)")
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
                                "left": style(SessionWording.clock(remaining, roundingUp: true), accent, .bold),
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
                "  > "
                    + style(
                        recorder.input.isEmpty ? SessionRecorder.text(of: target, count: item.count) : recorder.input,
                        .reverse))
        } else {
            let examples = "12x80kg" + (item.count == .time ? ", 45s" : "")
            lines.append(
                style(TrainingPhrases.screenSet.t(["number": number]) + " · \(item.performed.name)", accent)
                    + "   " + TrainingPhrases.screenTypeTheSet.t(["examples": examples]))
            lines.append("  > " + style(recorder.input.isEmpty ? " " : recorder.input, .reverse))
        }
        if !item.performed.sets.isEmpty {
            let sets = item.performed.sets.enumerated().map { index, set in
                let text = SessionRecorder.text(of: set, count: item.count)
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

    /// What a set should be: "12 × 80 kg", "0:45", "2,000 m" (``SessionWording/set(_:count:)``).
    static func describeTarget(_ set: PerformedSet, _ item: SessionRecorder.Item) -> String {
        SessionWording.set(set, count: item.count)
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
                "time": SessionWording.length(recorder.sessionElapsed(at: now)),
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
}
