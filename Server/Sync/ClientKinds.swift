import Foundation
import GRDB
import GorillaShared

extension EntityKinds {
    /// Fields of a `client` row that only the server writes.
    static let serverManagedClientFields: Set<String> = ["status", "username", "email", "joined", "codeExpires", "coachName"]

    /// A coach's client: invited (with a registration code) until they register, then active; removed when deleted.
    /// The row's id is the client account's id once they register.
    static let client = EntityKind(
        name: "client", scope: .client, writers: [.coach],
        validate: { document, context in
            try FieldRules.only(Set(["name", "surname", "notes", "nif", "codeExpires"]).union(serverManagedClientFields), in: document)
            try FieldRules.optionalText("name", in: &document, max: 100, multiline: false)
            try FieldRules.optionalText("surname", in: &document, max: 100, multiline: false)
            try FieldRules.optionalText("nif", in: &document, max: 20, multiline: false)
            try FieldRules.optionalText("notes", in: &document)
            if document["status"] == nil { document["status"] = "invited" }
        },
        beforeDelete: { row, context in
            // The seed's "donar de baixa": the account can no longer log in or sync; history stays with the coach.
            try context.db.execute(sql: "UPDATE users SET disabled = 1 WHERE id = ? AND coach_id = ?",
                                   arguments: [row.id.key, context.tenantID.key])
            try ServerStore.revokeTokens(context.db, userID: row.id)
            try context.db.execute(sql: "UPDATE registration_codes SET expires_at = ? WHERE client_id = ? AND used_at IS NULL",
                                   arguments: [ISOTime.format(context.now), row.id.key])
        }
    )

    /// A scheduled training appointment between the coach and one client.
    static let event = EntityKind(
        name: "event", scope: .client, writers: [.coach],
        validate: { document, context in
            try FieldRules.only(["client", "start", "zone", "duration", "gym", "note", "status"], in: document)
            guard let start = document["start"]?.stringValue else { throw StoreError(.missingFields, "start") }
            guard let date = ISOTime.parse(start) else { throw StoreError.invalid("start (ISO-8601 time)") }
            document["start"] = .string(ISOTime.format(date))
            if let zone = document["zone"], !zone.isNull {
                guard let name = zone.stringValue, TimeZone(identifier: name) != nil else { throw StoreError.invalid("zone (a time zone name)") }
            } else {
                document["zone"] = "UTC"
            }
            if document["duration"] == nil || document["duration"]!.isNull { document["duration"] = 60 }
            try FieldRules.number("duration", in: &document, range: 1...1440)
            try FieldRules.optionalText("gym", in: &document, max: 100, multiline: false)
            try FieldRules.optionalText("note", in: &document)
            try FieldRules.oneOf("status", ["scheduled", "cancelled", "done"], fallback: "scheduled", in: &document)
        }
    )
}
