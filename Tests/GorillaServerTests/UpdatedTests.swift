import Foundation
import GorillaServer
import GorillaShared
import Testing

/// `sync.updated` answers a repeated poll from memory while nothing was written; every write ends that at once.
@Suite(.timeLimit(.minutes(1)))
struct UpdatedTests {
    private static func sections(_ reply: JSONObject) throws -> [String: Int] {
        try #require((try reply.expectSuccess())["value"] as? [String: Any])["sections"] as? [String: Int] ?? [:]
    }

    private static func version(_ reply: JSONObject) throws -> Int {
        try #require((try reply.expectSuccess())["value"] as? [String: Any])["version"] as? Int ?? -1
    }

    @Test func aWriteOnAnotherConnectionShowsInTheNextPollWithTheSameCursor() async throws {
        try await withTestServer { port, _ in
            try await withClient(port: port) { phone in
                try await phone.hello()
                let token = try await phone.signUpCoach("ada")
                let cursor = try Self.version(try await phone.request("sync.updated", ["since": 0]))
                for _ in 0..<3 {
                    #expect(try Self.sections(try await phone.request("sync.updated", ["since": cursor])).isEmpty)
                }
                try await withClient(port: port) { laptop in
                    try await laptop.hello()
                    _ = try await laptop.resume(token)
                    let mutation: JSONObject = ["id": UUID().uuidString, "kind": "machine", "entity": UUID().uuidString,
                                                "action": "create", "fields": ["name": "Leg press"]]
                    _ = try await laptop.request("sync.push", ["mutations": [mutation]]).expectSuccess()
                }
                let after = try await phone.request("sync.updated", ["since": cursor])
                #expect(try Self.sections(after) == ["machine": 1])
                #expect(try Self.version(after) > cursor)
                // Another cursor is never answered from the remembered reply.
                #expect(try Self.sections(try await phone.request("sync.updated", ["since": 0])) == ["machine": 1])
            }
        }
    }

    /// News published by the operator tool (another process, here another store on the same file) is not seen by
    /// the server's own change tracking; a connection still sees it within `ServerStore.updatedReuseInterval`.
    @Test func newsWrittenByAnotherProcessIsSeenWithinTheReuseInterval() async throws {
        try await withTestServer { port, dataDirectory in
            try await withClient(port: port) { phone in
                try await phone.hello()
                _ = try await phone.signUpCoach("ada")
                let cursor = try Self.version(try await phone.request("sync.updated", ["since": 0]))
                #expect(try Self.sections(try await phone.request("sync.updated", ["since": cursor])).isEmpty)
                let operatorStore = try ServerStore.open(path: dataDirectory.appendingPathComponent("gorilla.sqlite").path)
                _ = try await operatorStore.addNews(text: "Gym closed on Monday", audience: "all")
                let start = ContinuousClock.now
                var sections: [String: Int] = [:]
                while sections["news"] == nil, ContinuousClock.now - start < .seconds(ServerStore.updatedReuseInterval + 3) {
                    try await Task.sleep(for: .milliseconds(200))
                    sections = try Self.sections(try await phone.request("sync.updated", ["since": cursor]))
                }
                #expect(sections == ["news": 1])
            }
        }
    }
}
