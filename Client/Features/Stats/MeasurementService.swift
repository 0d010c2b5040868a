import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The options of `gorilla measurements add` and `gorilla measurements edit`.
package struct MeasurementFields: Sendable {
    /// The day, `YYYY-MM-DD` (a time after it is allowed and ignored).
    package var date: String?
    /// The figures given.
    package var values: [BodyMeasure: Double]
    /// Figures to remove (`edit --clear`).
    package var clear: [String]
    /// The note; empty removes it (`edit`).
    package var note: String?
    /// Records values outside the plausible ranges (never beyond the limits).
    package var force: Bool

    package init(
        date: String? = nil, values: [BodyMeasure: Double] = [:], clear: [String] = [], note: String? = nil,
        force: Bool = false
    ) {
        self.date = date
        self.values = values
        self.clear = clear
        self.note = note
        self.force = force
    }
}

/// Body measurements with BMI (`gorilla measurements`): a coach records their clients', a client their own; both may
/// correct or delete any of the client's.
package struct MeasurementService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla measurements add [--client C] [--date D] --weight KG --height CM … [--force]`.
    package func add(client: String?, _ given: MeasurementFields) async throws -> MeasurementChange {
        let cache = try context.cache()
        let subject = try StatsSubject.resolve(client, cache: cache, context: context)
        guard !given.values.isEmpty else {
            throw ClientError(.usage, ProgressPhrases.giveAFigure.t(["options": Self.options]))
        }
        guard given.clear.isEmpty else {
            throw ClientError(.usage, ProgressPhrases.clearIsForEdit.t(["command": "gorilla measurements edit"]))
        }
        // It names its client, also on a client's own device (the server names the client who records it).
        var measurement = GorillaShared.Measurement(client: subject.id, date: CalendarDate.today())
        try Self.apply(given, to: &measurement)
        let id = UUID.v7()
        try await context.create(cache, measurement, id: id)
        return try MeasurementChange(.added, id: id, client: subject, cache: cache, context: context)
    }

    /// `gorilla measurements edit ID [--date D] [--weight KG] … [--clear FIGURE]... [--note T] [--force]`: changes
    /// only what is given.
    package func edit(_ text: String, _ given: MeasurementFields) async throws -> MeasurementChange {
        let cache = try context.cache()
        let entry = try Self.resolve(cache, text)
        var changed = entry.value
        try Self.apply(given, to: &changed)
        for name in given.clear {
            guard let measure = BodyMeasure(named: name) else {
                throw ClientError(
                    .usage, ProgressPhrases.clearNotAFigure.t(["name": name, "figures": Self.figureNames]))
            }
            guard given.values[measure] == nil else {
                throw ClientError(.usage, ProgressPhrases.clearContradicts.t(["option": measure.option]))
            }
            changed[measure] = nil
        }
        guard given.date != nil || !given.values.isEmpty || !given.clear.isEmpty || given.note != nil else {
            throw ClientError(.usage, ProgressPhrases.nothingToChange.t(["options": Self.options]))
        }
        guard !changed.values.isEmpty else {
            throw ClientError(
                .usage, ProgressPhrases.keepOneFigure.t(["command": "gorilla measurements rm \(entry.id.short)"]))
        }
        try await context.update(cache, entry.id, to: changed)
        let subject = try Self.subject(of: entry, cache: cache, context: context)
        return try MeasurementChange(.updated, id: entry.id, client: subject, cache: cache, context: context)
    }

    /// `gorilla measurements rm ID [--yes]`: asks first (``Confirmation``).
    package func remove(_ text: String, confirmation: Confirmation) async throws -> MeasurementChange {
        let cache = try context.cache()
        let entry = try Self.resolve(cache, text)
        let subject = try Self.subject(of: entry, cache: cache, context: context)
        let history = try Self.history(cache, client: subject.id, context: context)
        let row = history.entries.first { $0.id == entry.id } ?? BodyHistory.Entry(entry)
        let figures = row.figures.map { BodyText.figure($0.measure, $0.value) }
        try confirmation.require(
            ProgressPhrases.deleteMeasurementQuestion.t([
                "day": ProgressDates.day(of: row), "client": subject.name,
                "figures": figures.joined(separator: ", "),
            ]))
        try await context.delete(cache, GorillaShared.Measurement.self, entry.id)
        return MeasurementChange(
            .deleted, id: entry.id, client: subject.name, entry: row, goalWeight: history.goalWeight)
    }

    /// `gorilla measurements list [--client C]`: oldest first, each weight with the BMI of the height nearest in time.
    package func list(client: String?) async throws -> MeasurementList {
        let cache = try await context.freshCache()
        let subject = try StatsSubject.resolve(client, cache: cache, context: context)
        return MeasurementList(
            client: subject.name, history: try Self.history(cache, client: subject.id, context: context))
    }

    // MARK: Helpers

    /// "--weight, --height, --body-fat, …".
    static let options = BodyMeasure.allCases.map { "--\($0.option)" }.joined(separator: ", ")
    /// "weight, height, body-fat, …".
    static let figureNames = BodyMeasure.allCases.map(\.option).joined(separator: ", ")

    /// A client's measurements with their goal weight.
    static func history(_ cache: LocalCache, client: UUID, context: DeviceContext) throws -> BodyHistory {
        BodyHistory(
            try entries(cache, client: client, context: context),
            goalWeight: try cache.one(GorillaShared.Client.self, client)?.goalWeight)
    }

    /// A client's measurements, in no particular order (``BodyHistory`` orders them).
    static func entries(
        _ cache: LocalCache, client: UUID, context: DeviceContext
    ) throws -> [Stored<GorillaShared.Measurement>] {
        // On a client's own device every measurement is theirs.
        let own = try Access.newRowRelation(.measurement, as: context.session().profile.role) == .own
        return try cache.all(GorillaShared.Measurement.self).filter { own || $0.client == client }
    }

    /// The measurement whose id (or the short id lists show) is `text`.
    static func resolve(_ cache: LocalCache, _ text: String) throws -> Stored<GorillaShared.Measurement> {
        try NameResolver(cache: cache).resolve(GorillaShared.Measurement.self, id: text, label: "measurement")
    }

    /// The client a measurement belongs to.
    static func subject(
        of entry: Stored<GorillaShared.Measurement>, cache: LocalCache, context: DeviceContext
    ) throws -> StatsSubject {
        let profile = try context.session().profile
        guard Access.newRowRelation(.measurement, as: profile.role) == .ownClient else {
            return StatsSubject(id: profile.id, name: "\(profile.name) \(profile.surname)")
        }
        let id = entry.client
        return StatsSubject(id: id, name: try ClientDirectory(cache: cache).names()[id] ?? id.short)
    }

    /// Sets on `measurement` what `given` holds, its figures checked against their ranges (``BodyMeasure/problem``):
    /// the day, the figures, and the note (an empty one removes it).
    static func apply(_ given: MeasurementFields, to measurement: inout GorillaShared.Measurement) throws {
        if let date = given.date { measurement.date = try day(date) }
        for (measure, value) in given.values {
            if let problem = measure.problem(with: value, forced: given.force) {
                let advice = problem.forceable ? "; " + ProgressPhrases.checkOrForce.t() : ""
                throw ClientError(.usage, BodyText.problem(problem, naming: "--\(measure.option)") + advice)
            }
            measurement[measure] = value
        }
        if let note = given.note {
            let trimmed = note.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.count <= GorillaShared.Measurement.maxNoteLength else {
                throw ClientError(
                    .usage, ProgressPhrases.noteTooLong.t(["max": GorillaShared.Measurement.maxNoteLength]))
            }
            measurement.note = trimmed.isEmpty ? nil : trimmed
        }
    }

    /// The calendar day of `--date`: `YYYY-MM-DD` as typed (a time after it, as `sessions log` takes, is ignored).
    package static func day(_ text: String) throws -> CalendarDate {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count == 10 || EventFormatting.parseLocal(trimmed) != nil,
            let day = CalendarDate(String(trimmed.prefix(10)))
        else {
            throw ClientError(
                .usage, EventFormatting.dateProblem(text).map { "--date: \($0)" } ?? ProgressPhrases.dateIsDay.t())
        }
        return day
    }
}
