import Foundation
import GorillaShared

extension ServerStore {
    /// What a push did: each mutation's result, and the reply's JSON written from the same texts the results are
    /// remembered by.
    struct PushOutcome: Sendable {
        var results: [MutationResult]
        var reply: RawJSONValue
    }

    /// Applies a batch of mutations for `principal` in one transaction, each in its own savepoint,
    /// so that a refused mutation never blocks the others and a crash applies none of them.
    ///
    /// The documents of creates that read in one pass are read by `documents` (its helpers started as the transaction
    /// begins, and reading ahead while it runs); without it, the transaction reads them itself.
    func push(
        _ mutations: [PushedMutation], documents: DocumentReading? = nil, device: SyncDevice? = nil,
        principal: UserRecord, language: Language? = nil,
        configuration: any SyncSettings
    ) async throws -> PushOutcome {
        let language = language ?? principal.language
        let device = device.flatMap(Self.named)
        let documents = documents ?? DocumentReading(mutations, helpers: 0)
        defer { documents.finish() }
        // Exceptions refused by what needs no lock, before the transaction takes one.
        let refused = try await refusedExceptions(mutations, principal: principal)
        let now = configuration.clock.now
        let prepared = try await preparedUpdates(
            mutations, refused: refused, principal: principal, now: now, configuration: configuration)
        return try await write { db in
            documents.start()
            // The gym is read in this transaction: a row of its library is the principal's to read (or refused) as the
            // membership stands now.
            let principal = try Self.withGym(db, principal, now: now)
            let stamp = ISOTime.format(now)
            var results: [MutationResult] = []
            results.reserveCapacity(mutations.count)
            var reply: [UInt8] = Array(#"{"results":["#.utf8)
            reply.reserveCapacity(mutations.count * 80 + 16)
            var text: [UInt8] = []
            // Versions this push produced: a later mutation of the same batch overwriting them is no conflict.
            var ownVersions = Set<Int64>()
            let references = ReferenceCache()
            let principalKey = principal.id.key
            // The outcomes remembered from earlier pushes and the rows the mutations write, each in one query; the
            // rows the documents name, a query for every `referencesAhead` documents, as they are read.
            var remembered = try Self.rememberedOutcomes(db, ids: mutations.map(\.id))
            // Whether the rows the creates name exist, in one query; updates and deletes read theirs whole, below.
            try references.prefetch(mutations.filter { $0.action == .create }.map(\.entity), in: db)
            var referencesFetched = 0
            var versions = VersionBlock(size: documents.readable)
            for (index, mutation) in mutations.enumerated() {
                if index == referencesFetched {
                    referencesFetched = min(index + Self.referencesAhead, mutations.count)
                    // The rows the next updates and deletes write, whole and once (a prepared update read its own).
                    try references.prefetchWritten(
                        (index..<referencesFetched).compactMap {
                            prepared[$0] == nil && mutations[$0].action != .create ? mutations[$0].entity : nil
                        }, in: db)
                    try references.prefetch(
                        (index..<referencesFetched).flatMap { documents.document(at: $0)?.references.map(\.id) ?? [] },
                        in: db)
                }
                var result: MutationResult
                let known = remembered[mutation.id]
                if let (userID, text) = known {
                    if userID == principalKey,
                        var earlier = (try? FastJSON.parse(text)).flatMap(MutationResult.init(json:))
                    {
                        if earlier.status == .applied { earlier.status = .duplicate }
                        result = earlier
                    } else {
                        // Another account used this mutation id: refuse without applying or revealing anything.
                        result = MutationResult(
                            id: mutation.id, status: .rejected,
                            error: ServerError(.invalidField, "mutation id").wire(in: language))
                    }
                } else if let error = refused[index] {
                    result = MutationResult(id: mutation.id, status: .rejected, error: error.wire(in: language))
                } else if let document = documents.document(at: index),
                    let created = try Self.createCanonical(
                        mutation, document: document, db: db, principal: principal, now: now,
                        configuration: configuration, references: references,
                        versions: &versions)
                {
                    // Validated before anything was written, so it needs no savepoint.
                    result = created
                    ownVersions.insert(created.version!)
                } else {
                    do {
                        var applied: MutationResult?
                        let ready = try prepared[index].flatMap { try $0.stillHolds(db) ? $0 : nil }
                        try db.inSavepoint {
                            applied = try Self.apply(
                                mutation, db: db, principal: principal, device: device, now: now,
                                configuration: configuration, ownVersions: ownVersions, references: references,
                                prepared: ready)
                        }
                        result = applied!
                        if let version = result.version { ownVersions.insert(version) }
                    } catch let error as ServerError {
                        references.forgetAll()  // the savepoint rolled back whatever the mutation wrote
                        result = MutationResult(id: mutation.id, status: .rejected, error: error.wire(in: language))
                    }
                }
                text.removeAll(keepingCapacity: true)
                result.write(into: &text)
                if known == nil {
                    // Remember the outcome (applied or rejected) so that a re-push answers the same.
                    let resultText = String(decoding: text, as: UTF8.self)
                    try db.executeBatched(
                        sql: "INSERT INTO applied_mutations (id, user_id, result, applied_at) VALUES (?, ?, ?, ?)",
                        arguments: [mutation.id.key, principalKey, resultText, stamp])
                    remembered[mutation.id] = (principalKey, resultText)
                }
                if !results.isEmpty { reply.append(UInt8(ascii: ",")) }
                reply += text
                results.append(result)
            }
            reply += "]}".utf8
            return PushOutcome(results: results, reply: RawJSONValue(bytes: reply))
        }
    }

    /// Applies one mutation; throws ``ServerError`` to reject it.
    static func apply(
        _ mutation: PushedMutation, db: any SQLTransaction, principal: UserRecord, device: SyncDevice? = nil, now: Date,
        configuration: any SyncSettings, ownVersions: Set<Int64>,
        references: ReferenceCache, prepared: PreparedUpdate? = nil
    ) throws -> MutationResult {
        guard let kind = EntityKinds.all[mutation.kind] else {
            throw ServerError.invalid("unknown section '\(mutation.kind)'")
        }
        let existing = try prepared.map(\.existing) ?? references.existing(mutation.entity, in: db)
        // Rows of other tenants, or of other clients, do not exist for this principal.
        if let existing, !principal.mayRead(existing) || existing.kind != kind.name {
            throw ServerError.notFound
        }
        var fields = try prepared?.fields ?? mutation.parsedFields() ?? [:]
        if let field = fields.keys.sorted().first(where: kind.serverManagedFields.contains) {
            throw ServerError.invalid("'\(field)' is set by the server")
        }
        var action = mutation.action
        if action == .create, kind.mergesCreates, let existing, !existing.deleted {
            // Another device created the same derived id first: what this create adds is an update.
            action = .update
            fields = fields.filter { existing.data[$0.key] != $0.value }
        }
        // The tenant the row lives in: a stored row's own; a new row's by the client it names.
        let tenant =
            action == .create
            ? try createTenant(kind, fields: fields, principal: principal, references: references, db: db)
            : existing?.coachID ?? principal.tenantID
        let extras = ExtrasBox()
        let context = MutationContext(
            db: db, principal: principal, now: now, configuration: configuration,
            entityID: mutation.entity,
            creating: mutation.action == .create && (existing == nil || !kind.mergesCreates), extras: extras,
            references: references, rowTenant: tenant == principal.tenantID ? nil : tenant)
        var overwritten: [String: JSONValue] = [:]
        // Each overwritten field's replaced value, and who wrote it.
        var replaced: [String: SyncConflict.Side] = [:]
        let version = try nextVersion(db)
        var row: EntityRow

        switch action {
        case .create:
            guard
                principal.mayCreate(
                    kind.kind, fields: Set(fields.keys), tenant: tenant,
                    client: tenant == principal.tenantID ? nil : namedClient(kind.kind, fields))
            else { throw ServerError.forbidden }
            if existing != nil { throw ServerError.invalid("id already exists") }
            let document = try prepared?.document ?? created(fields, kind: kind, context: context)
            let clientID = try clientScope(kind: kind, document: document, context: context)
            row = EntityRow(
                id: mutation.entity, kind: kind.name, coachID: tenant, clientID: clientID,
                data: document, fieldVersions: document.mapValues { _ in version }, version: version, deleted: false)
            if kind.kind == .client {
                if try user(db, id: mutation.entity) != nil { throw ServerError.invalid("id already exists") }
                let (code, expires) = try issueRegistrationCode(
                    db, coachID: principal.id, clientID: mutation.entity, now: now,
                    lifetime: configuration.registrationCodeLifetime)
                extras.values = ["code": .string(code), "expires": .string(ISOTime.format(expires))]
                row.data["codeExpires"] = .string(ISOTime.format(expires))
            }
        case .update:
            guard let existing else { throw ServerError.notFound }
            guard principal.may(.update, existing, fields: Set(fields.keys)) else {
                throw ServerError.forbidden
            }
            if existing.deleted { throw ServerError(.deleted) }
            try kind.beforeWrite?(existing, fields, mutation.base)
            if let field = fields.keys.sorted().first(where: kind.fixedFields.contains) {
                throw ServerError.invalid("'\(field)' cannot change")
            }
            row = existing
            let (document, logged) =
                try prepared.map { ($0.document, $0.logged) }
                ?? updated(existing, fields: fields, kind: kind, context: context)
            for field in logged {
                let before = existing.data[field]
                let after = document[field]
                if before == after { continue }
                if let base = mutation.base, let changed = existing.fieldVersions[field], changed > base,
                    !ownVersions.contains(changed), !kind.serverManagedFields.contains(field),
                    let side = try replacedSide(
                        db, entity: existing.id, field: field, version: changed, value: before, principal: principal,
                        device: device)
                {
                    overwritten[field] = before ?? .null
                    replaced[field] = side
                }
                try logChange(
                    db, row: existing, mutation: mutation.id, principal: principal, device: device, field: field,
                    old: before, new: after, newVersion: version, now: now, revisioned: kind.revisionField != nil,
                    stored: prepared?.deltas[field])
                row.fieldVersions[field] = version
            }
            row.data = document
            row.version = version
        case .delete:
            guard let existing else { throw ServerError.notFound }
            guard principal.may(.delete, existing) else { throw ServerError.forbidden }
            if existing.deleted {
                return MutationResult(id: mutation.id, status: .applied, version: existing.version)
            }
            try kind.beforeWrite?(existing, fields, mutation.base)
            try kind.beforeDelete?(existing, context)
            row = existing
            row.deleted = true
            row.version = version
        }
        try row.save(db, kind: kind.kind, createdBy: principal.id, now: now, dataText: prepared?.dataText)
        references.forget(row.id)
        for field in replaced.keys.sorted() {
            try recordConflict(
                db, row: row, field: field, replaced: replaced[field]!, principal: principal, device: device, now: now)
        }
        return MutationResult(
            id: mutation.id, status: .applied, version: version,
            overwritten: overwritten.isEmpty ? nil : overwritten,
            extra: extras.values.isEmpty ? nil : extras.values, previous: action == .create ? nil : existing?.version)
    }

    /// The document a create of `fields` makes, validated. Reads rows only through `context` (``PreparedUpdate``).
    static func created(
        _ fields: [String: JSONValue], kind: KindRules, context: MutationContext
    ) throws -> [String: JSONValue] {
        var document = fields
        try kind.validate(&document, context)
        return document
    }

    /// The document `existing` becomes with `fields`, validated, and the fields whose change is logged (with the
    /// revision field when the kind counts revisions and something changed). Reads rows only through `context`, so
    /// that it runs alike in the push's transaction and before it (``PreparedUpdate``).
    static func updated(
        _ existing: EntityRow, fields: [String: JSONValue], kind: KindRules, context: MutationContext
    ) throws -> (document: [String: JSONValue], logged: [String]) {
        var document = existing.data
        for (field, value) in fields { document[field] = value.isNull ? nil : value }
        try kind.validate(&document, context)
        if kind.scope == .client, try clientScope(kind: kind, document: document, context: context) != existing.clientID
        {
            throw ServerError.invalid("client cannot change")
        }
        var logged = Array(fields.keys)
        // An update that changes something makes a new revision (the change log keeps every earlier one).
        if let field = kind.revisionField, fields.keys.contains(where: { existing.data[$0] != document[$0] }) {
            let next = (existing.data[field]?.intValue ?? 1) + 1
            // Every revision is kept; only their number is bounded, as an abuse ceiling.
            guard next <= TrainingSession.maxRevisions else { throw ServerError(.tooManyRevisions) }
            document[field] = .number(Double(next))
            logged.append(field)
        }
        return (document, logged)
    }

    /// A create of a kind that validates straight from the pushed text (``KindRules/canonicalCreate``, usually read
    /// before the transaction), written without a savepoint since nothing is written before it is known to pass; nil
    /// when it is anything but a plain create that passes (then ``apply`` runs, and names the problem).
    static func createCanonical(
        _ mutation: PushedMutation, document: CanonicalDocument, db: any SQLTransaction, principal: UserRecord,
        now: Date, configuration: any SyncSettings, references: ReferenceCache,
        versions: inout VersionBlock
    ) throws -> MutationResult? {
        guard let kind = EntityKinds.all[mutation.kind], kind.uniqueNameField == nil,
            principal.mayCreate(kind.kind, fields: kind.kind.fields),
            document.writer.map({ $0 == principal.role }) ?? true,
            try references.row(mutation.entity, in: db) == nil
        else { return nil }
        let context = MutationContext(
            db: db, principal: principal, now: now, configuration: configuration,
            entityID: mutation.entity, creating: true, extras: ExtrasBox(), references: references)
        guard try document.referencesHold(context) else { return nil }
        let version = try versions.next(db)
        try EntityRow.write(
            db, id: mutation.entity, kind: kind.name, coachID: principal.tenantID, clientID: document.clientID,
            nameKey: nil, startsAt: document.startsAt, dataText: document.text,
            versionsText: document.versionsText(version), version: version, deleted: false,
            createdBy: principal.id, now: now, batched: true)
        references.forget(mutation.entity)
        return MutationResult(id: mutation.id, status: .applied, version: version)
    }

    /// Documents whose references are looked up together.
    static let referencesAhead = 16

    /// Versions for the creates a push read ahead, taken from the counter in one update when the first is needed
    /// (`size` of them; then one at a time). A create that does not pass leaves its version unused: versions only
    /// need to grow, and a pull's cursor skips the gap. Only for writes outside a savepoint: one rolled back would
    /// hand its versions out again.
    struct VersionBlock {
        private var size: Int
        private var next: Int64 = 0
        private var left = 0

        init(size: Int) { self.size = size }

        mutating func next(_ db: any SQLTransaction) throws -> Int64 {
            if left == 0 {
                guard size > 1 else { return try nextVersion(db) }
                next = try reserveVersions(db, count: size)
                left = size
                size = 0
            }
            defer { next += 1; left -= 1 }
            return next
        }
    }
}
