import Foundation
import GorillaShared
import Logging

/// Turns one request line into one response line for a connection.
///
/// Decodes the header first so that even a request with a bad body is answered with its own `id`,
/// checks hello, login and the request rate, then hands the typed body to the operation's handler.
struct RequestRouter: Sendable {
    let context: ServerContext
    /// Gives every account and address its turn (nil: fair scheduling is off).
    let scheduler: WorkScheduler?

    init(context: ServerContext) {
        self.context = context
        scheduler = WorkScheduler(context.configuration)
    }

    /// Answers one line. Never throws: every failure becomes an error response.
    ///
    /// Counted in ``ServerMetrics`` and logged as one `request` line (its id, operation, principal and result code);
    /// every line logged while it is served carries its id (``RequestLog``).
    func respond(to line: [UInt8], state: inout ConnectionState) async -> WireResponse {
        let started = ContinuousClock.now
        let log = RequestLog(id: state.nextRequestID(), principal: state.principal?.id)
        return await RequestLog.$current.withValue(log) {
            let response = await answer(line, state: &state)
            let result: Int
            if case .error(let error) = response.payload { result = error.code.rawValue } else { result = 0 }
            let duration = ContinuousClock.now - started
            context.metrics.requestAnswered(op: state.operation, result: result, duration: duration)
            // Built only when the line is written (the metadata is an autoclosure).
            context.logger.info(
                "request",
                metadata: Self.summary(
                    op: state.operation, result: result, duration: duration, principal: state.principal?.id))
            return response
        }
    }

