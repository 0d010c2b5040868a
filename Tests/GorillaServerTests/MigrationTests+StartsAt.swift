import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

extension MigrationTests {
    /// The migration that keeps dated rows' starts beside their documents, on each engine.
    static var startsAtSteps: [Step] {
        TestEngine.all.map { Step(engine: $0, name: $0 == .sqlite ? "v19-starts-at" : "v12-starts-at") }
    }

    /// Sessions and appointments stored before it get their documents' starts; other rows get none; the index of
    /// starts reads them.
    @Test(arguments: startsAtSteps)
    func rowsStoredBeforeGetTheirStarts(step: Step) async throws {
        let session = UUID().key, event = UUID().key, machine = UUID().key
        let fixture = try await MigrationFixture.upgrading(step.engine, before: step.name) { db in
            try MigrationFixture.insertCoach(db, id: Self.coach)
            for (id, kind, data) in [
                (session, "session", #"{"start":"2026-11-20T18:00:00.000Z","exercises":[]}"#),
                (event, "event", #"{"start":"2026-11-23T09:30:00.000Z","zone":"Europe/Madrid"}"#),
                (machine, "machine", #"{"name":"Bench","start":"not a date"}"#),
            ] {
                try MigrationFixture.insertEntity(
                    db, id: id, kind: kind, coach: Self.coach, nameKey: nil, data: data, fieldVersions: "{}",
                    version: 1)
            }
        }
        let starts = try await fixture.store.read { db in
            try db.fetchAll(sql: "SELECT id, starts_at FROM entities ORDER BY id").map {
                ($0[0] as String, $0[1] as String?)
            }
        }
        #expect(
            Dictionary(uniqueKeysWithValues: starts)
                == [session: "2026-11-20T18:00:00.000Z", event: "2026-11-23T09:30:00.000Z", machine: nil])
        let fromSunday = try await fixture.store.read { db in
            try db.values(
                String.self, sql: "SELECT id FROM entities WHERE coach_id = ? AND kind = ? AND starts_at >= ?",
                arguments: [Self.coach.key, "event", "2026-11-22"])
        }
        #expect(fromSunday == [event])
        await fixture.close()
    }
}
