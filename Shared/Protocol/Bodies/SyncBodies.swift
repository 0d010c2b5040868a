import Foundation

/// `sync.updated`: which sections changed since the client's cursor (the seed's `updated` call).
package struct UpdatedBody: Codable, Sendable {
    package var since: Int64
    package init(since: Int64) { self.since = since }
}

/// `sync.updated` reply: the newest version the principal may see, and per section how many rows changed.
package struct UpdatedReply: Codable, Sendable, Equatable {
    package var version: Int64
    package var sections: [String: Int]
    /// The gym whose library the account reads (a coach of a gym), absent for everyone else: a device that held
    /// another gym's rows, or none, fetches or drops them (``PullBody/library``).
    @WireID package var gym: UUID?
    /// The clients colleagues share with the account now (a coach of a gym), absent when none: a device that holds
    /// others fetches or drops them (``PullBody/sharedClient``). A transfer's departures count as the section `gone`.
    package var shared: [SharedClientEntry]?
    /// The account's own clients it shares with colleagues now, absent when none (`clients list` names them).
    package var sharing: [GivenShare]?
    package init(
        version: Int64, sections: [String: Int], gym: UUID? = nil, shared: [SharedClientEntry]? = nil,
        sharing: [GivenShare]? = nil
    ) {
        self.version = version
        self.sections = sections
        self.gym = gym
        self.shared = shared
        self.sharing = sharing
    }
}

/// `sync.pull`: the changes after `since`, in version order, at most `limit` of them, without the rows whose version
/// is in `skip` (the device's own pushed changes, which it holds already).
package struct PullBody: Codable, Sendable {
    package var since: Int64
    package var limit: Int?
    /// Versions the device holds already (at most ``SyncLimits/maxPullSkip``); the cursor moves past them as usual.
    package var skip: [Int64]?
    /// Asks the reply to say how many changes remain after the page (``PullReply/remaining``): a device showing
    /// progress asks on its first page. Absent or false: not counted (a server older than the member ignores it).
    package var count: Bool?
    /// Asks only for the rows of the library of the account's gym (a device that has just found itself in a gym
    /// fetches it whole, from 0, whatever its cursor). Absent or false: every visible row.
    package var library: Bool?
    /// Asks only for the rows about this client, shared with the account (a device that has just been shared a client
    /// fetches their rows whole, from 0, whatever its cursor); a client not shared with the account brings none.
    @WireID package var sharedClient: UUID?
    package init(
        since: Int64, limit: Int? = nil, skip: [Int64]? = nil, count: Bool? = nil, library: Bool? = nil,
        sharedClient: UUID? = nil
    ) {
        self.since = since
        self.limit = limit
        self.skip = skip
        self.count = count
        self.library = library
        self.sharedClient = sharedClient
    }
}

/// One changed row: its section, id, version and document (nil for a tombstone's fields).
package struct Change: Codable, Sendable, Equatable {
    package var kind: String
    package var id: UUID
    package var version: Int64
    package var deleted: Bool
    package var data: JSONValue?
    /// True for a row of the gym's library (absent for the account's own rows).
    package var gym: Bool?
    package init(kind: String, id: UUID, version: Int64, deleted: Bool, data: JSONValue?, gym: Bool? = nil) {
        self.kind = kind
        self.id = id
        self.version = version
        self.deleted = deleted
        self.data = data
        self.gym = gym
    }
}

/// `sync.pull` reply: a page of changes, the cursor to continue from, and whether more remain.
package struct PullReply: Codable, Sendable {
    package var changes: [Change]
    package var cursor: Int64
    package var more: Bool
    /// How many changes the account may see after `cursor`, its skipped versions left out: present only when the
    /// request asked (``PullBody/count``).
    package var remaining: Int?
    /// The gym whose library the account reads, as ``UpdatedReply/gym``.
    @WireID package var gym: UUID?
    /// The clients shared with the account, as ``UpdatedReply/shared``.
    package var shared: [SharedClientEntry]?
    /// The clients the account's coach handed over to a colleague after the page's `since` (`gym.transfer`): their
    /// rows are no longer the account's to hold.
    package var gone: [UUID]?
    /// The account's own clients it shares with colleagues, as ``UpdatedReply/sharing``.
    package var sharing: [GivenShare]?
    package init(
        changes: [Change], cursor: Int64, more: Bool, remaining: Int? = nil, gym: UUID? = nil,
        shared: [SharedClientEntry]? = nil, gone: [UUID]? = nil, sharing: [GivenShare]? = nil
    ) {
        self.sharing = sharing
        self.changes = changes
        self.cursor = cursor
        self.more = more
        self.remaining = remaining
        self.gym = gym
        self.shared = shared
        self.gone = gone
    }
}

