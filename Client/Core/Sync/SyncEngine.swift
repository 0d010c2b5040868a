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
    /// Where pushes and pulls report how far they got (nil: nobody is watching, and the pull does not ask the server
    /// to count).
    package var progress: ProgressReporter?

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

    package init(cache: LocalCache, progress: ProgressReporter? = nil) {
        self.cache = cache
        self.progress = progress
    }

    /// Pushes everything queued, then pulls everything new.
    ///
    /// When nothing was pushed it asks `sync.updated` first and pulls only if something changed: the sync of a
    /// device that is up to date (most opportunistic syncs) is then one small answer the server keeps ready.
    ///
    /// Both answers name the gym whose library the account reads; a device that holds another gym's rows, or none,
    /// then drops them or fetches the library whole (``followLibrary(_:fetched:over:)``).
    package func sync(over connection: ServerConnection) async throws -> SyncPass {
        var pass = SyncPass()
        pass.pushed = try await push(over: connection)
        let since = try cache.cursor()
        var gym: UUID?
        var shared: [SharedClientEntry] = []
        var sharing: [GivenShare] = []
        var adopted: Set<UUID> = []
        var changed = true
        if pass.pushed == 0 {
            let reply = try await connection.request(
                Operation.syncUpdated, UpdatedBody(since: since), as: UpdatedReply.self)
            changed = !reply.sections.isEmpty || reply.version > since
            gym = reply.gym
            shared = reply.shared ?? []
            sharing = reply.sharing ?? []
        }
        if changed {
            let pulled = try await pullNaming(over: connection)
            (pass.pulled, gym, shared, adopted) = (pulled.count, pulled.gym, pulled.shared, pulled.adopted)
            sharing = pulled.sharing
        }
        try cache.holdGivenShares(sharing)
        try await followLibrary(gym, fetched: since == 0 && changed, over: connection)
        try await followShared(shared, adopted: adopted, fetched: since == 0 && changed, over: connection)
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
        try await endingReports(.push) { try await pushing(over: connection) }
    }

    private func pushing(over connection: ServerConnection) async throws -> Int {
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
        var bytes = 0
        progress?(WorkProgress(.push, done: 0, total: queued.count, bytes: 0))
        while true {
            if next < queued.count, sent.count < max(pushesInFlight, 1) {
                let window = queued[next..<min(next + batchSize, queued.count)]
                let (count, body) = Self.encodedBatch(window, bytes: maxBatchBytes, device: device)
                let batch = window.prefix(count)
                sent.append((try await connection.post(Operation.syncPush, encodedBody: body), batch))
                bytes += body.count
                next += count
                continue
            }
            guard !sent.isEmpty else {
                progress?(WorkProgress(.push, done: total, total: queued.count, bytes: bytes, finished: true))
                return total
            }
            let (request, batch) = sent.removeFirst()
            let line = try await connection.reply(to: request)
            let reply =
                try PushReply.read(line: line)
                ?? ServerConnection.value(of: line, op: Operation.syncPush, as: PushReply.self)
            let last = next == queued.count && sent.isEmpty
            try cache.applyPushResults(
                reply.results, for: Array(batch), device: device.name, last: last, journalEnd: last ? journalEnd : nil)
            total += batch.count
            progress?(WorkProgress(.push, done: total, total: queued.count, bytes: bytes))
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
                        case "remaining": page.remaining = try Int(exactly: parser.number())
                        case "gym": page.gym = UUID(text: try parser.string())
                        case "shared":
                            try parser.elements { parser in
                                var client: UUID?, by: String?
                                try parser.members { key, parser in
                                    switch key {
                                    case "client": client = UUID(text: try parser.string())
                                    case "by": by = try parser.string()
                                    default: try parser.skipValue()
                                    }
                                }
                                if let client, let by { page.shared.append(SharedClientEntry(client: client, by: by)) }
                            }
                        case "sharing":
                            try parser.elements { parser in
                                var client: UUID?, with: [String] = []
                                try parser.members { key, parser in
                                    switch key {
                                    case "client": client = UUID(text: try parser.string())
                                    case "with": try parser.elements { with.append(try $0.string()) }
                                    default: try parser.skipValue()
                                    }
                                }
                                if let client { page.sharing.append(GivenShare(client: client, with: with)) }
                            }
                        case "gone":
                            try parser.elements { parser in
                                if let id = UUID(text: try parser.string()) { page.gone.append(id) }
                            }
                        default: try parser.skipValue()
                        }
                    }
                }
            }
        } catch let error as FastJSON.Malformed {
            throw ClientError(.protocolError, AccountPhrases.pullUnreadable.t(["error": "\(error)"]))
        }
        guard page.cursor != nil else { throw ClientError(.protocolError, AccountPhrases.pullWithoutCursor.t()) }
        page.bytes = line.count
        return page
    }

    private static func decodeChange(_ parser: inout FastJSON.Parser) throws -> PulledChange {
        var kind: String?, id: UUID?, version: Int64?, deleted = false, data: String?, gym = false, shared = false
        var colleague: String?
        try parser.members { key, parser in
            switch key {
            case "kind": kind = try parser.string()
            case "id": id = UUID(text: try parser.string())
            case "version": version = try Int64(exactly: parser.number())
            case "deleted": deleted = try parser.value() == .bool(true)
            case "gym": gym = try parser.value() == .bool(true)
            case "shared": shared = try parser.value() == .bool(true)
            case "colleague": colleague = try parser.string()
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
            dataText: EntityKind(rawValue: kind).map { $0.forms.lowerCasingIDs(inText: text) } ?? text, gym: gym,
            shared: shared, colleague: colleague.flatMap { Validation.isValidUsername($0) ? $0 : nil })
    }

    /// Pulls pages until the server has no more; returns how many changes arrived.
    ///
    /// The next page is asked for as soon as a page arrives (its cursor is known then), so the server reads and sends
    /// it, and a child task reads it, while this device stores the current one; each page and its cursor are still
    /// saved in one transaction.
    ///
    /// The versions of this device's own changes, which it took from the push replies, are asked to be left out
    /// (`skip`): the device holds them, and the cursor moves past them as the server pages.
    ///
    /// With ``progress`` set, the first page asks the server to count what remains after it (`count`), which makes
    /// the total the reports carry; an older server does not count, and the reports carry no total.
    package func pull(over connection: ServerConnection) async throws -> Int {
        try await pullNaming(over: connection).count
    }

    /// ``pull(over:)``, with what the last page named: the gym (nil: none) and the shared clients; and the clients
    /// whose own row (not a shared one) arrived.
    private func pullNaming(over connection: ServerConnection) async throws -> Pulled {
        try await endingReports(.pull) { try await pulling(over: connection) }
    }

    /// What ``pulling(over:)`` brought.
    private struct Pulled {
        var count = 0
        var gym: UUID?
        var shared: [SharedClientEntry] = []
        var sharing: [GivenShare] = []
        var adopted: Set<UUID> = []
    }

    /// Follows the account's gym: when `gym` is not the one whose library this device holds, the rows of that one go
    /// (the coach is told once) and, unless the pull just `fetched` everything from the start, the library of `gym`
    /// is fetched whole, from version 0: rows published before the coach joined are older than the device's cursor.
    private func followLibrary(_ gym: UUID?, fetched: Bool, over connection: ServerConnection) async throws {
        guard try cache.libraryGym() != gym else { return }
        // A pull of everything, from 0, brought the whole library of `gym` and nothing of another's.
        if !fetched { try cache.releaseLibrary() }
        guard let gym else { return }
        if !fetched {
            var since: Int64 = 0
            while true {
                let page = try Self.decodePull(
                    try await connection.roundTrip(
                        Operation.syncPull, PullBody(since: since, limit: pageSize, library: true)))
                // The coach moved on meanwhile: the next sync follows.
                guard page.gym == gym else { return }
                try cache.applyLibrary(page.changes)
                since = page.cursor!
                if !page.more { break }
            }
        }
        try cache.holdLibrary(of: gym)
    }

    private func pulling(over connection: ServerConnection) async throws -> Pulled {
        var total = 0
        var adopted: Set<UUID> = []
        var bytes = 0
        let since = try cache.cursor()
        let own = try cache.ownVersions(after: since)
        var page = try await fetchPage(over: connection, since: since, skip: own, count: progress != nil)
        let expected = page.remaining.map { $0 + page.changes.count }
        while true {
            let cursor = page.cursor!
            bytes += page.bytes
            for change in page.changes where change.kind == EntityKind.client.rawValue && !change.shared {
                adopted.insert(change.id)
            }
            guard page.more else {
                try cache.applyPull(page.changes, cursor: cursor, gone: page.gone)
                total += page.changes.count
                progress?(WorkProgress(.pull, done: total, total: expected, bytes: bytes, finished: true))
                return Pulled(
                    count: total, gym: page.gym, shared: page.shared, sharing: page.sharing, adopted: adopted)
            }
            async let next = fetchPage(over: connection, since: cursor, skip: own.filter { $0 > cursor })
            try cache.applyPull(page.changes, cursor: cursor, gone: page.gone)
            total += page.changes.count
            progress?(WorkProgress(.pull, done: total, total: expected.map { max($0, total) }, bytes: bytes))
            page = try await next
        }
    }

    /// Runs `body`, and reports `work` finished when it throws (a lost connection), so that no drawn line stays.
    private func endingReports<T>(_ work: WorkProgress.Work, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            progress?(WorkProgress(work, done: 0, total: nil, bytes: 0, finished: true))
            throw error
        }
    }

    private func fetchPage(
        over connection: ServerConnection, since: Int64, skip: [Int64], count: Bool = false
    ) async throws -> PulledPage {
        try Self.decodePull(
            try await connection.roundTrip(
                Operation.syncPull,
                PullBody(since: since, limit: pageSize, skip: skip.isEmpty ? nil : skip, count: count ? true : nil)))
    }
}
