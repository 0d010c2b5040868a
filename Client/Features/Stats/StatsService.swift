import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The options of `gorilla stats`.
package struct StatsRequest: Sendable {
    /// The client (coaches; a client sees their own).
    package var client: String?
    /// One exercise's figures and progress instead of the overview.
    package var exercise: String?
    /// First day, YYYY-MM-DD.
    package var from: String?
    /// Last day, YYYY-MM-DD.
    package var to: String?
    /// Also write the chart as SVG to this file.
    package var svg: String?
    /// Also write every set as CSV to this file.
    package var csv: String?
    /// kg or lb.
    package var unit: String?
    /// List every improvement of each record (`--history`), not just the current records.
    package var history: Bool
    /// The overview's work per muscle group, week by week (`--muscles`); `--svg` then charts it.
    package var muscles: Bool = false
    /// Appointments kept and the plan's sessions a week met, per client and week (`--compliance`).
    package var compliance: Bool = false

    /// The options given.
    package init(
        client: String? = nil, exercise: String? = nil, from: String? = nil, to: String? = nil,
        svg: String? = nil, csv: String? = nil, unit: String? = nil, history: Bool = false
    ) {
        self.history = history
        self.client = client
        self.exercise = exercise
        self.from = from
        self.to = to
        self.svg = svg
        self.csv = csv
        self.unit = unit
    }
}

