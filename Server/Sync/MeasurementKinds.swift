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
        Measurement.self,
        check: { measurement, context in
            measurement = try measurement.normalised()
            if context.creating { measurement.recordedBy = context.principal.role }
            // The document names its client, whoever recorded it (a client records their own).
            if let owner = context.owner { measurement.client = owner }
        }
    )
}
