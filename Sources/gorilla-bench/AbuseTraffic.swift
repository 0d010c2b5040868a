import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import NIOConcurrencyHelpers
import NIOCore

/// The abuse scenario's worst request mix of one account (and of its address): what each abuser sends, in a loop,
/// until told to stop or until its own bound. Each kind counts its answered requests.
struct AbuseTraffic: Sendable {
    /// The abusing account's address, and the address its never-reading subscribers connect from.
    static let address = "127.0.0.2"
    static let subscriberAddress = "127.0.0.3"
    /// Connections pulling 5,000-row pages, and never-reading subscribed connections.
    static let pullers = 8
    static let subscribers = 48
    /// Bounds per kind, so that a slow machine still ends: requests of each looping abuser.
    static let maxRequests = 2_000
    static let maxMessagePushes = 400
    static let messagesPerPush = 20
    static let maxCorrections = 300
    /// Corrections made before the normal clients are measured beside the abuse.
    static let correctionsBeforeMeasuring = 100

    let port: Int
    let fingerprint: String
    let token: String
    /// The abusing coach's client (the messages' recipient) and the session corrected again and again.
    let client: UUID
    let session: UUID
    let exerciseIDs: [UUID]
    let stop = NIOLockedValueBox(false)
    let counts = NIOLockedValueBox([String: Int]())
    /// The biggest pull page an abuser received, in bytes.
    let largestPage = NIOLockedValueBox(0)

    func count(_ kind: String) -> Int { counts.withLockedValue { $0[kind] ?? 0 } }

    private func counted(_ kind: String) { counts.withLockedValue { $0[kind, default: 0] += 1 } }

    private var stopped: Bool { stop.withLockedValue { $0 } }

