import Foundation
import GorillaShared

extension EntityKinds {
    /// A body measurement (the seed's control sessions): weight in kg, lengths in cm. Coaches and the client add them.
    static let measurement = EntityKind(
        name: "measurement", scope: .client, writers: [.coach, .client],
        validate: { document, context in
            try FieldRules.only(["client", "date", "weight", "height", "waist", "chest", "arm", "thigh", "note"], in: document)
            // The document names its client, whoever recorded it (a client records their own).
            if context.principal.role == .client { document["client"] = .string(context.principal.id.key) }
            guard let text = document["date"]?.stringValue else { throw StoreError(.missingFields, "date") }
            guard let date = ISOTime.parse(text) else { throw StoreError.invalid("date (ISO-8601 time)") }
            document["date"] = .string(ISOTime.format(date))
            try FieldRules.number("weight", in: &document, range: 1...500)
            try FieldRules.number("height", in: &document, range: 30...300)
            for field in ["waist", "chest", "arm", "thigh"] {
                try FieldRules.number(field, in: &document, range: 1...300)
            }
            try FieldRules.optionalText("note", in: &document, max: 500)
            if ["weight", "height", "waist", "chest", "arm", "thigh"].allSatisfy({ document[$0] == nil }) {
                throw StoreError(.missingFields, "at least one of weight, height, waist, chest, arm, thigh")
            }
        }
    )
}