/// What a mutation does to its entity.
package enum MutationAction: String, Codable, Sendable {
    case create, update, delete
}

/// One queued change made on a device, identified by its own UUID so that it applies once.
package struct Mutation: Codable, Sendable, Equatable {
    /// The mutation's own id (idempotence key).
    package var id: UUID
    /// The section (entity kind), e.g. `machine`.
    package var kind: String
    /// The entity's id, generated on the device for creates.
    package var entity: UUID
    package var action: MutationAction
    /// The fields set by a create or update.
    package var fields: [String: JSONValue]?
    /// The entity version the device had when it made the change (for conflict reports).
    package var base: Int64?

    package init(
        id: UUID = UUID(), kind: String, entity: UUID, action: MutationAction,
        fields: [String: JSONValue]? = nil, base: Int64? = nil
    ) {
        self.id = id
        self.kind = kind
        self.entity = entity
        self.action = action
        self.fields = fields
        self.base = base
    }

    /// Appends this mutation's JSON as `WireCoding.encoder` writes it (sorted keys, upper-case UUIDs, no nil members).
    package func write(into out: inout [UInt8]) {
        var fieldsJSON: [UInt8] = []
        if let fields { FastJSON.write(fields, into: &fieldsJSON) }
        fieldsJSON.withUnsafeBufferPointer { text in
            Self.write(
                id: id, kind: kind, entity: entity, action: action, base: base, fieldsJSON: fields == nil ? nil : text,
                into: &out)
        }
    }

    /// Appends a mutation's JSON whose fields are already JSON text (an object).
    package static func write(
        id: UUID, kind: String, entity: UUID, action: MutationAction, base: Int64?,
        fieldsJSON: UnsafeBufferPointer<UInt8>?, into out: inout [UInt8]
    ) {
        var object = FastJSON.ObjectWriter()
        object.member("action", into: &out)
        FastJSON.writeString(action.rawValue, into: &out)
        if let base {
            object.member("base", into: &out)
            out += String(base).utf8
        }
        object.member("entity", into: &out)
        entity.writeJSON(into: &out, uppercase: true)
        if let fieldsJSON {
            object.member("fields", into: &out)
            out += fieldsJSON
        }
        object.member("id", into: &out)
        id.writeJSON(into: &out, uppercase: true)
        object.member("kind", into: &out)
        FastJSON.writeString(kind, into: &out)
        object.close(into: &out)
    }
}

extension Mutation: MutationWriting {}

/// A mutation that can write itself into a `sync.push` body.
package protocol MutationWriting {
    func write(into out: inout [UInt8])
}

/// `sync.push`: a batch of mutations, applied in order, and the device they come from.
package struct PushBody: Codable, Sendable {
    package var mutations: [Mutation]
    /// The device that queued the mutations: the server names it in the conflicts an update causes (``SyncConflict``).
    package var device: SyncDevice?

    package init(mutations: [Mutation], device: SyncDevice? = nil) {
        self.mutations = mutations
        self.device = device
    }
}

/// How the server took one mutation.
package enum MutationStatus: String, Codable, Sendable {
    /// Applied now.
    case applied
    /// Applied by an earlier push of the same mutation; nothing was done again.
    case duplicate
    /// Refused for good; the device rolls it back.
    case rejected
}

