import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// Large updates worked out before the push's transaction (``PreparedUpdate``) store exactly what the transaction
/// would have stored doing them itself, and one whose rows changed in between is done again in the transaction, on the
/// engine the suite runs on.
@Suite(.hangLimit)
struct PreparedUpdateTests {
    private struct Tenant {
        var store: ServerStore
        var configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        var coach: UserRecord
        var client: UserRecord
    }

    private static let coachID = UUID(uuidString: "0193a000-0000-7000-8000-000000000001")!
    private static let clientID = UUID(uuidString: "0193a000-0000-7000-8000-000000000002")!
    private static let sessionID = UUID(uuidString: "0193a000-0000-7000-8000-000000000003")!

    /// A coach with one registered client (the same ids in every store).
    private static func tenant() async throws -> Tenant {
        let store = try await TestEngine.current.makeStore()
        let coach = UserRecord(
            id: coachID, role: .coach, username: "ada", email: "ada@example.com", passwordHash: "scrypt$stored",
            name: "Ada", surname: "Tester", nif: nil, language: .en, coachID: nil)
        let client = UserRecord(
            id: clientID, role: .client, username: "ana", email: "ana@example.com", passwordHash: "scrypt$stored",
            name: "Ana", surname: "Tester", nif: nil, language: .ca, coachID: coach.id)
        try await store.createUser(coach)
        let tenant = Tenant(store: store, coach: coach, client: client)
        let created = try await push(tenant, mutation("client", clientID, .create, ["name": "Ana"]), asText: false)
        #expect(created.status == .applied)
        try await store.createUser(client)
        return tenant
    }

    private static func mutation(
        _ kind: String, _ entity: UUID, _ action: MutationAction, _ fields: [String: JSONValue], id: UUID = UUID()
    ) -> Mutation {
        Mutation(id: id, kind: kind, entity: entity, action: action, fields: fields)
    }

    /// Pushes `mutation` as the wire carries it (its fields as text, which large updates are prepared from) or as
    /// parsed fields (never prepared).
    @discardableResult
    private static func push(
        _ tenant: Tenant, _ mutation: Mutation, asText: Bool, as principal: UserRecord? = nil
    ) async throws -> MutationResult {
        try await tenant.store.push(
            [pushed(mutation, asText: asText)], principal: principal ?? tenant.coach,
            configuration: tenant.configuration
        ).results[0]
    }

    private static func pushed(_ mutation: Mutation, asText: Bool) -> PushedMutation {
        guard asText, let fields = mutation.fields else { return PushedMutation(mutation) }
        return PushedMutation(
            id: mutation.id, kind: mutation.kind, entity: mutation.entity, action: mutation.action, base: mutation.base,
            fieldsText: Array(FastJSON.text(.object(fields)).utf8))
    }

    /// `count` exercises of 20 sets with weights drawn from `random` (about 40 KB for 60).
    private static func exercises(_ count: Int, _ random: inout SeededGenerator) -> [JSONValue] {
        (0..<count).map { exercise in
            .object([
                "name": .string("Exercise \(exercise)"),
                "sets": .array(
                    (0..<20).map { _ in
                        .object([
                            "reps": .number(Double(Int.random(in: 1...20, using: &random))),
                            "weight": .number(Double(Int.random(in: 10...400, using: &random)) / 2),
                        ])
                    }),
            ])
        }
    }

    /// The stored document and the change log of the session, without times and generated ids.
    private static func state(_ tenant: Tenant) async throws -> (JSONValue, [String]) {
        try await tenant.store.read { db in
            let text = try db.value(String.self, sql: "SELECT data FROM entities WHERE id = ?", arguments: [sessionID.key])
            var log: [String] = []
            try db.forEachRow(
                sql: """
                    SELECT field, old_value, new_value, old_version, new_version, old_delta, user_id FROM change_log
                    WHERE entity_id = ? ORDER BY new_version, field
                    """, arguments: [sessionID.key]
            ) { row in
                let old: String? = row[1], new: String? = row[2], user: String? = row[6]
                let delta: Bool? = row[5]
                log.append(
                    "\(row[0] as String) \(old ?? "-") \(new ?? "-") \(row[3] as Int64?) \(row[4] as Int64) "
                        + "\(delta ?? false) \(user ?? "-")")
                return true
            }
            return (try FastJSON.parse(text ?? "null"), log)
        }
    }

