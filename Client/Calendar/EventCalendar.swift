import Foundation
import GorillaShared

/// The appointments on a device's calendar, read from the cached event rows: single appointments as they are, and
/// each series expanded into its occurrences for the range asked, each with its exception (moved, cancelled,
/// answered) applied. Everything that shows or counts appointments reads them here, never the rows themselves.
///
/// An occurrence is given as a ``CachedEntity`` like a single appointment: its id is the id its exception has or will
/// have (``GorillaShared/Event/exceptionID(series:occurrence:)``), its document the series' merged with the exception's
/// fields, with `start` the occurrence's, `series` and `occurrence` (its original day) added and `recurrence` left out.
public struct EventCalendar: Sendable {
    /// Single appointments (and requests).
    let singles: [CachedEntity]
    /// Series rows, by id.
    let series: [UUID: CachedEntity]
    /// Exceptions by series and original day.
    let exceptions: [UUID: [CalendarDate: CachedEntity]]

    /// How far an exception may move an occurrence and still be found in a range (a move of more than this many days
    /// is found only through ``occurrence(series:day:)``).
    static let moveReach = 62

    /// The calendar in `cache`.
    public init(cache: LocalCache) throws {
        var singles: [CachedEntity] = []
        var series: [UUID: CachedEntity] = [:]
        var exceptions: [UUID: [CalendarDate: CachedEntity]] = [:]
        for row in try cache.entities(.event) where !row.deleted {
            if let parent = row[string: "series"].flatMap(UUID.init(uuidString:)) {
                if let day = row[string: "occurrence"].flatMap(CalendarDate.init) {
                    exceptions[parent, default: [:]][day] = row
                }
            } else if row.data["recurrence"].map({ !$0.isNull }) ?? false {
                series[row.id] = row
            } else {
                singles.append(row)
            }
        }
        self.singles = singles
        self.series = series
        self.exceptions = exceptions
    }

    /// The appointments starting in [`from`, `to`) (of one client, a client's key, when given), by start; a series
    /// that does not end is expanded up to `horizon` at most.
    public func appointments(
        from: Date = .distantPast, to: Date = .distantFuture, client: String? = nil, horizon: Date? = nil
    ) -> [CachedEntity] {
        var found = singles.filter { row in
            guard client == nil || row[string: "client"] == client,
                let start = row[string: "start"].flatMap(ISOTime.parse)
            else { return false }
            return start >= from && start < to
        }
        for row in series.values where client == nil || row[string: "client"] == client {
            let bounded = Self.schedule(row)?.2.isBounded ?? true
            found += occurrences(of: row, from: from, to: bounded ? to : min(to, horizon ?? to))
        }
        return found.sorted { ($0[string: "start"] ?? "", $0.id.key) < ($1[string: "start"] ?? "", $1.id.key) }
    }

    /// Every appointment from the first to `to` (an unbounded series stops there), by start.
    public func appointments(until to: Date, client: String? = nil) -> [CachedEntity] {
        appointments(from: .distantPast, to: to, client: client)
    }

    /// The rows of `client` (a key) that still hold appointments after `after`: single ones starting later, and series
    /// not cancelled whose last day is not yet past (each counted once).
    public func upcoming(of client: String, after: Date) -> [CachedEntity] {
        let singles = singles.filter {
            $0[string: "client"] == client && EventStatus(rawValue: $0[string: "status"] ?? "")?.isLive ?? true
                && ($0[string: "start"].flatMap(ISOTime.parse) ?? .distantPast) > after
        }
        let running = series.values.filter { row in
            guard row[string: "client"] == client, row[string: "status"] != EventStatus.cancelled.rawValue,
                let (start, zone, rule) = Self.schedule(row)
            else { return false }
            return rule.lastDay(of: start, zone: zone).map { $0 >= CalendarDate(after, in: zone) } ?? true
        }
        return singles + running
    }

    /// The occurrence of series `id` whose original day is `day`, or nil when the series has none that day.
    public func occurrence(series id: UUID, day: CalendarDate) -> CachedEntity? {
        guard let row = series[id], let (start, zone, rule) = Self.schedule(row),
            let at = rule.occurrence(on: day, of: start, zone: zone)
        else { return nil }
        return Self.occurrence(of: row, day: day, start: at, exception: exceptions[id]?[day])
    }

    /// The series row `id`.
    public func seriesRow(_ id: UUID) -> CachedEntity? { series[id] }

    /// Every series row.
    public var allSeries: [CachedEntity] { series.values.sorted { $0.id.key < $1.id.key } }

