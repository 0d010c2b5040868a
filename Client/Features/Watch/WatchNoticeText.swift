import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension WatchNotice {
    /// The news in one line, without the time (the desktop notification's text).
    package func line(zone: TimeZone = .current) -> String {
        func when(_ date: Date) -> String { EventFormatting.local(date, zone: zone) }
        switch news {
        case .watching(let summary):
            return Self.summaryLine(summary, zone: zone)
        case .connected:
            return CalendarPhrases.watchConnected.t()
        case .offline(let retry):
            return CalendarPhrases.watchOffline.t(["retry": retry])
        case .message(let message):
            return CalendarPhrases.watchMessage.t(["from": message.from, "text": Self.shortened(message.text)])
        case .moreMessages(let count):
            return CalendarPhrases.watchMoreMessages.t(["count": count])
        case .answered(let event):
            let verb: CalendarPhrases = event.answer == .declined ? .watchDeclined : .watchConfirmed
            let reason = event.answerNote.map { ": \(Self.shortened($0, to: 120))" } ?? ""
            return verb.t(["with": event.with, "what": Self.what(event, zone: zone)]) + reason
        case .requested(let event):
            let note = event.note.map { ": \(Self.shortened($0, to: 120))" } ?? ""
            return CalendarPhrases.watchAsksFor.t([
                "with": event.with, "start": when(event.start), "length": ReminderTime.length(event.duration),
            ]) + note
        case .requestAnswered(let event, let accepted):
            guard accepted else {
                let reason = event.note.map { ": \(Self.shortened($0, to: 120))" } ?? ""
                return CalendarPhrases.watchRequestDeclined.t(["with": event.with, "start": when(event.start)])
                    + reason
            }
            let gym = event.gym.map { " (\($0))" } ?? ""
            return CalendarPhrases.watchRequestAccepted.t(["with": event.with, "start": when(event.start)]) + gym
        case .scheduled(let event):
            let news: CalendarPhrases = event.recurrence == nil ? .watchNewAppointment : .watchNewSeries
            return news.t(["appointment": Self.appointment(event, zone: zone)])
        case .moved(let event, let from):
            return CalendarPhrases.watchMoved.t([
                "from": when(from), "appointment": Self.appointment(event, zone: zone),
            ])
        case .cancelled(let event):
            return CalendarPhrases.watchCancelled.t(["appointment": Self.appointment(event, zone: zone)])
        case .reminder(let event, let minutes):
            let sameDay = when(event.start).prefix(10) == when(at).prefix(10)
            let start = sameDay ? String(when(event.start).suffix(5)) : when(event.start)
            let lead =
                minutes == 0
                ? CalendarPhrases.watchNow.t() : CalendarPhrases.inSpan.t(["span": ReminderTime.length(minutes)])
            return CalendarPhrases.watchReminder.t(["lead": lead, "start": start, "with": event.with])
                + (event.training.map { " · \($0)" } ?? "") + (event.gym.map { " (\($0))" } ?? "")
        case .plannedReminder(let workout, let minutes, let namesClient):
            let lead =
                minutes == 0
                ? CalendarPhrases.watchNow.t() : CalendarPhrases.inSpan.t(["span": ReminderTime.length(minutes)])
            let day = workout.date == CalendarDate(at, in: zone) ? "" : "\(workout.date) "
            return CalendarPhrases.watchPlannedReminder.t([
                "lead": lead, "workout": day + Self.plannedWorkout(workout, clients: namesClient),
            ])
        case .recorded(let record):
            return Self.recorded(record, zone: zone)
        }
    }

    /// "Anna logged a session: 2026-12-03 18:00 · Legs, 1 h"; "new measurement of Anna (2026-12-03): weight 71 kg".
    package static func recorded(_ record: WatchRecord, zone: TimeZone) -> String {
        switch record.kind {
        case .session:
            let start = record.start.map { EventFormatting.local($0, zone: zone) } ?? ""
            let training = record.training.map { " · \($0)" } ?? ""
            let length = record.minutes.map { ", " + ReminderTime.length($0) } ?? ""
            return CalendarPhrases.watchSelfLogged.t(["client": record.client, "what": start + training + length])
        case .measurement:
            let figures = BodyMeasure.allCases.compactMap { measure in
                record.figures[measure].map { BodyText.figure(measure, $0) }
            }
            return CalendarPhrases.watchMeasured.t([
                "client": record.client, "day": record.day ?? "", "figures": figures.joined(separator: ", "),
            ])
        }
    }

    /// "watching as ada — next: 2026-12-03 18:00 training with Anna — 2 requests waiting — reminders 30 min before".
    static func summaryLine(_ summary: WatchSummary, zone: TimeZone) -> String {
        var parts = [CalendarPhrases.watchingAs.t(["username": summary.username])]
        parts.append(
            CalendarPhrases.watchNext.t([
                "appointment": summary.next.map { appointment($0, zone: zone) }
                    ?? CalendarPhrases.watchNothingScheduled.t()
            ]))
        func count(_ number: Int, _ phrase: CalendarPhrases) {
            if number > 0 { parts.append(phrase.t(["count": number])) }
        }
        if summary.role.keepsClients {
            count(summary.requests, .watchRequestsWaiting)
        } else {
            count(summary.unanswered, .watchToAnswer)
            count(summary.requests, .watchRequestsPending)
        }
        count(summary.unread, .watchUnread)
        if !summary.planned.isEmpty {
            let workouts = summary.planned.map { plannedWorkout($0, clients: summary.role.keepsClients) }
            parts.append(CalendarPhrases.watchPlannedToday.t(["workouts": workouts.joined(separator: "; ")]))
        }
        parts.append(CalendarPhrases.watchReminders.t(["when": ReminderTime.describe(summary.lead)]))
        return parts.joined(separator: " — ")
    }

    /// "18:00 Anna Serra · Legs (Strength, week 2)": a planned workout as the agenda names it, without its day.
    static func plannedWorkout(_ workout: PlannedWorkout, clients: Bool) -> String {
        let line = ProgramPhrases.plannedLine.t([
            "when": "", "client": clients ? "\(workout.clientName) · " : "", "training": workout.training,
            "program": workout.program, "week": workout.week,
        ]).trimmingCharacters(in: .whitespaces)
        return (workout.at.map { "\($0) " } ?? "") + line
    }

    /// "2026-12-03 18:00 training with Anna · Legs (Gym Nord)", with ", every week on tue, thu" for a series.
    static func appointment(_ event: WatchAppointment, zone: TimeZone) -> String {
        let gym = (event.training.map { " · \($0)" } ?? "") + (event.gym.map { " (\($0))" } ?? "")
        let repeats = event.recurrence.map { ", " + EventFormatting.describe($0) } ?? ""
        return CalendarPhrases.watchTrainingWith.t([
            "start": EventFormatting.local(event.start, zone: zone), "with": event.with,
        ]) + gym + repeats
    }

    /// What an answer is about: "2026-12-03 18:00 training", "the series every week from 2026-12-03 18:00".
    static func what(_ event: WatchAppointment, zone: TimeZone) -> String {
        let start = EventFormatting.local(event.start, zone: zone)
        guard let rule = event.recurrence else { return CalendarPhrases.watchTraining.t(["start": start]) }
        return CalendarPhrases.watchTheSeries.t(["repeats": EventFormatting.describe(rule), "start": start])
    }

    /// `text` on one line, cut to `limit` characters with an ellipsis.
    static func shortened(_ text: String, to limit: Int = 100) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > limit else { return flat }
        return flat.prefix(limit - 1).trimmingCharacters(in: .whitespaces) + "…"
    }
}
