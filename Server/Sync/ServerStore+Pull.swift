import Foundation
import GorillaShared

/// `sync.pull`: a page of the changes a principal may see, written from the stored texts.
extension ServerStore {
    /// A page of the changes visible to `principal` after `since`, in version order, as the JSON of a `PullReply`.
    ///
    /// The reply is written straight from the stored document texts (already in sorted-key order), copied from
    /// SQLite's row buffers as the rows are stepped through, without decoding them or making strings of them; only a
    /// row with fields the principal may not read is rewritten without them (a client's own `client` row, without the
    /// coach's private `notes`: ``GorillaShared/Access/hiddenFields(_:from:)``). News for everyone of the
    /// principal's role travels with the tenant's rows, in version order. A page holds at most `limit` changes and ends
    /// early once it holds `maxBytes` (it always holds one, so it may pass the budget by one document). Rows whose
    /// version is in `skipping` (the puller's own pushed changes) are left out, as rows it may not see are. With
    /// `counting`, the reply also says how many changes remain after its cursor (`remaining`), read in the same
    /// snapshot by the same scoped query.
    ///
    /// The rows of the library of the principal's gym are marked `"gym": true`, and the reply names the gym (`gym`),
    /// read in the same snapshot: a device compares it with the gym whose rows it holds. With `library`, the page holds
    /// only the library's rows (a device fetching the library of a gym it has just joined, from 0).
    ///
    /// A coach's reply also names the clients shared with them (`shared`) and the clients they handed over after
    /// `since` (`gone`), both read in the same snapshot; with `sharedClient`, the page holds only the rows about that
    /// client, if shared with the principal (a device fetching a client just shared with it, from 0).
    func pull(
        since: Int64, limit: Int, maxBytes: Int = .max, skipping: [Int64] = [], counting: Bool = false,
        library: Bool = false, sharedClient: UUID? = nil, principal: UserRecord, now: Date = Date()
    ) async throws -> RawJSONValue {
        try await pullPage(
            since: since, limit: limit, maxBytes: maxBytes, skipping: skipping, counting: counting, library: library,
            sharedClient: sharedClient, principal: principal, now: now
        ).reply
    }