    /// The metadata of a request's `request` line: its operation, result code, milliseconds and principal.
    private static func summary(op: String?, result: Int, duration: Duration, principal: UUID?) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "op": .string(ServerMetrics.label(op: op)), "result": .stringConvertible(result),
            "ms": .string(String(format: "%.3f", duration / .milliseconds(1))),
        ]
        if let principal { metadata["principal"] = .string(principal.uuidString.lowercased()) }
        return metadata
    }

    /// The response to one line (``respond(to:state:)``); sets the connection's ``ConnectionState/operation``.
    private func answer(_ line: [UInt8], state: inout ConnectionState) async -> WireResponse {
        state.operation = nil
        // Pushes are most of the bytes a server reads: one pass reads the whole request.
        if let push = PushedMutation.readRequest(line), push.op == Operation.syncPush.rawValue, let id = push.id {
            return await respond(id: id, op: .syncPush, name: Operation.syncPush.rawValue, state: &state) { state in
                try await dispatch(
                    op: .syncPush, name: Operation.syncPush.rawValue, body: [],
                    pushed: (push.mutations, push.device), state: &state)
            }
        }
        if JSONDepth.exceeds(JSONDepth.requestLimit, in: line) {
            return failure(
                id: JSONDepth.leadingID(in: line),
                ServerError(.malformedRequest, "nested deeper than \(JSONDepth.requestLimit) levels"), state: state)
        }
        // Strict JSON (RFC 8259) before anything else reads the line: `JSONDecoder` would take a repeated key, a trailing
        // comma or UTF-16, and answer another request than the one the byte readers see.
        let request: RequestLine
        var general: GeneralPushBody?
        do {
            request = try RequestLine.read(line)
            if request.op == Operation.syncPush.rawValue, let body = request.body {
                // A push's documents are checked one by one: one that is not strict JSON refuses its own mutation.
                do {
                    general = try GeneralPushBody(Array(line[body]))
                } catch let malformed as FastJSON.Malformed {
                    throw request.refusal(inBody: malformed, of: line)
                }
            } else {
                try request.checkBody(line)
            }
        } catch let refusal as RequestLine.Refusal {
            return failure(
                id: refusal.id, ServerError(.malformedRequest, "not strict JSON: \(refusal.reason)"), state: state)
        } catch {
            return failure(id: nil, ServerError(.malformedRequest, "not a JSON object"), state: state)
        }
        guard let id = request.id, let name = request.op else {
            return failure(
                id: request.id, ServerError(.malformedRequest, "\"id\" (integer) and \"op\" (string) are required"),
                state: state)
        }
        let op = Operation(rawValue: name)
        let body = request.body.map { Array(line[$0]) } ?? RequestLine.absentBody
        return await respond(id: id, op: op, name: name, state: &state) { state in
            try await dispatch(op: op, name: name, body: body, general: general, state: &state)
        }
    }

    /// Answers request `id` for operation `op` (`nil` when this server does not know `name`) with what `handle` makes of
    /// it, after the request rate is checked.
    private func respond(
        id: Int, op: GorillaShared.Operation?, name: String, state: inout ConnectionState,
        _ handle: (inout ConnectionState) async throws -> ResponsePayload
    ) async -> WireResponse {
        state.operation = name
        // Any other request may change what a repeated poll would be answered with; the next poll goes to the task.
        if op != .syncUpdated { state.shortcut.forget() }
        guard state.shortcut.takeToken() else {
            return failure(id: id, ServerError(.rateLimited, retryAfter: 1), state: state)
        }
        var log = RequestLog.current
        log?.op = ServerMetrics.label(op: name)
        do {
            let payload = try await RequestLog.$current.withValue(log) { try await scheduled(state: &state, handle) }
            return WireResponse(id: id, payload: payload)
        } catch let error as ServerError {
            if error.code == .internalError || error.code == .unavailable {
                context.logger.error("store failure", metadata: ["op": "\(name)", "error": "\(error)"])
            }
            return failure(id: id, error, state: state)
        } catch {
            context.logger.error("request failed", metadata: ["op": "\(name)", "error": "\(type(of: error))"])
            return failure(id: id, ServerError(.internalError), state: state)
        }
    }

    /// Runs `handle` in its account's and address's turn (``WorkScheduler``), charged to both.
    private func scheduled(
        state: inout ConnectionState, _ handle: (inout ConnectionState) async throws -> ResponsePayload
    ) async throws -> ResponsePayload {
        guard let scheduler else {
            return try await WorkScheduler.$origin.withValue(state.address) { try await handle(&state) }
        }
        return try await scheduler.serve(account: state.principal?.id, address: state.address) {
            try await handle(&state)
        }
    }

    private func failure(id: Int?, _ error: ServerError, state: ConnectionState) -> WireResponse {
        // A detail never repeats more than a short prefix of what a peer sent.
        let error =
            error.detail.map {
                $0.count > Self.detailLimit
                    ? ServerError(
                        error.code, String($0.prefix(Self.detailLimit)) + "…",
                        retryAfter: error.retryAfter) : error
            } ?? error
        return WireResponse(id: id, payload: .error(error.wire(in: state.language)))
    }

    /// Most characters of an error's detail a peer is sent.
    static let detailLimit = 200

    /// Runs operation `op` (`nil` when this server does not know `name`) with `body`, the text of the request's body (an
    /// object, `{}` when the request has none); `pushed` are the mutations of a push already read from its line,
    /// `general` the body of one the one-pass reader left to the general reader.
    private func dispatch(
        op: GorillaShared.Operation?, name: String, body: [UInt8],
        pushed: (mutations: [PushedMutation], device: SyncDevice?)? = nil,
        general: GeneralPushBody? = nil, state: inout ConnectionState
    ) async throws -> ResponsePayload {
        guard state.helloDone || op == .hello else { throw ServerError(.helloRequired) }
        if op?.isAnonymous != true {
            // Only known operations get "not logged in"; the rest are unknown either way.
            guard state.principal != nil else {
                guard op != nil else { throw ServerError(.unknownOperation, WireText.quoted(name)) }
                throw ServerError.notAuthenticated
            }
            if state.needsTokenCheck(epoch: context.store.epochs.accounts, now: now) { try await revalidate(&state) }
        }
        guard let op else { throw ServerError(.unknownOperation, WireText.quoted(name)) }
        switch op {
        case .hello: return try hello(decode(HelloBody.self, body), state: &state)
        case .signup: return try await signup(decode(SignupBody.self, body), state: &state)
        case .login: return try await login(decode(LoginBody.self, body), state: &state)
        case .resume: return try await resume(decode(ResumeBody.self, body), state: &state)
        case .check: return try await check(state: &state)
        case .logout: return try await logout(state: &state)
        case .logoutAll: return try await logoutEverywhere(state: &state)
        case .feedGet: return try await feed(decode(FeedBody.self, body), state: &state)
        case .passwordChange: return try await changePassword(decode(PasswordChangeBody.self, body), state: &state)
        case .passwordReset: return try await resetPassword(decode(PasswordResetBody.self, body), state: &state)
        case .profileGet: return try await profile(state: &state)
        case .profileUpdate: return try await updateProfile(decode(ProfileUpdateBody.self, body), state: &state)
        case .mediaPut: return try await putMedia(decode(MediaPutBody.self, body), state: &state)
        case .mediaGet: return try await getMedia(decode(MediaGetBody.self, body), state: &state)
        case .syncUpdated: return try await updated(decode(UpdatedBody.self, body), state: &state)
        case .syncPull: return try await pull(decode(PullBody.self, body), state: &state)
        case .syncPush:
            // The byte reader (``respond(to:state:)``) keeps each mutation's fields as text; `Codable` decides any line it
            // refused, for its messages.
            if let pushed { return try await push(pushed.mutations, device: pushed.device, state: &state) }
            if let general {
                let decoded = try decode(PushBody.self, general.text)
                return try await push(general.mutations(decoded), device: decoded.device, state: &state)
            }
            let decoded = try decode(PushBody.self, body)
            return try await push(decoded.mutations.map(PushedMutation.init), device: decoded.device, state: &state)
        case .subscribe: return try await subscribe(state: &state)
        case .codeCheck: return try await checkCode(decode(CodeCheckBody.self, body), state: &state)
        case .clientCode: return try await newCode(decode(ClientBody.self, body), state: &state)
        case .clientResetPassword: return try await clientResetToken(decode(ClientBody.self, body), state: &state)
        case .sessionHistory: return try await sessionHistory(decode(SessionHistoryBody.self, body), state: &state)
        case .gymCreate, .gymInvite, .gymJoin, .gymShow, .gymMembers, .gymRole, .gymLeave, .gymRemove, .gymRename,
            .gymDissolve, .gymCalendar, .gymOverview, .gymTransfer, .gymMachine, .gymPublish, .gymCopy,
            .gymShare, .gymUnshare:
            return try await gym(op, body: body, state: &state)
        }
    }

    /// Confirms the connection's token is still live and refreshes the account (role, language, removal).
    private func revalidate(_ state: inout ConnectionState) async throws {
        let epoch = context.store.epochs.accounts
        let now = self.now
        guard let hash = state.tokenHash,
            let (user, expires) = try await context.store.session(tokenHash: hash, now: now)
        else {
            await endSubscription(&state)
            state.principal = nil
            state.tokenHash = nil
            throw ServerError.notAuthenticated
        }
        state.principal = user
        state.tokenChecked(epoch: epoch, expires: expires, now: now)
    }

    /// The time of day on the server's clock (``ServerConfiguration/clock``).
    var now: Date { context.configuration.clock.now }

    /// Decodes the typed body from its text; a missing member is `missingFields`, a wrong type `malformedRequest`.
    func decode<Body: Codable & Sendable>(_ type: Body.Type, _ bytes: [UInt8]) throws -> Body {
        try Self.mappingDecodingErrors { try WireCoding.decoder.decode(Body.self, from: Data(bytes)) }
    }

    private static func mappingDecodingErrors<Body>(_ decode: () throws -> Body) throws -> Body {
        do {
            return try decode()
        } catch DecodingError.keyNotFound(let key, let context) {
            let path = (context.codingPath + [key]).map(\.stringValue).filter { $0 != "body" }.joined(separator: ".")
            if path.isEmpty { throw ServerError(.missingFields, "body") }
            throw ServerError(.missingFields, WireText.prefix(path))
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            throw ServerError(.malformedRequest, Self.describe(context))
        } catch DecodingError.dataCorrupted(let context) {
            throw ServerError(.malformedRequest, Self.describe(context))
        } catch {
            throw ServerError(.malformedRequest)
        }
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? "invalid body" : "invalid value at \(WireText.prefix(path))"
    }

    private func hello(_ body: HelloBody, state: inout ConnectionState) throws -> ResponsePayload {
        if let language = body.language { state.requestedLanguage = language }
        guard ProtocolVersion.supported.contains(body.version) else {
            throw ServerError(
                .unsupportedVersion,
                "this server speaks version \(ProtocolVersion.supported.lowerBound)–\(ProtocolVersion.supported.upperBound), not \(body.version)"
            )
        }
        state.helloDone = true
        return .value(
            HelloReply(version: ProtocolVersion.current, server: "gorilla-server", web: context.webAddress.url))
    }
}
