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
