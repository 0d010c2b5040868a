import Foundation
import GorillaShared

extension EntityKinds {
    /// A coach's client: invited (with a registration code) until they register, then active; removed when deleted.
    /// The row's id is the client account's id once they register.
    static let client = KindRules(
        .client,
        validate: { document, context in
            try FieldRules.only(Client.fieldNames, in: document)
            try FieldRules.optionalText("name", in: &document, max: Validation.maximumNameLength, multiline: false)
            try FieldRules.optionalText("surname", in: &document, max: Validation.maximumNameLength, multiline: false)
            try FieldRules.optionalText("nif", in: &document, max: Client.maxNIFLength, multiline: false)
            try FieldRules.optionalText("notes", in: &document)
            try FieldRules.number("goalWeight", in: &document, range: Measurement.Measure.weight.range)
            try FieldRules.number("perWeek", in: &document, range: Client.perWeekRange)
            try FieldRules.day("perWeekSince", in: &document)
            if document["status"] == nil { document["status"] = .string(ClientStatus.invited.rawValue) }
        },
        beforeDelete: { row, context in
            // The seed's "donar de baixa": the account can no longer log in or sync; history stays with the coach.
            try context.db.execute(
                sql: "UPDATE users SET disabled = 1 WHERE id = ? AND coach_id = ?",
                arguments: [row.id.key, context.tenantID.key])
            try ServerStore.revokeTokens(context.db, userID: row.id)
            try context.db.execute(
                sql: "UPDATE registration_codes SET expires_at = ? WHERE client_id = ? AND used_at IS NULL",
                arguments: [ISOTime.format(context.now), row.id.key])
            try cancelFutureEvents(of: row.id, context)
        }
    )

    /// Cancels the client's appointments that start after now, each with a new version so that devices pull it;
    /// past ones stay as they were (history). A series that has begun ends with its last day before today.
    private static func cancelFutureEvents(of client: UUID, _ context: MutationContext) throws {
        let dialect = context.db.dialect
        let events = try context.db.fetchAll(
            sql: """
                SELECT * FROM entities WHERE coach_id = ? AND kind = 'event' AND deleted = 0
                    AND \(dialect.jsonText("data", "client")) = ?
                    AND COALESCE(\(dialect.jsonText("data", "status")), '') != 'cancelled'
                    AND \(dialect.jsonText("data", "series")) IS NULL
                """, arguments: [context.tenantID.key, client.key]
        ).map(EntityRow.init(row:))
        for var event in events {
            guard let start = event.data["start"]?.stringValue.flatMap(ISOTime.parse) else { continue }
            let version = try ServerStore.nextVersion(context.db)
            if start > context.now {
                event.data["status"] = .string(EventStatus.cancelled.rawValue)
                event.fieldVersions["status"] = version
            } else if let value = event.data["recurrence"], var rule = try? value.decode(Recurrence.self) {
                let zone = TimeZone(identifier: event.data["zone"]?.stringValue ?? "UTC") ?? .gmt
                let first = CalendarDate(start, in: zone)
                let last = max(first, CalendarDate(context.now, in: zone).adding(days: -1))
                if let end = rule.lastDay(of: start, zone: zone), end <= last { continue }
                (rule.until, rule.count) = (last, nil)
                event.data["recurrence"] = try JSONValue.encode(rule)
                event.fieldVersions["recurrence"] = version
            } else {
                continue
            }
            event.version = version
            try event.save(context.db, kind: EntityKinds.event, createdBy: context.principal.id, now: context.now)
        }
    }

