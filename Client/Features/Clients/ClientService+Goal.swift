import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension ClientService {
    /// `gorilla clients edit C --goal-weight KG|none [--force]`: the client's goal weight (`72.5` or `72,5`), checked
    /// like a weight (``BodyMeasure/problem(with:forced:)``); `none` removes it.
    ///
    /// `--per-week N|none` sets the sessions a week the client's plan asks for (what `stats --compliance` measures).
    package func setGoalWeight(
        _ name: String, to text: String?, force: Bool = false, perWeek: String? = nil
    ) async throws -> ClientGoal {
        try context.require(.update, .client, CataloguePhrases.coachesSetGoalWeight.t())
        guard text != nil || perWeek != nil else {
            throw ClientError(.usage, CataloguePhrases.nothingToChangeInGoal.t())
        }
        let cache = try context.cache()
        let client = try ClientDirectory(cache: cache).client(name, for: .writing(.setGoal))
        var changed = client.value
        if let perWeek {
            let typed = perWeek.trimmingCharacters(in: .whitespaces)
            if Self.meansNone(typed) {
                changed.perWeek = nil
                changed.perWeekSince = nil
            } else {
                guard let sessions = Int(typed), Client.perWeekRange.contains(Double(sessions)) else {
                    throw ClientError(
                        .usage,
                        CataloguePhrases.perWeekInvalid.t([
                            "min": Int(Client.perWeekRange.lowerBound), "max": Int(Client.perWeekRange.upperBound),
                        ]))
                }
                changed.perWeek = sessions
                changed.perWeekSince = CalendarDate(Date(), in: .current)
            }
        }
        if let text { changed.goalWeight = try Self.goalWeight(text, force: force) }
        try await context.update(cache, client.id, to: changed)
        let history = try MeasurementService.history(cache, client: client.id, context: context)
        return ClientGoal(
            row: try cache.one(Client.self, client.id), id: client.id,
            name: ClientDirectory.displayName(client), latest: history.latestWeight, changesGoal: text != nil,
            changesPerWeek: perWeek != nil)
    }

    /// Whether `text` asks to remove a value: empty, `-`, `none`, or the word in Catalan or Spanish (`cap`, `ninguno`).
    private static func meansNone(_ text: String) -> Bool {
        ["", "-", "none", "cap", "ninguno", "ninguna"].contains(NameMatch.fold(text))
    }

    /// The goal weight `text` names in kg, with a decimal comma or point (`72,5`, `72.5 kg`); `none` removes it.
    /// Checked like a weight.
    private static func goalWeight(_ text: String, force: Bool) throws -> Double? {
        let typed = text.trimmingCharacters(in: .whitespaces)
        if meansNone(typed) { return nil }
        let number = typed.lowercased().replacingOccurrences(of: "kg", with: "")
        guard let goal = Language.parseNumber(number), goal.isFinite else {
            throw ClientError(.usage, CataloguePhrases.goalWeightInvalid.t(["example": 72.5]))
        }
        if let problem = BodyMeasure.weight.problem(with: goal, forced: force) {
            let values: [String: any Sendable] = [
                "value": goal, "low": problem.allowed.lowerBound, "high": problem.allowed.upperBound,
            ]
            let phrase: CataloguePhrases = problem.forceable ? .goalWeightImplausible : .goalWeightImpossible
            throw ClientError(.usage, phrase.t(values))
        }
        return goal
    }
}

/// `gorilla clients edit --goal-weight`: the client after the change, and their latest weight.
package struct ClientGoal {
    /// The client as it stands; nil when the server refused the change during the sync and it was rolled back.
    package let row: Stored<Client>?
    package let id: UUID
    /// The display name.
    package let name: String
    /// Their newest measurement with a weight.
    package let latest: BodyHistory.Entry?
    /// Whether the command changed the goal weight (`--goal-weight`).
    package var changesGoal = true
    /// Whether the command changed the sessions a week (`--per-week`).
    package var changesPerWeek = false

    /// The sessions a week the plan asks for.
    package var perWeek: Int? { row?.perWeek }

    /// The day the plan's sessions a week count from.
    package var perWeekSince: CalendarDate? { row?.perWeekSince }

    /// The goal weight in kg.
    package var goalWeight: Double? { row?.goalWeight }

    package var jsonForm: ChangedRow<DocumentRecord<Client, NoExtra>> {
        ChangedRow(row.map { DocumentRecord($0) }, id: id)
    }
}