    /// ``pull(since:limit:maxBytes:skipping:counting:library:sharedClient:principal:now:)`` with the number of
    /// changes the page holds; `now` decides which shares have ended.
    func pullPage(
        since: Int64, limit: Int, maxBytes: Int = .max, skipping: [Int64] = [], counting: Bool = false,
        library: Bool = false, sharedClient: UUID? = nil, principal: UserRecord, now: Date = Date()
    ) async throws -> (reply: RawJSONValue, rows: Int) {
        try await read { db in
            let gym = try Self.libraryGym(db, principal)
            let scoped = library || sharedClient != nil
            let coach = principal.role == .coach
            let (shared, colleagues) = coach ? try Self.liveShares(db, with: principal.id, now: now) : (nil, [:])
            let sharing = coach && !scoped ? try Self.givenShares(db, by: principal.id, now: now) : nil
            let gone: (clients: [UUID], newest: Int64?) =
                coach && !scoped ? try Self.departures(db, of: principal.tenantID, after: since) : ([], nil)
            let news =
                scoped
                ? []
                : try db.fetchAll(
                    sql: """
                        SELECT id, version, deleted, text, audience, published FROM news
                        WHERE version > ? AND audience IN ('all', ?) ORDER BY version LIMIT ?
                        """, arguments: [since, Self.audience(principal), limit + 1])
            let columns = "id, kind, version, deleted, data, coach_id"
            var (visible, arguments): (String, SQLArguments)
            if library {
                let (condition, runArguments) = gym == nil ? ("1 = 0", []) : Self.gymLibraryRun(principal, since: since)
                (visible, arguments) = ("SELECT \(columns) FROM entities WHERE \(condition)", runArguments)
            } else if let sharedClient {
                // Only a coach is shared clients (the run's kinds are those a coach reads of them), with the catalogue
                // of the client's coach.
                let (condition, runArguments) =
                    coach
                    ? Self.sharedClientsRun(principal, since: since, now: now, dialect: db.dialect) : ("1 = 0", [])
                let (catalogue, catalogueArguments) =
                    coach
                    ? Self.sharingCatalogueRun(principal, since: since, now: now, of: sharedClient) : ("1 = 0", [])
                (visible, arguments) = (
                    """
                    SELECT \(columns) FROM entities WHERE \(condition) AND client_id = ?
                    UNION ALL SELECT \(columns) FROM entities WHERE \(catalogue)
                    """,
                    runArguments + [sharedClient.key] + catalogueArguments
                )
            } else {
                (visible, arguments) = Self.visibleRows(
                    principal, columns: columns, since: since, now: now, dialect: db.dialect)
            }
            if !skipping.isEmpty {
                visible = """
                    SELECT * FROM (\(visible)) AS visible
                    WHERE CAST(version AS TEXT) NOT IN (\(db.dialect.jsonArrayTexts))
                    """
                arguments = arguments + [FastJSON.text(.array(skipping.map { .string(String($0)) }))]
            }
            let newsVersions: [Int64] = news.map { $0["version"] }
            let hidden = Self.hiddenFields(principal)
            let sharedHidden = Self.hiddenFields(principal, in: .sharedClient)
            let tenant = Array(principal.tenantID.key.utf8)
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
                page.appendEntity(
                    row, hiding: hidden, sharedHiding: sharedHidden, tenant: tenant, colleagues: colleagues)
                return true
            }
            while !more, newsIndex < newsVersions.count, !full() {
                page.appendNews(news[newsIndex], version: newsVersions[newsIndex])
                newsIndex += 1
            }
            // A page that holds every visible row but those skipped moves on as an empty one does: past the skipped.
            // A last page moves past the departures it names too (they are older than the newest version).
            let cursor =
                try skipping.isEmpty || more
                ? max(page.last ?? max(since, Self.newestVersion(db) ?? since), more ? since : gone.newest ?? since)
                : max(page.last ?? since, Self.newestVersion(db) ?? since)
            let remaining =
                counting
                ? more ? try Self.remaining(after: cursor, visible: visible, arguments: arguments, principal, db) : 0
                : nil
            return (
                page.finish(
                    cursor: cursor, more: more, remaining: remaining, gym: gym, shared: shared ?? [],
                    gone: gone.clients, sharing: sharing ?? []),
                page.count
            )
        }
    }

    /// How many of the rows `visible` selects (with its `arguments`), and of the news for `principal`, come after
    /// version `cursor`.
    private static func remaining(
        after cursor: Int64, visible: String, arguments: SQLArguments, _ principal: UserRecord,
        _ db: any SQLTransaction
    ) throws -> Int {
        let entities =
            try db.value(
                Int.self, sql: "SELECT COUNT(*) FROM (\(visible)) AS counted WHERE version > ?",
                arguments: arguments + [cursor]) ?? 0
        let news =
            try db.value(
                Int.self, sql: "SELECT COUNT(*) FROM news WHERE version > ? AND audience IN ('all', ?)",
                arguments: [cursor, Self.audience(principal)]) ?? 0
        return entities + news
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

    /// Appends the `entities` row `row` (columns id, kind, version, deleted, data, coach_id), its texts copied from the
    /// engine's buffers, without the fields `hiding` names for its kind (a client's own `client` row, the coach's
    /// private notes; `sharedHiding` for a row of another tenant about a client: a shared client's); one that cannot
    /// be read goes out empty. A row of another tenant than `tenant` is marked: `"shared": true` when it is about a
    /// client shared with the principal, `"colleague": USERNAME` when it is of the catalogue of one of the
    /// `colleagues` who share a client with the principal (by their tenant), `"gym": true` otherwise (the gym's
    /// library).
    mutating func appendEntity(
        _ row: any SQLRowBytes, hiding: [[UInt8]: Set<String>], sharedHiding: [[UInt8]: Set<String>],
        tenant: [UInt8], colleagues: [[UInt8]: String] = [:]
    ) {
        let version = row.integer(2)
        let deleted = row.integer(3) != 0
        let foreign = row.withText(5) { !$0.elementsEqual(tenant) }
        let shared =
            foreign && row.withText(1) { kind in ServerStore.sharedKindNames.contains { kind.elementsEqual($0) } }
        let hiding = shared ? sharedHiding : hiding
        begin()
        if shared {
            out += #""shared":true,"#.utf8
        } else if foreign {
            if let colleague = row.withText(5, { owner in colleagues.first { owner.elementsEqual($0.key) }?.value }) {
                out += #""colleague":"#.utf8
                FastJSON.write(.string(colleague), into: &out)
                out += ",".utf8
            } else {
                out += #""gym":true,"#.utf8
            }
        }
        out += #""data":"#.utf8
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
        out += #""data":"#.utf8
        FastJSON.write(
            .object([
                "text": .string(row["text"]), "audience": .string(row["audience"]),
                "published": .string(row["published"]),
            ]), into: &out)
        var id: String = row["id"]
        id.withUTF8 { id in end(deleted: (row["deleted"] as Int) != 0, id: id, kind: "news".utf8, version: version) }
    }

    /// Closes the reply, with `remaining` when counted, the account's `gym`, the clients `shared` with it, those
    /// `gone` and those it is `sharing` (each written only when there is one; the page is not written to after this).
    mutating func finish(
        cursor: Int64, more: Bool, remaining: Int?, gym: UUID?, shared: [SharedClientEntry], gone: [UUID],
        sharing: [GivenShare]
    ) -> RawJSONValue {
        out += #"],"cursor":"#.utf8
        out += String(cursor).utf8
        out += #","more":"#.utf8
        out += (more ? "true" : "false").utf8
        if let remaining {
            out += #","remaining":"#.utf8
            out += String(remaining).utf8
        }
        if let gym {
            out += #","gym":""#.utf8
            out += gym.key.utf8
            out.append(UInt8(ascii: "\""))
        }
        if !shared.isEmpty {
            out += #","shared":"#.utf8
            FastJSON.write(
                .array(shared.map { .object(["by": .string($0.by), "client": .string($0.client.uuidString)]) }),
                into: &out)
        }
        if !gone.isEmpty {
            out += #","gone":"#.utf8
            FastJSON.write(.array(gone.map { .string($0.uuidString) }), into: &out)
        }
        if !sharing.isEmpty {
            out += #","sharing":"#.utf8
            FastJSON.write(
                .array(
                    sharing.map {
                        .object(["client": .string($0.client.uuidString), "with": .array($0.with.map { .string($0) })])
                    }), into: &out)
        }
        out.append(UInt8(ascii: "}"))
        return RawJSONValue(bytes: out)
    }

    private mutating func begin() {
        if count > 0 { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "{"))
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
