import Foundation
import GorillaShared

extension GorillaApp {
    func exerciseEntries(_ training: CachedEntity) -> [[String: JSONValue]] {
        (training.data["exercises"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    /// The plans of `--plan` arguments, each with its exercise resolved in the catalogue.
    func plans(_ texts: [String], _ cache: LocalCache) throws -> [PlannedExercise] {
        let resolver = NameResolver(cache: cache)
        return try texts.map { text in
            let parsed: (name: String, plan: PlannedExercise)
            do {
                parsed = try PlanParser.parse(text) { name in
                    (try? resolver.resolve("exercise", name)).flatMap { $0[string: "count"] }.flatMap(
                        CountMode.init(rawValue:))
                }
            } catch let error as SetParser.ParseError {
                throw ClientError(.usage, error.description)
            }
            var plan = parsed.plan
            plan.exercise = try resolver.resolve("exercise", parsed.name).id
            return plan
        }
    }

    /// Puts `plan` on the entry of its exercise, appending one when the training does not list it yet.
    private func apply(_ plan: PlannedExercise, to entries: inout [[String: JSONValue]]) {
        // A new plan replaces the entry's old one whole.
        let fields = (try? JSONValue.encode(plan).objectValue) ?? ["exercise": .string(plan.exercise.key)]
        if let index = entries.firstIndex(where: { $0["exercise"]?.stringValue == plan.exercise.key }) {
            entries[index] = fields
        } else {
            entries.append(fields)
        }
    }

    public func addTraining(
        name: String, exercises: [String], plans planTexts: [String] = []
    ) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let clean = try checkNameFree(cache, kind: "training", name: name)
        let resolver = NameResolver(cache: cache)
        var entries: [[String: JSONValue]] = try exercises.map {
            ["exercise": .string(try resolver.resolve("exercise", $0).id.key)]
        }
        for plan in try plans(planTexts, cache) { apply(plan, to: &entries) }
        guard !entries.isEmpty else {
            throw ClientError(
                .usage,
                """
                a training needs at least one exercise: add --exercise E or --plan "E: 4x12@80kg rest 90s"
                """)
        }
        let id = UUID.v7()
        let notes = try await change(
            cache, kind: "training", entity: id, action: .create,
            fields: ["name": .string(clean), "exercises": .array(entries.map(JSONValue.object))])
        return try output(
            cache, id, "Added training '\(clean)' with \(entries.count) exercise\(entries.count == 1 ? "" : "s").",
            notes)
    }

    public func editTraining(
        _ name: String, add: [String], remove: [String], move: String?, to position: Int?,
        plans planTexts: [String] = []
    ) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let resolver = NameResolver(cache: cache)
        let training = try resolver.resolve("training", name)
        var entries = exerciseEntries(training)
        func key(_ name: String) throws -> String { try resolver.resolve("exercise", name).id.key }
        for name in add { entries.append(["exercise": .string(try key(name))]) }
        for plan in try plans(planTexts, cache) { apply(plan, to: &entries) }
        for name in remove {
            let id = try key(name)
            guard let index = entries.firstIndex(where: { $0["exercise"]?.stringValue == id }) else {
                throw ClientError(.notFound, "'\(name)' is not in training '\(training.name)'")
            }
            entries.remove(at: index)
        }
        if let move {
            guard let position, position >= 1 else { throw ClientError(.usage, "--move needs --to N (1 = first)") }
            let id = try key(move)
            guard let index = entries.firstIndex(where: { $0["exercise"]?.stringValue == id }) else {
                throw ClientError(.notFound, "'\(move)' is not in training '\(training.name)'")
            }
            let entry = entries.remove(at: index)
            entries.insert(entry, at: min(position - 1, entries.count))
        }
        guard !add.isEmpty || !remove.isEmpty || move != nil || !planTexts.isEmpty else {
            throw ClientError(
                .usage, "nothing to change: give --add E, --remove E, --move E --to N or --plan \"E: 4x12@80kg\"")
        }
        guard !entries.isEmpty else {
            throw ClientError(
                .usage,
                "a training needs at least one exercise; to delete it: gorilla trainings rm \"\(training.name)\"")
        }
        let notes = try await change(
            cache, kind: "training", entity: training.id, action: .update,
            fields: ["exercises": .array(entries.map(JSONValue.object))])
        return try output(cache, training.id, "Updated training '\(training.name)'.", notes)
    }

    public func duplicateTraining(_ name: String, as newName: String) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let training = try NameResolver(cache: cache).resolve("training", name)
        let clean = try checkNameFree(cache, kind: "training", name: newName)
        var fields = training.data
        fields["name"] = .string(clean)
        let id = UUID.v7()
        let notes = try await change(cache, kind: "training", entity: id, action: .create, fields: fields)
        return try output(cache, id, "Duplicated training '\(training.name)' as '\(clean)'.", notes)
    }

    public func listTrainings() async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let trainings = try cache.entities("training").sorted { $0.name.lowercased() < $1.name.lowercased() }
        guard !trainings.isEmpty else {
            return CommandOutput(
                text: "No trainings yet. Add the first one with: gorilla trainings add NAME --exercise E ...",
                json: .array([]), notes: notes)
        }
        let lastUsed = try lastUsedByTraining(cache)
        let rows = trainings.map { training -> [String] in
            [
                training.name, "\(exerciseEntries(training).count)",
                lastUsed[training.id.uuidString.lowercased()].map { String($0.prefix(10)) } ?? "never",
                training.id.short,
            ]
        }
        return CommandOutput(
            text: Table(["TRAINING", "EXERCISES", "LAST USED", "ID"], rows).render(),
            json: .array(
                trainings.map {
                    Self.json(
                        $0, extra: ["lastUsed": lastUsed[$0.id.uuidString.lowercased()].map(JSONValue.string) ?? .null])
                }),
            notes: notes)
    }

    /// The start of the newest session of each training.
    func lastUsedByTraining(_ cache: LocalCache) throws -> [String: String] {
        var result: [String: String] = [:]
        for session in try cache.entities("session") {
            guard let training = session[string: "training"], let start = session[string: "start"] else { continue }
            if (result[training] ?? "") < start { result[training] = start }
        }
        return result
    }

    public func showTraining(_ name: String) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let training = try NameResolver(cache: cache).resolve("training", name)
        var lines = ["\(training.name)  (\(training.id.uuidString.lowercased()))"]
        var items: [JSONValue] = []
        for (index, entry) in exerciseEntries(training).enumerated() {
            let exercise = try entry["exercise"]?.stringValue.flatMap(UUID.init(uuidString:)).flatMap {
                try cache.entity($0)
            }
            let plan = (try? JSONValue.object(entry).decode(PlannedExercise.self))?.notation ?? ""
            lines.append("  \(index + 1). \(exercise?.name ?? "?")\(plan.isEmpty ? "" : "  " + plan)")
            var item = entry
            item["name"] = exercise.map { .string($0.name) } ?? .null
            items.append(.object(item))
        }
        if items.isEmpty {
            lines.append("  (no exercises: gorilla trainings edit \"\(training.name)\" --add EXERCISE)")
        }
        return CommandOutput(
            text: lines.joined(separator: "\n"),
            json: Self.json(training, extra: ["exercises": .array(items)]), notes: notes)
    }
}
