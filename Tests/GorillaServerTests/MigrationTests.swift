import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// Each migration run on data written at the schema before it, on SQLite and PostgreSQL: what a server upgraded over
/// an old data folder or database finds (``MigrationFixture``).
@Suite(.hangLimit)
struct MigrationTests {
    /// One migration of one engine.
    struct Step: Sendable, CustomTestStringConvertible {
        let engine: TestEngine
        let name: String
        var testDescription: String { "\(engine) \(name)" }
    }

    /// Every migration of every engine the tests run on, but each engine's first (there is nothing before it).
    static var steps: [Step] {
        TestEngine.all.flatMap { engine in
            MigrationFixture.migrations(of: engine).dropFirst().map { Step(engine: engine, name: $0) }
        }
    }

    static let coach = UUID(uuidString: "0193a5b0-0000-7000-8000-00000000c0ac")!
    static let bench = "0193a5b0-0000-7000-8000-0000000000b1"

    @Test(arguments: steps)
    func eachMigrationKeepsTheRowsWrittenBeforeIt(step: Step) async throws {
        // Before SQLite's `v2-sync` there are only accounts.
        let synced = !(step.engine == .sqlite && step.name == "v2-sync")
        let fixture = try await MigrationFixture.upgrading(step.engine, before: step.name) { db in
            try MigrationFixture.insertCoach(db, id: Self.coach)
            guard synced else { return }
            try MigrationFixture.setVersion(db, 3)
            try MigrationFixture.insertEntity(
                db, id: Self.bench, kind: "machine", coach: Self.coach, nameKey: "bench", data: #"{"name":"Bench"}"#,
                fieldVersions: #"{"name":3}"#, version: 3)
            try db.execute(
                sql: """
                    INSERT INTO change_log (entity_id, kind, mutation_id, user_id, field, old_value, new_value,
                                            old_version, new_version, at)
                    VALUES (?, 'machine', 'm-1', ?, 'name', '"Bench press"', '"Bench"', 2, 3, '2026-01-05T10:00:00.000Z')
                    """, arguments: [Self.bench, Self.coach.key])
        }
        let store = fixture.store
        let ada = try #require(try await store.user(login: "ada"))
        #expect(ada.id == Self.coach)
        #expect(ada.username == "Ada" && ada.email == "Ada@Example.com")
        #expect(ada.name == "Ada" && ada.surname == "Lovelace" && ada.language == .ca && ada.role == .coach)
        #expect(ada.reminder == nil && ada.nif == nil && !ada.disabled)
        #expect(ada.created == ISOTime.parse("2026-01-05T10:00:00.000Z"))
        if synced {
            let (machine, log, version) = try await store.read { db in
                (
                    try db.fetchOne(
                        sql: "SELECT data, field_versions, version, name_key, deleted FROM entities WHERE id = ?",
                        arguments: [Self.bench]),
                    try db.fetchOne(
                        sql: "SELECT old_value, new_value, device, old_delta FROM change_log WHERE entity_id = ?",
                        arguments: [Self.bench]),
                    try db.value(Int64.self, sql: "SELECT value FROM counters WHERE name = 'version'")
                )
            }
            let row = try #require(machine)
            #expect(row[0] as String == #"{"name":"Bench"}"#)
            #expect(row[1] as String == #"{"name":3}"#)
            #expect(row[2] as Int64 == 3 && row[4] as Int64 == 0)
            #expect(row[3] as String == NameMatch.key("Bench"))
            let change = try #require(log)
            #expect(change[0] as String? == #""Bench press""# && change[1] as String? == #""Bench""#)
            #expect(change[2] as String? == nil && change[3] as Int64 == 0)
            #expect(version == 3, "no migration takes a version for a row it leaves as it was")
        }
        await fixture.close()
    }
}
