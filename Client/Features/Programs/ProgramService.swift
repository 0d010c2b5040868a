import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// What `programs add` and `programs edit` set on a program; nil or empty: left as it is (edit) or absent (add).
package struct ProgramFields: Sendable {
    package var weeks: Int?
    package var cycle: Int?
    /// `--day`: all the days, replacing the old ones when given.
    package var days: [String]
    /// `--progress`: one rule per exercise, replacing that exercise's old one.
    package var progress: [String]
    /// `--no-progress EXERCISE`: rules taken out.
    package var dropProgress: [String]
    package var deload: String?
    /// `--no-deload`.
    package var dropDeload: Bool
    package var notes: String?

    package init(
        weeks: Int? = nil, cycle: Int? = nil, days: [String] = [], progress: [String] = [], dropProgress: [String] = [],
        deload: String? = nil, dropDeload: Bool = false, notes: String? = nil
    ) {
        self.weeks = weeks
        self.cycle = cycle
        self.days = days
        self.progress = progress
        self.dropProgress = dropProgress
        self.deload = deload
        self.dropDeload = dropDeload
        self.notes = notes
    }
}

/// A coach's programs: add, edit, rename, duplicate, remove, list, show (`gorilla programs`). Offline first, like the
/// rest of the catalogue: each change is queued in the outbox and synced when the server is reachable.
package struct ProgramService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla programs add NAME --weeks N --day "mon: Legs"… [--cycle N] [--progress …]… [--deload 4:60%]`.
    package func add(name: String, _ fields: ProgramFields) async throws -> ProgramChange {
        try context.require(.create, .program)
        let cache = try context.cache()
        let clean = try freeName(cache, name)
        var program = Program(name: clean)
        try apply(fields, to: &program, cache)
        let id = UUID.v7()
        try await context.create(cache, program, id: id)
        return ProgramChange(.added, try EntityChange(Program.self, .added, name: clean, id: id, in: cache))
    }

    /// `gorilla programs edit NAME …`: the options given replace what the program had.
    package func edit(_ name: String, _ fields: ProgramFields) async throws -> ProgramChange {
        try context.require(.update, .program)
        let cache = try context.cache()
        let stored = try NameResolver(cache: cache).resolve(Program.self, name)
        var program = stored.value
        try apply(fields, to: &program, cache)
        guard program != stored.value else { throw ClientError(.usage, ProgramPhrases.nothingToChange.t()) }
        try await context.update(cache, stored.id, to: program)
        return ProgramChange(
            .updated, try EntityChange(Program.self, .updated, name: program.name, id: stored.id, in: cache))
    }

    /// `gorilla programs rename NAME NEW`.
    package func rename(_ name: String, to newName: String) async throws -> ProgramChange {
        try context.require(.update, .program)
        let cache = try context.cache()
        let stored = try NameResolver(cache: cache).resolve(Program.self, name)
        var program = stored.value
        program.name = try freeName(cache, newName, except: stored.id)
        try await context.update(cache, stored.id, to: program)
        return ProgramChange(
            .renamed(from: stored.name),
            try EntityChange(Program.self, .renamed(from: stored.name), name: program.name, id: stored.id, in: cache))
    }

    /// `gorilla programs duplicate NAME NEW`: a copy under a new name, assigned to nobody.
    package func duplicate(_ name: String, as newName: String) async throws -> ProgramChange {
        try context.require(.create, .program)
        let cache = try context.cache()
        let stored = try NameResolver(cache: cache).resolve(Program.self, name)
        var copy = stored.value
        copy.name = try freeName(cache, newName)
        let id = UUID.v7()
        try await context.create(cache, copy, id: id)
        return ProgramChange(
            .duplicated(from: stored.name), try EntityChange(Program.self, .added, name: copy.name, id: id, in: cache))
    }

    /// `gorilla programs rm NAME`: asks first; the clients following it stop following it (booked days to come are
    /// removed).
    package func remove(_ name: String, confirmation: Confirmation) async throws -> ProgramChange {
        try context.require(.delete, .program)
        let cache = try context.cache()
        let stored = try NameResolver(cache: cache).resolve(Program.self, name)
        let assignments = try cache.all(Assignment.self).filter { $0.program == stored.id }
        try confirmation.require(
            ProgramPhrases.deleteQuestion.t([
                "name": stored.name, "id": stored.id.short, "count": assignments.count,
            ]))
        for assignment in assignments {
            try AssignmentService(context).cancelBooked(cache, assignment.value, id: assignment.id, from: .today())
            _ = try cache.delete(Assignment.self, assignment.id)
        }
        try await context.delete(cache, Program.self, stored.id)
        return ProgramChange(
            .deleted,
            EntityChange(
                .program, .deleted, name: stored.name, id: stored.id,
                record: DocumentRecord(stored, adding: DeletedMark())))
    }

    /// `gorilla programs list`: by name, with their length, their days and how many clients follow each.
    package func list() async throws -> ProgramList {
        let cache = try await context.freshCache()
        let assignments = try cache.all(Assignment.self)
        let rows = try cache.all(Program.self).sortedByFoldedName(\.name).map { program in
            ProgramList.Row(program: program, clients: assignments.filter { $0.program == program.id }.count)
        }
        return ProgramList(programs: rows)
    }

    /// `gorilla programs show NAME`: its days with their trainings, its progressions, its deload and who follows it.
    package func show(_ name: String) async throws -> ProgramDetail {
        let cache = try await context.freshCache()
        let program = try NameResolver(cache: cache).resolve(Program.self, name)
        let trainings = try names(cache, Training.self)
        let exercises = try names(cache, Exercise.self)
        let clients = try ClientDirectory(cache: cache).names()
        let followers = try cache.all(Assignment.self).filter { $0.program == program.id }
            .sorted { $0.start < $1.start }
            .map { ProgramDetail.Follower(assignment: $0, client: clients[$0.client] ?? $0.client.short) }
        return ProgramDetail(
            program: program,
            days: program.days.map { ($0, trainings[$0.training]) },
            rules: program.progress.map { ($0, exercises[$0.exercise]) },
            followers: followers)
    }

    // MARK: Parts

    /// Sets what `fields` give on `program`, then checks it by the program's own rules.
    private func apply(_ fields: ProgramFields, to program: inout Program, _ cache: LocalCache) throws {
        let input = ProgramInput(cache: cache)
        if let cycle = fields.cycle { program.cycle = cycle }
        if let weeks = fields.weeks { program.weeks = weeks }
        if !fields.days.isEmpty {
            if let cycle = program.cycle, !(Program.cycleRange.contains(Double(cycle))) {
                throw ClientError(.usage, ProgramPhrases.cycleRange.t())
            }
            program.days = try input.days(fields.days, cycle: program.cycle)
        }
        let resolver = NameResolver(cache: cache)
        for name in fields.dropProgress {
            let exercise = try resolver.pick(Exercise.self, name).id
            program.progress.removeAll { $0.exercise == exercise }
        }
        for rule in try input.rules(fields.progress) {
            program.progress.removeAll { $0.exercise == rule.exercise }
            program.progress.append(rule)
        }
        if fields.dropDeload { program.deload = nil }
        if let deload = fields.deload { program.deload = try ProgramInput.deload(deload) }
        if let notes = fields.notes { program.notes = notes }
        if program.weeks == nil, program.cycle == nil { throw ClientError(.usage, ProgramPhrases.weeksOrCycle.t()) }
        if program.days.isEmpty { throw ClientError(.usage, ProgramPhrases.needsADay.t()) }
        do {
            program = try program.normalised()
        } catch {
            throw ClientError(.usage, error.description)
        }
    }

    /// The cleaned name, refused when another live program already has it (``CatalogueService``'s rule).
    private func freeName(_ cache: LocalCache, _ name: String, except: UUID? = nil) throws -> String {
        try CatalogueService(context).freeName(cache, Program.self, name, except: except)
    }

    private func names<Document: NamedDocument>(_ cache: LocalCache, _ type: Document.Type) throws -> [UUID: String] {
        Dictionary(try cache.all(type, includeDeleted: true).map { ($0.id, $0.value.lookupName) }) { first, _ in first }
    }
}
