import Foundation
import GorillaShared

extension EventUpdate {
    public func text(for viewer: Viewer) -> String {
        switch action {
        case .scheduled(let client, let start, let minutes):
            if let rule = try? entity?.fields["recurrence"]?.decode(Recurrence.self) {
                "Scheduled \(client) \(EventFormatting.describe(rule)), from \(EventFormatting.local(start)) "
                    + "(\(minutes) min): series \(id.short)."
            } else {
                "Scheduled \(client) on \(EventFormatting.local(start)) (\(minutes) min)."
            }
        case .updated: "Updated event \(reference)."
        case .status(let status): "Event \(reference) is now \(status)."
        case .deleted: "Deleted event \(id.short)."
        case .endedSeries(let day): "The series \(id.short) ends before \(day): its occurrences from then on are gone."
        case .split(let day, let previous):
            "From \(day) on the series \(previous.short) continues, changed, as \(id.short); it ends the day before."
        case .answered(.confirmed): "You confirmed \(when)."
        case .answered(.declined): "You declined \(when); your coach sees it."
        case .requested(let start, let minutes):
            "Asked your coach for \(EventFormatting.local(start)) (\(minutes) min): request \(id.short)."
        case .accepted: "Accepted the request \(id.short): \(when) is scheduled."
        case .declinedRequest: "Declined the request \(id.short)."
        }
    }

    /// How the changed appointment is named: `short@DATE` for an occurrence.
    private var reference: String {
        guard let entity, let series = entity[string: "series"], let day = entity[string: "occurrence"] else {
            return id.short
        }
        return "\(UUID(uuidString: series)?.short ?? series)@\(day)"
    }

    /// "the appointment on 2026-12-03 18:00 (1a2b3c4d)".
    private var when: String {
        "the appointment on \(EventFormatting.local(entity?[string: "start"] ?? "")) (\(reference))"
    }

    public func notes(for viewer: Viewer) -> [String] {
        notes + (pastStart.map { ["warning: \(EventFormatting.local($0)) is in the past"] } ?? [])
            + overlaps.map { "warning: overlaps " + EventFormatting.line($0.event, clientName: $0.clientName) }
    }
}

extension EventList {
    public func text(for viewer: Viewer) -> String {
        guard !events.isEmpty else {
            return narrowed
                ? "No events in that range."
                : viewer.role == .coach
                    ? "No events yet. Schedule one with: gorilla events add --client C --at \"YYYY-MM-DD HH:MM\""
                    : "No events yet: your coach schedules them."
        }
        let rows = events.map { line -> [String] in
            let event = line.event
            return [
                EventFormatting.local(event[string: "start"] ?? ""), "\(event.fields["duration"]?.intValue ?? 60) min",
                line.clientName ?? "", event[string: "gym"] ?? "", EventFormatting.state(event),
                EventFormatting.reference(event),
            ]
        }
        return Table(["WHEN", "LENGTH", "CLIENT", "GYM", "STATUS", "ID"], rows).render()
    }
}

extension EventLine {
    /// The event's facts, one a line; the gym and the note only when set.
    public func text(for viewer: Viewer) -> String {
        let minutes = event.fields["duration"]?.intValue ?? 60
        var when = EventFormatting.local(event[string: "start"] ?? "")
        if let start = event[string: "start"].flatMap(ISOTime.parse) {
            let end = EventFormatting.local(start.addingTimeInterval(Double(minutes) * 60))
            when += " – " + (end.prefix(10) == when.prefix(10) ? String(end.suffix(5)) : end)
        }
        var lines = [
            "event \(event.id.key)",
            "client:   \(clientName ?? "?")",
            "when:     \(when) (\(TimeZone.current.identifier); entered in \(event[string: "zone"] ?? "UTC"))",
            "length:   \(minutes) min",
        ]
        if let rule = try? event.fields["recurrence"]?.decode(Recurrence.self) {
            lines.append("repeats:  \(EventFormatting.describe(rule))")
        }
        if let day = event[string: "occurrence"] {
            lines.append("series:   \(EventFormatting.reference(event)) (the occurrence of \(day))")
        }
        if let gym = event[string: "gym"], !gym.isEmpty { lines.append("gym:      \(gym)") }
        lines.append("status:   \(EventFormatting.state(event))")
        if let reason = event[string: "answerNote"], !reason.isEmpty { lines.append("reason:   \(reason)") }
        if let note = event[string: "note"], !note.isEmpty { lines.append("note:     \(note)") }
        return lines.joined(separator: "\n")
    }
}

extension EventExport {
    /// "Wrote 3 events to FILE (1 series; 2 occurrences changed, 1 cancelled)."
    public func text(for viewer: Viewer) -> String {
        let text = "Wrote \(events) event\(events == 1 ? "" : "s") to \(file)"
        guard series > 0 else { return text + "." }
        let changes = [(changedOccurrences, "changed"), (cancelledOccurrences, "cancelled")].filter { $0.0 > 0 }
        guard let first = changes.first else { return text + " (\(series) series)." }
        let words =
            ["\(first.0) occurrence\(first.0 == 1 ? "" : "s") \(first.1)"]
            + changes.dropFirst().map {
                "\($0.0) \($0.1)"
            }
        return text + " (\(series) series; " + words.joined(separator: ", ") + ")."
    }
}
