import Foundation
import GorillaShared

/// The options of `gorilla stats`.
public struct StatsRequest: Sendable {
    public var client: String?
    public var exercise: String?
    public var from: String?
    public var to: String?
    public var svg: String?
    public var csv: String?
    public var unit: String?
    public init(
        client: String? = nil, exercise: String? = nil, from: String? = nil, to: String? = nil,
        svg: String? = nil, csv: String? = nil, unit: String? = nil
    ) {
        self.client = client
        self.exercise = exercise
        self.from = from
        self.to = to
        self.svg = svg
        self.csv = csv
        self.unit = unit
    }
}

extension GorillaApp {
    /// The client whose figures are asked for: the named one for a coach, oneself for a client.
    func statsSubject(_ cache: LocalCache, _ name: String?) throws -> (UUID, String) {
        let profile = try session().profile
        if profile.role == .client { return (profile.id, "\(profile.name) \(profile.surname)") }
        guard let name else {
            let clients = try cache.entities("client")
            if clients.count == 1 { return (clients[0].id, Self.displayName(clients[0])) }
            throw ClientError(.usage, "name the client: gorilla stats --client C")
        }
        let client = try resolveClient(cache, name)
        return (client.id, Self.displayName(client))
    }

    public func stats(_ request: StatsRequest) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let (clientID, clientName) = try statsSubject(cache, request.client)
        let key = clientID.uuidString.lowercased()
        let unit = request.unit ?? home.loadConfig().unit ?? "kg"
        guard unit == "kg" || unit == "lb" else { throw ClientError(.usage, "--unit is kg or lb") }
        let from = try request.from.map { try Self.day($0, "--from") }
        let to = try request.to.map { try Self.day($0, "--to").addingTimeInterval(86_400) }
        let calculator = StatsCalculator(unit: unit)
        let sessions = try cache.timeline("session", client: key)
        let events = try cache.timeline("event", client: key)
        var sets = calculator.sets(of: sessions, from: from, to: to)

        if let exercise = request.exercise {
            let wanted = try? NameResolver(cache: cache).resolve("exercise", exercise)
            let wantedKey = wanted?.id.uuidString.lowercased()
            sets = sets.filter { $0.exerciseKey == wantedKey || $0.exerciseName.lowercased() == exercise.lowercased() }
        }
        if let csv = request.csv { try writeCSV(sets, client: clientName, to: csv) }
        let empty =
            "No training sessions for \(clientName) yet. Record one with: gorilla sessions log --client \"\(clientName)\" --set \"EXERCISE: 10x50kg\""

        if let exercise = request.exercise {
            guard let figures = calculator.exercise(sets) else {
                return CommandOutput(
                    text: "No sets of '\(exercise)' for \(clientName) yet.",
                    json: ["sessions": 0, "exercise": .string(exercise)], notes: notes)
            }
            let points = figures.perSession.map { (label: Self.shortDate($0.date), value: $0.e1rm) }
            if let svg = request.svg {
                try write(
                    SVGChart.line(points, title: "\(figures.exercise) — estimated 1RM, \(clientName)", unit: unit),
                    to: svg)
            }
            var lines = [
                "\(figures.exercise) — \(clientName)",
                "sessions:      \(figures.sessions)",
                "best weight:   \(TextCharts.format(figures.bestWeight)) \(unit)",
                "best reps:     \(figures.bestReps)",
                "e1RM (Epley):  \(String(format: "%.2f", figures.e1rm)) \(unit)",
                "volume:        \(TextCharts.format(figures.volume)) \(unit)",
            ]
            if let duration = figures.bestDuration { lines.append("best duration: \(TextCharts.format(duration)) s") }
            if let change = figures.volumeChange, let e1rmChange = figures.e1rmChange {
                lines.append(
                    String(format: "last session:  volume %+.1f %@, e1RM %+.2f %@", change, unit, e1rmChange, unit))
            }
            lines.append("")
            lines.append(
                TextCharts.chart(
                    points, title: "estimated 1RM per session", unit: unit, width: min(72, Self.terminalWidth)))
            lines.append("")
            lines.append("personal records:")
            lines += figures.records.map {
                "  \(Self.shortDate($0.date))  \($0.kind) \(TextCharts.format($0.value))\($0.kind == "reps" ? "" : " " + unit)"
            }
            return CommandOutput(text: lines.joined(separator: "\n"), json: try JSONValue.encode(figures), notes: notes)
        }

