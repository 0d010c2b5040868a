import Foundation
import GorillaShared

extension EntityKinds {
    /// A body measurement (the seed's control sessions) on a calendar day: weight in kg, body fat in %, lengths in cm.
    /// Coaches and the client add, change and delete them. Who recorded one (``RecordedBy``) is the server's to say: it
    /// is set from the principal on create, and a mutation that sends it is refused.
    ///
    /// Only the hard limits of each figure are checked here (``Measurement/Measure/range``): the plausible ranges are
    /// the CLI's, which lets a person force a real but unusual value.
    static let measurement = KindRules(
        .measurement,
        validate: { document, context in
            try FieldRules.only(Measurement.fieldNames, in: document)
            if context.creating { document[RecordedBy.field] = .string(context.principal.role.rawValue) }
            // The document names its client, whoever recorded it (a client records their own).
            if context.principal.role == .client { document["client"] = .string(context.principal.id.key) }
            guard let text = document["date"]?.stringValue else { throw ServerError(.missingFields, "date") }
            // A calendar day; an instant (as devices sent before) is stored as the day written in it.
            guard let day = CalendarDate(text) else { throw ServerError.invalid("date (YYYY-MM-DD)") }
            document["date"] = .string(day.description)
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
