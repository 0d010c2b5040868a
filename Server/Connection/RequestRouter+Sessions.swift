import Foundation
import GorillaShared

extension RequestRouter {
    /// `sessions.history`: a page of the revisions of one training session, scoped in the store like a pull, within the
    /// pull's byte budget (``ServerConfiguration/pullPageBytes``).
    ///
    /// Its work is charged to the connection's request rate: one request, and one more for every
    /// ``historyBytesPerRequest`` of reply and every ``historyWalkPerRequest`` corrections undone, so that a reader that
    /// loops over a long history waits like a peer that sends as many requests. Nothing is built for a connection that
    /// closed or left its previous reply unread, and the walk stops once that happens.
    func sessionHistory(_ body: SessionHistoryBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        let backlog = state.backlog
        // Nobody reads it now (the connection's task waits for unread replies first, so this is a closed one).
        guard backlog.isReadable, !Task.isCancelled else { throw ServerError(.rateLimited, retryAfter: 1) }
        let page = try await context.store.sessionHistory(
            id: body.id, principal: principal, before: body.before, maxBytes: context.configuration.pullPageBytes,
            proceed: { backlog.isReadable })
        let cost = page.reply.bytes.count / Self.historyBytesPerRequest + page.walked / Self.historyWalkPerRequest
        for _ in 0..<cost {
            guard state.shortcut.takeToken() else { break }
        }
        return .value(page.reply)
    }

    /// Reply bytes of a history page that cost as much as one request.
    static let historyBytesPerRequest = 16 * 1024
    /// Corrections undone by a history walk that cost as much as one request.
    static let historyWalkPerRequest = 50
}
