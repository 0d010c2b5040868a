import GorillaShared

extension RequestRouter {
    func updated(_ body: UpdatedBody, state: inout ConnectionState) async throws -> ResponsePayload { throw RequestError(.unknownOperation) }
    func pull(_ body: PullBody, state: inout ConnectionState) async throws -> ResponsePayload { throw RequestError(.unknownOperation) }
    func push(_ body: PushBody, state: inout ConnectionState) async throws -> ResponsePayload { throw RequestError(.unknownOperation) }
    func registerClient(_ user: UserRecord, code: String, state: inout ConnectionState) async throws { throw RequestError(.invalidCode) }
}
