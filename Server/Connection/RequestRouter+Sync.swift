import GorillaShared

extension RequestRouter {
    func updated(_ body: UpdatedBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        return .value(try await context.store.updated(since: max(0, body.since), principal: principal))
    }

    func pull(_ body: PullBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        let limit = min(max(body.limit ?? SyncLimits.defaultPullLimit, 1), SyncLimits.maxPullLimit)
        return .value(try await context.store.pull(since: max(0, body.since), limit: limit, principal: principal))
    }

    func push(_ body: PushBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        guard body.mutations.count <= SyncLimits.maxPushBatch else {
            throw RequestError(.tooLarge, "at most \(SyncLimits.maxPushBatch) mutations per push")
        }
        let results = try await context.store.push(body.mutations, principal: principal, language: state.language,
                                                     configuration: context.configuration)
        return .value(PushReply(results: results))
    }
}