    /// A training appointment between the coach and one client, a series of them (`recurrence`), or an exception of a
    /// series (`series`, `occurrence`: one occurrence moved, cancelled or answered).
    ///
    /// The coach writes everything but the client's answer. A client writes only their answer (`answer`,
    /// `answerNote`) on their own appointments, as an update or as an exception of a series, and asks for appointments
    /// (a create with status `requested`); a client never moves one. The coach's status and the client's answer are
    /// separate fields, so neither overwrites the other: a cancelled appointment stays cancelled whatever the answer.
    static let event: KindRules = KindRules(
        .event, mergesCreates: true,
        validate: { document, context in
            try FieldRules.only(Event.fieldNames, in: document)
            let principal = context.principal
            if context.creating {
                if principal.role == .client {
                    if let named = document["client"], !named.isNull,
                        named.stringValue.flatMap(UUID.init(uuidString:)) != principal.id
                    {
                        throw ServerError(.forbidden, "clients answer and request their own appointments")
                    }
                    document["client"] = .string(principal.id.key)
                    if document["series"] == nil || document["series"]!.isNull {
                        // A request: a time, a length and a note; the coach accepts it or declines it.
                        if let status = document["status"]?.stringValue, status != EventStatus.requested.rawValue {
                            throw ServerError(.forbidden, "clients ask for appointments (status requested)")
                        }
                        if let field = ["recurrence", "answer", "answerNote", "training"].first(where: {
                            document[$0] != nil
                        }) {
                            throw ServerError(.forbidden, "a request cannot set \(field)")
                        }
                        document["status"] = .string(EventStatus.requested.rawValue)
                        // Asking is the client's yes: once accepted, the appointment is confirmed, not unanswered.
                        document["answer"] = .string(EventAnswer.confirmed.rawValue)
                    } else if let field = document.keys.sorted().first(where: {
                        !Event.clientAnswerFields.union(Event.exceptionFields).union(["client"]).contains($0)
                    }) {
                        throw ServerError(.forbidden, "clients only answer an occurrence, not set \(field)")
                    }
                } else {
                    // The answer fields are the client's (``GorillaShared/Access/table``).
                    if document["status"]?.stringValue == EventStatus.requested.rawValue {
                        throw ServerError.invalid("status requested (clients ask for appointments)")
                    }
                }
            }
            try FieldRules.oneOf("answer", EventAnswer.self, fallback: nil, in: &document)
            try FieldRules.optionalText("answerNote", in: &document, max: Event.maxAnswerNoteLength)
            try FieldRules.optionalText("gym", in: &document, max: Event.maxGymLength, multiline: false)
            try FieldRules.optionalText("note", in: &document)
            try training(in: &document, context: context)
            if let series = document["series"], !series.isNull {
                try exception(in: &document, context: context)
                return
            }
            guard let start = document["start"]?.stringValue else { throw ServerError(.missingFields, "start") }
            guard let date = ISOTime.parse(start) else { throw ServerError.invalid("start (ISO-8601 time)") }
            document["start"] = .string(ISOTime.format(date))
            let zone = try zone(in: &document) ?? TimeZone(identifier: "UTC")!
            if document["zone"] == nil { document["zone"] = "UTC" }
            if document["duration"] == nil || document["duration"]!.isNull {
                document["duration"] = .number(Double(Event.defaultDuration))
            }
            try FieldRules.number("duration", in: &document, range: Event.durationRange)
            try FieldRules.oneOf("status", EventStatus.self, fallback: .scheduled, in: &document)
            document["occurrence"] = nil
            if let value = document["recurrence"], !value.isNull {
                guard let rule = try? value.decode(Recurrence.self) else {
                    throw ServerError.invalid("recurrence (frequency, interval, days, until or count)")
                }
                if let problem = rule.problem(startingOn: CalendarDate(date, in: zone)) {
                    throw ServerError.invalid("recurrence: \(problem)")
                }
                document["recurrence"] = try JSONValue.encode(rule)
            } else {
                document["recurrence"] = nil
            }
        },
        beforeDelete: { row, context in
            // A series takes its exceptions with it.
            let exceptions = try context.db.fetchAll(
                sql: """
                    SELECT * FROM entities WHERE coach_id = ? AND kind = 'event' AND deleted = 0
                        AND \(context.db.dialect.jsonText("data", "series")) = ?
                    """, arguments: [context.tenantID.key, row.id.key]
            ).map(EntityRow.init(row:))
            for var exception in exceptions {
                exception.deleted = true
                exception.version = try ServerStore.nextVersion(context.db)
                try exception.save(
                    context.db, kind: EntityKinds.event, createdBy: context.principal.id, now: context.now)
            }
        }
    )

