import Foundation
import GorillaShared

extension ClientService {
    /// `gorilla clients edit C --goal-weight KG|none [--force]`: the client's goal weight, checked like a weight
    /// (``BodyMeasure/problem(with:forced:)``); `none` removes it.
    ///
    /// `--per-week N|none` sets the sessions a week the client's plan asks for (what `stats --compliance` measures).
    public func setGoalWeight(
        _ name: String, to text: String?, force: Bool = false, perWeek: String? = nil
    ) async throws -> ClientGoal {
        try context.requireCoach("set a client's goal weight")
        guard text != nil || perWeek != nil else {
            throw ClientError(.usage, "nothing to change: give --goal-weight KG and/or --per-week N")
        }
        let cache = try context.cache()
        let client = try ClientDirectory(cache: cache).resolve(name, for: .writing("set a goal for"))
        var fields: [String: JSONValue] = [:]
        if let perWeek {
            switch perWeek.trimmingCharacters(in: .whitespaces).lowercased() {
            case "", "none", "-": fields["perWeek"] = .null
            case let number:
                guard let sessions = Int(number), Client.perWeekRange.contains(Double(sessions)) else {
                    throw ClientError(
                        .usage,
                        "--per-week is the sessions a week the plan asks for, a whole number from "
                            + "\(Int(Client.perWeekRange.lowerBound)) to \(Int(Client.perWeekRange.upperBound)), or none"
                    )
                }
                fields["perWeek"] = .number(Double(sessions))
            }
        }
        if let text { fields["goalWeight"] = try Self.goalWeight(text, force: force) }
        try await context.change(cache, .client, entity: client.id, action: .update, fields: fields)
        let history = try MeasurementService.history(cache, client: client.id, context: context)
        return ClientGoal(
            client: try cache.entity(client.id).map { EntityRecord($0) }, id: client.id,
            name: ClientDirectory.displayName(client), latest: history.latestWeight)
    }

    /// The goal weight `text` names (`none` removes it), checked like a weight.
    private static func goalWeight(_ text: String, force: Bool) throws -> JSONValue {
        let value: JSONValue
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "", "none", "-":
            value = .null
        case let number:
            guard
                let goal = Double(number.replacingOccurrences(of: "kg", with: "").trimmingCharacters(in: .whitespaces))
            else {
                throw ClientError(.usage, "--goal-weight is a weight in kg (e.g. 72.5), or none to remove it")
            }
            if let problem = BodyMeasure.weight.problem(with: goal, forced: force) {
                let advice = problem.forceable ? "; check the value, or add --force if it is right" : ""
                throw ClientError(.usage, problem.message(naming: "--goal-weight") + advice)
            }
            value = .number(goal)
        }
        return value
    }
}

/// `gorilla clients edit --goal-weight`: the client after the change, and their latest weight.
public struct ClientGoal: Presentable {
    /// The client as it stands; nil when the server refused the change during the sync and it was rolled back.
    public let client: EntityRecord?
    public let id: UUID
    /// The display name.
    public let name: String
    /// Their newest measurement with a weight.
    public let latest: BodyHistory.Entry?

    /// The goal weight in kg.
    public var goalWeight: Double? { client?.fields["goalWeight"]?.doubleValue }

    public func encode(to encoder: any Encoder) throws {
        guard let client else {
            try JSONValue.object(["id": .string(id.key), "rejected": true]).encode(to: encoder)
            return
        }
        try client.encode(to: encoder)
    }
}
