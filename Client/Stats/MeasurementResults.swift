import Foundation
import GorillaShared

/// `gorilla measurements add`, `edit` and `rm`: the measurement after the change (as it was, for a delete).
public struct MeasurementChange: Presentable {
    /// What was done.
    public enum Action: Sendable {
        case added, updated, deleted
    }

    public let action: Action
    /// The measurement.
    public let id: UUID
    /// The client's display name.
    public let client: String
    /// The measurement with its BMI; nil when the server refused the change during the sync and it was rolled back.
    public let entry: BodyHistory.Entry?
    /// The client's goal weight in kg.
    public let goalWeight: Double?

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
            action, id: id, client: client.name, entry: history.entries.first { $0.entity.id == id },
            goalWeight: history.goalWeight)
    }

    public func encode(to encoder: any Encoder) throws {
        guard let entry else {
            try JSONValue.object(["id": .string(id.key), "rejected": true]).encode(to: encoder)
            return
        }
        var record = entry.record(goalWeight: goalWeight)
        if action == .deleted { record.fields["deleted"] = true }
        try record.encode(to: encoder)
    }
}

/// `gorilla measurements list`.
public struct MeasurementList: Presentable {
    /// The client's display name.
    public let client: String
    /// Their measurements, oldest first, with BMI and goal weight.
    public let history: BodyHistory

    public func encode(to encoder: any Encoder) throws {
        try history.entries.map { $0.record(goalWeight: history.goalWeight) }.encode(to: encoder)
    }
}

extension BodyHistory.Entry {
    /// The measurement as `--json` shows it: its document with `date` as a calendar day (also for one stored as an
    /// instant), and for a weight `bmi`, `bmiCategory`, `bmiHeight`, `bmiHeightDate`, and `goalWeight` with `toGoal`
    /// (kg to gain, negative to lose) when the client has a goal.
    func record(goalWeight: Double?) -> EntityRecord {
        var record = EntityRecord(entity)
        if let date { record.fields["date"] = .string(date.description) }
        if let bmi {
            record.fields["bmi"] = .number(StatsCalculator.round(bmi.value))
            record.fields["bmiCategory"] = .string(bmi.category)
            record.fields["bmiHeight"] = .number(bmi.height)
            record.fields["bmiHeightDate"] = .string(bmi.heightDate.description)
        }
        if let weight = value(.weight), let goalWeight {
            record.fields["goalWeight"] = .number(goalWeight)
            record.fields["toGoal"] = .number(StatsCalculator.round(goalWeight - weight))
        }
        return record
    }
}
