import Foundation
import GorillaShared

/// Body measurements with BMI (`gorilla measurements`): a coach records their clients', a client their own.
public struct MeasurementService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla measurements add [--client C] [--date D] --weight KG --height CM …`.
    public func add(
        client: String?, date: String?, values: [String: Double], note: String?
    ) async throws -> MeasurementAdded {
        let cache = try context.cache()
        let profile = try context.session().profile
        var fields: [String: JSONValue] = [:]
        let subject = try StatsSubject.resolve(client, cache: cache, context: context)
        if profile.role == .coach { fields["client"] = .string(subject.id.key) }
        let when: Date
        if let date {
            guard let parsed = EventFormatting.parseLocal(date) ?? EventFormatting.parseDay(date) else {
                throw ClientError(
                    .usage,
                    EventFormatting.dateProblem(date).map { "--date: \($0)" }
                        ?? "--date is YYYY-MM-DD or \"YYYY-MM-DD HH:MM\"")
            }
            when = parsed
        } else {
            when = Date()
        }
        fields["date"] = .string(ISOTime.format(when))
        guard !values.isEmpty else {
            throw ClientError(.usage, "give at least one of --weight, --height, --waist, --chest, --arm, --thigh")
        }
        for (key, value) in values {
            guard value.isFinite, value > 0, value <= 500 else {
                throw ClientError(.usage, "--\(key) must be a positive number")
            }
            fields[key] = .number(value)
        }
        if let note { fields["note"] = .string(note) }
        let id = UUID.v7()
        try await context.change(cache, .measurement, entity: id, action: .create, fields: fields)
        var bmi: Double?
        if let weight = values["weight"] {
            let recorded = try Self.entries(cache, client: subject.id, context: context).reversed()
                .compactMap { $0.data["height"]?.doubleValue }.first
            bmi = (values["height"] ?? recorded).flatMap { BMI.value(weightKg: weight, heightCm: $0) }
        }
        return MeasurementAdded(
            id: id, client: subject.name, entity: try cache.entity(id).map { EntityRecord($0) }, bmi: bmi)
    }

    /// `gorilla measurements list [--client C]`: oldest first, each weight with the BMI of the last height known.
    public func list(client: String?) async throws -> MeasurementList {
        let cache = try await context.freshCache()
        let subject = try StatsSubject.resolve(client, cache: cache, context: context)
        var lastHeight: Double?
        let rows = try Self.entries(cache, client: subject.id, context: context).map { entry in
            if let height = entry.data["height"]?.doubleValue { lastHeight = height }
            let bmi = entry.data["weight"]?.doubleValue.flatMap { weight in
                lastHeight.flatMap { BMI.value(weightKg: weight, heightCm: $0) }
            }
            return MeasurementList.Row(measurement: EntityRecord(entry), bmi: bmi)
        }
        return MeasurementList(client: subject.name, measurements: rows)
    }

    /// A client's measurements, oldest first.
    static func entries(_ cache: LocalCache, client: UUID, context: DeviceContext) throws -> [CachedEntity] {
        // On a client's own device every measurement is theirs (one just recorded has no `client` until synced).
        let own = try context.session().profile.role == .client
        return try cache.entities(.measurement).filter { own || $0[string: "client"] == client.key }
            .sorted { ($0[string: "date"] ?? "") < ($1[string: "date"] ?? "") }
    }
}

/// `gorilla measurements add`: the recorded measurement, with the BMI when a weight and a height are known.
public struct MeasurementAdded: Presentable {
    /// The new measurement.
    public let id: UUID
    /// The client's display name.
    public let client: String
    /// The stored measurement; nil when the server refused it during the sync and it was rolled back.
    public let entity: EntityRecord?
    /// The BMI from its weight and the height given or last recorded.
    public let bmi: Double?

    public func encode(to encoder: any Encoder) throws {
        guard var record = entity else {
            try JSONValue.object(["id": .string(id.uuidString)]).encode(to: encoder)
            return
        }
        if let bmi {
            record.fields["bmi"] = .number(StatsCalculator.round(bmi))
            record.fields["bmiCategory"] = .string(BMI.category(bmi))
        }
        try record.encode(to: encoder)
    }
}

/// `gorilla measurements list`.
public struct MeasurementList: Presentable {
    /// One measurement of the list.
    public struct Row: Sendable {
        /// The measurement as synced.
        public let measurement: EntityRecord
        /// From its weight and the last height known by then.
        public let bmi: Double?
    }

    /// The client's display name.
    public let client: String
    /// The measurements, oldest first.
    public let measurements: [Row]

    public func encode(to encoder: any Encoder) throws {
        try measurements.map { row in
            var record = row.measurement
            if let bmi = row.bmi {
                record.fields["bmi"] = .number(StatsCalculator.round(bmi))
                record.fields["bmiCategory"] = .string(BMI.category(bmi))
            }
            return record
        }.encode(to: encoder)
    }
}