    /// The same seeded corrections of a large session pushed as text to one store
    /// (prepared before the transaction) and as parsed fields to another (done in it), leave the same document, the same
    /// change log and the same history.
    @Test func preparedAndPlainUpdatesStoreTheSame() async throws {
        let prepared = try await Self.tenant(), plain = try await Self.tenant()
        var random = SeededGenerator(seed: 36)
        var exercises = Self.exercises(60, &random)
        let create = Self.mutation(
            "session", Self.sessionID, .create,
            ["client": .string(Self.clientID.key), "start": "2026-11-20T18:00:00Z", "exercises": .array(exercises)])
        #expect(try await Self.push(prepared, create, asText: false).status == .applied)
        #expect(try await Self.push(plain, create, asText: false).status == .applied)
        for correction in 1...30 {
            let exercise = Int.random(in: 0..<exercises.count, using: &random)
            guard var entry = exercises[exercise].objectValue, var sets = entry["sets"]?.arrayValue else { continue }
            sets[Int.random(in: 0..<sets.count, using: &random)] = .object([
                "reps": .number(Double(Int.random(in: 1...20, using: &random))), "weight": .number(Double(correction)),
            ])
            entry["sets"] = .array(sets)
            exercises[exercise] = .object(entry)
            var fields: [String: JSONValue] = ["exercises": .array(exercises)]
            if correction % 10 == 0 { fields["notes"] = .string("correction \(correction)") }
            let update = Self.mutation("session", Self.sessionID, .update, fields)
            if correction == 1 {
                // The first is prepared indeed: the text qualifies, and nothing refuses it before the transaction.
                let ready = try await prepared.store.preparedUpdates(
                    [Self.pushed(update, asText: true)], refused: [:], principal: prepared.coach, now: Date(),
                    configuration: prepared.configuration)
                #expect(ready[0] != nil, "a large update was not prepared")
            }
            let viaPrepared = try await Self.push(prepared, update, asText: true)
            let viaPlain = try await Self.push(plain, update, asText: false)
            #expect(viaPrepared.status == .applied && viaPlain.status == .applied, "\(viaPrepared) / \(viaPlain)")
            #expect(viaPrepared.version == viaPlain.version)
        }
        let (preparedDocument, preparedLog) = try await Self.state(prepared)
        let (plainDocument, plainLog) = try await Self.state(plain)
        #expect(preparedDocument == plainDocument)
        #expect(preparedDocument.objectValue?["revision"]?.intValue == 31)
        #expect(preparedLog == plainLog)
        let preparedHistory = try await prepared.store.historyDocuments(
            id: Self.sessionID, principal: prepared.coach, maxBytes: prepared.configuration.pullPageBytes)
        let plainHistory = try await plain.store.historyDocuments(
            id: Self.sessionID, principal: plain.coach, maxBytes: plain.configuration.pullPageBytes)
        #expect(preparedHistory.map(\.revision) == Array(1...31))
        #expect(preparedHistory.map(\.document) == plainHistory.map(\.document))
    }

