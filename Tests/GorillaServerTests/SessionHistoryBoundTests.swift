import Foundation
import GRDB
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// A session's corrections cost what they change, not a copy of the session each: stored as deltas, read back exactly
/// a page at a time within the byte budget, bounded only as an abuse ceiling, and the full copies of older servers
/// migrated, on the engine the suite runs on.
@Suite(.hangLimit)
struct SessionHistoryBoundTests {
    private struct Tenant {
        var store: ServerStore
        var configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        var coach: UserRecord
        var client: UserRecord
    }

    /// A coach with one registered client.
    private static func tenant() async throws -> Tenant {
        let store = try await TestEngine.current.makeStore()
        let coach = UserRecord(
            id: UUID(), role: .coach, username: "ada", email: "ada@example.com", passwordHash: "scrypt$stored",
            name: "Ada", surname: "Tester", nif: nil, language: .en, coachID: nil)
        let client = UserRecord(
            id: UUID(), role: .client, username: "ana", email: "ana@example.com", passwordHash: "scrypt$stored",
            name: "Ana", surname: "Tester", nif: nil, language: .ca, coachID: coach.id)
        try await store.createUser(coach)
        let tenant = Tenant(store: store, coach: coach, client: client)
        #expect(try await push(tenant, [(client.id, .create, ["name": "Ana"])], kind: "client")[0].status == .applied)
        try await store.createUser(client)
        return tenant
    }

    @discardableResult
    private static func push(
        _ tenant: Tenant, _ changes: [(UUID, MutationAction, [String: JSONValue])], kind: String = "session",
        as principal: UserRecord? = nil
    ) async throws -> [MutationResult] {
        try await tenant.store.push(
            changes.map { PushedMutation(Mutation(kind: kind, entity: $0.0, action: $0.1, fields: $0.2)) },
            principal: principal ?? tenant.coach, configuration: tenant.configuration
        ).results
    }

    /// `exercises` exercises of `sets` sets each, with weights and reps drawn from `random`.
    private static func exercises(_ exercises: Int, sets: Int, _ random: inout SeededGenerator) -> [JSONValue] {
        (0..<exercises).map { exercise in
            .object([
                "name": .string("Exercise \(exercise)"),
                "sets": .array(
                    (0..<sets).map { _ in
                        .object([
                            "reps": .number(Double(Int.random(in: 1...20, using: &random))),
                            "weight": .number(Double(Int.random(in: 10...400, using: &random)) / 2),
                            "rest": .number(Double(Int.random(in: 30...180, using: &random))),
                        ])
                    }),
            ])
        }
    }