        let overview = calculator.overview(sessions: sessions, events: events, from: from, to: to)
        let weekPoints = overview.perWeek.enumerated().map {
            (label: $0.offset == 11 ? "this week" : "-\(11 - $0.offset)w", value: Double($0.element))
        }
        if let svg = request.svg {
            try write(SVGChart.line(weekPoints, title: "Sessions per week — \(clientName)", unit: "sessions"), to: svg)
        }
        guard overview.sessions > 0 else {
            return CommandOutput(text: empty, json: try JSONValue.encode(overview), notes: notes)
        }
        var lines = [
            "\(clientName)",
            "sessions:         \(overview.sessions)   last trained: \(overview.lastTrained.map { EventFormatting.local($0) } ?? "never")",
            "attendance:       \(overview.attendance.done) done, \(overview.attendance.missed) missed, \(overview.attendance.cancelled) cancelled, \(overview.attendance.upcoming) upcoming",
            "training time:    \(Self.duration(overview.trainingTime))   time under tension: \(Self.duration(overview.timeUnderTension))",
            "",
            TextCharts.chart(
                weekPoints, title: "sessions per week, last 12 weeks", unit: "sessions", width: 40, height: 5),
            "",
        ]
        let rows = overview.exercises.map { figures -> [String] in
            [
                figures.exercise, "\(figures.sessions)", TextCharts.format(figures.bestWeight),
                String(format: "%.1f", figures.e1rm),
                TextCharts.format(figures.volume), TextCharts.sparkline(figures.perSession.map(\.e1rm), width: 16),
            ]
        }
        lines.append(
            Table(["EXERCISE", "SESSIONS", "BEST \(unit.uppercased())", "E1RM", "VOLUME", "E1RM TREND"], rows).render())
        let weights = try measurements(cache, client: key).compactMap { entry -> (label: String, value: Double)? in
            guard let weight = entry.data["weight"]?.doubleValue,
                let date = entry[string: "date"].flatMap(ISOTime.parse)
            else { return nil }
            return (Self.shortDate(date), unit == "lb" ? weight / kilogramsPerPound : weight)
        }
        if weights.count >= 2 {
            lines.append("")
            lines.append(
                TextCharts.chart(weights, title: "body weight", unit: unit, width: 50, height: 5, fromZero: false))
        }
        return CommandOutput(text: lines.joined(separator: "\n"), json: try JSONValue.encode(overview), notes: notes)
    }

    func writeCSV(_ sets: [StatSet], client: String, to path: String) throws {
        func field(_ text: String) -> String {
            text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        var text = "date,client,exercise,set,type,reps,weight,unit,duration\r\n"
        for set in sets {
            text +=
                [
                    ISOTime.format(set.date), field(client), field(set.exerciseName), "\(set.position)", set.type,
                    "\(set.reps)",
                    TextCharts.format(set.weight), set.unit, set.duration.map { TextCharts.format($0) } ?? "",
                ].joined(separator: ",") + "\r\n"
        }
        try write(text, to: path)
    }

    func write(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw ClientError(.local, "cannot write \(path)")
        }
    }

    static func day(_ text: String, _ option: String) throws -> Date {
        guard let date = EventFormatting.parseDay(text) else {
            throw ClientError(.usage, "\(option) must be YYYY-MM-DD")
        }
        return date
    }

    static func shortDate(_ date: Date) -> String { String(EventFormatting.local(date).prefix(10)) }

    static func duration(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return minutes >= 60
            ? "\(minutes / 60) h \(minutes % 60) min" : (minutes > 0 ? "\(minutes) min" : "\(Int(seconds)) s")
    }

    static var terminalWidth: Int { Terminal.isInteractive ? max(40, FullScreenTerminal.size.columns) : 80 }

    // MARK: Measurements

    func measurements(_ cache: LocalCache, client: String) throws -> [CachedEntity] {
        // On a client's own device every measurement is theirs (one just recorded has no `client` until synced).
        let own = try session().profile.role == .client
        return try cache.entities("measurement").filter { own || $0[string: "client"] == client }
            .sorted { ($0[string: "date"] ?? "") < ($1[string: "date"] ?? "") }
    }

    public func addMeasurement(
        client: String?, date: String?, values: [String: Double], note: String?
    ) async throws -> CommandOutput {
        let cache = try cache()
        let profile = try session().profile
        var fields: [String: JSONValue] = [:]
        let (clientID, clientName) = try statsSubject(cache, client)
        if profile.role == .coach { fields["client"] = .string(clientID.uuidString.lowercased()) }
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
        let notes = try await change(cache, kind: "measurement", entity: id, action: .create, fields: fields)
        var text = "Recorded a measurement for \(clientName)."
        var extra: [String: JSONValue] = [:]
        if let (bmi, category) = try bmi(
            cache, client: clientID.uuidString.lowercased(), weight: values["weight"], height: values["height"])
        {
            text += String(format: " BMI %.1f (%@).", bmi, category)
            extra = ["bmi": .number(StatsCalculator.round(bmi)), "bmiCategory": .string(category)]
        }
        return CommandOutput(
            text: text,
            json: try cache.entity(id).map { Self.json($0, extra: extra) } ?? ["id": .string(id.uuidString)],
            notes: notes)
    }

    /// BMI from a weight and the given height, else the client's latest recorded height.
    func bmi(_ cache: LocalCache, client: String, weight: Double?, height: Double?) throws -> (Double, String)? {
        guard let weight else { return nil }
        let recorded = try measurements(cache, client: client).reversed().compactMap { $0.data["height"]?.doubleValue }
            .first
        let knownHeight = height ?? recorded
        guard let knownHeight, let value = BMI.value(weightKg: weight, heightCm: knownHeight) else { return nil }
        return (value, BMI.category(value))
    }

    public func listMeasurements(client: String?) async throws -> CommandOutput {
        let (cache, notes) = try await freshCache()
        let (clientID, clientName) = try statsSubject(cache, client)
        let key = clientID.uuidString.lowercased()
        let entries = try measurements(cache, client: key)
        guard !entries.isEmpty else {
            return CommandOutput(
                text:
                    "No measurements for \(clientName) yet. Add one with: gorilla measurements add --client \"\(clientName)\" --weight KG --height CM",
                json: .array([]), notes: notes)
        }
        var lastHeight: Double?
        var rows: [[String]] = []
        var json: [JSONValue] = []
        for entry in entries {
            if let height = entry.data["height"]?.doubleValue { lastHeight = height }
            var extra: [String: JSONValue] = [:]
            var bmiText = ""
            if let weight = entry.data["weight"]?.doubleValue, let height = lastHeight,
                let value = BMI.value(weightKg: weight, heightCm: height)
            {
                bmiText = String(format: "%.1f %@", value, BMI.category(value))
                extra = ["bmi": .number(StatsCalculator.round(value)), "bmiCategory": .string(BMI.category(value))]
            }
            func cell(_ field: String) -> String { entry.data[field]?.doubleValue.map { TextCharts.format($0) } ?? "" }
            rows.append([
                String(EventFormatting.local(entry[string: "date"] ?? "").prefix(10)), cell("weight"), cell("height"),
                cell("waist"), cell("chest"), cell("arm"), cell("thigh"), bmiText, entry[string: "note"] ?? "",
            ])
            json.append(Self.json(entry, extra: extra))
        }
        return CommandOutput(
            text: "\(clientName)\n"
                + Table(["DATE", "KG", "CM", "WAIST", "CHEST", "ARM", "THIGH", "BMI", "NOTE"], rows).render(),
            json: .array(json), notes: notes)
    }
}