    /// An update prepared before another change of the same session, or of a row its validation read (the client),
    /// no longer holds; pushed, it is done again in the transaction and keeps every revision.
    @Test func aPreparedUpdateWhoseRowsChangedIsDoneAgainInTheTransaction() async throws {
        let tenant = try await Self.tenant()
        var random = SeededGenerator(seed: 37)
        let exercises = Self.exercises(60, &random)
        let create = Self.mutation(
            "session", Self.sessionID, .create,
            ["client": .string(Self.clientID.key), "start": "2026-11-20T18:00:00Z", "exercises": .array(exercises)])
        #expect(try await Self.push(tenant, create, asText: false).status == .applied)
        let later = Array(exercises.dropLast())
        let update = Self.mutation("session", Self.sessionID, .update, ["exercises": .array(later)])
        func prepare() async throws -> PreparedUpdate {
            let ready = try await tenant.store.preparedUpdates(
                [Self.pushed(update, asText: true)], refused: [:], principal: tenant.coach, now: Date(),
                configuration: tenant.configuration)
            return try #require(ready[0])
        }
        func holds(_ prepared: PreparedUpdate) async throws -> Bool {
            try await tenant.store.write { db in try prepared.stillHolds(db) }
        }

        let untouched = try await prepare()
        #expect(try await holds(untouched))
        // Another change of the session in between.
        let beforeNotes = try await prepare()
        let notes = Self.mutation("session", Self.sessionID, .update, ["notes": "felt strong"])
        #expect(try await Self.push(tenant, notes, asText: false).status == .applied)
        #expect(try await !holds(beforeNotes))
        // A change of the client the validation looked up.
        let beforeRename = try await prepare()
        let rename = Self.mutation("client", Self.clientID, .update, ["name": "Anna"])
        #expect(try await Self.push(tenant, rename, asText: false).status == .applied)
        #expect(try await !holds(beforeRename))

        #expect(try await Self.push(tenant, update, asText: true).status == .applied)
        let (document, _) = try await Self.state(tenant)
        #expect(document.objectValue?["notes"]?.stringValue == "felt strong")
        #expect(document.objectValue?["exercises"]?.arrayValue?.count == later.count)
        #expect(document.objectValue?["revision"]?.intValue == 3)
    }

    /// Twenty long messages in one push (30 KB) are validated before the transaction; they are stored as the
    /// transaction stores them when it validates them itself.
    @Test func preparedAndPlainCreatesStoreTheSame() async throws {
        let prepared = try await Self.tenant(), plain = try await Self.tenant()
        let text = String(repeating: "Lorem ipsum ", count: 125)
        let messages = (0..<20).map { n in
            Self.mutation(
                "message", UUID(), .create, ["to": .string(Self.clientID.key), "text": .string("\(n) \(text)")])
        }
        let ready = try await prepared.store.preparedUpdates(
            messages.map { Self.pushed($0, asText: true) }, refused: [:], principal: prepared.coach, now: Date(),
            configuration: prepared.configuration)
        #expect(ready.count == 20, "\(ready.count) of 20 creates prepared")
        let viaPrepared = try await prepared.store.push(
            messages.map { Self.pushed($0, asText: true) }, principal: prepared.coach,
            configuration: prepared.configuration
        ).results
        let viaPlain = try await plain.store.push(
            messages.map { Self.pushed($0, asText: false) }, principal: plain.coach, configuration: plain.configuration
        ).results
        #expect(viaPrepared.map(\.status) == Array(repeating: .applied, count: 20))
        #expect(viaPrepared.map(\.version) == viaPlain.map(\.version))
        func stored(_ tenant: Tenant) async throws -> [JSONValue] {
            try await tenant.store.read { db in
                var documents: [JSONValue] = []
                try db.forEachRow(
                    sql: "SELECT data FROM entities WHERE kind = 'message' ORDER BY version", arguments: []
                ) { row in
                    var document = try FastJSON.parse(row[0] as String).objectValue ?? [:]
                    document["sent"] = nil  // the time of each push
                    documents.append(.object(document))
                    return true
                }
                return documents
            }
        }
        let preparedDocuments = try await stored(prepared)
        #expect(preparedDocuments.count == 20)
        #expect(preparedDocuments == (try await stored(plain)))
    }
}
