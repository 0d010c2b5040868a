import Foundation
import GorillaShared

extension EntityKinds {
    /// A body measurement (the seed's control sessions): weight in kg, lengths in cm. Coaches and the client add them.
    static let measurement = KindRules(
        .measurement, writers: [.coach, .client],
        validate: { document, context in
            try FieldRules.only(Measurement.fieldNames, in: document)
            // The document names its client, whoever recorded it (a client records their own).
            if context.principal.role == .client { document["client"] = .string(context.principal.id.key) }
            guard let text = document["date"]?.stringValue else { throw ServerError(.missingFields, "date") }
            guard let date = ISOTime.parse(text) else { throw ServerError.invalid("date (ISO-8601 time)") }
            document["date"] = .string(ISOTime.format(date))
            for measure in Measurement.Measure.allCases {
                try FieldRules.number(measure.rawValue, in: &document, range: measure.range)
            }
            try FieldRules.optionalText("note", in: &document, max: Measurement.maxNoteLength)
            let measures = Measurement.Measure.allCases.map(\.rawValue)
            if measures.allSatisfy({ document[$0] == nil }) {
                throw ServerError(.missingFields, "at least one of \(measures.joined(separator: ", "))")
            }
        }
    )
}
