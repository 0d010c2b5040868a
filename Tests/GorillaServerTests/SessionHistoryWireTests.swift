import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// `sessions.history` over TLS: pages within the server's budget, also for peers that send several requests without
/// reading the replies.
@Suite(.hangLimit)
struct SessionHistoryWireTests {
    /// A session of 30 exercises × 20 sets (about 30 KB) corrected 40 times over `coach`'s connection; its id.
    static func correctedSession(on coach: TestClient) async throws -> UUID {
        var random = SeededGenerator(seed: 60)
        let client = UUID()
        _ = try await coach.pushRequiringReply([mutation("client", client, fields: ["name": "Ana"])])
        func exercises() -> [JSONObject] {
            (0..<30).map { index in
                [
                    "name": "Exercise \(index)",
                    "sets": (0..<20).map { _ in
                        ["reps": Int.random(in: 1...20, using: &random), "weight": Int.random(in: 10...200, using: &random)]
                    },
                ]
            }
        }
        let session = UUID()
        let fields: JSONObject = [
            "client": client.uuidString.lowercased(), "start": "2026-11-20T18:00:00Z", "exercises": exercises(),
        ]
        var results = try await coach.pushRequiringReply([mutation("session", session, fields: fields)])
        for _ in 0..<40 {
            results += try await coach.pushRequiringReply([
                mutation("session", session, "update", fields: ["exercises": exercises()])
            ])
        }
        #expect(results.allSatisfy { $0["status"] as? String == "applied" }, "\(results.prefix(1))")
        return session
    }

    /// Four connections each send three history requests and read nothing; once they read, every reply is a page
    /// within the budget, and following the pages brings all 41 revisions.
    @Test func unreadHistoryRequestsGetPagesWithinTheBudget() async throws {
        let budget = 128 * 1024
        try await withTestServer(configure: { $0.pullPageBytes = budget }) { server in
            let port = server.port
            try await withClient(port: port) { coach in
                try await coach.hello()
                let token = try await coach.signUpCoach("ada")
                let session = try await Self.correctedSession(on: coach)
                let request =
                    #"{"id":7,"op":"sessions.history","body":{"id":"\#(session.uuidString.lowercased())"}}"# + "\n"
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            try await withClient(port: port) { reader in
                                try await reader.hello()
                                try await reader.resume(token).expectSuccess()
                                try await reader.stopReading()
                                try await reader.write(String(repeating: request, count: 3))
                                try await reader.resumeReading()
                                for _ in 0..<3 {
                                    let line = try #require(try await reader.readLine())
                                    #expect(line.utf8.count <= budget, "a reply of \(line.utf8.count) bytes")
                                    #expect(line.contains(#""more":true"#), "\(line.prefix(200))")
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                // Following the cursor brings every revision, newest pages first.
                var before: Int?
                var revisions: [Int] = []
                var pages = 0
                while pages < 50 {
                    var body: JSONObject = ["id": session.uuidString.lowercased()]
                    if let before { body["before"] = before }
                    let reply = try await coach.request("sessions.history", body).expectSuccess()
                    let page = (reply.value?["revisions"] as? [JSONObject] ?? []).compactMap { $0["revision"] as? Int }
                    revisions = page + revisions
                    pages += 1
                    guard reply.value?["more"] as? Bool == true else { break }
                    before = reply.value?["cursor"] as? Int
                }
                #expect(revisions == Array(1...41))
                #expect(pages >= 5, "\(pages) pages")
            }
        }
    }
}