/// The outcome of one mutation.
package struct MutationResult: Codable, Sendable, Equatable {
    package var id: UUID
    package var status: MutationStatus
    /// The entity's version after the mutation.
    package var version: Int64?
    /// Why it was rejected.
    package var error: WireError?
    /// Fields whose concurrent values this mutation overwrote, with those values.
    package var overwritten: [String: JSONValue]?
    /// Extra results of the mutation (e.g. a registration code).
    package var extra: [String: JSONValue]?
    /// The entity's version before an update or delete applied now: when it is the version the device's copy was
    /// at, the device's copy with the change is the server's (absent for a create).
    package var previous: Int64?

    package init(
        id: UUID, status: MutationStatus, version: Int64? = nil, error: WireError? = nil,
        overwritten: [String: JSONValue]? = nil, extra: [String: JSONValue]? = nil, previous: Int64? = nil
    ) {
        self.id = id
        self.status = status
        self.version = version
        self.error = error
        self.overwritten = overwritten
        self.extra = extra
        self.previous = previous
    }

    /// Reads a result as `WireCoding.decoder` would from `value`; nil if `value` is not one.
    package init?(json value: JSONValue) {
        guard case .object(let members) = value, let id = members["id"]?.stringValue.flatMap(UUID.init(text:)),
            let status = members["status"]?.stringValue.flatMap(MutationStatus.init(rawValue:))
        else { return nil }
        self.init(id: id, status: status)
        func whole(_ value: JSONValue?) -> Int64?? {
            guard let value, !value.isNull else { return .some(nil) }
            return value.doubleValue.flatMap { Int64(exactly: $0) }.map { .some($0) }
        }
        func object(_ value: JSONValue?) -> [String: JSONValue]?? {
            guard let value, !value.isNull else { return .some(nil) }
            return value.objectValue.map { .some($0) }
        }
        guard let version = whole(members["version"]), let overwritten = object(members["overwritten"]),
            let extra = object(members["extra"]), let error = object(members["error"]),
            let previous = whole(members["previous"])
        else { return nil }
        self.version = version
        self.previous = previous
        self.overwritten = overwritten
        self.extra = extra
        if let error {
            guard let code = whole(error["code"]), let code, let message = error["message"]?.stringValue,
                let retryAfter = whole(error["retryAfter"])
            else { return nil }
            self.error = WireError(
                code: WireErrorCode(rawValue: Int(code)), message: message, retryAfter: retryAfter.map { Int($0) })
        }
    }

    /// Appends this result's JSON as `WireCoding.encoder` writes it (sorted keys, upper-case UUIDs, no nil members).
    package func write(into out: inout [UInt8]) {
        var object = FastJSON.ObjectWriter()
        if let error {
            object.member("error", into: &out)
            var members = FastJSON.ObjectWriter()
            members.member("code", into: &out)
            out += String(error.code.rawValue).utf8
            members.member("message", into: &out)
            FastJSON.writeString(error.message, into: &out)
            if let retryAfter = error.retryAfter {
                members.member("retryAfter", into: &out)
                out += String(retryAfter).utf8
            }
            members.close(into: &out)
        }
        if let extra {
            object.member("extra", into: &out)
            FastJSON.write(extra, into: &out)
        }
        object.member("id", into: &out)
        id.writeJSON(into: &out, uppercase: true)
        if let overwritten {
            object.member("overwritten", into: &out)
            FastJSON.write(overwritten, into: &out)
        }
        if let previous {
            object.member("previous", into: &out)
            out += String(previous).utf8
        }
        object.member("status", into: &out)
        FastJSON.writeString(status.rawValue, into: &out)
        if let version {
            object.member("version", into: &out)
            out += String(version).utf8
        }
        object.close(into: &out)
    }
}

/// `sync.push` reply.
package struct PushReply: Codable, Sendable {
    package var results: [MutationResult]
    package init(results: [MutationResult]) { self.results = results }

    /// The reply in a response line, read with ``FastJSON``; nil if the line holds anything else (an error, or a
    /// shape only `Codable` can tell about).
    package static func read(line: [UInt8]) -> PushReply? {
        guard case .object(let response)? = try? FastJSON.parse(line), case .object(let value)? = response["value"],
            case .array(let items)? = value["results"]
        else { return nil }
        var results: [MutationResult] = []
        results.reserveCapacity(items.count)
        for item in items {
            guard let result = MutationResult(json: item) else { return nil }
            results.append(result)
        }
        return PushReply(results: results)
    }
}

/// `events.subscribe` reply: the events this connection will now receive as pushes.
package struct SubscribeReply: Codable, Sendable {
    package var events: [String]
    package init(events: [String]) { self.events = events }
}

/// Limits of the sync operations.
package enum SyncLimits {
    /// Most mutations in one push.
    package static let maxPushBatch = 500
    /// Default and largest page of a pull.
    package static let defaultPullLimit = 1000
    package static let maxPullLimit = 5000
    /// Most versions a pull may ask to skip.
    package static let maxPullSkip = 5000
    /// Largest stored document (and largest `fields` of one mutation), as JSON. A 24-set real-time session is about
    /// 4.6 KB; the bound keeps every mutation far inside one request line (1 MiB), so no queue can stall on one.
    package static let maxDocumentBytes = 256 * 1024
}
