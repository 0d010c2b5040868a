import Foundation
import GorillaShared

extension EntityKinds {
    /// A coach's client: invited (with a registration code) until they register, then active; removed when deleted.
    /// The row's id is the client account's id once they register.
    static let client = KindRules(
        Client.self,
        check: { client, _ in client = try client.normalised() },
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
        for var row in events {
            guard let event = try? Event(document: row.data) else { continue }
            var changed = event
            if event.start > context.now {
                changed.status = .cancelled
            } else if var rule = event.recurrence {
                let zone = TimeZone(identifier: event.zone) ?? .gmt
                let first = CalendarDate(event.start, in: zone)
                let last = max(first, CalendarDate(context.now, in: zone).adding(days: -1))
                if let end = rule.lastDay(of: event.start, zone: zone), end <= last { continue }
                (rule.until, rule.count) = (last, nil)
                changed.recurrence = rule
            } else {
                continue
            }
            var document = row.data
            // Only the members that changed are written, as the row holds them.
            for (name, value) in changed.storedDocument where event.storedDocument[name] != value {
                document[name] = value
            }
            row.replaceDocument(with: document, version: try ServerStore.nextVersion(context.db))
            try row.save(context.db, kind: .event, createdBy: context.principal.id, now: context.now)
            context.references.forget(row.id)  // a later mutation of the push reads it again
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
        .event, mergesCreates: EntityKind.event.mergesCreates,
        validate: { document, context in
            var event = try Event.Exception(checking: document)
            if context.creating {
                try creating(&event, by: context.principal)
                // A colleague the client is shared with schedules under the client's coach, and says who she is.
                event.recorder = context.rowTenant == nil ? nil : context.principal.username
            }
            try training(event.training, context: context)
            try gym(&event, context: context)
            if event.series != nil {
                event = try event.normalised()
                try exception(&event, context: context)
                document = event.storedDocument
            } else {
                document = try Event(checking: event.storedDocument).normalised().storedDocument
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
                    context.db, kind: .event, createdBy: context.principal.id, now: context.now)
                context.references.forget(exception.id)  // a later mutation of the push reads it again
            }
        }
    )

    /// What a new appointment may hold by who creates it. A client answers and asks for their own appointments: a
    /// request (no series) holds a time, a length and a note, and is the client's yes once accepted; on an occurrence
    /// a client sets only their answer. The status `requested` is the clients' (the answer fields are theirs too, see
    /// ``GorillaShared/Access/table``).
    private static func creating(_ event: inout Event.Exception, by principal: UserRecord) throws {
        guard principal.role == .client else {
            if event.status == .requested {
                throw ServerError.invalid("status requested (clients ask for appointments)")
            }
            return
        }
        if let named = event.client, named != principal.id {
            throw ServerError(.forbidden, "clients answer and request their own appointments")
        }
        event.client = principal.id
        if event.series == nil {
            if let status = event.status, status != .requested {
                throw ServerError(.forbidden, "clients ask for appointments (status requested)")
            }
            let fixed: [Event.CodingKeys] = [.answer, .answerNote, .recurrence, .training, .gymID]
            if let field = event.members.first(where: fixed.contains) {
                throw ServerError(.forbidden, "a request cannot set \(field.rawValue)")
            }
            event.status = .requested
            event.answer = .confirmed
        } else {
            let allowed: [Event.CodingKeys] = [.answer, .answerNote, .series, .occurrence, .client]
            if let field = event.members.first(where: { !allowed.contains($0) }) {
                throw ServerError(.forbidden, "clients only answer an occurrence, not set \(field.rawValue)")
            }
        }
    }

    /// The training an appointment is for: one of the coach's own. A new one must be live; one the appointment
    /// already names may since have been deleted (the appointment keeps naming it, as history does).
    private static func training(_ id: UUID?, context: MutationContext) throws {
        guard let id else { return }
        guard let row = try context.reference(id, kind: .training), context.creating ? !row.deleted : true else {
            throw ServerError(.invalidReference, "training (no such training)")
        }
    }

    /// An exception of a series: it names a live series of the same client and one of its occurrences, has the id
    /// every device derives for that occurrence, and holds only the fields it changes.
    ///
    /// What needs no row is checked first (the day's form, the derived id); the day is then checked against the
    /// series' rule arithmetically (``SeriesRule/falls(on:)``), never by expanding the series, so that however far
    /// the day lies the push's transaction holds its lock no longer. A push refuses most bad exceptions before its
    /// transaction (``ServerStore/refusedExceptions(_:principal:)``); this is the check that has the last word.
    private static func exception(_ event: inout Event.Exception, context: MutationContext) throws {
        guard let seriesID = event.series, let day = event.occurrence else { return }
        if context.creating, context.entityID != Event.exceptionID(series: seriesID, occurrence: day) {
            throw ServerError.invalid("id (an exception's id is derived from its series and day)")
        }
        guard let series = try EntityRow.fetch(context.db, id: seriesID), series.kind == EntityKind.event.rawValue,
            series.coachID == context.tenantID, !series.deleted
        else {
            throw ServerError(.invalidReference, "series (no such event)")
        }
        // An exception changes an occurrence of its series: whoever writes one may change the series, as the access
        // table says (a colleague a client is shared with moves or cancels only the series she scheduled).
        guard context.principal.may(.update, series) else { throw ServerError.forbidden }
        guard let rule = SeriesRule(series) else {
            throw ServerError(.invalidReference, "series (not a recurring event)")
        }
        guard let client = event.client ?? series.clientID, client == series.clientID else {
            throw ServerError(.invalidReference, "series (belongs to another client)")
        }
        event.client = client
        guard rule.falls(on: day) else {
            throw ServerError(.notAnOccurrence, "occurrence \(day)")
        }
    }
}
