import Foundation
import GorillaClientCore
import GorillaShared

/// `gorilla sessions show ID --history`: the revisions of a session, read from the server a page at a time.
extension SessionService {
    /// Most pages one history read follows (a session has at most ``TrainingSession/maxRevisions`` revisions, each
    /// page at least one).
    static let maxHistoryPages = TrainingSession.maxRevisions + 1
    /// Most times one page is asked again after the server said to wait (its request rate counts the history's size).
    static let historyPageRetries = 30

    /// `gorilla sessions show ID --history`: every revision of the session, oldest first, as the server keeps them.
    ///
    /// The server sends the revisions newest first, a page within its byte budget at a time (each page oldest first);
    /// this follows the pages down to the first revision on one connection, waiting as told when the server says the
    /// reading goes too fast.
    /// - Throws: ``ClientError`` `.unreachable` offline (the revisions are only on the server), `.notFound` for a
    ///   session the server does not have yet.
    package func history(_ id: String) async throws -> SessionHistory {
        let cache = try await context.freshCache()
        let session = try Self.resolve(cache, id)
        let pages: [[SessionRevision]]
        do {
            pages = try await context.withServer { connection in
                var pages: [[SessionRevision]] = []
                var before: Int64?
                for _ in 0..<Self.maxHistoryPages {
                    let reply = try await Self.historyPage(session.id, before: before, connection: connection)
                    pages.append(reply.revisions)
                    // A cursor that does not go back would ask for the same page again.
                    guard reply.more, !reply.revisions.isEmpty, before.map({ reply.cursor < $0 }) ?? true else { break }
                    before = reply.cursor
                }
                return pages
            }
        } catch let error as ClientError where error.kind == .unreachable {
            throw ClientError(.unreachable, TrainingPhrases.historyOnServer.t(["message": error.message]))
        } catch let error as ClientError where error.wire?.code == .notFound {
            throw ClientError(.notFound, TrainingPhrases.historyNotYet.t(["id": session.id.short]))
        }
        let me = try context.session().profile.id
        return SessionHistory(
            id: session.id, clientName: try clientName(of: session, cache: cache), me: me,
            revisions: pages.reversed().flatMap { $0 })
    }

    /// One page of the history of session `id`: the revisions before version `before`.
    private static func historyPage(
        _ id: UUID, before: Int64?, connection: ServerConnection
    ) async throws -> SessionHistoryReply {
        var retries = 0
        while true {
            do {
                return try await connection.request(
                    Operation.sessionHistory, SessionHistoryBody(id: id, before: before), as: SessionHistoryReply.self)
            } catch let error as ClientError where error.wire?.code == .rateLimited && retries < historyPageRetries {
                retries += 1
                try await Task.sleep(for: .seconds(max(1, error.wire?.retryAfter ?? 1)))
            }
        }
    }
}