    /// The training an appointment is for: one of the coach's own. A new one must be live; one the appointment
    /// already names may since have been deleted (the appointment keeps naming it, as history does).
    private static func training(in document: inout [String: JSONValue], context: MutationContext) throws {
        guard let value = document["training"], !value.isNull else {
            document["training"] = nil
            return
        }
        guard let id = value.stringValue.flatMap(UUID.init(uuidString:)),
            let row = try context.reference(id, kind: .training), context.creating ? !row.deleted : true
        else {
            throw ServerError(.invalidReference, "training (no such training)")
        }
        document["training"] = .string(id.key)
    }

    /// An optional time zone name; returns the zone.
    private static func zone(in document: inout [String: JSONValue]) throws -> TimeZone? {
        guard let value = document["zone"], !value.isNull else {
            document["zone"] = nil
            return nil
        }
        guard let name = value.stringValue, let zone = TimeZone(identifier: name) else {
            throw ServerError.invalid("zone (a time zone name)")
        }
        return zone
    }

    /// An exception of a series: it names a live series of the same client and one of its occurrences, has the id
    /// every device derives for that occurrence, and holds only the fields it changes.
    ///
    /// What needs no row is checked first (the day's form, the derived id); the day is then checked against the
    /// series' rule arithmetically (``SeriesRule/falls(on:)``), never by expanding the series, so that however far
    /// the day lies the push's transaction holds its lock no longer. A push refuses most bad exceptions before its
    /// transaction (``ServerStore/refusedExceptions(_:principal:)``); this is the check that has the last word.
    private static func exception(in document: inout [String: JSONValue], context: MutationContext) throws {
        guard let text = document["series"]?.stringValue, let seriesID = UUID(uuidString: text) else {
            throw ServerError(.invalidReference, "series (no such event)")
        }
        guard let day = document["occurrence"]?.stringValue.flatMap(CalendarDate.init) else {
            throw ServerError.invalid("occurrence (a day the series falls on, YYYY-MM-DD)")
        }
        if context.creating, context.entityID != Event.exceptionID(series: seriesID, occurrence: day) {
            throw ServerError.invalid("id (an exception's id is derived from its series and day)")
        }
        guard let series = try EntityRow.fetch(context.db, id: seriesID), series.kind == EntityKind.event.rawValue,
            series.coachID == context.tenantID, !series.deleted
        else {
            throw ServerError(.invalidReference, "series (no such event)")
        }
        guard let rule = SeriesRule(series) else {
            throw ServerError(.invalidReference, "series (not a recurring event)")
        }
        guard let client = document["client"]?.stringValue ?? series.clientID?.key, client == series.clientID?.key
        else {
            throw ServerError(.invalidReference, "series (belongs to another client)")
        }
        document["client"] = .string(client)
        document["series"] = .string(seriesID.key)
        guard rule.falls(on: day) else {
            throw ServerError(.notAnOccurrence, "occurrence \(day)")
        }
        document["occurrence"] = .string(day.description)
        if document["recurrence"] != nil { throw ServerError.invalid("recurrence (an occurrence does not repeat)") }
        if let start = document["start"], !start.isNull {
            guard let date = start.stringValue.flatMap(ISOTime.parse) else {
                throw ServerError.invalid("start (ISO-8601 time)")
            }
            document["start"] = .string(ISOTime.format(date))
        }
        _ = try zone(in: &document)
        try FieldRules.number("duration", in: &document, range: Event.durationRange)
        try FieldRules.oneOf("status", EventStatus.self, fallback: nil, in: &document)
    }
}
