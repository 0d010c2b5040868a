import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// What `gorilla import` reads, for whom and how.
package struct ImportRequest: Sendable {
    /// The CSV file (a Strong or Hevy export of sets).
    package var file: String
    /// The client whose history receives the sessions; a client importing their own leaves it out.
    package var client: String?
    /// Add exercise names the catalogue does not have to it (`--create-exercises`, coaches).
    package var createExercises: Bool
    /// Keep exercise names the catalogue does not have by name only (`--allow-new`).
    package var allowNew: Bool
    /// Show what would be imported and save nothing (`--dry-run`).
    package var dryRun: Bool
    /// The unit of a Strong file's weights when it has no unit column: `kg` (default) or `lb`.
    package var unit: String?
    /// `FROM=TO` entries: the file's exercise name FROM is the catalogue's TO (`--map`, repeatable).
    package var map: [String]
    /// A file of `FROM=TO` lines (`--map-file`).
    package var mapFile: String?

    package init(
        file: String, client: String?, createExercises: Bool = false, allowNew: Bool = false, dryRun: Bool = false,
        unit: String? = nil, map: [String] = [], mapFile: String? = nil
    ) {
        self.file = file
        self.client = client
        self.createExercises = createExercises
        self.allowNew = allowNew
        self.dryRun = dryRun
        self.unit = unit
        self.map = map
        self.mapFile = mapFile
    }
}

