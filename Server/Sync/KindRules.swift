import Foundation
import GorillaShared

/// The server's rules for one ``EntityKind``: how it is validated and what a delete does. Who may write it is the
/// access table's business (``GorillaShared/Access``), which the store asks.
struct KindRules: Sendable {
    let kind: EntityKind
    /// Whether a create of an id that already exists is applied as an update of the fields it sends: for rows whose
    /// ids every device derives alike (an exception of a series, ``GorillaShared/Event/exceptionID(series:occurrence:)``),
    /// which two devices may both create offline.
    let mergesCreates: Bool
    /// The server-managed field that counts the row's revisions: 1 at create (set by `validate`), one more for every
    /// update that changes something (see ``ServerStore/apply``).
    let revisionField: String?
    /// Checks and normalises a whole document; throws ``ServerError`` with the offending field. The document's type
    /// decides its ids and counts first (``GorillaShared/DocumentForms``); then it is read as its type, which checks it
    /// by its own rules (``GorillaShared/DocumentProblem``), and the server checks what needs rows.
    let validate: @Sendable (inout [String: JSONValue], MutationContext) throws -> Void
    /// Runs before a delete; may refuse it or update rows that refer to the deleted one.
    let beforeDelete: (@Sendable (EntityRow, MutationContext) throws -> Void)?
    /// Runs before an update or delete of a live row, with the fields the mutation sends and its `base`; may refuse it
    /// (a draft held by another device, see ``EntityKinds/draft``).
    let beforeWrite: (@Sendable (EntityRow, [String: JSONValue], Int64?) throws -> Void)?
    /// `validate` of a create, done straight from the pushed JSON text (see ``CanonicalDocument``): for kinds pushed in
    /// bulk. It reads no rows, so it runs outside the push's transaction; the rows the document names are checked in
    /// it (``CanonicalDocument/referencesHold(_:)``). It throws ``CanonicalWriter/Unusual`` for anything out of the
    /// ordinary, and then `validate` runs.
    let canonicalCreate: (@Sendable ([UInt8]) throws -> CanonicalDocument)?

    /// The kind's name, as rows and mutations spell it.
    var name: String { kind.rawValue }
    /// How rows of the kind are scoped.
    var scope: EntityKind.Scope { kind.scope }
    /// The field that must be unique per coach, case-insensitively.
    var uniqueNameField: String? { kind.uniqueNameField }
    /// Fields only the server writes (e.g. a client's status, a session's revision): a mutation that sets one is
    /// refused; a change the server makes to one is logged like any other, but never reported as an overwrite.
    var serverManagedFields: Set<String> { Access.rules(kind).serverManagedFields }
    /// Fields an update may not set: they stay as the row was created (e.g. a session's client and mode).
    var fixedFields: Set<String> { Access.rules(kind).fixedFields }

    init(
        _ kind: EntityKind, mergesCreates: Bool = false, revisionField: String? = nil,
        validate: @escaping @Sendable (inout [String: JSONValue], MutationContext) throws -> Void,
        beforeDelete: (@Sendable (EntityRow, MutationContext) throws -> Void)? = nil,
        beforeWrite: (@Sendable (EntityRow, [String: JSONValue], Int64?) throws -> Void)? = nil,
        canonicalCreate: (@Sendable ([UInt8]) throws -> CanonicalDocument)? = nil
    ) {
        self.kind = kind
        self.mergesCreates = mergesCreates
        self.revisionField = revisionField
        self.validate = { document, context in
            do throws(DocumentForms.Problem) {
                try kind.forms.normalise(&document)
            } catch {
                throw ServerError.invalid(error.description)
            }
            do {
                try validate(&document, context)
            } catch let problem as DocumentProblem {
                throw ServerError(problem)
            }
        }
        self.beforeDelete = beforeDelete
        self.beforeWrite = beforeWrite
        self.canonicalCreate = canonicalCreate
    }

