import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension EventUpdate: Presentable {
    package func text(for viewer: Viewer) -> String {
        switch action {
        case .scheduled(let client, let start, let minutes):
            if let rule = entity?.recurrence {
                CalendarPhrases.scheduledSeries.t([
                    "client": client, "repeats": EventFormatting.describe(rule), "start": EventFormatting.local(start),
                    "minutes": minutes, "id": id.short,
                ])
            } else {
                CalendarPhrases.scheduledOnce.t([
                    "client": client, "start": EventFormatting.local(start), "minutes": minutes,
                ])
            }
        case .updated: CalendarPhrases.updatedEvent.t(["reference": reference])
        case .status(let status):
            CalendarPhrases.eventIsNow.t(["reference": reference, "status": EventFormatting.status(status)])
        case .deleted: CalendarPhrases.deletedEvent.t(["id": id.short])
        case .endedSeries(let day): CalendarPhrases.seriesEnded.t(["id": id.short, "day": day.description])
        case .split(let day, let previous):
            CalendarPhrases.seriesSplit.t(["day": day.description, "previous": previous.short, "id": id.short])
        case .answered(.confirmed): CalendarPhrases.youConfirmed.t(["appointment": when])
        case .answered(.declined): CalendarPhrases.youDeclined.t(["appointment": when])
        case .answeredSeries(let answer, let count, let endless):
            (answer == .confirmed ? CalendarPhrases.youConfirmedSeries : .youDeclinedSeries).t([
                "count": count, "id": id.short,
            ]) + (endless ? CalendarPhrases.andEveryLater.t() : "")
        case .requested(let start, let minutes):
            CalendarPhrases.requestSent.t([
                "start": EventFormatting.local(start), "minutes": minutes, "id": id.short,
            ])
        case .accepted: CalendarPhrases.requestAccepted.t(["id": id.short, "appointment": when])
        case .declinedRequest: CalendarPhrases.requestDeclined.t(["id": id.short])
        }
    }

    /// How the changed appointment is named: `short@DATE` for an occurrence.
    private var reference: String {
        entity.map { EventFormatting.reference($0) } ?? id.short
    }

    /// "the appointment on 2026-12-03 18:00 (1a2b3c4d)".
    private var when: String {
        CalendarPhrases.theAppointmentOn.t([
            "start": entity.map { EventFormatting.local($0.start) } ?? "", "reference": reference,
        ])
    }

    package func notes(for viewer: Viewer) -> [String] {
        notes + (pastStart.map { [CalendarPhrases.warningInThePast.t(["start": EventFormatting.local($0)])] } ?? [])
            + overlaps.map {
                CalendarPhrases.warningOverlaps.t([
                    "event": EventFormatting.line($0.event, clientName: $0.clientName)
                ])
            }
    }
}

extension EventList: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard !events.isEmpty else {
            return narrowed
                ? CalendarPhrases.noEventsInRange.t()
                : viewer.keepsClients
                    ? CalendarPhrases.noEventsYetCoach.t()
                    : CalendarPhrases.noEventsYetClient.t()
        }
        // The training column only when an appointment carries one.
        let trainings = events.contains { $0.event.trainingName != nil }
        let rows = events.map { line -> [String] in
            let event = line.event
            return [
                EventFormatting.local(event.start), "\(event.duration) min",
                EventFormatting.withScheduler(line.clientName ?? "", event),
            ]
                + (trainings ? [event.trainingName ?? ""] : []) + [
                    event.gym ?? "", EventFormatting.state(event), EventFormatting.reference(event),
                ]
        }
        let headers: [CalendarPhrases] =
            [.tableHeaderWhen, .tableHeaderLength, .tableHeaderClient] + (trainings ? [.tableHeaderTraining] : [])
            + [.tableHeaderGym, .tableHeaderStatus, .tableHeaderID]
        return Table(headers.map { $0.t() }, rows).render()
    }
}

extension EventLine: Presentable {
    /// The labels of ``text(for:)``, in the order they may appear.
    private static let labels: [CalendarPhrases] = [
        .labelClient, .labelWhen, .labelLength, .labelRepeats, .labelSeries, .labelTraining, .labelGym, .labelStatus,
        .labelReason, .labelNote,
    ]

    /// The event's facts, one a line; the gym and the note only when set.
    package func text(for viewer: Viewer) -> String {
        let minutes = event.duration
        var when = EventFormatting.local(event.start)
        let end = EventFormatting.local(event.end)
        when += " – " + (end.prefix(10) == when.prefix(10) ? String(end.suffix(5)) : end)
        // Values start in one column: two spaces after the longest label (the training's only when it is shown).
        let training = event.trainingName
        let width = Self.labels.filter { $0 != .labelTraining || training != nil }.map { $0.t().count }.max()! + 2
        func line(_ label: CalendarPhrases, _ value: String) -> String {
            let name = label.t()
            return name + String(repeating: " ", count: max(1, width - name.count)) + value
        }
        var lines = [
            CalendarPhrases.eventTitle.t(["id": event.id.key]),
            line(.labelClient, EventFormatting.withScheduler(clientName ?? "?", event)),
            line(
                .labelWhen,
                when + " "
                    + CalendarPhrases.whenZone.t([
                        "zone": TimeZone.current.identifier, "entered": event.zone,
                    ])),
            line(.labelLength, "\(minutes) min"),
        ]
        if let rule = event.recurrence {
            lines.append(line(.labelRepeats, EventFormatting.describe(rule)))
        }
        if let day = event.occurrence {
            lines.append(
                line(
                    .labelSeries,
                    EventFormatting.reference(event) + " "
                        + CalendarPhrases.theOccurrenceOf.t(["day": day.description])))
        }
        if let training { lines.append(line(.labelTraining, training)) }
        if let gym = event.gym, !gym.isEmpty { lines.append(line(.labelGym, gym)) }
        lines.append(line(.labelStatus, EventFormatting.state(event)))
        if let reason = event.answerNote, !reason.isEmpty { lines.append(line(.labelReason, reason)) }
        if let note = event.note, !note.isEmpty { lines.append(line(.labelNote, note)) }
        return lines.joined(separator: "\n")
    }
}

extension EventExport: Presentable {
    /// "Wrote 3 events to FILE (1 series; 2 occurrences changed, 1 cancelled)."
    package func text(for viewer: Viewer) -> String {
        let wrote: [String: any Sendable] = ["count": events, "file": file, "series": series]
        guard series > 0 else { return CalendarPhrases.exportWrote.t(wrote) }
        var changes: [String] = []
        if changedOccurrences > 0 {
            changes.append(CalendarPhrases.occurrencesChanged.t(["count": changedOccurrences]))
        }
        if cancelledOccurrences > 0 {
            changes.append(
                changes.isEmpty
                    ? CalendarPhrases.occurrencesCancelled.t(["count": cancelledOccurrences])
                    : CalendarPhrases.andCancelled.t(["count": cancelledOccurrences]))
        }
        guard !changes.isEmpty else { return CalendarPhrases.exportWroteSeries.t(wrote) }
        return CalendarPhrases.exportWroteSeriesChanges.t(
            wrote.merging(["changes": changes.joined(separator: ", ")]) { $1 })
    }
}
