import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// What `programs assign` sets on a client's assignment.
package struct AssignmentFields: Sendable {
    package var start: String
    package var at: String?
    package var book: Bool
    package var repeats: Bool
    package var baselines: [String]

    package init(start: String, at: String? = nil, book: Bool = false, repeats: Bool = false, baselines: [String] = [])
    {
        self.start = start
        self.at = at
        self.book = book
        self.repeats = repeats
        self.baselines = baselines
    }
}

/// Clients following programs: `programs assign|unassign|shift`. An assignment is a synced row of its own (kind
/// `assignment`, one per client and program), which the client's devices pull; with `--book` its days are also
/// appointments with their training, each with an id every device derives alike from the assignment and the day.
package struct AssignmentService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla programs assign P --client C --start D [--at HH:MM] [--book] [--repeat] [--baseline "E=140kg"]…`:
    /// a client already following the program starts it over with these settings.
    package func assign(
        _ name: String, client clientName: String, _ fields: AssignmentFields
    ) async throws
        -> AssignmentChange
    {
        try context.require(.create, .assignment)
        let cache = try context.cache()
        let program = try NameResolver(cache: cache).resolve(Program.self, name)
        let client = try ClientDirectory(cache: cache).client(clientName, for: .writing(.scheduleEvents))
        let start = try MeasurementService.day(fields.start)
        if let at = fields.at, Assignment.minutes(of: at) == nil {
            throw ClientError(.usage, ProgramPhrases.atForm.t(["text": at]))
        }
        if fields.book, fields.at == nil { throw ClientError(.usage, ProgramPhrases.bookNeedsAt.t()) }
        let assignment = Assignment(
            client: client.id, program: program.id, start: start, at: fields.at, book: fields.book ? true : nil,
            repeats: fields.repeats ? true : nil,
            baselines: try ProgramInput(cache: cache).baselines(fields.baselines))
        let id: UUID
        let mutation: Mutation?
        if let existing = try current(cache, program: program.id, client: client.id) {
            id = existing.id
            // Appointments already past stay as history; those to come are booked again from the new settings.
            try cancelBooked(cache, existing.value, id: existing.id, from: .today())
            mutation = try cache.update(id, to: assignment)
        } else {
            id = UUID.v7()
            mutation = try cache.create(assignment, id: id)
        }
        if fields.book { try book(cache, assignment, id: id, program: program.value, from: start) }
        try await settle(mutation)
        return AssignmentChange(
            .assigned, program: program.name, client: ClientDirectory.displayName(client),
            assignment: try cache.one(Assignment.self, id))
    }

    /// `gorilla programs unassign P --client C`: the client stops following it (booked days to come are removed).
    package func unassign(_ name: String, client clientName: String) async throws -> AssignmentChange {
        try context.require(.delete, .assignment)
        let cache = try context.cache()
        let (program, client, assignment) = try find(cache, program: name, client: clientName)
        try cancelBooked(cache, assignment.value, id: assignment.id, from: CalendarDate.today())
        try await settle(try cache.delete(Assignment.self, assignment.id))
        return AssignmentChange(.unassigned, program: program, client: client, assignment: assignment)
    }

    /// `gorilla programs shift [P] --client C --days N [--from D]`: the days from `from` (today) on move `days` later.
    package func shift(
        _ name: String?, client clientName: String, days: Int, from: String?
    ) async throws
        -> AssignmentChange
    {
        try context.require(.update, .assignment)
        guard Assignment.shiftRange.contains(Double(days)) else {
            throw ClientError(.usage, ProgramPhrases.shiftRange.t(["most": Int(Assignment.shiftRange.upperBound)]))
        }
        let cache = try context.cache()
        let (program, client, stored) = try find(cache, program: name, client: clientName)
        let first = try from.map(MeasurementService.day) ?? CalendarDate.today()
        var assignment = stored.value
        if assignment.book == true { try cancelBooked(cache, assignment, id: stored.id, from: first) }
        assignment.shifts.append(Assignment.Shift(from: max(first, assignment.start), days: days))
        let mutation = try cache.update(stored.id, to: assignment)
        if assignment.book == true, let plan = try cache.one(Program.self, assignment.program) {
            try book(cache, assignment, id: stored.id, program: plan.value, from: first)
        }
        try await settle(mutation)
        return AssignmentChange(
            .shifted(days: days), program: program, client: client,
            assignment: try cache.one(Assignment.self, stored.id))
    }

    // MARK: Parts

    /// Syncs the queued changes, throwing when the server refused `mutation` (nothing queued: nothing to sync).
    private func settle(_ mutation: Mutation?) async throws {
        if let mutation { try await context.settle(mutation) }
    }

    /// The live assignment of `program` to `client`, if any.
    private func current(_ cache: LocalCache, program: UUID, client: UUID) throws -> Stored<Assignment>? {
        try cache.all(Assignment.self).first { $0.program == program && $0.client == client }
    }

    /// The program's name, the client's name and the assignment that `program` (or the client's only one) and
    /// `client` name.
    private func find(
        _ cache: LocalCache, program name: String?, client clientName: String
    ) throws
        -> (String, String, Stored<Assignment>)
    {
        let client = try ClientDirectory(cache: cache).client(clientName, for: .writing(.scheduleEvents))
        let assignments = try cache.all(Assignment.self).filter { $0.client == client.id }
        let clientLabel = ClientDirectory.displayName(client)
        if let name {
            let program = try NameResolver(cache: cache).resolve(Program.self, name)
            guard let assignment = assignments.first(where: { $0.program == program.id }) else {
                throw ClientError(
                    .notFound, ProgramPhrases.notAssigned.t(["program": program.name, "client": clientLabel]))
            }
            return (program.name, clientLabel, assignment)
        }
        guard assignments.count == 1 else {
            throw ClientError(
                .usage,
                assignments.isEmpty
                    ? ProgramPhrases.followsNone.t(["client": clientLabel])
                    : ProgramPhrases.nameTheProgram.t(["client": clientLabel]))
        }
        let program = try cache.one(Program.self, assignments[0].program)?.name ?? assignments[0].program.short
        return (program, clientLabel, assignments[0])
    }

    /// Books the planned days from `first` on as appointments with their training, at the assignment's time.
    private func book(
        _ cache: LocalCache, _ assignment: Assignment, id: UUID, program: Program, from first: CalendarDate
    ) throws {
        guard let at = assignment.at, let minutes = Assignment.minutes(of: at) else { return }
        let last = max(first, assignment.start).adding(days: Self.bookingDays(program, assignment))
        for planned in ProgramSchedule.planned(from: first, to: last, program, assignment) {
            let start = planned.date.start(in: .current).addingTimeInterval(Double(minutes * 60))
            var event = Event(client: assignment.client, start: start, zone: TimeZone.current.identifier)
            event.training = planned.training
            event.note = program.name
            _ = try cache.create(event, id: Self.bookedID(id, planned, assignment))
        }
    }

    /// Removes the booked appointments from `first` on (all of them when nil).
    func cancelBooked(
        _ cache: LocalCache, _ assignment: Assignment, id: UUID, from first: CalendarDate?
    )
        throws
    {
        guard assignment.book == true, let program = try cache.one(Program.self, assignment.program) else { return }
        let begin = first ?? assignment.start
        let last = max(begin, assignment.start).adding(days: Self.bookingDays(program.value, assignment))
        for planned in ProgramSchedule.planned(from: begin, to: last, program.value, assignment) {
            let eventID = Self.bookedID(id, planned, assignment)
            if try cache.one(Event.self, eventID) != nil { _ = try cache.delete(Event.self, eventID) }
        }
    }

    /// How far ahead days are booked: the whole program, or twelve weeks of one without an end or that repeats.
    private static func bookingDays(_ program: Program, _ assignment: Assignment) -> Int {
        let shifted = assignment.shifts.reduce(0) { $0 + $1.days }
        guard let weeks = program.weeks, assignment.repeats != true else { return 84 + shifted }
        return weeks * program.period + shifted
    }

    /// The id of the appointment booked for `planned`: the same on every device, whatever postponements moved it.
    static func bookedID(_ id: UUID, _ planned: ProgramSchedule.Planned, _ assignment: Assignment) -> UUID {
        let offset = ProgramSchedule.offset(of: planned.date, in: assignment) ?? 0
        return Event.exceptionID(series: id, occurrence: assignment.start.adding(days: offset))
    }
}

/// `gorilla programs assign|unassign|shift`.
package struct AssignmentChange: Sendable {
    package enum Action: Sendable {
        case assigned, unassigned
        case shifted(days: Int)
    }

    package let action: Action
    package let program: String
    package let client: String
    /// The assignment as it stands (nil once synced away or refused).
    package let assignment: Stored<Assignment>?

    package init(_ action: Action, program: String, client: String, assignment: Stored<Assignment>?) {
        self.action = action
        self.program = program
        self.client = client
        self.assignment = assignment
    }

    /// The member `--json` adds: the program's and the client's names, and whether it was removed.
    private struct Added: Encodable, Sendable {
        let programName: String
        let clientName: String
        let deleted: Bool?
    }

    package var jsonForm: DocumentRecord<Assignment, AnyJSONForm>? {
        let deleted: Bool? = if case .unassigned = action { true } else { nil }
        return assignment.map {
            DocumentRecord(
                $0, adding: AnyJSONForm(Added(programName: program, clientName: client, deleted: deleted)))
        }
    }
}