    /// The rules of a kind whose documents are read as `Document`: a pushed document is read as its type (its owner
    /// the writing client, for a client's own pushes), `check` applies the type's own rules and the checks that need
    /// the database, and the value is stored as the type writes it (or as `stored` writes it), ids lower case.
    init<Document: EntityDocument>(
        _ type: Document.Type, mergesCreates: Bool = false, revisionField: String? = nil,
        read: @escaping @Sendable ([String: JSONValue], MutationContext) throws -> Document = { document, context in
            try Document(checking: document, owner: context.owner)
        },
        check: @escaping @Sendable (inout Document, MutationContext) throws -> Void,
        stored: @escaping @Sendable (Document) throws -> JSONValue = { JSONValue.object($0.storedDocument) },
        beforeDelete: (@Sendable (EntityRow, MutationContext) throws -> Void)? = nil,
        beforeWrite: (@Sendable (EntityRow, [String: JSONValue], Int64?) throws -> Void)? = nil,
        canonicalCreate: (@Sendable ([UInt8]) throws -> CanonicalDocument)? = nil
    ) {
        self.init(
            Document.kind, mergesCreates: mergesCreates, revisionField: revisionField,
            validate: { document, context in
                var value = try read(document, context)
                try check(&value, context)
                var written = try stored(value).objectValue ?? [:]
                try? Document.forms.normalise(&written, checkingCounts: false)
                document = written
            },
            beforeDelete: beforeDelete, beforeWrite: beforeWrite, canonicalCreate: canonicalCreate)
    }
}

/// What a mutation runs with: the database (inside the push transaction), the principal, the clock.
struct MutationContext {
    let db: any SQLTransaction
    let principal: UserRecord
    let now: Date
    let configuration: any SyncSettings
    /// The entity being written.
    let entityID: UUID
    /// Whether the mutation creates the entity (validators set server-owned fields only then).
    let creating: Bool
    /// Values the mutation hands back to the device (e.g. a registration code).
    let extras: ExtrasBox
    /// Reference look-ups already made in this push (shared by its mutations).
    let references: ReferenceCache

    /// The tenant the row is filed under when it is not the principal's (a session a colleague records for a client
    /// shared with her: the client's coach's, ``ServerStore/createTenant(_:fields:principal:references:db:)``).
    var rowTenant: UUID? = nil

    /// The tenant of the row written: the principal's, or ``rowTenant``.
    var tenantID: UUID { rowTenant ?? principal.tenantID }

    /// The client a pushed document belongs to when it names none: a client's own account.
    var owner: UUID? { principal.role == .client ? principal.id : nil }

    /// The row `id` of `kind` in the row's tenant, deleted or not (its document unread), or nil. A row filed under
    /// another tenant (``rowTenant``) may also name the catalogue its writer reads: her own and her gym's library; and
    /// an update keeps naming what the stored row already names (a colleague's session keeps her exercises, whoever
    /// corrects it).
    func reference(_ id: UUID, kind: EntityKind) throws -> EntityRow.Reference? {
        guard let row = try references.row(id, in: db), row.kind == kind.rawValue, try names(row, id, of: kind) else {
            return nil
        }
        return row
    }

    /// Whether a document written here may name `row` (`id`, of `kind`).
    private func names(_ row: EntityRow.Reference, _ id: UUID, of kind: EntityKind) throws -> Bool {
        if row.coachID == tenantID.key { return true }
        guard kind.scope == .catalogue else { return false }
        if rowTenant != nil, row.coachID == principal.tenantID.key || row.coachID == principal.gym?.gymID.key {
            return true
        }
        return try storedRowNames(id, as: kind)
    }

    /// Whether the stored row this mutation updates already names `id` as a reference to a `kind` (checked when it was
    /// written): a member named after the kind (`exercise`, `training`, `machine`, `program`), at any depth, whose value
    /// is the id — never the id's text anywhere else, such as in a note.
    private func storedRowNames(_ id: UUID, as kind: EntityKind) throws -> Bool {
        guard !creating, let stored = try references.existing(entityID, in: db) else { return false }
        return Self.value(.object(stored.data), names: .string(id.key), in: kind.rawValue)
    }

    /// Whether `value` holds, at any depth, a member `member` whose value is `reference`.
    private static func value(_ value: JSONValue, names reference: JSONValue, in member: String) -> Bool {
        switch value {
        case .object(let members):
            members[member] == reference || members.values.contains { Self.value($0, names: reference, in: member) }
        case .array(let items): items.contains { Self.value($0, names: reference, in: member) }
        default: false
        }
    }

