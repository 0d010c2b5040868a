import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// The migrations that rewrite data, each on rows of the era that needed it.
extension MigrationTests {
    static let squat = "0193a5b0-0000-7000-8000-0000000000e1"
    static let row = "0193a5b0-0000-7000-8000-0000000000e2"

    /// `v10-lower-case-ids` / `v3-lower-case-ids`: an id a coach's push stored in upper case is rewritten, under a new
    /// version for the row and the field; a row already lower case keeps its version.
    @Test(arguments: TestEngine.all)
    func idsStoredAsSentAreLowerCasedUnderANewVersion(engine: TestEngine) async throws {
        let step = try MigrationFixture.migration(endingWith: "-lower-case-ids", of: engine)
        let fixture = try await MigrationFixture.upgrading(engine, before: step) { db in
            try MigrationFixture.insertCoach(db, id: Self.coach)
            try MigrationFixture.setVersion(db, 7)
            try MigrationFixture.insertEntity(
                db, id: Self.bench, kind: "machine", coach: Self.coach, nameKey: "bench", data: #"{"name":"Bench"}"#,
                fieldVersions: #"{"name":4}"#, version: 4)
            try MigrationFixture.insertEntity(
                db, id: Self.squat, kind: "exercise", coach: Self.coach, nameKey: "squat",
                data: #"{"machine":"\#(Self.bench.uppercased())","name":"Squat"}"#,
                fieldVersions: #"{"machine":5,"name":5}"#, version: 5)
            try MigrationFixture.insertEntity(
                db, id: Self.row, kind: "exercise", coach: Self.coach, nameKey: "row",
                data: #"{"machine":"\#(Self.bench)","name":"Row"}"#, fieldVersions: #"{"machine":6,"name":6}"#,
                version: 6)
        }
        let rows = try await fixture.store.read { db in
            try db.fetchAll(sql: "SELECT id, data, field_versions, version FROM entities ORDER BY id")
                .map {
                    (
                        $0[0] as String, try FastJSON.parse($0[1] as String), try FastJSON.parse($0[2] as String),
                        $0[3] as Int64
                    )
                }
        }
        let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.0, ($0.1, $0.2, $0.3)) })
        let squat = try #require(byID[Self.squat])
        #expect(squat.0.objectValue?["machine"]?.stringValue == Self.bench)
        #expect(squat.0.objectValue?["name"]?.stringValue == "Squat")
        #expect(squat.2 == 8, "the rewritten row takes the next version, so devices pull it again")
        #expect(squat.1.objectValue?["machine"]?.doubleValue == 8)
        #expect(squat.1.objectValue?["name"]?.doubleValue == 5)
        let row = try #require(byID[Self.row])
        #expect(row.2 == 6 && row.0.objectValue?["machine"]?.stringValue == Self.bench)
        #expect(byID[Self.bench]?.2 == 4)
        await fixture.close()
    }

    /// `v11-folded-name-keys` / `v4-folded-name-keys`: keys fold accents; of two names that now fold alike the older
    /// (by id) takes the key and the other one made unique by its id, both still named as they were.
    @Test(arguments: TestEngine.all)
    func nameKeysFoldAccentsAndKeepBothNamesThatNowMeet(engine: TestEngine) async throws {
        let step = try MigrationFixture.migration(endingWith: "-folded-name-keys", of: engine)
        let press = "0193a5b0-0000-7000-8000-0000000000a1"
        let pressAccented = "0193a5b0-0000-7000-8000-0000000000a2"
        let creme = "0193a5b0-0000-7000-8000-0000000000a3"
        let fixture = try await MigrationFixture.upgrading(engine, before: step) { db in
            try MigrationFixture.insertCoach(db, id: Self.coach)
            try MigrationFixture.setVersion(db, 3)
            for (id, name, version) in [(press, "Press", 1), (pressAccented, "Prèss", 2), (creme, "Crème", 3)] {
                // The key of the era: the name in lower case.
                try MigrationFixture.insertEntity(
                    db, id: id, kind: "machine", coach: Self.coach, nameKey: name.lowercased(),
                    data: #"{"name":"\#(name)"}"#, fieldVersions: #"{"name":\#(version)}"#, version: Int64(version))
            }
        }
        let keys = try await fixture.store.read { db in
            Dictionary(
                uniqueKeysWithValues: try db.fetchAll(sql: "SELECT id, name_key, data, version FROM entities").map {
                    ($0[0] as String, ($0[1] as String, $0[2] as String, $0[3] as Int64))
                })
        }
        #expect(keys[press]?.0 == NameMatch.key("Press"))
        #expect(keys[pressAccented]?.0 == NameMatch.key("Prèss") + " \u{1F}\(pressAccented)")
        #expect(keys[creme]?.0 == NameMatch.key("Crème") && NameMatch.key("Crème") != "crème")
        #expect(keys[pressAccented]?.1 == #"{"name":"Prèss"}"#, "both stay named as they were")
        #expect(keys[press]?.2 == 1 && keys[pressAccented]?.2 == 2 && keys[creme]?.2 == 3, "versions do not change")
        await fixture.close()
    }

    /// `v9-change-log-deltas` / `v2-change-log-deltas`: a corrected session's log rows logged whole keep only the way
    /// back, as a delta where that is shorter, and each revision still reads back as it was.
    @Test(arguments: TestEngine.all)
    func correctionsLoggedWholeKeepTheWayBackAndReadAsBefore(engine: TestEngine) async throws {
        let step = try MigrationFixture.migration(endingWith: "-change-log-deltas", of: engine)
        let session = "0193a5b0-0000-7000-8000-0000000000d1"
        func sets(_ last: Int) -> JSONValue {
            .array((1...12).map { .object(["reps": .number(Double($0 == 12 ? last : 10)), "weight": .number(60)]) })
        }
        let current = sets(8)
        let older = sets(10)
        let fixture = try await MigrationFixture.upgrading(engine, before: step) { db in
            try MigrationFixture.insertCoach(db, id: Self.coach)
            try MigrationFixture.setVersion(db, 3)
            try MigrationFixture.insertEntity(
                db, id: session, kind: "session", coach: Self.coach, nameKey: nil,
                data: FastJSON.text(["notes": .string("Good"), "sets": current]),
                fieldVersions: #"{"notes":3,"sets":3}"#, version: 3)
            for (field, old, new) in [("sets", older, current), ("notes", JSONValue.string("Fine"), .string("Good"))] {
                try db.execute(
                    sql: """
                        INSERT INTO change_log (entity_id, kind, mutation_id, user_id, field, old_value, new_value,
                                                old_version, new_version, at)
                        VALUES (?, 'session', 'm-1', ?, ?, ?, ?, 2, 3, '2026-01-05T10:00:00.000Z')
                        """, arguments: [session, Self.coach.key, field, FastJSON.text(old), FastJSON.text(new)])
            }
        }
        let log = try await fixture.store.read { db in
            Dictionary(
                uniqueKeysWithValues: try db.fetchAll(
                    sql: "SELECT field, old_value, new_value, old_delta FROM change_log WHERE entity_id = ?",
                    arguments: [session]
                ).map { ($0[0] as String, ($0[1] as String?, $0[2] as String?, $0[3] as Int64)) })
        }
        let sets = try #require(log["sets"])
        #expect(sets.1 == nil, "the new value is the next revision's, no longer copied")
        #expect(sets.2 == 1, "twelve sets of which one changed: the delta is the shorter")
        let delta = try FastJSON.parse(try #require(sets.0))
        #expect(try RevisionDelta.apply(delta, to: current) == older, "the revision reads back as it was")
        let notes = try #require(log["notes"])
        #expect(notes.0 == #""Fine""# && notes.1 == nil && notes.2 == 0, "a plain value stays whole")
        await fixture.close()
    }
}
