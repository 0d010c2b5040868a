import Foundation
import GorillaShared

// The calendar's appointments as untyped rows (``CachedEntity``), for the views outside the calendar that still read
// rows by their document's members; each is the typed reading converted, so both agree.

extension Stored {
    /// The row as an untyped cached row: the document the type writes.
    var untypedRow: CachedEntity {
        CachedEntity(id: id, kind: Document.kind.rawValue, data: value.document, version: version, deleted: deleted)
    }

    /// `rows` as untyped cached rows, their documents written in one encoding.
    static func untypedRows(_ rows: [Stored]) -> [CachedEntity] {
        let documents = (try? JSONValue.encode(rows.map(\.value)).arrayValue) ?? []
        guard documents.count == rows.count else { return rows.map(\.untypedRow) }
        return zip(rows, documents).map { row, document in
            CachedEntity(
                id: row.id, kind: Document.kind.rawValue, data: document.objectValue ?? [:], version: row.version,
                deleted: row.deleted)
        }
    }
}

extension EventCalendar {
    /// Single appointments (and requests), as rows.
    var singles: [CachedEntity] { Stored.untypedRows(singleRows) }

    /// Series, by id, as rows.
    var series: [UUID: CachedEntity] {
        Dictionary(uniqueKeysWithValues: Stored.untypedRows(Array(seriesRows.values)).map { ($0.id, $0) })
    }

    /// ``events(from:to:client:horizon:)`` as rows, `client` given by its key.
    public func appointments(
        from: Date = .distantPast, to: Date = .distantFuture, client: String? = nil, horizon: Date? = nil
    ) -> [CachedEntity] {
        let id = client.flatMap { UUID(text: $0) }
        if client != nil, id == nil { return [] }
        return Stored.untypedRows(events(from: from, to: to, client: id, horizon: horizon))
    }

    /// ``events(until:client:)`` as rows, `client` given by its key.
    public func appointments(until to: Date, client: String? = nil) -> [CachedEntity] {
        appointments(from: .distantPast, to: to, client: client)
    }

    /// ``event(withID:around:)`` as a row.
    public func occurrence(withID id: UUID, around now: Date = Date()) -> CachedEntity? {
        event(withID: id, around: now)?.untypedRow
    }

    /// ``ahead(of:after:in:)-(UUID,_,_)`` as rows, `client` given by its key.
    static func ahead(of client: String, after: Date, in cache: LocalCache) throws -> [CachedEntity] {
        guard let id = UUID(text: client) else { return [] }
        return Stored.untypedRows(try ahead(of: id, after: after, in: cache))
    }
}

extension CachedEntity {
    /// The row read as `Document` from the members that type holds alone: cheap when it is a small view of a large
    /// row (the two members of a session the calendar reads). Nil when they do not read as it.
    func partial<Document: EntityDocument>(_ type: Document.Type) -> Document? {
        let names = Document.fieldNames
        return try? Document(document: data.filter { names.contains($0.key) })
    }

    /// `rows` read as `Document` from the members that type holds, all in one decoding (a row that does not read as
    /// it is nil): what ``partial(_:)`` does for one, at a fraction of the cost per row.
    static func partial<Document: EntityDocument>(_ type: Document.Type, _ rows: [CachedEntity]) -> [Document?] {
        let names = Document.fieldNames
        let members = JSONValue.array(rows.map { row in .object(row.data.filter { names.contains($0.key) }) })
        return ((try? members.decode([Lossy<Document>].self)) ?? []).map(\.value)
    }

    /// The row read as an event whose members may be absent.
    private var eventPatch: EventPatch? { partial(EventPatch.self) }

    /// For an occurrence of a series: the series' id and the occurrence's original day.
    public var seriesOccurrence: (series: UUID, day: CalendarDate)? { eventPatch?.exceptionOf }

    /// How lists name an appointment: the short id, with the occurrence's day for an occurrence ("1a2b3c4d@2026-12-03").
    public var appointmentReference: String {
        guard let (series, day) = seriesOccurrence else { return id.short }
        return "\(series.short)@\(day)"
    }

    /// This appointment's state at `now` without knowing the sessions (an appointment just changed).
    public func appointmentState(fulfilled: Set<String> = [], now: Date = Date()) -> AppointmentState {
        AppointmentFacts.state(of: eventPatch, fulfilled: fulfilled.contains(id.key), now: now)
    }
}

/// A value that is nil where the JSON does not read as it, so that one such row does not spoil a list.
private struct Lossy<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
