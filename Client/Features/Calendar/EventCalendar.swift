import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The appointments on a device's calendar, read from the cached event rows as their type (``GorillaShared/Event``):
/// single appointments as they are, and each series expanded into its occurrences for the range asked, each with its
/// exception (moved, cancelled, answered: an ``EventPatch``) applied. Everything that shows or counts appointments
/// reads them here, never the rows themselves.
///
/// An occurrence is given as a `Stored<Event>` like a single appointment: its id is the id its exception has or will
/// have (``GorillaShared/Event/exceptionID(series:occurrence:)``), its value the series' with the exception's members
/// over it, with `start` the occurrence's, `series` and `occurrence` (its original day) set and `recurrence` nil.
package struct EventCalendar: Sendable {
    /// Single appointments (and requests).
    let singleRows: [Stored<Event>]
    /// Series rows, by id.
    let seriesRows: [UUID: Stored<Event>]
    /// Exceptions by series and original day.
    let exceptionRows: [UUID: [CalendarDate: Stored<EventPatch>]]

    /// The calendar in `cache`: each event row read once. A row that names no client or no start (and is no
    /// exception) is left out, as the typed reads leave out what the type cannot hold.
    package init(cache: LocalCache) throws {
        var singles: [Stored<Event>] = []
        var series: [UUID: Stored<Event>] = [:]
        var exceptions: [UUID: [CalendarDate: Stored<EventPatch>]] = [:]
        for row in try cache.all(EventPatch.self) {
            if let parent = row.series {
                if let day = row.occurrence { exceptions[parent, default: [:]][day] = row }
                continue
            }
            guard let event = Event(row.value) else { continue }
            let stored = Stored(id: row.id, value: event, version: row.version)
            if event.recurrence != nil {
                series[row.id] = stored
            } else {
                singles.append(stored)
            }
        }
        singleRows = singles
        seriesRows = series
        exceptionRows = exceptions
    }

    /// The appointments starting in [`from`, `to`) (of one client, when given), by start; a series that does not end
    /// is expanded up to `horizon` at most.
    package func events(
        from: Date = .distantPast, to: Date = .distantFuture, client: UUID? = nil, horizon: Date? = nil
    ) -> [Stored<Event>] {
        var found = singleRows.filter { row in
            (client == nil || row.client == client) && row.start >= from && row.start < to
        }
        for row in seriesRows.values where client == nil || row.client == client {
            let bounded = row.recurrence?.isBounded ?? true
            found += occurrences(of: row, from: from, to: bounded ? to : min(to, horizon ?? to))
        }
        return found.sorted { ($0.start, $0.id.key) < ($1.start, $1.id.key) }
    }

    /// Every appointment from the first to `to` (an unbounded series stops there), by start.
    package func events(until to: Date, client: UUID? = nil) -> [Stored<Event>] {
        events(from: .distantPast, to: to, client: client)
    }

    /// The rows of `client` that still hold appointments after `after`: single ones starting later, and series not
    /// cancelled whose last day is not yet past (each counted once).
    package func upcoming(of client: UUID, after: Date) -> [Stored<Event>] {
        let singles = singleRows.filter { $0.client == client && $0.status.isLive && $0.start > after }
        let running = seriesRows.values.filter { row in
            guard row.client == client, row.status != .cancelled, let (start, zone, rule) = Self.schedule(row)
            else { return false }
            return rule.lastDay(of: start, zone: zone).map { $0 >= CalendarDate(after, in: zone) } ?? true
        }
        return singles + running
    }

    /// The occurrence of series `id` whose original day is `day`, or nil when the series has none that day.
    package func occurrence(series id: UUID, day: CalendarDate) -> Stored<Event>? {
        guard let row = seriesRows[id], let (start, zone, rule) = Self.schedule(row),
            let at = rule.occurrence(on: day, of: start, zone: zone)
        else { return nil }
        return Self.occurrence(of: row, day: day, start: at, exception: exceptionRows[id]?[day])
    }

    /// The series row `id`.
    package func seriesRow(_ id: UUID) -> Stored<Event>? { seriesRows[id] }

    /// The exceptions of series `id`, by original day.
    package func exceptions(of id: UUID) -> [CalendarDate: Stored<EventPatch>] { exceptionRows[id] ?? [:] }

    /// The occurrence whose id (an exception's id, made or not yet) is `id`, looked for within two years of today.
    package func event(withID id: UUID, around now: Date = Date()) -> Stored<Event>? {
        for row in seriesRows.values {
            if let (day, _) = exceptionRows[row.id]?.first(where: { $0.value.id == id }) {
                return occurrence(series: row.id, day: day)
            }
            guard let (start, zone, rule) = Self.schedule(row) else { continue }
            for (day, _) in rule.occurrences(
                of: start, zone: zone, from: now.addingTimeInterval(-2 * 366 * 86_400),
                to: now.addingTimeInterval(2 * 366 * 86_400))
            where Event.exceptionID(series: row.id, occurrence: day) == id {
                return occurrence(series: row.id, day: day)
            }
        }
        return nil
    }

    /// The appointment `text` names: an id or short id of a single appointment or a series, the id of an occurrence,
    /// or `ID@YYYY-MM-DD` (a series' occurrence on that day, as lists show it).
    /// - Throws: ``ClientError`` `.notFound`, `.ambiguous` or `.usage`.
    package func resolve(_ text: String) throws -> Stored<Event> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let at = trimmed.lastIndex(of: "@") {
            let row = try resolveRow(String(trimmed[..<at]))
            let dayText = String(trimmed[trimmed.index(after: at)...])
            guard Self.schedule(row) != nil else {
                throw ClientError(.usage, CalendarPhrases.singleNotSeries.t(["id": row.id.short]))
            }
            guard let day = CalendarDate(dayText) else {
                throw ClientError(.usage, CalendarPhrases.occurrenceDayInvalid.t(["text": dayText]))
            }
            guard let occurrence = occurrence(series: row.id, day: day) else {
                throw ClientError(
                    .notFound, CalendarPhrases.noOccurrenceOn.t(["id": row.id.short, "day": day.description])
                ).decidedLocally()
            }
            return occurrence
        }
        if let id = UUID(uuidString: trimmed) {
            if let row = singleRows.first(where: { $0.id == id }) ?? seriesRows[id] { return row }
            for (parent, days) in exceptionRows {
                if let (day, _) = days.first(where: { $0.value.id == id }),
                    let found = occurrence(series: parent, day: day)
                {
                    return found
                }
            }
            if let found = event(withID: id) { return found }
        }
        return try resolveRow(trimmed)
    }

    /// The single appointment or series whose id, or short id, is `text`.
    private func resolveRow(_ text: String) throws -> Stored<Event> {
        let rows = singleRows + seriesRows.values
        let hex = text.lowercased().replacingOccurrences(of: "-", with: "")
        if hex.count >= 4, hex.allSatisfy(\.isHexDigit) {
            let found = rows.filter {
                let id = $0.id.key.replacingOccurrences(of: "-", with: "")
                return id.hasPrefix(hex) || id.hasSuffix(hex) || $0.id.short.hasPrefix(hex)
            }
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                throw ClientError(
                    .ambiguous,
                    CalendarPhrases.severalEventsMatch.t([
                        "text": text, "ids": found.prefix(12).map(\.id.short).sorted().joined(separator: ", "),
                    ]))
            }
        }
        throw NameResolver.notFound("event", text, names: rows.map(\.id.short))
    }

    // MARK: Expansion

    /// The occurrences of `row` (a series) whose start, after its exception, lies in [`from`, `to`)
    /// (``GorillaShared/Event/occurrences(id:exceptions:from:to:)``).
    private func occurrences(of row: Stored<Event>, from: Date, to: Date) -> [Stored<Event>] {
        let own = exceptionRows[row.id] ?? [:]
        return row.value.occurrences(id: row.id, exceptions: own.mapValues(\.value), from: from, to: to).map {
            Stored(
                id: Event.exceptionID(series: row.id, occurrence: $0.day), value: $0.event,
                version: max(row.version, own[$0.day]?.version ?? 0))
        }
    }

    /// A series' start, zone and rule; nil for a row that does not repeat.
    static func schedule(_ row: Stored<Event>) -> (Date, TimeZone, Recurrence)? {
        guard let rule = row.recurrence else { return nil }
        return (row.start, TimeZone(identifier: row.zone) ?? TimeZone(identifier: "UTC")!, rule)
    }

    /// The occurrence of `row` on `day` at `start`, with `exception`'s members over the series'.
    static func occurrence(
        of row: Stored<Event>, day: CalendarDate, start: Date, exception: Stored<EventPatch>?
    ) -> Stored<Event> {
        Stored(
            id: Event.exceptionID(series: row.id, occurrence: day),
            value: row.value.occurrence(id: row.id, day: day, start: start, exception: exception?.value),
            version: max(row.version, exception?.version ?? 0))
    }
}

extension Stored where Document == Event {
    /// For an occurrence of a series: the series' id and the occurrence's original day.
    package var seriesOccurrence: (series: UUID, day: CalendarDate)? {
        guard let series = value.series, let day = value.occurrence else { return nil }
        return (series, day)
    }

    /// How lists name an appointment: the short id, with the occurrence's day for an occurrence ("1a2b3c4d@2026-12-03").
    package var appointmentReference: String {
        guard let (series, day) = seriesOccurrence else { return id.short }
        return "\(series.short)@\(day)"
    }
}
