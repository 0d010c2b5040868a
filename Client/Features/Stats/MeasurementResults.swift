import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `gorilla measurements add`, `edit` and `rm`: the measurement after the change (as it was, for a delete).
package struct MeasurementChange {
    /// What was done.
    package enum Action: Sendable {
        case added, updated, deleted
    }

    package let action: Action
    /// The measurement.
    package let id: UUID
    /// The client's display name.
    package let client: String
    /// The measurement with its BMI; nil when the server refused the change during the sync and it was rolled back.
    package let entry: BodyHistory.Entry?
    /// The client's goal weight in kg.
    package let goalWeight: Double?

    init(_ action: Action, id: UUID, client: String, entry: BodyHistory.Entry?, goalWeight: Double?) {
        self.action = action
        self.id = id
        self.client = client
        self.entry = entry
        self.goalWeight = goalWeight
    }

    /// The change to `id`, read back from the cache (with the BMI its client's history gives it) after the sync.
    init(_ action: Action, id: UUID, client: StatsSubject, cache: LocalCache, context: DeviceContext) throws {
        let history = try MeasurementService.history(cache, client: client.id, context: context)
        self.init(
            action, id: id, client: client.name, entry: history.entries.first { $0.id == id },
            goalWeight: history.goalWeight)
    }

    /// The measurement with its figures (marked deleted after `rm`), or its refusal.
    package var jsonForm: some Encodable {
        ChangedRow(
            entry.map { entry in
                var record = entry.record(goalWeight: goalWeight)
                if action == .deleted { record.extra.deleted = true }
                return record
            }, id: id)
    }
}

/// `gorilla measurements list`.
package struct MeasurementList {
    /// The client's display name.
    package let client: String
    /// Their measurements, oldest first, with BMI and goal weight.
    package let history: BodyHistory

    package var jsonForm: some Encodable { history.entries.map { $0.record(goalWeight: history.goalWeight) } }
}

extension BodyHistory.Entry {
    /// What `--json` adds to a measurement: for a weight `bmi`, `bmiCategory`, `bmiHeight`, `bmiHeightDate`, and
    /// `goalWeight` with `toGoal` (kg to gain, negative to lose) when the client has a goal; `deleted` once removed.
    struct Figures: Encodable, Sendable {
        var bmi: Double?
        var bmiCategory: String?
        var bmiHeight: Double?
        var bmiHeightDate: String?
        var goalWeight: Double?
        var toGoal: Double?
        var deleted: Bool?
    }

    /// The measurement as `--json` shows it: its document (`date` a calendar day, also for one stored as an instant)
    /// with its ``Figures``.
    func record(goalWeight: Double?) -> DocumentRecord<GorillaShared.Measurement, Figures> {
        var figures = Figures()
        if let bmi {
            figures.bmi = StatsCalculator.round(bmi.value)
            figures.bmiCategory = bmi.category
            figures.bmiHeight = bmi.height
            figures.bmiHeightDate = bmi.heightDate.description
        }
        if let weight = value(.weight), let goalWeight {
            figures.goalWeight = goalWeight
            figures.toGoal = StatsCalculator.round(goalWeight - weight)
        }
        return DocumentRecord(measurement, adding: figures)
    }
}