    /// The live (not deleted) row `id` of `kind` in the row's tenant (its document unread), or nil.
    func liveReference(_ id: UUID, kind: EntityKind) throws -> EntityRow.Reference? {
        guard let row = try reference(id, kind: kind), !row.deleted else { return nil }
        return row
    }
}

/// The reference look-ups of one push, and the whole rows its mutations write, each read once: a batch of sessions
/// names the same client, training and exercises again and again. A row written by the push is forgotten when it is
/// saved (a rule that writes another row than its mutation's forgets that one too), and everything when a mutation is
/// rolled back, so an answer is never older than the transaction's own state.
final class ReferenceCache {
    private var rows: [UUID: EntityRow.Reference?] = [:]
    /// The whole rows read ahead for the mutations that write them (``prefetchWritten(_:in:)``), nil for a row that
    /// does not exist.
    private var written: [UUID: EntityRow?] = [:]

    /// Whose rows a mutation may name is its context's business (``MutationContext/reference(_:kind:)``): the cache
    /// holds rows of any tenant.
    init() {}

    func row(_ id: UUID, in db: any SQLTransaction) throws -> EntityRow.Reference? {
        asked.insert(id)
        if let known = rows[id] { return known }
        let row = try EntityRow.reference(db, id: id)
        rows[id] = row
        return row
    }

    /// Looks up `ids` (e.g. every row a push writes) in one query.
    func prefetch(_ ids: [UUID], in db: any SQLTransaction) throws {
        let missing = Array(Set(ids.filter { rows[$0] == nil }))
        guard !missing.isEmpty else { return }
        for id in missing { rows[id] = .some(nil) }
        for (id, row) in try EntityRow.references(db, ids: missing) { rows[id] = row }
    }

    /// Reads the whole rows `ids` (the rows the next mutations write) in one query, so that each is read once per
    /// push: for its reference checks and for the mutation that writes it (``existing(_:in:)``).
    func prefetchWritten(_ ids: [UUID], in db: any SQLTransaction) throws {
        let missing = Array(Set(ids.filter { written[$0] == nil }))
        guard !missing.isEmpty else { return }
        let found = try EntityRow.fetchAll(db, ids: missing)
        for id in missing {
            let row = found[id]
            written[id] = .some(row)
            rows[id] = .some(row.map(EntityRow.Reference.init))
        }
    }

    /// The whole row `id` as the transaction holds it now: read ahead, known not to exist, or read now.
    func existing(_ id: UUID, in db: any SQLTransaction) throws -> EntityRow? {
        if let known = written[id] { return known }
        if case .some(.none) = rows[id] { return nil }
        return try EntityRow.fetch(db, id: id)
    }

    /// The ids asked for since the last ``takeAsked()`` (the rows one mutation's validation read).
    private var asked: Set<UUID> = []

    /// The ids asked for since the last call, and a fresh start.
    func takeAsked() -> [UUID] {
        defer { asked.removeAll(keepingCapacity: true) }
        return Array(asked)
    }

    func forget(_ id: UUID) {
        rows[id] = nil
        written[id] = nil
    }

    func forgetAll() {
        rows.removeAll(keepingCapacity: true)
        written.removeAll(keepingCapacity: true)
    }
}

/// A mutable holder for values a mutation returns to the device.
final class ExtrasBox: @unchecked Sendable {
    var values: [String: JSONValue] = [:]
}

/// The registry of every synced kind's rules.
enum EntityKinds {
    /// The rules of each kind, by its name.
    static let all: [String: KindRules] = Dictionary(
        uniqueKeysWithValues: EntityKind.allCases.map { ($0.rawValue, rules($0)) })

    /// The rules of `kind`.
    static func rules(_ kind: EntityKind) -> KindRules {
        switch kind {
        case .machine: machine
        case .exercise: exercise
        case .training: training
        case .client: client
        case .event: event
        case .message: message
        case .measurement: measurement
        case .session: session
        case .draft: draft
        case .conflict: conflict
        case .program: program
        case .assignment: assignment
        }
    }
}
