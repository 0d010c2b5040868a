import Foundation
import GorillaShared

extension GorillaApp {
    func resolveSession(_ cache: LocalCache, _ text: String) throws -> CachedEntity {
        try NameResolver(cache: cache).resolve("session", text, label: "session", nameField: "id")
    }

    static func performed(_ session: CachedEntity) -> [PerformedExercise] {
        (session.data["exercises"]?.arrayValue ?? []).map(PerformedExercise.init(document:))
    }

    /// Sets, reps, volume per unit and time under tension of a session.
    static func totals(
        _ exercises: [PerformedExercise]
    ) -> (sets: Int, reps: Int, volume: [WeightUnit: Double], tension: Double) {
        var volume: [WeightUnit: Double] = [:]
        let sets = exercises.flatMap(\.sets)
        for set in sets where set.weight > 0 { volume[set.unit, default: 0] += Double(set.reps) * set.weight }
        return (sets.count, sets.reduce(0) { $0 + $1.reps }, volume, sets.reduce(0) { $0 + ($1.duration ?? 0) })
    }

    static func volumeText(_ volume: [WeightUnit: Double]) -> String {
        volume.isEmpty
            ? "0"
            : volume.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                "\(Numbers.plain($0.value)) \($0.key.rawValue)"
            }
            .joined(separator: " + ")
    }

    /// Sessions in [from, to], of one client if given, newest first.
    func sessions(_ cache: LocalCache, from: String?, to: String?, client: String?) throws -> [CachedEntity] {
        var sessions = try cache.entities("session")
        if let from {
            guard let date = EventFormatting.parseDay(from) else {
                throw ClientError(.usage, "--from must be YYYY-MM-DD")
            }
            sessions = sessions.filter { ($0[string: "start"].flatMap(ISOTime.parse) ?? .distantPast) >= date }
        }
        if let to {
            guard let date = EventFormatting.parseDay(to) else { throw ClientError(.usage, "--to must be YYYY-MM-DD") }
            sessions = sessions.filter {
                ($0[string: "start"].flatMap(ISOTime.parse) ?? .distantFuture) < date.addingTimeInterval(86_400)
            }
        }
        if let client {
            let key = try resolveClient(cache, client).id.uuidString.lowercased()
            sessions = sessions.filter { $0[string: "client"] == key }
        }
        return sessions.sorted { ($0[string: "start"] ?? "") > ($1[string: "start"] ?? "") }
    }

    func trainingName(_ cache: LocalCache, _ session: CachedEntity) throws -> String? {
        try session[string: "training"].flatMap(UUID.init(uuidString:)).flatMap { try cache.entity($0) }?.name
    }

    public func listSessions(client: String?, from: String?, to: String?) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let list = try sessions(cache, from: from, to: to, client: client)
        guard !list.isEmpty else {
            let text =
                from == nil && to == nil && client == nil
                ? "No sessions yet. Record one with: gorilla train --client C, or gorilla sessions log --client C --set \"EXERCISE: 12x80kg\""
                : "No sessions in that range."
            return CommandOutput(text: text, json: .array([]), notes: notes)
        }
        let names = try clientNames(cache)
        var rows: [[String]] = []
        var json: [JSONValue] = []
        for session in list {
            let performed = Self.performed(session)
            let totals = Self.totals(performed)
            let clientName = session[string: "client"].flatMap { names[$0] } ?? ""
            let training = try trainingName(cache, session)
            rows.append([
                EventFormatting.local(session[string: "start"] ?? ""), clientName, session[string: "mode"] ?? "",
                training ?? "", "\(performed.count)", "\(totals.sets)", Self.volumeText(totals.volume),
                session.id.short,
            ])
            json.append([
                "id": .string(session.id.uuidString.lowercased()), "client": session.data["client"] ?? .null,
                "clientName": .string(clientName), "mode": session.data["mode"] ?? .null,
                "start": session.data["start"] ?? .null,
                "end": session.data["end"] ?? .null, "training": session.data["training"] ?? .null,
                "trainingName": training.map(JSONValue.string) ?? .null, "event": session.data["event"] ?? .null,
                "exercises": .number(Double(performed.count)), "sets": .number(Double(totals.sets)),
                "reps": .number(Double(totals.reps)),
            ])
        }
        return CommandOutput(
            text: Table(["WHEN", "CLIENT", "MODE", "TRAINING", "EXERCISES", "SETS", "VOLUME", "ID"], rows).render(),
            json: .array(json), notes: notes)
    }

    public func showSession(_ id: String) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let session = try resolveSession(cache, id)
        let names = try clientNames(cache)
        let performed = Self.performed(session)
        let totals = Self.totals(performed)
        var when = EventFormatting.local(session[string: "start"] ?? "")
        if let start = session[string: "start"].flatMap(ISOTime.parse),
            let end = session[string: "end"].flatMap(ISOTime.parse)
        {
            when +=
                " – " + EventFormatting.local(end).suffix(5)
                + " (\(Int((end.timeIntervalSince(start) / 60).rounded())) min"
            let paused = session.data["paused"]?.doubleValue ?? 0
            when += paused > 0 ? ", paused \(Numbers.clock(paused)))" : ")"
        }
        var lines = [
            "session \(session.id.uuidString.lowercased())  (\(session[string: "mode"] ?? ""))",
            "client:   \(session[string: "client"].flatMap { names[$0] } ?? "?")",
            "when:     \(when)",
        ]
        if let training = try trainingName(cache, session) { lines.append("training: \(training)") }
        if let event = session[string: "event"] { lines.append("event:    \(event.suffix(8))") }
        if let text = session[string: "notes"] { lines.append("notes:    \(text)") }
        for (index, exercise) in performed.enumerated() {
            lines.append("\(index + 1). \(exercise.name)")
            for (number, set) in exercise.sets.enumerated() {
                var line =
                    "   \(number + 1). \(set.type.title.padding(toLength: 8, withPad: " ", startingAt: 0)) \(set.reps) x \(Numbers.plain(set.weight)) \(set.unit.rawValue)"
                if let duration = set.duration { line += "  \(Numbers.clock(duration))" }
                if let rest = set.rest, rest > 0 { line += "  rest \(Numbers.clock(rest))" }
                if let times = set.repTimes, !times.isEmpty {
                    line +=
                        "  reps at "
                        + times.map { Numbers.plain(PerformedExercise.rounded($0)) }.joined(separator: ", ") + " s"
                }
                lines.append(line)
            }
        }
        lines.append(
            "totals:   \(totals.sets) sets, \(totals.reps) reps, volume \(Self.volumeText(totals.volume)), time under tension \(Numbers.clock(totals.tension))"
        )
        var volume: [String: JSONValue] = [:]
        for (unit, value) in totals.volume { volume[unit.rawValue] = .number(value) }
        return CommandOutput(
            text: lines.joined(separator: "\n"),
            json: Self.json(
                session,
                extra: [
                    "clientName": session[string: "client"].flatMap { names[$0] }.map(JSONValue.string) ?? .null,
                    "totals": [
                        "sets": .number(Double(totals.sets)), "reps": .number(Double(totals.reps)),
                        "volume": .object(volume),
                        "timeUnderTension": .number(totals.tension),
                    ],
                ]), notes: notes)
    }

    public func removeSession(_ id: String) async throws -> CommandOutput {
        try requireCoach()
        let cache = try cache()
        let session = try resolveSession(cache, id)
        let notes = try await change(cache, kind: "session", entity: session.id, action: .delete)
        return CommandOutput(
            text: "Deleted session \(session.id.short).", json: Self.json(session, extra: ["deleted": true]),
            notes: notes)
    }

    /// `sessions export ID --format txt|csv|json`: the text goes to standard output.
    public func exportSession(_ id: String, format: String) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let session = try resolveSession(cache, id)
        let performed = Self.performed(session)
        let names = try clientNames(cache)
        switch format.lowercased() {
        case "txt", "text":
            let title =
                (try trainingName(cache, session) ?? "Training session") + " — "
                + (session[string: "client"].flatMap { names[$0] } ?? "")
            var lines = [title, EventFormatting.local(session[string: "start"] ?? ""), ""]
            for exercise in performed {
                lines.append(exercise.name)
                for set in exercise.sets {
                    lines.append(
                        "\(set.type.title) \(set.reps) x \(Numbers.plain(set.weight)) \(set.unit.rawValue)"
                            + (set.duration.map { " (\(Numbers.plain(PerformedExercise.rounded($0))) s)" } ?? ""))
                }
                lines.append("")
            }
            let text = lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
            return CommandOutput(text: text, json: ["format": "txt", "content": .string(text)], notes: notes)
        case "csv":
            var lines = ["exercise,set,type,reps,weight,unit,duration,rest,rep_times"]
            for exercise in performed {
                for (index, set) in exercise.sets.enumerated() {
                    let cells = [
                        Self.csv(exercise.name), "\(index + 1)", set.type.rawValue, "\(set.reps)",
                        Numbers.plain(set.weight),
                        set.unit.rawValue, set.duration.map { Numbers.plain(PerformedExercise.rounded($0)) } ?? "",
                        set.rest.map { Numbers.plain(PerformedExercise.rounded($0)) } ?? "",
                        (set.repTimes ?? []).map { Numbers.plain(PerformedExercise.rounded($0)) }.joined(
                            separator: " "),
                    ]
                    lines.append(cells.joined(separator: ","))
                }
            }
            let text = lines.joined(separator: "\n")
            return CommandOutput(text: text, json: ["format": "csv", "content": .string(text)], notes: notes)
        case "json":
            let value = Self.json(session)
            return CommandOutput(
                text: String(decoding: try WireCoding.encoder.encode(value), as: UTF8.self), json: value, notes: notes)
        default:
            throw ClientError(.usage, "--format is txt, csv or json")
        }
    }

    static func csv(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