    /// The exceptions of series `id`, by original day.
    public func exceptions(of id: UUID) -> [CalendarDate: CachedEntity] { exceptions[id] ?? [:] }

    /// The occurrence whose id (an exception's id, made or not yet) is `id`, looked for within two years of today.
    public func occurrence(withID id: UUID, around now: Date = Date()) -> CachedEntity? {
        for row in series.values {
            if let (day, _) = exceptions[row.id]?.first(where: { $0.value.id == id }) {
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
    public func resolve(_ text: String) throws -> CachedEntity {
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
            if let row = singles.first(where: { $0.id == id }) ?? series[id] { return row }
            for (parent, days) in exceptions {
                if let (day, _) = days.first(where: { $0.value.id == id }),
                    let found = occurrence(series: parent, day: day)
                {
                    return found
                }
            }
            if let found = occurrence(withID: id) { return found }
        }
        return try resolveRow(trimmed)
    }

    /// The single appointment or series whose id, or short id, is `text`.
    private func resolveRow(_ text: String) throws -> CachedEntity {
        let rows = singles + series.values
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

    /// The occurrences of `row` (a series) whose start, after its exception, lies in [`from`, `to`).
    private func occurrences(of row: CachedEntity, from: Date, to: Date) -> [CachedEntity] {
        guard let (start, zone, rule) = Self.schedule(row) else { return [] }
        let reach = Double(Self.moveReach) * 86_400
        let own = exceptions[row.id] ?? [:]
        var found: [CachedEntity] = []
        var seen = Set<CalendarDate>()
        let wider = rule.occurrences(
            of: start, zone: zone, from: from == .distantPast ? from : from.addingTimeInterval(-reach),
            to: to == .distantFuture ? to : to.addingTimeInterval(reach))
        for (day, at) in wider {
            seen.insert(day)
            let occurrence = Self.occurrence(of: row, day: day, start: at, exception: own[day])
            if let begins = occurrence[string: "start"].flatMap(ISOTime.parse), begins >= from, begins < to {
                found.append(occurrence)
            }
        }
        // Occurrences moved from further away than the reach.
        for (day, exception) in own where !seen.contains(day) {
            guard let moved = exception[string: "start"].flatMap(ISOTime.parse), moved >= from, moved < to,
                let at = rule.occurrence(on: day, of: start, zone: zone)
            else { continue }
            found.append(Self.occurrence(of: row, day: day, start: at, exception: exception))
        }
        return found
    }

    /// A series' start, zone and rule; nil when its document holds no usable ones.
    static func schedule(_ row: CachedEntity) -> (Date, TimeZone, Recurrence)? {
        guard let start = row[string: "start"].flatMap(ISOTime.parse),
            let rule = try? row.data["recurrence"]?.decode(Recurrence.self)
        else { return nil }
        return (start, TimeZone(identifier: row[string: "zone"] ?? "UTC") ?? TimeZone(identifier: "UTC")!, rule)
    }

    /// The occurrence of `row` on `day` at `start`, with `exception`'s fields over the series'.
    static func occurrence(
        of row: CachedEntity, day: CalendarDate, start: Date, exception: CachedEntity?
    )
        -> CachedEntity
    {
        var data = row.data
        data["recurrence"] = nil
        data["start"] = .string(ISOTime.format(start))
        for (field, value) in exception?.data ?? [:] where !value.isNull { data[field] = value }
        // The series' own status holds for every occurrence unless it is cancelled as a whole.
        if row[string: "status"] == EventStatus.cancelled.rawValue { data["status"] = row.data["status"] }
        data["series"] = .string(row.id.key)
        data["occurrence"] = .string(day.description)
        return CachedEntity(
            id: Event.exceptionID(series: row.id, occurrence: day), kind: EntityKind.event.rawValue, data: data,
            version: max(row.version, exception?.version ?? 0), deleted: false)
    }
}

extension CachedEntity {
    /// For an occurrence of a series: the series' id and the occurrence's original day.
    public var seriesOccurrence: (series: UUID, day: CalendarDate)? {
        guard let series = self[string: "series"].flatMap(UUID.init(uuidString:)),
            let day = self[string: "occurrence"].flatMap(CalendarDate.init)
        else { return nil }
        return (series, day)
    }

    /// How lists name an appointment: the short id, with the occurrence's day for an occurrence ("1a2b3c4d@2026-12-03").
    public var appointmentReference: String {
        guard let (series, day) = seriesOccurrence else { return id.short }
        return "\(series.short)@\(day)"
    }
}
