import Foundation
import GorillaShared

/// Copies rows of the catalogue from one tenant to another inside a write transaction: a coach's own exercise or
/// training published to her gym's library, a row of the library copied into a coach's own catalogue, or what a
/// handed-over client's history names copied to the receiving coach (``ServerStore/transferClient(_:client:to:now:)``).
///
/// A row takes along what it uses (a program its trainings and the exercises of its progressions, a training its
/// exercises, an exercise its machine); a used row whose name the
/// target already has is matched, not doubled. The row asked for is refused when the target has its name
/// (``ServerError`` `nameTaken`). A machine's image stays behind: media belong to the account that uploaded them.
struct CatalogueCopy {
    let db: any SQLTransaction
    /// The tenant the rows are read from (a coach, or a gym).
    let source: UUID
    /// The tenant the rows are written to.
    let target: UUID
    /// The account writing them.
    let account: UUID
    let now: Date
    /// The rows written or matched, the one asked for first.
    private(set) var rows: [GymLibraryReply.Row] = []
    /// Target ids by source id, for a row used twice.
    private var copies: [UUID: UUID] = [:]

    init(_ db: any SQLTransaction, from source: UUID, to target: UUID, by account: UUID, now: Date) {
        self.db = db
        self.source = source
        self.target = target
        self.account = account
        self.now = now
    }

    /// Copies the live row `id` of `kind` of the source tenant; returns its copy's id.
    /// - Throws: ``ServerError`` `notFound` when the source has no such live row, `nameTaken` when the target has one
    ///   of its name.
    mutating func copy(_ kind: EntityKind, _ id: UUID) throws -> UUID {
        guard kind.scope == .catalogue, let row = try sourceRow(kind, id) else { throw ServerError.notFound }
        return try copy(row, kind, asked: true)
    }

    /// The target's row for the source's live row `id` of `kind`: a copy (with what it uses), or the target's row of
    /// its name, used as it is; nil when the source has no such row.
    mutating func use(_ kind: EntityKind, _ id: UUID) throws -> UUID? {
        guard kind.scope == .catalogue, let row = try sourceRow(kind, id) else { return nil }
        return try copy(row, kind, asked: false)
    }

    /// How many new rows were written, by kind (rows matched by name are not counted).
    var made: [EntityKind: Int] {
        rows.filter { !$0.matched }.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }

    private mutating func copy(_ row: EntityRow, _ kind: EntityKind, asked: Bool) throws -> UUID {
        if let done = copies[row.id] { return done }
        let name = row.data["name"]?.stringValue ?? ""
        if let existing = try targetRow(kind, named: name) {
            if asked { throw ServerError(.nameTaken, WireText.quoted(name)) }
            copies[row.id] = existing.id
            rows.append(GymLibraryReply.Row(kind: kind, id: existing.id, name: existing.name, matched: true))
            return existing.id
        }
        let position = rows.count
        rows.append(GymLibraryReply.Row(kind: kind, id: UUID(), name: name, matched: false))
        let document = try document(of: row, kind)
        let version = try ServerStore.nextVersion(db)
        let copy = EntityRow(
            id: rows[position].id, kind: kind.rawValue, coachID: target, clientID: nil, data: document,
            fieldVersions: document.mapValues { _ in version }, version: version, deleted: false)
        try copy.save(db, kind: kind, createdBy: account, now: now)
        copies[row.id] = copy.id
        return copy.id
    }

    /// `row`'s document with the rows it uses replaced by their copies (an exercise or machine no longer there is
    /// left out, one the target holds already is kept), and without a machine's image.
    private mutating func document(of row: EntityRow, _ kind: EntityKind) throws -> [String: JSONValue] {
        switch kind {
        case .machine:
            var machine = try Machine(document: row.data)
            machine.image = nil
            return machine.document
        case .exercise:
            var exercise = try Exercise(document: row.data)
            exercise.machine = try exercise.machine.flatMap { id in
                // A machine of the target already (the gym's, for a coach's exercise on it published) stays as it is.
                if try targetHolds(.machine, id) { return id }
                return try sourceRow(.machine, id).map { try copy($0, .machine, asked: false) }
            }
            return exercise.document
        case .program:
            var program = try Program(document: row.data)
            program.days = try program.days.compactMap { day in
                guard let used = try sourceRow(.training, day.training) else { return nil }
                var copied = day
                copied.training = try copy(used, .training, asked: false)
                return copied
            }
            program.progress = try program.progress.compactMap { rule in
                guard let used = try sourceRow(.exercise, rule.exercise) else { return nil }
                var copied = rule
                copied.exercise = try copy(used, .exercise, asked: false)
                return copied
            }
            return program.storedDocument
        default:
            var training = try Training(document: row.data)
            training.exercises = try training.exercises.compactMap { entry in
                guard let used = try sourceRow(.exercise, entry.exercise) else { return nil }
                var copied = entry
                copied.exercise = try copy(used, .exercise, asked: false)
                return copied
            }
            return training.storedDocument
        }
    }

    /// The live row `id` of `kind` in the source tenant.
    private func sourceRow(_ kind: EntityKind, _ id: UUID) throws -> EntityRow? {
        guard let row = try EntityRow.fetch(db, id: id), row.coachID == source, row.kind == kind.rawValue,
            !row.deleted
        else { return nil }
        return row
    }

    /// Whether `id` is a live row of `kind` of the target tenant.
    private func targetHolds(_ kind: EntityKind, _ id: UUID) throws -> Bool {
        guard let row = try EntityRow.reference(db, id: id) else { return false }
        return row.coachID == target.key && row.kind == kind.rawValue && !row.deleted
    }

    /// The id and name of the target's live row of `kind` named `name` (as names match: case and accents aside).
    private func targetRow(_ kind: EntityKind, named name: String) throws -> (id: UUID, name: String)? {
        guard
            let row = try db.fetchOne(
                sql: "SELECT id, data FROM entities WHERE coach_id = ? AND kind = ? AND name_key = ? AND deleted = 0",
                arguments: [target.key, kind.rawValue, NameMatch.key(name)]),
            let id = UUID(uuidString: row["id"])
        else { return nil }
        let document = try? FastJSON.parse(row["data"] as String)
        return (id, document?.objectValue?["name"]?.stringValue ?? name)
    }
}
