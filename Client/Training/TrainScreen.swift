import Foundation
import GorillaShared

/// Draws the recorder's state as one full screen of text, styled through ``TerminalStyle`` (blue accents
/// for real time, yellow for the hands-free form; no colours under `NO_COLOR`).
enum TrainScreen {
    static func render(_ recorder: SessionRecorder, at now: Date, style: TerminalStyle, width: Int = 120) -> String {
        let accent = TerminalStyle.Attribute.foreground(recorder.realTime ? .blue : .yellow)
        var lines: [String] = []
        let mode = recorder.correcting == true ? "CORRECTING" : recorder.realTime ? "REAL TIME" : "HANDS-FREE"
        let state = recorder.isPaused ? "  [PAUSED]" : ""
        let time =
            recorder.realTime
            ? "session \(Numbers.clock(recorder.sessionElapsed(at: now)))"
            : span(recorder)
        lines.append(
            style("GorillaCoach · \(mode)", accent, .bold) + "  " + style(recorder.clientName, .bold)
                + (recorder.trainingName.map { "  · \($0)" } ?? "") + "  \(time)\(state)")
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
        if let notes = recorder.notes, recorder.prompt != .note { lines.append(style("Note: ", .dim) + notes) }
        lines.append("")
        lines.append(style(keys(recorder), .dim))
        return "\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n")
    }

    /// The hands-free form's times: "10:00–11:00 (60 min)".
    private static func span(_ recorder: SessionRecorder) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let start = Date(timeIntervalSince1970: recorder.started)
        guard let ended = recorder.ended else { return "from \(formatter.string(from: start))" }
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
            return [style("Exercises", accent), "  (none yet — press a to add one from the catalogue)"]
        }
        let nameWidth = min(
            28, max(8, recorder.items.map { $0.performed.name.count + ($0.group == nil ? 0 : 4) }.max()!))
        var lines = [
            style(pad("  Exercise", nameWidth + 4) + pad("Done", 7) + pad("Plan", 26) + "Last time", accent)
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
        let of = item.planned.map { " of \($0)" } ?? ""
        if recorder.realTime {
            let (weight, unit) = recorder.nextWeight(recorder.selected)
            let target = item.target.map { "   target \(describeTarget($0, item))" } ?? ""
            lines.append(
                style("Set \(number)\(of) · \(item.performed.name)", accent)
                    + "  \(recorder.setType.title)  \(Numbers.plain(weight)) \(unit.rawValue)\(target)")
            if let elapsed = recorder.setElapsed(at: now) {
                lines.append(
                    "  reps " + style("\(recorder.repTimes.count)", .bold) + "   stopwatch "
                        + style(Numbers.clock(elapsed), accent, .bold))
            } else if let remaining = recorder.restRemaining(at: now), let planned = recorder.restTarget {
                if remaining > 0 {
                    lines.append(
                        "  rest " + style(Numbers.clock(remaining), accent, .bold) + " left of "
                            + Numbers.clock(planned) + "   (Space starts the next set)")
                } else {
                    lines.append(
                        style(
                            "  REST OVER — \(Numbers.clock(-remaining)) past the planned \(Numbers.clock(planned)) ",
                            accent, .bold, .reverse) + "   (Space starts the next set)")
                }
            } else if let rest = recorder.restElapsed(at: now) {
                lines.append(
                    "  resting " + style(Numbers.clock(rest), accent, .bold) + "   (Space starts the next set)")
            } else {
                lines.append("  ready   (Space starts the set)")
            }
        } else if let target = item.target {
            lines.append(
                style("Set \(number)\(of) · \(item.performed.name)", accent) + "  "
                    + style(describeTarget(target, item), .bold)
                    + (recorder.setType == .normal ? "" : "  \(recorder.setType.title)")
                    + "   Enter confirms · type to correct (10x82.5kg) · s passes over")
            lines.append(
                "  > " + style(recorder.input.isEmpty ? SessionRecorder.text(of: target) : recorder.input, .reverse))
        } else {
            lines.append(
                style("Set \(number) · \(item.performed.name)", accent)
                    + "   type the set (12x80kg\(item.count == .time ? ", 45s" : "")), Enter")
            lines.append("  > " + style(recorder.input.isEmpty ? " " : recorder.input, .reverse))
        }
        if !item.performed.sets.isEmpty {
            let sets = item.performed.sets.enumerated().map { index, set in
                let text = SessionRecorder.text(of: set)
                return index == recorder.editing ? style("[\(text)]", accent, .reverse) : text
            }
            lines.append("  today: " + sets.joined(separator: ", "))
        }
        if recorder.editing != nil {
            lines.append(style("  editing sets: ←→ choose  Enter change  d delete  t type  e done", accent))
        }
        return lines
    }

    /// The picker under the prompt: the matching exercises, the highlighted one reversed, then "create …".
    private static func picker(
        _ recorder: SessionRecorder, style: TerminalStyle, accent: TerminalStyle.Attribute
    ) -> [String] {
        var options = recorder.candidates.map { choice in
            choice.name + (choice.count == .reps ? "" : "  (\(choice.count.rawValue))")
        }
        if recorder.offersNewExercise {
            options.append("+ create '\(recorder.input.trimmingCharacters(in: .whitespaces))' as a new exercise")
        }
        if options.isEmpty { return ["    (the catalogue is empty: type a name to create one)"] }
        return options.enumerated().map { index, text in
            index == recorder.pick ? style("  > \(text)", accent, .reverse) : "    \(text)"
        }
    }

    /// What a set should be: "12 reps × 80 kg", "45 s", "2000 m".
    static func describeTarget(_ set: PerformedSet, _ item: SessionRecorder.Item) -> String {
        if item.count == .distance, let distance = set.distance { return "\(Numbers.plain(distance)) m" }
        if set.reps == 0, let duration = set.duration { return "\(Numbers.plain(duration)) s" }
        return "\(set.reps) × \(Numbers.plain(set.weight)) \(set.unit.rawValue)"
    }

    private static func keys(_ recorder: SessionRecorder) -> String {
        if recorder.editing != nil { return "←→ set  ↑↓ exercise  Enter change  d delete  t type  e/Esc done" }
        let common = "↑↓ select  a add  x remove  K/J move  t type  e edit sets  n note  u undo  q finish  Esc cancel"
        return recorder.realTime
            ? "Space start/rep  Enter end set  w weight  p pause  " + common
            : "Enter confirm  0-9 correct  s pass over  w weight  " + common
    }

    static func promptText(_ prompt: SessionRecorder.Prompt, _ recorder: SessionRecorder, at now: Date) -> String {
        switch prompt {
        case .weight: return "Weight for the next sets (e.g. 80, 22.5lb), Enter: "
        case .reps: return "Reps of that set, Enter: "
        case .addExercise: return "Exercise (type to narrow, ↑↓ choose, Enter add, Esc back): "
        case .note: return "Note on this session, Enter: "
        case .editSet: return "Set (e.g. 10x82.5kg, 8x60kg drop), Enter: "
        case .confirmCancel: return "Discard this session? [y/n] "
        case .confirmRemove:
            let item = recorder.items[recorder.selected]
            return "Remove \(item.performed.name) and its \(item.performed.sets.count) sets? [y/n] "
        case .confirmSave where recorder.performed.isEmpty && recorder.correcting == true:
            return "Every set is deleted: a session keeps at least one (sessions rm deletes it). Go back? [Y/n] "
        case .confirmSave where recorder.performed.isEmpty:
            return "Nothing recorded: no session will be saved. Leave? [Y/n] "
        case .confirmSave:
            let sets = recorder.performed.reduce(0) { $0 + $1.sets.count }
            let reps = recorder.performed.flatMap(\.sets).reduce(0) { $0 + $1.reps }
            return
                "Summary: \(recorder.performed.count) exercises, \(sets) sets, \(reps) reps, \(Numbers.clock(recorder.sessionElapsed(at: now))). "
                + (recorder.correcting == true ? "Save the correction? [Y/n] " : "Save session? [Y/n] ")
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        let clipped = clip(text, width - 1)
        return clipped + String(repeating: " ", count: max(1, width - clipped.count))
    }

    private static func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(1, width - 1))) + "…"
    }
}