    /// The exercises with a few sets changed, and now and then a set added or removed.
    private static func corrected(_ exercises: [JSONValue], _ random: inout SeededGenerator) -> [JSONValue] {
        var exercises = exercises
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let index = Int.random(in: 0..<exercises.count, using: &random)
            guard var exercise = exercises[index].objectValue, var sets = exercise["sets"]?.arrayValue else { continue }
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where sets.count > 1: sets.remove(at: Int.random(in: 0..<sets.count, using: &random))
            case 1 where sets.count < PerformedExercise.maxSets: sets.append(["reps": 5, "weight": 20])
            default:
                let set = Int.random(in: 0..<sets.count, using: &random)
                sets[set] = .object([
                    "reps": .number(Double(Int.random(in: 1...20, using: &random))),
                    "weight": .number(Double(Int.random(in: 10...400, using: &random)) / 2),
                ])
            }
            exercise["sets"] = .array(sets)
            exercises[index] = .object(exercise)
        }
        return exercises
    }

    /// The stored document of `id` and its size in bytes.
    private static func stored(_ store: ServerStore, _ id: UUID) async throws -> (JSONValue, Int) {
        try await store.read { db in
            let text = try #require(try db.value(String.self, sql: "SELECT data FROM entities WHERE id = ?", arguments: [id.key]))
            return (try FastJSON.parse(text), text.utf8.count)
        }
    }

    /// Bytes the change log holds for `id`.
    private static func loggedBytes(_ store: ServerStore, _ id: UUID) async throws -> Int {
        try await store.read { db in
            try db.value(
                Int.self,
                sql: """
                    SELECT COALESCE(SUM(COALESCE(LENGTH(old_value), 0) + COALESCE(LENGTH(new_value), 0)), 0)
                    FROM change_log WHERE entity_id = ?
                    """, arguments: [id.key]) ?? 0
        }
    }

    /// 100 exercises × 30 sets corrected 200 times, a few sets each time: the change log grows by a fraction of one
    /// document per correction (full copies took two documents each), and every revision reads back exactly.
    @Test func aLargeSessionsCorrectionsCostWhatTheyChangeAndReadBackExactly() async throws {
        let tenant = try await Self.tenant()
        var random = SeededGenerator(seed: 32)
        let id = UUID()
        var exercises = Self.exercises(100, sets: 30, &random)
        let created = try await Self.push(
            tenant,
            [(id, .create, ["client": .string(tenant.client.id.key), "start": "2026-11-20T18:00:00Z", "exercises": .array(exercises)])])
        #expect(created[0].status == .applied, "\(created[0])")
        var documents = [try await Self.stored(tenant.store, id).0]
        let clock = ContinuousClock.now
        let pagesBefore = try await tenant.store.sqlitePages()
        for correction in 1...200 {
            exercises = Self.corrected(exercises, &random)
            var fields: [String: JSONValue] = ["exercises": .array(exercises)]
            if correction % 25 == 0 { fields["notes"] = .string("correction \(correction)") }
            let result = try await Self.push(tenant, [(id, .update, fields)], as: correction % 2 == 0 ? tenant.coach : nil)
            #expect(result[0].status == .applied, "\(result[0])")
            documents.append(try await Self.stored(tenant.store, id).0)
        }
        print("200 corrections pushed in \(ContinuousClock.now - clock)")
        let (_, documentBytes) = try await Self.stored(tenant.store, id)
        #expect(documentBytes > 90_000, "the session is \(documentBytes) bytes")
        let logged = try await Self.loggedBytes(tenant.store, id)
        print("200 corrections of a \(documentBytes)-byte session logged \(logged) bytes")
        #expect(logged < 10 * documentBytes, "200 corrections logged \(logged) bytes; one document is \(documentBytes)")
        if let before = pagesBefore, let after = try await tenant.store.sqlitePages() {
            print("the SQLite database grew by \(after - before) bytes")
            #expect(after - before < 10 * documentBytes, "the database grew by \(after - before) bytes")
        }

        let reading = ContinuousClock.now
        let first = try await tenant.store.sessionHistory(
            id: id, principal: tenant.client, maxBytes: tenant.configuration.pullPageBytes)
        print("the newest page: \(first.reply.bytes.count) bytes, \(first.revisions) revisions, in \(ContinuousClock.now - reading)")
        let history = try await tenant.store.historyDocuments(
            id: id, principal: tenant.client, maxBytes: tenant.configuration.pullPageBytes)
        print("the whole history read in \(ContinuousClock.now - reading)")
        #expect(history.map(\.revision) == Array(1...201))
        #expect(history.count == documents.count)
        for (revision, document) in zip(history, documents) where revision.document != document {
            Issue.record("revision \(revision.revision) does not read back as stored")
        }
    }

    /// A long history comes a page at a time, each page within the budget, newest pages first, and together they are
    /// the whole history.
    @Test func aLongHistoryComesInPagesWithinTheBudget() async throws {
        let tenant = try await Self.tenant()
        var random = SeededGenerator(seed: 7)
        let id = UUID()
        var exercises = Self.exercises(20, sets: 10, &random)
        try await Self.push(
            tenant,
            [(id, .create, ["client": .string(tenant.client.id.key), "start": "2026-11-20T18:00:00Z", "exercises": .array(exercises)])])
        for _ in 1...30 {
            exercises = Self.corrected(exercises, &random)
            #expect(try await Self.push(tenant, [(id, .update, ["exercises": .array(exercises)])])[0].status == .applied)
        }
        let whole = try await tenant.store.wholeHistory(id: id, principal: tenant.coach).revisions
        #expect(whole.count == 31)
        let (_, documentBytes) = try await Self.stored(tenant.store, id)
        let budget = documentBytes * 4
        var pages: [[SessionRevision]] = []
        var before: Int64?
        while true {
            let (reply, bytes) = try await tenant.store.historyPage(
                id: id, principal: tenant.coach, before: before, maxBytes: budget)
            #expect(bytes + HistoryPageWriter.envelopeBytes / 2 <= budget, "a page of \(bytes) bytes")
            #expect(!reply.revisions.isEmpty && reply.revisions.map(\.version) == reply.revisions.map(\.version).sorted())
            pages.append(reply.revisions)
            guard reply.more else { break }
            #expect(reply.cursor == reply.revisions.first?.version)
            before = reply.cursor
            #expect(pages.count < 40, "the pages do not end")
            if pages.count >= 40 { break }
        }
        #expect(pages.count >= 5, "\(pages.count) pages")
        #expect(pages.reversed().flatMap { $0 } == whole)
    }

    /// Corrections past the ceiling are refused with their own code and a message in the pusher's language; the
    /// revisions kept stay readable.
    @Test func aCorrectionPastTheCeilingIsRefusedInTheUsersLanguage() async throws {
        let tenant = try await Self.tenant()
        let id = UUID()
        try await Self.push(
            tenant,
            [(id, .create, ["client": .string(tenant.client.id.key), "start": "2026-11-20T18:00:00Z", "exercises": [["name": "Squat", "sets": [["reps": 5]]]]])])
        let ceiling = TrainingSession.maxRevisions
        #expect(ceiling >= 1_000)
        var notes = 1
        while notes < ceiling {
            let batch = (notes..<min(ceiling, notes + SyncLimits.maxPushBatch)).map {
                (id, MutationAction.update, ["notes": JSONValue.string("note \($0)")])
            }
            let results = try await Self.push(tenant, batch)
            #expect(results.allSatisfy { $0.status == .applied })
            notes += batch.count
        }
        let refused = try await tenant.store.push(
            [PushedMutation(Mutation(kind: "session", entity: id, action: .update, fields: ["notes": "one more"]))],
            principal: tenant.coach, language: .ca, configuration: tenant.configuration
        ).results[0]
        #expect(refused.status == .rejected)
        #expect(refused.error?.code == .tooManyRevisions)
        #expect(refused.error?.message.hasPrefix(WireErrorCode.tooManyRevisions.message(in: .ca)) == true, "\(refused)")
        // Pushing what the session already says is no correction: still applied.
        let same = try await Self.push(tenant, [(id, .update, ["notes": .string("note \(ceiling - 1)")])])
        #expect(same[0].status == .applied, "\(same[0])")
        let history = try await tenant.store.wholeHistory(id: id, principal: tenant.coach).revisions
        #expect(history.map(\.revision) == Array(1...ceiling))
        #expect(history.last?.document.objectValue?["notes"] == .string("note \(ceiling - 1)"))
    }

    /// A store written by an older server (each correction logged with its old and new values whole) is migrated to
    /// deltas, and every revision reads back identical.
    @Test func theFullCopiesOfAnOlderServerAreMigratedAndReadBackIdentical() async throws {
        let tenant = try await Self.tenant()
        var random = SeededGenerator(seed: 5)
        let id = UUID()
        var exercises = Self.exercises(30, sets: 10, &random)
        try await Self.push(
            tenant,
            [(id, .create, ["client": .string(tenant.client.id.key), "start": "2026-11-20T18:00:00Z", "exercises": .array(exercises)])])
        var documents = [try await Self.stored(tenant.store, id).0]
        for correction in 1...40 {
            exercises = Self.corrected(exercises, &random)
            var fields: [String: JSONValue] = ["exercises": .array(exercises)]
            if correction % 7 == 0 { fields["notes"] = correction % 14 == 0 ? .null : .string("n\(correction)") }
            #expect(try await Self.push(tenant, [(id, .update, fields)])[0].status == .applied)
            documents.append(try await Self.stored(tenant.store, id).0)
        }
        // What an older server wrote: every changed field's old and new values whole, as its encoder wrote them.
        let olderRows = documents
        try await tenant.store.write { db in
            let rows = try db.fetchAll(
                sql: "SELECT id, field, new_version FROM change_log WHERE entity_id = ? ORDER BY new_version, id",
                arguments: [id.key])
            var revision = 0
            var version: Int64 = -1
            for row in rows {
                if (row[2] as Int64) != version { revision += 1; version = row[2] }
                let field: String = row[1]
                let encode = { (value: JSONValue?) in
                    try value.map { String(decoding: try WireCoding.encoder.encode($0), as: UTF8.self) }
                }
                try db.execute(
                    sql: "UPDATE change_log SET old_value = ?, new_value = ?, old_delta = 0 WHERE id = ?",
                    arguments: [
                        try encode(olderRows[revision - 1].objectValue?[field]),
                        try encode(olderRows[revision].objectValue?[field]), row[0] as Int64,
                    ])
            }
        }
        let fullBytes = try await Self.loggedBytes(tenant.store, id)
        try await tenant.store.forgetDeltaMigration()
        try await tenant.store.migrateAgain()

        let deltas = try await tenant.store.read { db in
            try db.value(Int.self, sql: "SELECT COUNT(*) FROM change_log WHERE entity_id = ? AND old_delta = 1", arguments: [id.key]) ?? 0
        }
        #expect(deltas >= 40, "\(deltas) rows became deltas")
        let migratedBytes = try await Self.loggedBytes(tenant.store, id)
        #expect(migratedBytes * 10 < fullBytes, "\(fullBytes) bytes before the migration, \(migratedBytes) after")
        let history = try await tenant.store.wholeHistory(id: id, principal: tenant.coach).revisions
        #expect(history.count == documents.count)
        for (revision, document) in zip(history, documents) where revision.document != document {
            Issue.record("revision \(revision.revision) does not read back as the older server stored it")
        }
        // Corrections go on after the migration, and the history still reads back whole.
        exercises = Self.corrected(exercises, &random)
        #expect(try await Self.push(tenant, [(id, .update, ["exercises": .array(exercises)])])[0].status == .applied)
        documents.append(try await Self.stored(tenant.store, id).0)
        #expect(try await tenant.store.wholeHistory(id: id, principal: tenant.coach).revisions.map(\.document) == documents)
    }

    /// Deltas turn any newer value back into the older one exactly, whatever changed.
    @Test func aDeltaTurnsTheNewerValueBackIntoTheOlderOne() throws {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<300 {
            let older = JSONValue.array(Self.exercises(Int.random(in: 1...6, using: &random), sets: 4, &random))
            var newer = older.arrayValue ?? []
            for _ in 0..<Int.random(in: 0...4, using: &random) { newer = Self.corrected(newer, &random) }
            if Bool.random(using: &random) { newer.insert(["name": "Extra", "sets": []], at: Int.random(in: 0...newer.count, using: &random)) }
            if newer.count > 1, Bool.random(using: &random) { newer.remove(at: Int.random(in: 0..<newer.count, using: &random)) }
            let delta = RevisionDelta.delta(from: .array(newer), to: older)
            #expect(try RevisionDelta.apply(delta, to: .array(newer)) == older)
        }
        let object: JSONValue = ["a": 1, "b": ["c": [1, 2, 3]], "d": "x"]
        let changed: JSONValue = ["a": 1, "b": ["c": [1, 3], "e": true], "f": .null]
        #expect(try RevisionDelta.apply(RevisionDelta.delta(from: changed, to: object), to: changed) == object)
        #expect(try RevisionDelta.apply(RevisionDelta.delta(from: object, to: changed), to: object) == changed)
        #expect(throws: RevisionDelta.Malformed.self) { try RevisionDelta.apply(["a": [[5, ["=": 1]]]], to: [1]) }
    }
}

extension ServerStore {
    /// The bytes SQLite's database takes (pages × page size); nil on PostgreSQL.
    func sqlitePages() async throws -> Int? {
        guard sqlite != nil else { return nil }
        return try await read { db in
            let pages = try db.value(Int.self, sql: "PRAGMA page_count") ?? 0
            let size = try db.value(Int.self, sql: "PRAGMA page_size") ?? 0
            let free = try db.value(Int.self, sql: "PRAGMA freelist_count") ?? 0
            return (pages - free) * size
        }
    }

    /// Undoes the delta migration's schema step as if it never ran (the rows stay as they are).
    func forgetDeltaMigration() async throws {
        let onSQLite = sqlite != nil
        try await write { db in
            if onSQLite {
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v9-change-log-deltas'")
            } else {
                try db.execute(sql: "DELETE FROM gorilla_migrations WHERE name = 'v2-change-log-deltas'")
            }
            try db.execute(sql: "ALTER TABLE change_log DROP COLUMN old_delta")
        }
    }

    /// Runs the migrations not applied, as a starting server does.
    func migrateAgain() async throws {
        if let sqlite {
            try Migrations.migrator.migrate(sqlite)
        } else {
            try await (engine as! PostgresEngine).migrate()
        }
    }
}
