import Foundation
import GorillaShared

@testable import GorillaServer

extension ServerStore {
    /// One page of `sessions.history`, decoded as a client reads it, with the bytes of its reply.
    func historyPage(
        id: UUID, principal: UserRecord, before: Int64? = nil, maxBytes: Int = .max
    ) async throws -> (reply: SessionHistoryReply, bytes: Int) {
        let page = try await sessionHistory(id: id, principal: principal, before: before, maxBytes: maxBytes)
        let reply = try WireCoding.decoder.decode(SessionHistoryReply.self, from: Data(page.reply.bytes))
        return (reply, page.reply.bytes.count)
    }

    /// Every revision of a session, oldest first, following the pages as the CLI does.
    func wholeHistory(id: UUID, principal: UserRecord, maxBytes: Int = .max) async throws -> SessionHistoryReply {
        var collected: [[SessionRevision]] = []
        var before: Int64?
        while true {
            let (reply, _) = try await historyPage(id: id, principal: principal, before: before, maxBytes: maxBytes)
            collected.append(reply.revisions)
            guard reply.more else { break }
            before = reply.cursor
        }
        return SessionHistoryReply(revisions: collected.reversed().flatMap { $0 })
    }

    /// Every revision's number and document, oldest first, following the pages read as plain JSON (a large history
    /// decodes faster so than through `Codable`).
    func historyDocuments(
        id: UUID, principal: UserRecord, maxBytes: Int
    ) async throws -> [(revision: Int, document: JSONValue)] {
        var collected: [[(revision: Int, document: JSONValue)]] = []
        var before: Int64?
        while true {
            let page = try await sessionHistory(id: id, principal: principal, before: before, maxBytes: maxBytes)
            let reply = try FastJSON.parse(page.reply.bytes).objectValue ?? [:]
            collected.append(
                (reply["revisions"]?.arrayValue ?? []).map {
                    ($0.objectValue?["revision"]?.intValue ?? 0, $0.objectValue?["document"] ?? .null)
                })
            guard reply["more"] == .bool(true), let cursor = reply["cursor"]?.intValue else { break }
            before = Int64(cursor)
        }
        return collected.reversed().flatMap { $0 }
    }
}
