import GorillaShared

extension RequestRouter {
    func registerClient(_ user: UserRecord, code: String, state: inout ConnectionState) async throws { throw RequestError(.invalidCode) }
}
