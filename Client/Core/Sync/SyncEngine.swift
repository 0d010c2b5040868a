import Foundation
import GorillaShared

/// What one sync did, as counts; ``SyncSummary`` adds what the sync found, in words.
package struct SyncPass: Sendable {
    package var pushed = 0
    package var pulled = 0
    package var cursor: Int64 = 0
    package init() {}
}

/// Pushes the outbox and pulls changes over one connection.
///
/// Crash safety: the outbox is only emptied after the server acknowledged a mutation (a re-push of an
/// acknowledged mutation is answered `duplicate`); pulled rows and the cursor are saved in one transaction.
package struct SyncEngine: Sendable {
    package let cache: LocalCache
    /// Mutations per push request.
    package var batchSize = 100
    /// Push requests sent before the first of them is answered: the server reads the next batch while this device
    /// records the answers to the last.
    package var pushesInFlight = 2
    /// Changes per pull request.
    package var pageSize = 1000
    /// Encoded size a push request stays under, well below the server's 1 MiB line limit
    /// (a refused over-long line would be retried forever and the outbox would never drain).
    package var maxBatchBytes = 512 * 1024

    /// The `sync.push` body for the longest prefix of `mutations` whose encoding fits in `bytes` (always at least
    /// one mutation), and how many mutations it holds.
    /// The body names `device`, the device the mutations come from, when given.
    package static func encodedBatch<Mutations: Collection>(
        _ mutations: Mutations, bytes: Int, device: SyncDevice? = nil
    ) -> (count: Int, body: [UInt8]) where Mutations.Element: MutationWriting {
        var body: [UInt8] = []
        body.reserveCapacity(min(bytes, 64 * 1024))
        if let device {
            body += #"{"device":{"id":"#.utf8
            device.id.writeJSON(into: &body, uppercase: false)
            body += #","name":"#.utf8
            FastJSON.writeString(device.name, into: &body)
            body += #"},"mutations":["#.utf8
        } else {
            body += #"{"mutations":["#.utf8
        }
        var count = 0
        var encoded: [UInt8] = []
        for mutation in mutations {
            encoded.removeAll(keepingCapacity: true)
            mutation.write(into: &encoded)
            if count > 0 && body.count + encoded.count + 3 > bytes { break }
            if count > 0 { body.append(UInt8(ascii: ",")) }
            body += encoded
            count += 1
        }
        body += "]}".utf8
        return (count, body)
    }

    package init(cache: LocalCache) {
        self.cache = cache
    }

    /// Pushes everything queued, then pulls everything new.
    ///
    /// When nothing was pushed it asks `sync.updated` first and pulls only if something changed: the sync of a
    /// device that is up to date (most opportunistic syncs) is then one small answer the server keeps ready.
    package func sync(over connection: ServerConnection) async throws -> SyncPass {
        var pass = SyncPass()
        pass.pushed = try await push(over: connection)
        let changed = try await pass.pushed > 0 ? true : changedSince(try cache.cursor(), over: connection)
        if changed { pass.pulled = try await pull(over: connection) }
        pass.cursor = try cache.cursor()
        try cache.setMeta("lastSync", ISOTime.format(Date()))
        return pass
    }

    /// Pushes the outbox in batches; returns how many mutations the server acknowledged or refused.
    ///
    /// Up to ``pushesInFlight`` batches are sent before the first is answered. The server applies them in the order
    /// sent, and a batch leaves the outbox only once answered, so a lost connection leaves the unanswered ones queued
    /// (a batch the server did apply is answered `duplicate` the next time).
    package func push(over connection: ServerConnection) async throws -> Int {
        // Images first, so that the mutations referring to them are accepted.
        for (sha, bytes) in try cache.pendingMedia() {
            _ = try await MediaTransfer.upload(bytes, over: connection)
            try cache.markUploaded(sha)
        }
        var total = 0
        // The outbox as it is now, read once; changes queued meanwhile wait for the next sync.
        let (queued, journalEnd) = try cache.outboxAndEnd()
        guard !queued.isEmpty else { return 0 }
        // Named in each push, so that the server can tell whose value an update replaces.
        let device = try DeviceIdentity.current(cache)
        var sent: [(request: Int, batch: ArraySlice<OutboxEntry>)] = []
        var next = 0
        while true {
            if next < queued.count, sent.count < max(pushesInFlight, 1) {
                let window = queued[next..<min(next + batchSize, queued.count)]
                let (count, body) = Self.encodedBatch(window, bytes: maxBatchBytes, device: device)
                let batch = window.prefix(count)
                sent.append((try await connection.post(Operation.syncPush, encodedBody: body), batch))
                next += count
                continue
            }
            guard !sent.isEmpty else { return total }
            let (request, batch) = sent.removeFirst()
            let line = try await connection.reply(to: request)
            let reply =
                try PushReply.read(line: line)
                ?? ServerConnection.value(of: line, op: Operation.syncPush, as: PushReply.self)
            let last = next == queued.count && sent.isEmpty
            try cache.applyPushResults(
                reply.results, for: Array(batch), device: device.name, last: last, journalEnd: last ? journalEnd : nil)
            total += batch.count
            if reply.results.count < batch.count {
                throw ClientError(
                    .protocolError,
                    AccountPhrases.pushAnsweredPartly.t(["answered": reply.results.count, "sent": batch.count]))
            }
        }
    }

    /// Reads a `sync.pull` reply line without building the documents: each change's `data` is checked and kept as
    /// the server's text, which is what the cache stores.
    package static func decodePull(_ line: [UInt8]) throws -> PulledPage {
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
            throw ClientError(.protocolError, AccountPhrases.pullUnreadable.t(["error": "\(error)"]))
        }
        guard page.cursor != nil else { throw ClientError(.protocolError, AccountPhrases.pullWithoutCursor.t()) }
        return page
    }

    private static func decodeChange(_ parser: inout FastJSON.Parser) throws -> PulledChange {
        var kind: String?, id: UUID?, version: Int64?, deleted = false, data: String?
        try parser.members { key, parser in
            switch key {
            case "kind": kind = try parser.string()
            case "id": id = UUID(text: try parser.string())
            case "version": version = try Int64(exactly: parser.number())
            case "deleted": deleted = try parser.value() == .bool(true)
            case "data":
                let range = try parser.skipValue()
                data = parser.text(range)
            default: try parser.skipValue()
            }
        }
        guard let kind, let id, let version else {
            throw ClientError(.protocolError, AccountPhrases.pullChangeIncomplete.t())
        }
        // Ids are read as the server stores them now, lower case, whatever an older server sent.
        let text = data.flatMap { $0 == "null" ? nil : $0 } ?? "{}"
        return PulledChange(
            id: id, kind: kind, version: version, deleted: deleted,
            dataText: EntityKind(rawValue: kind).map { $0.forms.lowerCasingIDs(inText: text) } ?? text)
    }

    /// Whether the server has changes this account may see after `cursor` (`sync.updated`).
    package func changedSince(_ cursor: Int64, over connection: ServerConnection) async throws -> Bool {
        let reply = try await connection.request(
            Operation.syncUpdated, UpdatedBody(since: cursor), as: UpdatedReply.self)
        return !reply.sections.isEmpty || reply.version > cursor
    }

    /// Pulls pages until the server has no more; returns how many changes arrived.
    ///
    /// The next page is asked for as soon as a page arrives (its cursor is known then), so the server reads and sends
    /// it, and a child task reads it, while this device stores the current one; each page and its cursor are still
    /// saved in one transaction.
    ///
    /// The versions of this device's own changes, which it took from the push replies, are asked to be left out
    /// (`skip`): the device holds them, and the cursor moves past them as the server pages.
    package func pull(over connection: ServerConnection) async throws -> Int {
        var total = 0
        let since = try cache.cursor()
        let own = try cache.ownVersions(after: since)
        var page = try await fetchPage(over: connection, since: since, skip: own)
        while true {
            let cursor = page.cursor!
            guard page.more else {
                try cache.applyPull(page.changes, cursor: cursor)
                return total + page.changes.count
            }
            async let next = fetchPage(over: connection, since: cursor, skip: own.filter { $0 > cursor })
            try cache.applyPull(page.changes, cursor: cursor)
            total += page.changes.count
            page = try await next
        }
    }

    private func fetchPage(over connection: ServerConnection, since: Int64, skip: [Int64]) async throws -> PulledPage {
        try Self.decodePull(
            try await connection.roundTrip(
                Operation.syncPull, PullBody(since: since, limit: pageSize, skip: skip.isEmpty ? nil : skip)))
    }
}
