import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// `gorilla-server check` reads what the store holds on either engine, beside a server that serves it.
@Suite(.hangLimit)
struct StoreCheckTests {
    @Test func theCheckCountsTheAccountsAndRowsAndKnowsTheSchema() async throws {
        try await withTestServer { server in
            try await withClient(port: server.port) { client in
                try await client.hello()
                try await client.signUpCoach("anna")
                let machines: [Any] = (0..<3).map { number in
                    [
                        "id": UUID().key, "kind": "machine", "entity": UUID().key, "action": "create",
                        "fields": ["name": "Machine \(number)"],
                    ] as [String: Any]
                }
                try await client.request("sync.push", ["mutations": machines]).expectSuccess()
            }
            let check = try await OperatorTools.check(dataDirectory: server.dataDirectory, database: server.postgres)
            #expect(check.engine == (server.postgres == nil ? "SQLite" : "PostgreSQL"))
            #expect(check.healthy, "\(check)")
            #expect(check.schema == check.expectedSchema && !check.schema.isEmpty)
            #expect(check.accounts == ["coach": 1])
            #expect(check.rows == ["machine": 3])
            #expect(check.version >= 3)
            #expect(OperatorTools.text(of: check).hasPrefix("ok: "))
        }
    }

    @Test func aSchemaNewerThanThisBuildIsAProblem() {
        let (schema, problems) = StoreCheck.schema(applied: ["v1", "v2", "v3-future"], known: ["v1", "v2"])
        #expect(schema == "v2")
        #expect(problems == ["migration v3-future is newer than this build"])
    }
}
