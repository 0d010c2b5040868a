import Foundation
import GorillaShared

/// Draws the recorder's state as one full screen of text, styled through ``TerminalStyle`` (blue accents
/// for real time, yellow for hands-free; no colours under `NO_COLOR`).
enum TrainScreen {
    static func render(_ recorder: SessionRecorder, at now: Date, style: TerminalStyle) -> String {
        let accent = TerminalStyle.Attribute.foreground(recorder.realTime ? .blue : .yellow)
        var lines: [String] = []
        let mode = recorder.realTime ? "REAL TIME" : "HANDS-FREE"
        let state = recorder.isPaused ? "  [PAUSED]" : ""
        lines.append(
            style("GorillaCoach · \(mode)", accent, .bold) + "  " + style(recorder.clientName, .bold)
                + (recorder.trainingName.map { "  · \($0)" } ?? "")
                + "  session \(Numbers.clock(recorder.sessionElapsed(at: now)))\(state)")
        lines.append("")
        lines.append(style("Exercises", accent))
        if recorder.items.isEmpty { lines.append("  (none yet — press a to add one)") }
        for (index, item) in recorder.items.enumerated() {
            let done = item.performed.sets.isEmpty ? " " : "✓"
            let text =
                "\(done) \(item.performed.name)  \(item.performed.sets.count) set\(item.performed.sets.count == 1 ? "" : "s")"
            lines.append(index == recorder.selected ? style("> \(text)", accent, .reverse) : "  \(text)")
        }
        lines.append("")
        if recorder.items.indices.contains(recorder.selected) {
            let item = recorder.items[recorder.selected]
            let (weight, unit) = recorder.nextWeight(recorder.selected)
            lines.append(
                style("Set \(item.performed.sets.count + 1)", accent)
                    + "  \(recorder.setType.title)  \(Numbers.plain(weight)) \(unit.rawValue)")
            if let elapsed = recorder.setElapsed(at: now) {
                let reps = recorder.realTime ? "reps " + style("\(recorder.repTimes.count)", .bold) + "   " : ""
                lines.append("  \(reps)stopwatch " + style(Numbers.clock(elapsed), accent, .bold))
            } else if let rest = recorder.restElapsed(at: now) {
                lines.append(
                    "  resting " + style(Numbers.clock(rest), accent, .bold) + "   (Space starts the next set)")
            } else {
                lines.append("  ready   (Space starts the set)")
            }
            if let last = item.performed.sets.last {
                lines.append("  previous set: \(describe(last))")
            }
            if !item.previous.isEmpty {
                lines.append(
                    "  last time: "
                        + item.previous.map { "\($0.reps)x\(Numbers.plain($0.weight))\($0.unit.rawValue)" }.joined(
                            separator: ", "))
            }
        }
        lines.append("")
        if let prompt = recorder.prompt {
            lines.append(style(promptText(prompt, recorder, at: now), accent, .bold) + recorder.input)
        } else if let message = recorder.message {
            lines.append(message)
        } else {
            lines.append("")
        }
        lines.append("")
        let keys = recorder.realTime ? "Space start/rep  Enter end set" : "Space start  Enter end set"
        lines.append(
            style(
                keys + "  ↑↓/kj select" + (recorder.free ? "  a add  x remove" : "")
                    + "  w weight  t type  p pause  u undo  q finish  Esc cancel", .dim))
        return "\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n")
    }

    static func describe(_ set: PerformedSet) -> String {
        "\(set.type.title) \(set.reps) x \(Numbers.plain(set.weight)) \(set.unit.rawValue)"
            + (set.duration.map { " in \(Numbers.clock($0))" } ?? "")
    }

    static func promptText(_ prompt: SessionRecorder.Prompt, _ recorder: SessionRecorder, at now: Date) -> String {
        switch prompt {
        case .weight: return "Weight for the next sets (e.g. 80, 22.5lb), Enter: "
        case .reps: return "Reps of that set, Enter: "
        case .addExercise: return "Exercise to add, Enter: "
        case .confirmCancel: return "Discard this session? [y/n] "
        case .confirmSave where recorder.performed.isEmpty:
            return "Nothing recorded: no session will be saved. Leave? [y/n] "
        case .confirmSave:
            let sets = recorder.performed.reduce(0) { $0 + $1.sets.count }
            let reps = recorder.performed.flatMap(\.sets).reduce(0) { $0 + $1.reps }
            return
                "Summary: \(recorder.performed.count) exercises, \(sets) sets, \(reps) reps, \(Numbers.clock(recorder.sessionElapsed(at: now))). Save session? [y/n] "
        }
    }
}
