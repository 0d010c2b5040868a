import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import NIOConcurrencyHelpers
import Testing

/// `sync.updated` answers a repeated poll from memory while nothing was written; every write ends that at once.
@Suite(.hangLimit)
struct UpdatedTests {
    private static func sections(_ reply: JSONObject) throws -> [String: Int] {
        try #require((try reply.expectSuccess())["value"] as? [String: Any])["sections"] as? [String: Int] ?? [:]
    }

    private static func version(_ reply: JSONObject) throws -> Int {
        try #require((try reply.expectSuccess())["value"] as? [String: Any])["version"] as? Int ?? -1
    }

    @Test func aWriteOnAnotherConnectionShowsInTheNextPollWithTheSameCursor() async throws {
        try await withTestServer { server in
            let port = server.port
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
                    let mutation: JSONObject = [
                        "id": UUID().uuidString, "kind": "machine", "entity": UUID().uuidString,
                        "action": "create", "fields": ["name": "Leg press"],
                    ]
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
    /// the server's own change tracking; a connection still sees it within `ServerStore.updatedReuseInterval`, here
    /// on a server clock moved past it rather than waited for.
    @Test func newsWrittenByAnotherProcessIsSeenWithinTheReuseInterval() async throws {
        let clock = try TestClock()
        try await withGorillaServer(.tls, clock: clock) { gorilla in
            let server = try gorilla.requireTLS()
            let port = server.port
            let dataDirectory = server.dataDirectory
            try await withClient(port: port) { phone in
                try await phone.hello()
                _ = try await phone.signUpCoach("ada")
                let cursor = try Self.version(try await phone.request("sync.updated", ["since": 0]))
                #expect(try Self.sections(try await phone.request("sync.updated", ["since": cursor])).isEmpty)
                let operatorStore = try await server.openStore()
                _ = try await operatorStore.addNews(text: "Gym closed on Monday", audience: "all")
                try clock.advance(by: ServerStore.updatedReuseInterval)
                let sections = try Self.sections(try await phone.request("sync.updated", ["since": cursor]))
                #expect(sections == ["news": 1])
            }
        }
    }

    /// A repeated poll is answered on the connection's event loop, and its line reads byte for byte as the first
    /// (answered by the task), apart from `id` and `time`. The server's clock stands still, so that a loaded machine
    /// taking seconds over the polls does not pass the reuse interval. On PostgreSQL, writes of other servers in the
    /// same database advance the epochs and send a poll to the task now and then, so the test polls until four were
    /// answered on the loop, twelve polls at most.
    @Test func aRepeatedPollIsAnsweredOnTheLoopAndReadsAsTheFirst() async throws {
        let onLoop = NIOLockedValueBox(0)
        let clock = try TestClock()
        try await withGorillaServer(
            .tls, clock: clock, configure: { $0.onPollAnsweredOnLoop = { onLoop.withLockedValue { $0 += 1 } } }
        ) { gorilla in
            let port = try gorilla.requireTLS().port
            try await withClient(port: port) { phone in
                try await phone.hello()
                _ = try await phone.signUpCoach("ada")
                func poll(_ id: Int) async throws -> String {
                    try await phone.write(#"{"id":\#(id),"op":"sync.updated","body":{"since":0}}"# + "\n")
                    let line = try #require(try await phone.readLine())
                    let prefix = #"{"id":\#(id),"result":0,"time":""#
                    #expect(line.hasPrefix(prefix))
                    let rest = line.dropFirst(prefix.count)
                    let time = rest.prefix { $0 != "\"" }
                    #expect(ISOTime.parse(String(time)) != nil)
                    return String(rest.dropFirst(time.count))
                }
                let first = try await poll(1)
                #expect(first.hasPrefix(#"","value":{"sections":{"#))
                #expect(onLoop.withLockedValue { $0 } == 0)
                for id in 2...13 where onLoop.withLockedValue({ $0 }) < 4 {
                    #expect(try await poll(id) == first)
                }
                #expect(onLoop.withLockedValue { $0 } == 4)
            }
        }
    }

    /// Requests written together are answered in order, and a poll behind a push sees the push.
    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { phone in
                try await phone.hello()
                _ = try await phone.signUpCoach("ada")
                let cursor = try Self.version(try await phone.request("sync.updated", ["since": 0]))
                #expect(try Self.sections(try await phone.request("sync.updated", ["since": cursor])).isEmpty)
                let push =
                    #"{"id":100,"op":"sync.push","body":{"mutations":[{"id":"\#(UUID().uuidString)","kind":"machine","#
                    + #""entity":"\#(UUID().uuidString)","action":"create","fields":{"name":"Leg press"}}]}}"#
                let poll = { (id: Int) in #"{"id":\#(id),"op":"sync.updated","body":{"since":\#(cursor)}}"# }
                try await phone.write([poll(99), push, poll(101), poll(102), ""].joined(separator: "\n"))
                var replies: [JSONObject] = []
                for _ in 0..<4 { replies.append(try await phone.readObject()) }
                #expect(replies.map(\.id) == [99, 100, 101, 102])
                #expect(try Self.sections(replies[0]).isEmpty)
                #expect(try Self.sections(replies[2]) == ["machine": 1])
                #expect(try Self.sections(replies[3]) == ["machine": 1])
            }
        }
    }

    /// A logout, on another connection or on this one, ends the repeated answers at once: the next poll is refused,
    /// not answered from memory.
    @Test(arguments: [true, false]) func aLogoutEndsRepeatedAnswersAtOnce(elsewhere: Bool) async throws {
        let onLoop = NIOLockedValueBox(0)
        try await withTestServer(configure: { $0.onPollAnsweredOnLoop = { onLoop.withLockedValue { $0 += 1 } } }) {
            server in
            let port = server.port
            try await withClient(port: port) { phone in
                try await phone.hello()
                let token = try await phone.signUpCoach("ada")
                // Other servers' writes in a shared PostgreSQL database send a poll to the task now and then.
                #expect(try await phone.request("sync.updated", ["since": 0]).result == 0)
                for _ in 0..<12 where onLoop.withLockedValue({ $0 }) < 2 {
                    #expect(try await phone.request("sync.updated", ["since": 0]).result == 0)
                }
                #expect(onLoop.withLockedValue { $0 } == 2)
                if elsewhere {
                    try await withClient(port: port) { laptop in
                        try await laptop.hello()
                        _ = try await laptop.resume(token)
                        #expect(try await laptop.request("auth.logout").result == 0)
                    }
                } else {
                    #expect(try await phone.request("auth.logout").result == 0)
                }
                #expect(
                    try await phone.request("sync.updated", ["since": 0]).result
                        == WireErrorCode.notAuthenticated.rawValue)
            }
        }
    }

    /// Logging in as someone else on the same connection (no account changes, so no epoch moves) never repeats the
    /// first account's answer: any request other than a poll makes the loop forget it.
    @Test func anotherAccountOnTheSameConnectionIsNeverAnsweredTheFirstOnesCounts() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { other in
                try await other.hello()
                _ = try await other.signUpCoach("bob")
            }
            try await withClient(port: port) { phone in
                try await phone.hello()
                _ = try await phone.signUpCoach("ada")
                let mutation: JSONObject = [
                    "id": UUID().uuidString, "kind": "machine", "entity": UUID().uuidString,
                    "action": "create", "fields": ["name": "Leg press"],
                ]
                _ = try await phone.request("sync.push", ["mutations": [mutation]]).expectSuccess()
                for _ in 0..<3 {
                    #expect(try Self.sections(try await phone.request("sync.updated", ["since": 0]))["machine"] == 1)
                }
                _ = try await phone.login("bob").expectSuccess()
                #expect(try Self.sections(try await phone.request("sync.updated", ["since": 0]))["machine"] == nil)
            }
        }
    }
}
