import Foundation
import GorillaShared

/// What one sync did.
public struct SyncSummary: Sendable, Codable {
    public var pushed = 0
    public var pulled = 0
    public var rejected: [String] = []
    public var overwritten: [String] = []
    public var codes: [String] = []
    public var cursor: Int64 = 0
    public init() {}
}

/// Pushes the outbox and pulls changes over one connection.
///
/// Crash safety: the outbox is only emptied after the server acknowledged a mutation (a re-push of an
/// acknowledged mutation is answered `duplicate`); pulled rows and the cursor are saved in one transaction.
public struct SyncEngine: Sendable {
    public let cache: LocalCache
    /// Mutations per push request.
    public var batchSize = 200
    /// Changes per pull request.
    public var pageSize = 1000
    /// Encoded size a push request stays under, well below the server's 1 MiB line limit
    /// (a refused over-long line would be retried forever and the outbox would never drain).
    public var maxBatchBytes = 512 * 1024

    /// The longest prefix of `mutations` whose encoding fits in `bytes` (always at least one).
    static func capped(_ mutations: [Mutation], bytes: Int) -> [Mutation] {
        let encoder = WireCoding.encoder
        var total = 0
        var count = 0
        for mutation in mutations {
            total += ((try? encoder.encode(mutation))?.count ?? 0) + 1
            if total > bytes && count > 0 { break }
            count += 1
        }
        return Array(mutations.prefix(count))
    }

    public init(cache: LocalCache) {
        self.cache = cache
    }

    /// Pushes everything queued, then pulls everything new.
    public func sync(over connection: ServerConnection) async throws -> SyncSummary {
        var summary = SyncSummary()
        summary.pushed = try await push(over: connection)
        summary.pulled = try await pull(over: connection)
        summary.cursor = try cache.cursor()
        try cache.setMeta("lastSync", ISOTime.format(Date()))
        for report in try cache.takeReports() {
            switch report.kind {
            case "rejected": summary.rejected.append(report.text)
            case "overwritten": summary.overwritten.append(report.text)
            case "code": summary.codes.append(report.text)
            default: break
            }
        }
        return summary
    }

    /// Pushes the outbox in batches; returns how many mutations the server acknowledged or refused.
    public func push(over connection: ServerConnection) async throws -> Int {
        // Images first, so that the mutations referring to them are accepted.
        for (sha, bytes) in try cache.pendingMedia() {
            _ = try await GorillaApp.upload(bytes, over: connection)
            try cache.markUploaded(sha)
        }
        var total = 0
        while true {
            let batch = try Self.capped(cache.queued(limit: batchSize), bytes: maxBatchBytes)
            if batch.isEmpty { return total }
            let reply = try await connection.request(Operation.syncPush, PushBody(mutations: batch), as: PushReply.self)
            try cache.applyPushResults(reply.results, for: batch)
            total += batch.count
            if reply.results.count < batch.count {
                throw ClientError(.protocolError, "the server answered \(reply.results.count) of \(batch.count) mutations")
            }
        }
    }

    /// Reads a `sync.pull` reply line without building the documents: each change's `data` is checked and kept as
    /// the server's text, which is what the cache stores.
    static func decodePull(_ line: [UInt8]) throws -> PulledPage {
        var page = PulledPage(changes: [], cursor: nil, more: false)
        do {
            try FastJSON.withParser(line) { parser in
                try parser.members { key, parser in
                    guard key == "value" else { try parser.skipValue(); return }
                    try parser.members { key, parser in
                        switch key {
                        case "changes": try parser.elements { parser in page.changes.append(try decodeChange(&parser)) }
                        case "cursor": page.cursor = try Int64(exactly: parser.number())
                        case "more": page.more = try parser.value() == .bool(true)
                        default: try parser.skipValue()
                        }
                    }
                }
            }
        } catch let error as FastJSON.Malformed {
            throw ClientError(.protocolError, "unreadable reply to sync.pull (\(error))")
        }
        guard page.cursor != nil else { throw ClientError(.protocolError, "a sync.pull reply without a cursor") }
        return page
    }

    private static func decodeChange(_ parser: inout FastJSON.Parser) throws -> PulledChange {
        var kind: String?, id: UUID?, version: Int64?, deleted = false, data: String?
        try parser.members { key, parser in
            switch key {
            case "kind": kind = try parser.string()
            case "id": id = UUID(uuidString: try parser.string())
            case "version": version = try Int64(exactly: parser.number())
            case "deleted": deleted = try parser.value() == .bool(true)
            case "data":
                let range = try parser.skipValue()
                data = parser.text(range)
            default: try parser.skipValue()
            }
        }
        guard let kind, let id, let version else { throw ClientError(.protocolError, "a change without kind, id or version in sync.pull") }
        return PulledChange(id: id, kind: kind, version: version, deleted: deleted,
                            dataText: data.flatMap { $0 == "null" ? nil : $0 } ?? "{}")
    }

    /// Pulls pages until the server has no more; returns how many changes arrived.
    public func pull(over connection: ServerConnection) async throws -> Int {
        var total = 0
        while true {
            let since = try cache.cursor()
            let line = try await connection.roundTrip(Operation.syncPull, PullBody(since: since, limit: pageSize))
            let reply = try Self.decodePull(line)
            try cache.applyPull(reply.changes, cursor: reply.cursor!)
            total += reply.changes.count
            if !reply.more { return total }
        }
    }
}
