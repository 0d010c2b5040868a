import Foundation
import GRDB
import GorillaShared

extension EntityKinds {
    /// A coach's client: invited (with a registration code) until they register, then active; removed when deleted.
    /// The row's id is the client account's id once they register.
    static let client = KindRules(
        .client, writers: [.coach], serverManagedFields: Client.serverManagedFields,
        validate: { document, context in
            try FieldRules.only(Client.fieldNames, in: document)
            try FieldRules.optionalText("name", in: &document, max: Validation.maximumNameLength, multiline: false)
            try FieldRules.optionalText("surname", in: &document, max: Validation.maximumNameLength, multiline: false)
            try FieldRules.optionalText("nif", in: &document, max: Client.maxNIFLength, multiline: false)
            try FieldRules.optionalText("notes", in: &document)
            try FieldRules.number("goalWeight", in: &document, range: Measurement.Measure.weight.range)
            try FieldRules.number("perWeek", in: &document, range: Client.perWeekRange)
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
    /// past ones stay as they were (history).
    private static func cancelFutureEvents(of client: UUID, _ context: MutationContext) throws {
        let events = try Row.fetchAll(
            context.db,
            sql: """
                SELECT * FROM entities WHERE coach_id = ? AND kind = 'event' AND deleted = 0
                    AND json_extract(data, '$.client') = ? AND json_extract(data, '$.status') IS NOT 'cancelled'
                """, arguments: [context.tenantID.key, client.key]
        ).map(EntityRow.init(row:))
        for var event in events {
            guard let start = event.data["start"]?.stringValue.flatMap(ISOTime.parse), start > context.now else {
                continue
            }
            let version = try ServerStore.nextVersion(context.db)
            event.data["status"] = .string(EventStatus.cancelled.rawValue)
            event.fieldVersions["status"] = version
            event.version = version
            try event.save(context.db, kind: EntityKinds.event, createdBy: context.principal.id, now: context.now)
        }
    }

    /// A scheduled training appointment between the coach and one client.
    static let event = KindRules(
        .event, writers: [.coach],
        validate: { document, context in
            try FieldRules.only(Event.fieldNames, in: document)
            guard let start = document["start"]?.stringValue else { throw ServerError(.missingFields, "start") }
            guard let date = ISOTime.parse(start) else { throw ServerError.invalid("start (ISO-8601 time)") }
            document["start"] = .string(ISOTime.format(date))
            if let zone = document["zone"], !zone.isNull {
                guard let name = zone.stringValue, TimeZone(identifier: name) != nil else {
                    throw ServerError.invalid("zone (a time zone name)")
                }
            } else {
                document["zone"] = "UTC"
            }
            if document["duration"] == nil || document["duration"]!.isNull {
                document["duration"] = .number(Double(Event.defaultDuration))
            }
            try FieldRules.number("duration", in: &document, range: Event.durationRange)
            try FieldRules.optionalText("gym", in: &document, max: Event.maxGymLength, multiline: false)
            try FieldRules.optionalText("note", in: &document)
            try FieldRules.oneOf("status", EventStatus.self, fallback: .scheduled, in: &document)
        }
    )
}
