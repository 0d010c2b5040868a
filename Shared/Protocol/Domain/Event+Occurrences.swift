import Foundation

// How a series becomes its occurrences, with each occurrence's exception over it: the one rule the device's calendar
// and the server's gym calendar both expand appointments by.

extension Event {
    /// How far an exception may move an occurrence and still be found in a range (a move of more than this many days
    /// is found only by its original day).
    package static let moveReach = 62

    /// Takes every member `patch` holds (an exception's changes over its series); its `recurrence`, `series` and
    /// `occurrence` are not an occurrence's to change, and are left.
    package mutating func apply(_ patch: Exception) {
        if let client = patch.client { self.client = client }
        if let start = patch.start { self.start = start }
        if let zone = patch.zone { self.zone = zone }
        if let duration = patch.duration { self.duration = duration }
        if let gym = patch.gym { self.gym = gym }
        if let gymID = patch.gymID { self.gymID = gymID }
        if let note = patch.note { self.note = note }
        if let status = patch.status { self.status = status }
        if let answer = patch.answer { self.answer = answer }
        if let answerNote = patch.answerNote { self.answerNote = answerNote }
        if let training = patch.training { self.training = training }
    }

    /// The zone a series keeps its wall-clock time in (UTC when it names an unknown one).
    package var timeZone: TimeZone { TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")! }

    /// The occurrence of this series (whose id is `id`) on `day` at `start`, with `exception`'s members over the
    /// series': `recurrence` nil, `series` and `occurrence` (its original day) set. The series' own status holds for
    /// every occurrence when it is cancelled as a whole.
    package func occurrence(id: UUID, day: CalendarDate, start: Date, exception: Exception?) -> Event {
        var event = self
        event.recurrence = nil
        event.start = start
        if let exception { event.apply(exception) }
        if status == .cancelled { event.status = .cancelled }
        event.series = id
        event.occurrence = day
        return event
    }

    /// The occurrences of this series (whose id is `id`, with its `exceptions` by original day) whose start, after its
    /// exception, lies in [`from`, `to`), each with its original day; none for an appointment that does not repeat.
    package func occurrences(
        id: UUID, exceptions: [CalendarDate: Exception], from: Date, to: Date
    ) -> [(day: CalendarDate, event: Event)] {
        guard let rule = recurrence else { return [] }
        let zone = timeZone
        let reach = Double(Self.moveReach) * 86_400
        var found: [(day: CalendarDate, event: Event)] = []
        var seen = Set<CalendarDate>()
        let wider = rule.occurrences(
            of: start, zone: zone, from: from == .distantPast ? from : from.addingTimeInterval(-reach),
            to: to == .distantFuture ? to : to.addingTimeInterval(reach))
        for (day, at) in wider {
            seen.insert(day)
            let occurrence = occurrence(id: id, day: day, start: at, exception: exceptions[day])
            if occurrence.start >= from, occurrence.start < to { found.append((day, occurrence)) }
        }
        // Occurrences moved from further away than the reach.
        for (day, exception) in exceptions where !seen.contains(day) {
            guard let moved = exception.start, moved >= from, moved < to,
                let at = rule.occurrence(on: day, of: start, zone: zone)
            else { continue }
            found.append((day, occurrence(id: id, day: day, start: at, exception: exception)))
        }
        return found
    }
}
