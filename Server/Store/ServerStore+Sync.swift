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
        configuration: ServerConfiguration
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
            let stamp = ISOTime.format(now)
            var results: [MutationResult] = []
            results.reserveCapacity(mutations.count)
            var reply: [UInt8] = Array(#"{"results":["#.utf8)
            reply.reserveCapacity(mutations.count * 80 + 16)
            var text: [UInt8] = []
            // Versions this push produced: a later mutation of the same batch overwriting them is no conflict.
            var ownVersions = Set<Int64>()
            let references = ReferenceCache(tenant: principal.tenantID)
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
        configuration: ServerConfiguration, ownVersions: Set<Int64>,
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
        let extras = ExtrasBox()
        let context = MutationContext(
            db: db, principal: principal, now: now, configuration: configuration,
            entityID: mutation.entity,
            creating: mutation.action == .create && (existing == nil || !kind.mergesCreates), extras: extras,
            references: references)
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
        var overwritten: [String: JSONValue] = [:]
        // Each overwritten field's replaced value, and who wrote it.
        var replaced: [String: SyncConflict.Side] = [:]
        let version = try nextVersion(db)
        var row: EntityRow

        switch action {
        case .create:
            guard principal.mayCreate(kind.kind, fields: Set(fields.keys)) else { throw ServerError.forbidden }
            if existing != nil { throw ServerError.invalid("id already exists") }
            let document = try prepared?.document ?? created(fields, kind: kind, context: context)
            let clientID = try clientScope(kind: kind, document: document, context: context)
            row = EntityRow(
                id: mutation.entity, kind: kind.name, coachID: principal.tenantID, clientID: clientID,
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
                    db, row: existing, mutation: mutation, principal: principal, device: device, field: field,
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
        try row.save(db, kind: kind, createdBy: principal.id, now: now, dataText: prepared?.dataText)
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

    /// The outcomes of the mutations `ids` that earlier pushes applied or refused: account and result text by id.
    static func rememberedOutcomes(
        _ db: any SQLTransaction, ids: [UUID]
    ) throws -> [UUID: (userID: String, result: String)] {
        var outcomes: [UUID: (userID: String, result: String)] = [:]
        try SQL.forEachRow(db, "user_id, result", from: "applied_mutations", ids: ids) { id, row in
            outcomes[id] = (row[1], row[2])
        }
        return outcomes
    }

    /// A create of a kind that validates straight from the pushed text (``KindRules/canonicalCreate``, usually read
    /// before the transaction), written without a savepoint since nothing is written before it is known to pass; nil
    /// when it is anything but a plain create that passes (then ``apply`` runs, and names the problem).
    static func createCanonical(
        _ mutation: PushedMutation, document: CanonicalDocument, db: any SQLTransaction, principal: UserRecord,
        now: Date, configuration: ServerConfiguration, references: ReferenceCache,
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
            nameKey: nil, dataText: document.text,
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

    /// The client a client-scoped row belongs to: the principal itself for a client, the named client for a coach.
    static func clientScope(kind: KindRules, document: [String: JSONValue], context: MutationContext) throws -> UUID? {
        guard kind.scope == .client else { return nil }
        if kind.kind == .client { return context.entityID }
        if context.principal.role == .client { return context.principal.id }
        guard let text = document["client"]?.stringValue, let id = UUID(uuidString: text),
            try context.liveReference(id, kind: .client) != nil
        else {
            throw ServerError(.invalidReference, "client (no such client)")
        }
        return id
    }

    /// Logs one field an update changed, with the device that pushed it (``recordConflict`` names it when the value is
    /// overwritten later).
    ///
    /// A kind with revisions (`revisioned`, sessions) keeps only the way back: the older value as a ``RevisionDelta``
    /// when that is shorter, and no newer value, which is the next revision's (``sessionHistory`` walks back from the
    /// current document).
    static func logChange(
        _ db: any SQLTransaction, row: EntityRow, mutation: PushedMutation, principal: UserRecord,
        device: SyncDevice? = nil,
        field: String, old: JSONValue?, new: JSONValue?, newVersion: Int64, now: Date, revisioned: Bool = false,
        stored: (text: String?, isDelta: Bool)? = nil
    ) throws {
        let encoder = WireCoding.encoder
        let (oldText, newText, isDelta): (String?, String?, Bool)
        if revisioned {
            let stored = stored ?? RevisionDelta.stored(older: old, newer: new)
            (oldText, newText, isDelta) = (stored.text, nil, stored.isDelta)
        } else {
            oldText = try old.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
            newText = try new.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
            isDelta = false
        }
        try db.execute(
            sql: """
                INSERT INTO change_log (entity_id, kind, mutation_id, user_id, field, old_value, new_value, old_version, new_version, at, device, old_delta)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                row.id.key, row.kind, mutation.id.key, principal.id.key, field, oldText, newText,
                row.fieldVersions[field] ?? row.version, newVersion, ISOTime.format(now),
                device.map { FastJSON.text(["id": .string($0.id.key), "name": .string($0.name)]) }, isDelta,
            ])
    }

    /// The news audience an account belongs to.
    static func audience(_ principal: UserRecord) -> String {
        principal.role == .coach ? "coaches" : "clients"
    }

    /// A page of the changes visible to `principal` after `since`, in version order, as the JSON of a `PullReply`.
    ///
    /// The reply is written straight from the stored document texts (already in sorted-key order), copied from
    /// SQLite's row buffers as the rows are stepped through, without decoding them or making strings of them; only a
    /// row with fields the principal may not read is rewritten without them (a client's own `client` row, without the
    /// coach's private `notes`: ``GorillaShared/Access/hiddenFields(_:from:)``). News for everyone of the
    /// principal's role travels with the tenant's rows, in version order. A page holds at most `limit` changes and ends
    /// early once it holds `maxBytes` (it always holds one, so it may pass the budget by one document). Rows whose
    /// version is in `skipping` (the puller's own pushed changes) are left out, as rows it may not see are.
    func pull(
        since: Int64, limit: Int, maxBytes: Int = .max, skipping: [Int64] = [], principal: UserRecord
    ) async throws -> RawJSONValue {
        try await read { db in
            let news = try db.fetchAll(
                sql: """
                    SELECT id, version, deleted, text, audience, published FROM news
                    WHERE version > ? AND audience IN ('all', ?) ORDER BY version LIMIT ?
                    """, arguments: [since, Self.audience(principal), limit + 1])
            var (visible, arguments) = Self.visibleRows(
                principal, columns: "id, kind, version, deleted, data", since: since)
            if !skipping.isEmpty {
                visible = """
                    SELECT * FROM (\(visible)) AS visible
                    WHERE CAST(version AS TEXT) NOT IN (\(db.dialect.jsonArrayTexts))
                    """
                arguments = arguments + [FastJSON.text(.array(skipping.map { .string(String($0)) }))]
            }
            let newsVersions: [Int64] = news.map { $0["version"] }
            let hidden = Self.hiddenFields(principal)
            var page = PullPage(capacity: 64 * 1024)
            var newsIndex = 0
            var more = false
            // At least one change, so that a page over the budget on its own still moves the cursor.
            func full() -> Bool {
                if page.count < limit, page.count == 0 || page.byteCount < maxBytes { return false }
                more = true
                return true
            }
            // The entity rows and the news, older first.
            try db.forEachRowBytes(sql: "\(visible) ORDER BY version LIMIT ?", arguments: arguments + [limit + 1]) {
                row in
                let entityVersion = row.integer(2)
                while newsIndex < newsVersions.count, newsVersions[newsIndex] < entityVersion {
                    if full() { return false }
                    page.appendNews(news[newsIndex], version: newsVersions[newsIndex])
                    newsIndex += 1
                }
                if full() { return false }
                page.appendEntity(row, hiding: hidden)
                return true
            }
            while !more, newsIndex < newsVersions.count, !full() {
                page.appendNews(news[newsIndex], version: newsVersions[newsIndex])
                newsIndex += 1
            }
            // A page that holds every visible row but those skipped moves on as an empty one does: past the skipped.
            let cursor =
                try skipping.isEmpty || more
                ? page.last ?? max(since, Self.newestVersion(db) ?? since)
                : max(page.last ?? since, Self.newestVersion(db) ?? since)
            return page.finish(cursor: cursor, more: more)
        }
    }

    /// The kinds whose changes are pushed live to the accounts they concern (``LiveFeed``); the partial index
    /// `entities_live_version` is declared with this exact condition.
    static let liveCondition = "kind IN ('event', 'message')"

    /// The live rows (messages and appointments, not deleted) among the first `limit` written after version `after`,
    /// oldest first; the version read through (the last row's, or the newest of all when fewer came); and whether
    /// there may be more.
    func liveChanges(
        after: Int64, limit: Int
    ) async throws -> (changes: [(change: Change, tenant: UUID)], through: Int64, more: Bool) {
        try await read { db in
            let rows = try db.fetchAll(
                sql: """
                    SELECT id, kind, coach_id, client_id, data, field_versions, version, deleted, created_by
                    FROM entities WHERE version > ? AND \(Self.liveCondition) ORDER BY version LIMIT ?
                    """, arguments: [after, limit]
            ).map(EntityRow.init(row:))
            let through =
                rows.count == limit
                ? rows.last!.version
                : try Self.newestVersion(db) ?? after
            return (
                rows.filter { !$0.deleted }.map { ($0.change, $0.coachID) }, max(after, through), rows.count == limit
            )
        }
    }

    /// The newest version taken.
    func currentVersion() async throws -> Int64 {
        try await read { db in try Self.newestVersion(db) ?? 0 }
    }

    /// Which sections changed after `since`, with counts (the seed's `updated`).
    func updated(since: Int64, principal: UserRecord) async throws -> UpdatedReply {
        try await read { db in
            let (visible, arguments) = Self.visibleRows(principal, columns: "kind, version", since: since)
            var sections: [String: Int] = [:]
            var newest = since
            for row in try db.fetchAll(
                sql: """
                    SELECT kind, COUNT(*) AS n, MAX(version) AS newest FROM (\(visible)) AS visible GROUP BY kind
                    """, arguments: arguments)
            {
                sections[row["kind"]] = row["n"]
                newest = max(newest, row["newest"])
            }
            if let row = try db.fetchOne(
                sql: """
                    SELECT COUNT(*) AS n, MAX(version) AS newest FROM news WHERE version > ? AND audience IN ('all', ?)
                    """, arguments: [since, Self.audience(principal)]), (row["n"] as Int) > 0
            {
                sections["news"] = row["n"]
                newest = max(newest, row["newest"])
            }
            return UpdatedReply(version: newest, sections: sections)
        }
    }
}

/// The JSON of a `PullReply` being written, one change at a time.
private struct PullPage {
    private var out: [UInt8] = []
    private(set) var count = 0
    private(set) var last: Int64?
    /// The bytes written so far.
    var byteCount: Int { out.count }

    init(capacity: Int) {
        out.reserveCapacity(capacity)
        out += #"{"changes":["#.utf8
    }

    /// The `entities` row `row` (columns id, kind, version, deleted, data), its texts copied from the engine's
    /// buffers. A row of a kind in `hiding` loses those fields (a client's own `client` row, the coach's private
    /// notes); one that cannot be read goes out empty.
    mutating func appendEntity(_ row: any SQLRowBytes, hiding: [[UInt8]: Set<String>]) {
        let version = row.integer(2)
        let deleted = row.integer(3) != 0
        begin()
        row.withText(1) { kind in
            row.withText(4) { data in
                if let fields = hiding.first(where: { kind.elementsEqual($0.key) })?.value {
                    if case .object(var object)? = try? FastJSON.parse(data) {
                        for field in fields { object[field] = nil }
                        FastJSON.write(.object(object), into: &out)
                    } else {
                        out += "null".utf8
                    }
                } else {
                    out.append(contentsOf: data)
                }
            }
            row.withText(0) { id in end(deleted: deleted, id: id, kind: kind, version: version) }
        }
    }

    mutating func appendNews(_ row: SQLRow, version: Int64) {
        begin()
        FastJSON.write(
            .object([
                "text": .string(row["text"]), "audience": .string(row["audience"]),
                "published": .string(row["published"]),
            ]), into: &out)
        var id: String = row["id"]
        id.withUTF8 { id in end(deleted: (row["deleted"] as Int) != 0, id: id, kind: "news".utf8, version: version) }
    }

    /// Closes the reply (the page is not written to after this).
    mutating func finish(cursor: Int64, more: Bool) -> RawJSONValue {
        out += #"],"cursor":"#.utf8
        out += String(cursor).utf8
        out += #","more":"#.utf8
        out += (more ? "true" : "false").utf8
        out.append(UInt8(ascii: "}"))
        return RawJSONValue(bytes: out)
    }

    private mutating func begin() {
        if count > 0 { out.append(UInt8(ascii: ",")) }
        out += #"{"data":"#.utf8
    }

    /// The members after `data`, and the change's end. Ids are stored in lower case and sent in upper case, as UUID's
    /// own text.
    private mutating func end(
        deleted: Bool, id: UnsafeBufferPointer<UInt8>, kind: some Collection<UInt8>, version: Int64
    ) {
        out += #","deleted":"#.utf8
        out += (deleted ? "true" : "false").utf8
        out += #","id":""#.utf8
        for byte in id { out.append(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte) }
        out += #"","kind":""#.utf8
        out.append(contentsOf: kind)
        out += #"","version":"#.utf8
        out += String(version).utf8
        out.append(UInt8(ascii: "}"))
        count += 1
        last = version
    }
}