    /// Every abuser at once on `group`; returns when all have stopped.
    func run(on group: any EventLoopGroup) async throws {
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            if runs("pull") { for _ in 0..<Self.pullers { tasks.addTask { try await self.pull(on: group) } } }
            if runs("subscribed") {
                for _ in 0..<Self.subscribers { tasks.addTask { try await self.subscribe(on: group) } }
            }
            if runs("signup") { tasks.addTask { try await self.signupFlood(on: group) } }
            if runs("bad login") { tasks.addTask { try await self.badLogins(on: group) } }
            if runs("message push") { tasks.addTask { try await self.sendMessages(on: group) } }
            if runs("correction") { tasks.addTask { try await self.correct(on: group) } }
            if runs("history") { tasks.addTask { try await self.readHistory(on: group) } }
            try await tasks.waitForAll()
        }
    }

    /// Kinds of abuse left out, for finding which one costs the normal clients most (a comma-separated list of the
    /// report's names in `GORILLA_BENCH_ABUSE_SKIP`, e.g. `pull,history`; the default runs them all).
    static let skipped = Set(
        (ProcessInfo.processInfo.environment["GORILLA_BENCH_ABUSE_SKIP"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        })

    /// Whether the abuse of `kind` runs.
    func runs(_ kind: String) -> Bool { !Self.skipped.contains(kind) }

    /// Whether `kind` has reached `count` requests, or is left out.
    func reached(_ kind: String, _ count: Int) -> Bool { !runs(kind) || self.count(kind) >= count }

    private func connect(
        from source: String = address, on group: any EventLoopGroup, resume: Bool = true,
        _ body: (AbuseConnection) async throws -> Void
    ) async throws {
        try await AbuseConnection.with(port: port, fingerprint: fingerprint, from: source, on: group) { connection in
            let setup = try Lines.session(token: token)
            for line in resume ? setup : [setup[0]] { _ = try await connection.exchange(line) }
            try await body(connection)
        }
    }

    /// Loops `request` (made from the call's number) up to `limit` times, counting each answer as `kind`.
    private func loop(
        _ kind: String, on connection: AbuseConnection, limit: Int = maxRequests,
        _ request: (Int) throws -> [UInt8], _ check: (AbuseConnection.Reply) -> Void = { _ in }
    ) async throws {
        var call = 0
        while !stopped && call < limit {
            check(try await connection.exchange(try request(call)))
            counted(kind)
            call += 1
        }
    }

    private func pull(on group: any EventLoopGroup) async throws {
        let line = try Lines.request(7, Operation.syncPull, PullBody(since: 0, limit: 5_000))
        try await connect(on: group) { connection in
            try await loop("pull", on: connection, { _ in line }) { reply in
                largestPage.withLockedValue { $0 = max($0, reply.count) }
            }
        }
    }

    /// A subscribed connection that never reads again: the server must bound what it queues for it.
    private func subscribe(on group: any EventLoopGroup) async throws {
        try await connect(from: Self.subscriberAddress, on: group) { connection in
            _ = try await connection.exchange(Array(#"{"id":3,"op":"events.subscribe"}"#.utf8) + [0x0A])
            counted("subscribed")
            _ = try await eventually(timeout: .seconds(600), every: .milliseconds(50)) { stopped }
        }
    }

    private func signupFlood(on group: any EventLoopGroup) async throws {
        let tag = UUID().uuidString.prefix(8).lowercased()
        try await connect(on: group, resume: false) { connection in
            try await loop("signup", on: connection) { call in
                try Lines.request(
                    8, Operation.signup,
                    SignupBody(
                        username: "flood-\(tag)-\(call)", email: "flood-\(tag)-\(call)@example.com",
                        password: "correct horse battery", name: "Flo", surname: "Od", language: .en))
            }
        }
    }

    private func badLogins(on group: any EventLoopGroup) async throws {
        try await connect(on: group, resume: false) { connection in
            try await loop("bad login", on: connection) { call in
                try Lines.request(9, Operation.login, LoginBody(user: "nobody\(call)", password: "wrong wrong"))
            }
        }
    }

    /// Pushes of 20 messages of 1,500 characters to the client, whose sender's subscribed connections never read.
    private func sendMessages(on group: any EventLoopGroup) async throws {
        let text = String(repeating: "Lorem ipsum ", count: 125)
        try await connect(on: group) { connection in
            try await loop("message push", on: connection, limit: Self.maxMessagePushes) { _ in
                let messages = (0..<Self.messagesPerPush).map { _ in
                    Mutation(
                        id: UUID.v7(), kind: "message", entity: UUID.v7(), action: .create,
                        fields: ["text": .string(text), "to": .string(client.uuidString.lowercased())])
                }
                return try Lines.request(10, Operation.syncPush, PushBody(mutations: messages))
            }
        }
    }

    /// Corrects one set of the big session each time: a new revision of a session of 100 exercises × 30 sets.
    private func correct(on group: any EventLoopGroup) async throws {
        try await connect(on: group) { connection in
            try await loop("correction", on: connection, limit: Self.maxCorrections) { call in
                let correction = Mutation(
                    id: UUID.v7(), kind: "session", entity: session, action: .update,
                    fields: ["exercises": .array(Self.exercises(exerciseIDs, revision: call + 1))])
                return try Lines.request(11, Operation.syncPush, PushBody(mutations: [correction]))
            } _: { reply in
                if reply.head.contains(#""status":"applied""#) { counted("correction applied") }
            }
        }
    }

    private func readHistory(on group: any EventLoopGroup) async throws {
        let line = try Lines.request(12, Operation.sessionHistory, SessionHistoryBody(id: session))
        try await connect(on: group) { connection in
            try await loop("history", on: connection, { _ in line })
        }
    }

    /// The big session's exercises: 100 × 30 sets; `revision` moves one set's weight, a correction.
    static func exercises(_ ids: [UUID], revision: Int) -> [JSONValue] {
        (0..<100).map { exercise in
            let sets: [JSONValue] = (1...30).map { position in
                let moved = revision > 0 && exercise == revision % 100 && position == 1 + revision % 30
                return [
                    "position": .number(Double(position)), "type": "normal", "unit": "kg", "reps": .number(8),
                    "weight": .number(20 + 2.5 * Double(position % 10) + (moved ? Double(revision % 7 + 1) : 0)),
                ]
            }
            return [
                "exercise": .string(ids[exercise % ids.count].uuidString.lowercased()),
                "name": .string("Exercise \(exercise + 1)"), "sets": .array(sets),
            ]
        }
    }
}
