import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
@testable import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// One name key (``GorillaShared/NameMatch/key(_:)``): two names that lookup takes for one ("Press", "Prèss") cannot
/// both be a coach's, on the server or on the device; keys stored before it folded accents are migrated.
@Suite(.hangLimit)
struct NameKeyTests {
    @Test func aNameThatFoldsLikeAnotherIsRefusedByTheServerAndByTheCLI() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let added = try await runGorilla(["machines", "add", "Press"], home: coach.home)
            #expect(added.status == 0, "\(added)")

            // A device that does not check first: the server refuses it.
            let results = try await coach.push([
                Mutation(kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": "  PRÈSS "])
            ])
            #expect(results.map(\.error?.code) == [.nameTaken], "\(results)")

            // The CLI refuses it before sending, naming the machine it meets.
            let again = try await runGorilla(["machines", "add", "prèss"], home: coach.home)
            #expect(again.status != 0 && again.stderr.contains("Press"), "\(again)")
        }
    }

    @Test func keysStoredBeforeTheyFoldedAccentsAreMigratedAndNamesFoldingAlikeAreKept() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            for name in ["Press", "Other", "Ágil"] {
                let added = try await runGorilla(["machines", "add", name], home: coach.home)
                #expect(added.status == 0, "\(added)")
            }
            await server.stop()

            // The rows as an earlier server stored them: keys in lower case only, and "Other" renamed to a name that
            // folds like "Press" (which that server allowed); the migration not applied yet.
            let store = try await server.openStore()
            let postgres = server.postgres != nil
            try await store.write { db in
                let rename =
                    postgres
                    ? "jsonb_set(data::jsonb, '{name}', to_jsonb('Prèss'::text))::text"
                    : "json_set(data, '$.name', 'Prèss')"
                let name = postgres ? "data::jsonb ->> 'name'" : "json_extract(data, '$.name')"
                try db.execute(sql: "UPDATE entities SET data = \(rename) WHERE \(name) = 'Other'")
                try db.execute(sql: "UPDATE entities SET name_key = lower(\(name)) WHERE kind = 'machine'")
                try db.execute(
                    sql: postgres
                        ? "DELETE FROM gorilla_migrations WHERE name = 'v4-folded-name-keys'"
                        : "DELETE FROM grdb_migrations WHERE identifier = 'v11-folded-name-keys'")
            }
            await store.close()

            try await server.start()
            let reopened = try await server.openStore()
            let keys = try await reopened.read { db in
                try db.values(String.self, sql: "SELECT name_key FROM entities WHERE kind = 'machine' ORDER BY id")
            }
            await reopened.close()
            #expect(keys.count == 3 && keys[0] == "press" && keys[2] == "agil", "\(keys)")
            #expect(keys[1].hasPrefix("press ") && keys[1] != "press", "\(keys)")

            // Both old rows are still listed (on a device that pulls them all: the rename above was made behind the
            // server's back); a new name folding like either is refused, by the server too.
            let fresh = try await Device.loggedIn("ada", on: server)
            let listed = try await runGorilla(["machines", "list"], home: fresh.home)
            #expect(listed.stdout.contains("Press") && listed.stdout.contains("Prèss"), "\(listed)")
            let results = try await coach.push([
                Mutation(kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": "agil"]),
                Mutation(kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": "press"]),
            ])
            #expect(results.map(\.error?.code) == [.nameTaken, .nameTaken], "\(results)")
        }
    }
}
