import Foundation
import GorillaShared

extension RequestRouter {
    /// A device polling with the same cursor while nothing was written gets the same answer without a query; the
    /// connection's event loop repeats it without this task (``PollResponder``) until something changes.
    func updated(_ body: UpdatedBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        let since = max(0, body.since)
        let epoch = context.store.epochs.data
        let now = self.now
        let value: [UInt8]
        var answeredAt = now
        if let last = state.lastUpdated, last.epoch == epoch, last.since == since, last.user == principal.id,
            now.timeIntervalSince(last.at) < ServerStore.updatedReuseInterval
        {
            value = last.value
            answeredAt = last.at
        } else {
            let reply = try await context.store.updated(since: since, principal: principal, now: now)
            value = Array(try WireCoding.encoder.encode(reply))
            state.lastUpdated = (epoch, since, principal.id, now, value)
        }
        state.shortcut.keep(
            PollShortcut.Answer(
                since: since, dataEpoch: epoch, accountsEpoch: state.tokenCheckedEpoch,
                until: min(answeredAt.addingTimeInterval(ServerStore.updatedReuseInterval), state.tokenCheckDue),
                value: value))
        return .value(RawJSONValue(bytes: value))
    }

    /// A page of changes, within the row limit asked for and the server's byte budget (``ServerConfiguration/pullPageBytes``).
    func pull(_ body: PullBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        let limit = min(max(body.limit ?? SyncLimits.defaultPullLimit, 1), SyncLimits.maxPullLimit)
        let skip = body.skip ?? []
        guard skip.count <= SyncLimits.maxPullSkip else {
            throw ServerError(.tooLarge, "at most \(SyncLimits.maxPullSkip) versions to skip")
        }
        context.configuration.onPullPageStart?(state.backlog.unsentBytes)
        let page = try await context.store.pullPage(
            since: max(0, body.since), limit: limit,
            maxBytes: context.configuration.pullPageBytes, skipping: skip, counting: body.count == true,
            library: body.library == true, sharedClient: body.sharedClient, principal: principal, now: now)
        context.metrics.pulled(rows: page.rows, bytes: page.reply.bytes.count)
        return .value(page.reply)
    }

    /// `sync.push`: `mutations` from `device` (named in the conflicts they cause).
    func push(
        _ mutations: [PushedMutation], device: SyncDevice?, state: inout ConnectionState
    ) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        guard mutations.count <= SyncLimits.maxPushBatch else {
            throw ServerError(.tooLarge, "at most \(SyncLimits.maxPushBatch) mutations per push")
        }
        // Helpers read the documents while the write transaction checks and stores them.
        let outcome = try await context.store.push(
            mutations, documents: DocumentReading(mutations), device: device, principal: principal,
            language: state.language,
            configuration: context.configuration)
        context.metrics.pushed(outcome.results)
        await publishChanges(mutations, results: outcome.results, principal: principal)
        return .value(outcome.reply)
    }

    /// Has the live feed push what this push stored of messages and appointments (``LiveFeed``).
    private func publishChanges(
        _ mutations: [PushedMutation], results: [MutationResult], principal: UserRecord
    ) async {
        let applied = Set(results.filter { $0.status == .applied }.map(\.id))
        let live = mutations.contains {
            ($0.kind == EntityKind.message.rawValue || $0.kind == EntityKind.event.rawValue) && applied.contains($0.id)
        }
        if live { await context.feed.catchUp() }
    }

    /// Stops live pushes for this connection (logout, another login, a revoked token).
    func endSubscription(_ state: inout ConnectionState) async {
        guard let subscription = state.subscription else { return }
        await context.live.unsubscribe(user: subscription.user, token: subscription.token)
        state.subscription = nil
        state.subscriptionStarted = false
    }

    func subscribe(state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        if state.subscription == nil {
            // Live pushes share the connection's writes from now on, so the loop no longer answers polls alone.
            state.shortcut.disable()
            let (token, queue) = await context.live.subscribe(
                user: principal.id, tokenHash: state.tokenHash, checkedEpoch: state.tokenCheckEpoch,
                language: state.language)
            state.subscription = (principal.id, token, queue)
        }
        return .value(SubscribeReply(events: ["message", "event"]))
    }
}