/// A client's statistics from this device's copy (`gorilla stats`): an overview, or one exercise's progress.
package struct StatsService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla stats [--client C] [--exercise E] [--from] [--to] [--svg FILE] [--csv FILE] [--unit kg|lb]`.
    package func stats(_ request: StatsRequest) async throws -> ClientStats {
        let cache = try await context.freshCache()
        let subject = try StatsSubject.resolve(request.client, cache: cache, context: context)
        let unit = request.unit ?? context.home.loadConfig().unit ?? "kg"
        guard unit == "kg" || unit == "lb" else { throw ClientError(.usage, ProgressPhrases.unitIsKgOrLb.t()) }
        let from = try request.from.map { try Self.day($0, "--from") }
        let to = try request.to.map { try Self.day($0, "--to").addingTimeInterval(86_400) }
        var counts: [String: CountMode] = [:]
        var muscles: [String: [String]] = [:]
        for exercise in try cache.all(Exercise.self, includeDeleted: true) {
            counts[exercise.id.key] = exercise.count
            muscles[exercise.id.key] = exercise.muscles
        }
        let calculator = StatsCalculator(unit: unit, counts: counts)
        let sessions = try cache.timeline(TrainingSession.self, client: subject.id)
        var sets = calculator.sets(of: sessions, from: from, to: to)
        if let exercise = request.exercise {
            let wanted = (try? NameResolver(cache: cache).resolve(Exercise.self, exercise))?.id.key
            sets = sets.filter {
                $0.exerciseKey == wanted || NameMatch.fold($0.exerciseName) == NameMatch.fold(exercise)
            }
        }
        if let csv = request.csv { try Self.write(Self.csv(sets, client: subject.name), to: csv) }

        if let exercise = request.exercise {
            guard let figures = calculator.exercise(sets) else {
                return ClientStats(client: subject.name, unit: unit, figures: .noSets(exercise: exercise))
            }
            let stats = ClientStats(
                client: subject.name, unit: unit, figures: .exercise(figures), showsHistory: request.history)
            if let svg = request.svg {
                let progress = stats.progress(figures)
                let title = "\(figures.exercise) — \(progress.title), \(subject.name)"
                try Self.write(SVGChart.line(progress.points, title: title, unit: progress.unit), to: svg)
            }
            return stats
        }
        let events = try EventCalendar(cache: cache).events(
            until: Date().addingTimeInterval(Double(EventService.defaultHorizon) * 86_400), client: subject.id)
        var overview = calculator.overview(sessions: sessions, events: events, from: from, to: to)
        // Without --from, the muscle groups cover every set (at most the year before the last one).
        let earliest = sets.last.map { last in max(sets[0].date, last.date.addingTimeInterval(-52 * 7 * 86_400)) }
        overview.muscles = calculator.muscles(sets, muscles: muscles, from: from ?? earliest, to: to)
        let body = try MeasurementService.history(cache, client: subject.id, context: context)
        let bodyWeight = body.entries.compactMap { entry -> ClientStats.Point? in
            guard let weight = entry.value(.weight) else { return nil }
            return ClientStats.Point(
                date: entry.date.start(), value: unit == "lb" ? weight / kilogramsPerPound : weight)
        }
        var stats = ClientStats(client: subject.name, unit: unit, figures: .overview(overview, bodyWeight: bodyWeight))
        stats.body = body.latestWeight == nil && body.goalWeight == nil ? nil : body
        stats.showsMuscles = request.muscles
        if let svg = request.svg, request.muscles {
            let title = ProgressPhrases.svgMusclesTitle.t(["client": subject.name])
            let bars = overview.muscles.map {
                (label: ClientStats.muscleName($0.muscle), value: ($0.setsPerWeek * 10).rounded() / 10)
            }
            try Self.write(SVGChart.bars(bars, title: title, unit: ProgressPhrases.chartUnitSetsPerWeek.t()), to: svg)
        } else if let svg = request.svg {
            let title = ProgressPhrases.svgSessionsTitle.t(["client": subject.name])
            let unit = ProgressPhrases.chartUnitSessions.t()
            try Self.write(SVGChart.bars(stats.weekPoints(overview), title: title, unit: unit), to: svg)
        }
        return stats
    }

    /// Every set as CSV (CRLF line ends): date, client, exercise, set, type, reps, weight, unit, duration. The date is
    /// the session's start in the viewer's time zone with its offset (`2026-11-20T10:00:00+01:00`).
    static func csv(_ sets: [StatSet], client: String, zone: TimeZone = .current) -> String {
        var text = "date,client,exercise,set,type,reps,weight,unit,duration\r\n"
        for set in sets {
            text +=
                [
                    EventFormatting.localISO(set.date, zone: zone), CSV.field(client), CSV.field(set.exerciseName),
                    "\(set.position)",
                    set.type, "\(set.reps)", TextCharts.format(set.weight), set.unit,
                    set.duration.map { TextCharts.format($0) } ?? "",
                ].joined(separator: ",") + "\r\n"
        }
        return text
    }

    static func write(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw ClientError(.local, ProgressPhrases.cannotWrite.t(["path": path]))
        }
    }

    package static func day(_ text: String, _ option: String) throws -> Date {
        guard let date = EventFormatting.parseDay(text) else {
            throw ClientError(.usage, ProgressPhrases.dayIsYYYYMMDD.t(["option": option]))
        }
        return date
    }
}

/// The client whose figures are asked for: the named one for a coach, oneself for a client.
struct StatsSubject {
    let id: UUID
    /// The client's display name.
    let name: String

    /// The client named `name` (or a coach's only client); the logged-in client themself, who may name only
    /// themselves.
    /// - Throws: ``ClientError`` `.usage` when a client names someone else.
    static func resolve(_ name: String?, cache: LocalCache, context: DeviceContext) throws -> StatsSubject {
        let profile = try context.session().profile
        if !profile.role.keepsClients {
            let yourNames = [profile.username, profile.name, "\(profile.name) \(profile.surname)"].map(NameMatch.fold)
            if let name, (try? ClientDirectory(cache: cache).client(name, for: .reading))?.id != profile.id,
                !yourNames.contains(NameMatch.fold(name))
            {
                throw ClientError(.usage, ProgressPhrases.onlyYourOwnFigures.t())
            }
            return StatsSubject(id: profile.id, name: "\(profile.name) \(profile.surname)")
        }
        guard let name else {
            let clients = try cache.all(GorillaShared.Client.self)
            if clients.count == 1 {
                return StatsSubject(id: clients[0].id, name: ClientDirectory.displayName(clients[0]))
            }
            throw ClientError(.usage, ProgressPhrases.nameTheClient.t(["command": "gorilla stats --client C"]))
        }
        let client = try ClientDirectory(cache: cache).client(name, for: .reading)
        return StatsSubject(id: client.id, name: ClientDirectory.displayName(client))
    }
}

/// `gorilla stats`: one client's figures in the unit asked for.
package struct ClientStats {
    /// What was asked for, and what was found.
    package enum Figures: Sendable {
        /// One exercise's figures and progress.
        case exercise(ExerciseStats)
        /// The exercise asked for has no sets in the range.
        case noSets(exercise: String)
        /// The overview, with the body weights recorded (in the unit, oldest first).
        case overview(ClientOverview, bodyWeight: [Point])
    }

    /// A value on a day.
    package struct Point: Sendable {
        /// The day.
        package let date: Date
        /// The value on it.
        package let value: Double
    }

    /// The client's display name.
    package let client: String
    /// kg or lb.
    package let unit: String
    /// What was found.
    package let figures: Figures
    /// Whether the text lists every improvement of each record (`--history`).
    package var showsHistory = false
    /// Whether the text details each muscle group week by week (`--muscles`).
    package var showsMuscles = false
    /// The overview's body figures: the latest weight with its BMI, and the goal weight (nil without either).
    package var body: BodyHistory?

    /// An exercise's progress per session, at each session's date: the estimated 1RM, or for an exercise counted by
    /// time or distance its longest set.
    package func progress(_ figures: ExerciseStats) -> (title: String, unit: String, points: [(date: Date, value: Double)]) {
        if figures.count == CountMode.reps.rawValue {
            return (ProgressPhrases.chartE1RMPerSession.t(), unit, figures.perSession.map { ($0.date, $0.e1rm) })
        }
        if figures.count == CountMode.distance.rawValue, figures.bestDistance != nil {
            return (
                ProgressPhrases.chartLongestDistancePerSession.t(), "m",
                figures.perSession.map { ($0.date, $0.bestDistance ?? 0) }
            )
        }
        return (
            ProgressPhrases.chartLongestSetPerSession.t(), "s",
            figures.perSession.map { ($0.date, $0.bestDuration ?? 0) }
        )
    }

    /// Sessions per week of the last 12 weeks, each labelled by the Monday its week starts ("11-02", "2 nov.").
    package func weekPoints(_ overview: ClientOverview) -> [(label: String, value: Double)] {
        zip(overview.weekStarts, overview.perWeek).map { start, count in
            (label: ProgressDates.week(start), value: Double(count))
        }
    }

    /// "2026-11-22" in the local time zone.
    package static func shortDate(_ date: Date) -> String { String(EventFormatting.local(date).prefix(10)) }

    /// An exercise's figures, an exercise without sets, or the overview.
    package var jsonForm: some Encodable {
        let form: OneOf<ExerciseStats, OneOf<NoSetsJSON, OverviewJSON>> =
            switch figures {
            case .exercise(let figures): .first(figures)
            case .noSets(let exercise): .second(.first(NoSetsJSON(exercise: exercise)))
            case .overview(let overview, _): .second(.second(OverviewJSON(overview, body: bodyJSON)))
            }
        return form
    }

    /// The overview's `body`: the latest `weight` (in the unit) with its `date`, `bmi`, `bmiCategory`, `bmiHeight`
    /// and `bmiHeightDate`, and `goalWeight` with `toGoal` (in the unit; negative to lose).
    var bodyJSON: BodyJSON? {
        guard let body else { return nil }
        let scale = unit == "lb" ? 1 / kilogramsPerPound : 1
        var json = BodyJSON(unit: unit)
        if let latest = body.latestWeight, let weight = latest.value(.weight) {
            json.weight = StatsCalculator.round(weight * scale)
            json.date = latest.day
            if let bmi = latest.bmi {
                json.bmi = StatsCalculator.round(bmi.value)
                json.bmiCategory = bmi.category
                json.bmiHeight = bmi.height
                json.bmiHeightDate = bmi.heightDate.description
            }
            json.toGoal = body.toGoal(from: weight).map { StatsCalculator.round($0 * scale) }
        }
        json.goalWeight = body.goalWeight.map { StatsCalculator.round($0 * scale) }
        return json
    }
}