/// Brings a client's history over from another app (`gorilla import FILE --client C`): a Strong or Hevy CSV export of
/// sets becomes sessions, queued and synced like `gorilla sessions log`.
///
/// Each workout's session id is derived from the client and the workout's start (``Foundation/UUID/named(_:in:)``), so
/// importing the same file again, on any device of the account, recognises the sessions already there and adds
/// nothing. Exercise names are matched against the catalogue as `sessions log --set` matches them; names it does not
/// have stop the import before anything is saved, unless `--create-exercises` or `--allow-new` says what to do.
package struct ImportService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// The namespace of the ids of imported sessions.
    static let namespace = UUID(uuidString: "6f0c1d2e-9a4b-5c3d-8e7f-1a2b3c4d5e6f")!

    /// `gorilla import FILE [--client C] [--create-exercises | --allow-new] [--dry-run] [--unit kg|lb]`.
    package func importSets(_ request: ImportRequest) async throws -> ImportSummary {
        guard !(request.createExercises && request.allowNew) else {
            throw ClientError(.usage, DataPhrases.createOrAllowNewNotBoth.t())
        }
        if request.createExercises, try !context.may(.create, .exercise) {
            throw ClientError(.usage, DataPhrases.onlyCoachesCreateExercises.t())
        }
        let unit = try request.unit.map { text -> WeightUnit in
            guard let unit = WeightUnit(rawValue: text.lowercased()) else {
                throw ClientError(.usage, DataPhrases.unitIsKgOrLb.t())
            }
            return unit
        }
        let file = try Self.read(request.file, unit: unit ?? .kg)
        guard !file.workouts.isEmpty else {
            throw ClientError(
                .usage, DataPhrases.fileHoldsNoSets.t(["file": request.file, "format": file.format.rawValue]))
        }
        let mapping = try Self.mapping(request.map, file: request.mapFile)
        let cache = try await context.freshCache()
        let client = try SessionService.owner(request.client, cache: cache, context: context)

        // Every name is looked up before anything is saved.
        let resolver = NameResolver(cache: cache)
        var links: [String: (id: UUID, name: String)] = [:]
        var unknown: [(name: String, why: String)] = []
        let names = file.workouts.flatMap { $0.exercises.map(\.name) }.reduce(into: [String]()) { names, name in
            if !names.contains(name) { names.append(name) }
        }
        // A mapped name is looked up (and, with --create-exercises, added) as the name it maps to.
        let target = { (name: String) in mapping[NameMatch.fold(name)] ?? name }
        for name in names {
            switch Self.pick(target(name), resolver) {
            case .success(let exercise): links[name] = (exercise.id, exercise.name)
            case .failure(let error): unknown.append((name, error.message))
            }
        }

        var sessions: [ImportSummary.Session] = []
        var taken: Set<UUID> = []
        for workout in file.workouts {
            var id = UUID.named("\(client.id.key) \(ISOTime.format(workout.start))", in: Self.namespace)
            var repeatCount = 1
            while taken.contains(id) {  // two workouts of the file that start together
                repeatCount += 1
                id = UUID.named("\(client.id.key) \(ISOTime.format(workout.start)) #\(repeatCount)", in: Self.namespace)
            }
            taken.insert(id)
            sessions.append(
                ImportSummary.Session(id: id, workout: workout, alreadyImported: try cache.entity(id) != nil))
        }
        var summary = ImportSummary(
            file: request.file, format: file.format.rawValue, clientID: client.id, clientName: client.name,
            dryRun: request.dryRun, sessions: sessions, skippedRows: file.skippedRows,
            matched: names.compactMap { name in
                guard mapping[NameMatch.fold(name)] == nil else { return nil }
                return links[name].flatMap { $0.name == name ? nil : (name, $0.name) }
            },
            unknown: unknown.map(\.name), handling: request.createExercises ? .create : request.allowNew ? .keep : .stop
        )
        summary.mapped = names.compactMap { name in
            mapping[NameMatch.fold(name)].map { (name, links[name]?.name ?? $0) }
        }
        if request.dryRun { return summary }
        guard unknown.isEmpty || request.createExercises || request.allowNew else {
            let list = unknown.map { "  \($0.name): \($0.why)" }.joined(separator: "\n")
            let refusal: DataPhrases = unknown.count == 1 ? .unknownExercisesOne : .unknownExercisesMany
            throw ClientError(
                .notFound, refusal.t(["count": unknown.count, "file": request.file, "list": list])
            ).decidedLocally()
        }

        let fresh = sessions.filter { !$0.alreadyImported }
        if request.createExercises {
            let needed = Set(fresh.flatMap { $0.workout.exercises.map(\.name) })
            for name in unknown.map(\.name) where needed.contains(name) {
                let clean = try CatalogueService(context).freeName(cache, Exercise.self, target(name))
                let id = UUID.v7()
                let sets = fresh.flatMap { $0.workout.exercises.filter { $0.name == name }.flatMap(\.sets) }
                try cache.create(Exercise(name: clean, count: Self.count(of: sets)), id: id)
                links[name] = (id, clean)
                summary.created.append(clean)
            }
        }
        // Each session queued is reported (rows: sessions; bytes: the file's share they came from); the sync after
        // reports its push.
        let progress = context.side.progress
        var queued = WorkProgress(.import, done: 0, total: fresh.count, bytes: 0)
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: request.file)[.size] as? Int) ?? 0
        progress?(queued)
        defer {
            queued.finished = true
            progress?(queued)
        }
        for session in fresh {
            queued.done += 1
            queued.bytes = fileBytes * queued.done / max(fresh.count, 1)
            progress?(queued)
            var exercises = session.workout.exercises
            var notes = session.workout.notes?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // The workout's title ("Leg day") stays with the session, as the first line of its notes.
            let title = session.workout.title.trimmingCharacters(in: .whitespaces)
            if !title.isEmpty, notes?.first != title { notes = [title] + (notes ?? []) }
            for index in exercises.indices {
                guard let link = links[exercises[index].name] else { continue }
                // The notes name each exercise as the session will ("Leg press: RPE 8", not the app's name).
                let prefix = exercises[index].name + ": "
                notes = notes?.map { $0.hasPrefix(prefix) ? link.name + ": " + $0.dropFirst(prefix.count) : $0 }
                exercises[index].exercise = link.id
                exercises[index].name = link.name
            }
            let draft = SessionDraft(
                client: client.id, event: nil, training: nil, mode: SessionMode.handsfree.rawValue,
                start: session.workout.start, end: session.workout.end, paused: 0,
                notes: notes?.joined(separator: "\n"), exercises: exercises)
            try draft.queue(as: session.id, in: cache, context: context)
        }
        if !fresh.isEmpty || !summary.created.isEmpty { await context.syncOpportunistically() }
        summary.rejected = try fresh.filter { try cache.entity($0.id) == nil }.map(\.id)
        return summary
    }

    /// The file's exercise names and the catalogue's names they stand for, by the folded file name, from `--map`
    /// entries and the lines of `--map-file` (blank lines and `#` comments left out).
    /// - Throws: ``ClientError`` `.usage` for an entry that is not `FROM=TO`, `.local` for a file that cannot be read.
    static func mapping(_ entries: [String], file: String?) throws -> [String: String] {
        var lines = entries.map { (source: "--map", entry: $0) }
        if let file {
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8)
            else { throw ClientError(.local, DataPhrases.cannotRead.t(["path": file])) }
            for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                lines.append((source: "\(file):\(index + 1)", entry: trimmed))
            }
        }
        var mapping: [String: String] = [:]
        for (source, entry) in lines {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ClientError(.usage, DataPhrases.mapEntryInvalid.t(["source": source, "entry": entry]))
            }
            mapping[NameMatch.fold(parts[0])] = parts[1]
        }
        return mapping
    }

    /// The file, read and parsed.
    /// - Throws: ``ClientError`` `.local` when it cannot be read, `.usage` when it is not a Strong or Hevy export.
    static func read(_ path: String, unit: WeightUnit) throws -> WorkoutFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ClientError(.local, DataPhrases.cannotRead.t(["path": path]))
        }
        // Exports are UTF-8; a file saved again by a spreadsheet may be Latin-1.
        let text = String(data: data, encoding: .utf8) ?? String(decoding: data, as: UTF8.self)
        do {
            return try WorkoutFile(text, unit: unit)
        } catch let problem as WorkoutFile.Problem {
            throw ClientError(.usage, "\(path): \(problem.description)")
        }
    }

    /// The catalogue exercise a file's name picks, forgiving as `sessions log --set` is; an app's equipment in
    /// parentheses ("Bench Press (Barbell)") is tried without it when the whole name finds nothing.
    static func pick(_ name: String, _ resolver: NameResolver) -> Result<Stored<Exercise>, ClientError> {
        do {
            return .success(try resolver.pick(Exercise.self, name))
        } catch let error as ClientError {
            let bare = name.replacing(/\s*\([^)]*\)\s*$/, with: "")
            if error.kind == .notFound, bare != name, !bare.isEmpty, let found = try? resolver.pick(Exercise.self, bare)
            {
                return .success(found)
            }
            return .failure(error)
        } catch {
            return .failure(ClientError(.local, "\(error)"))
        }
    }

    /// How an exercise first met in an import is counted: by distance or time when its sets say so.
    static func count(of sets: [PerformedSet]) -> CountMode {
        if !sets.isEmpty, sets.allSatisfy({ $0.distance != nil }) { return .distance }
        if !sets.isEmpty, sets.allSatisfy({ $0.reps == 0 && $0.duration != nil }) { return .time }
        return .reps
    }
}
