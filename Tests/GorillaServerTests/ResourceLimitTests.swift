import Crypto
import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import NIOConcurrencyHelpers
import Testing

/// What one peer may hold of the server: pull pages, unfinished uploads, connections.
@Suite(.hangLimit)
struct ResourceLimitTests {
    @Test func aPullPageEndsAtTheByteBudgetAndPagingBringsEveryChange() async throws {
        let budget = 16 * 1024
        try await withTestServer(configure: { $0.pullPageBytes = budget }) { server in
            let port = server.port
            try await withClient(port: port) { coach in
                try await coach.hello()
                try await coach.signUpCoach("ada")
                try await coach.pushClients(40, notes: 2000)  // about 2.1 KB of JSON each
                var since = 0
                var seen = Set<String>()
                var pages = 0
                while true {
                    try await coach.write(#"{"id":9,"op":"sync.pull","body":{"since":\#(since),"limit":5000}}"# + "\n")
                    let line = try #require(try await coach.readLine())
                    // The page's own bytes, less the envelope: within the budget and one document (2.1 KB) more.
                    #expect(line.utf8.count < budget + 4 * 1024, "a page of \(line.utf8.count) bytes")
                    let reply = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? JSONObject)
                    let value = try #require(reply.value)
                    let changes = try #require(value["changes"] as? [JSONObject])
                    #expect(!changes.isEmpty)
                    for change in changes { seen.insert(try #require(change["id"] as? String)) }
                    since = try #require(value["cursor"] as? Int)
                    pages += 1
                    if value["more"] as? Bool != true { break }
                    #expect(pages < 40)
                }
                #expect(seen.count == 40)
                #expect(pages >= 5, "40 changes of 2.1 KB in pages of 16 KiB")
            }
        }
    }

    /// The peer sends four pulls without reading: the server builds a page only once the previous reply has gone to the
    /// socket, so what it holds for the connection stays one page (the kernel's buffers take the first page or so).
    @Test func aPullIsNotBuiltWhileTheReplyBeforeItIsUnread() async throws {
        let budget = 4 * 1024 * 1024
        let pageStarts = NIOLockedValueBox<[Int]>([])
        try await withTestServer(configure: {
            $0.pullPageBytes = budget
            $0.onPullPageStart = { unsent in pageStarts.withLockedValue { $0.append(unsent) } }
        }) { server in
            let port = server.port
            try await withClient(port: port) { coach in
                try await coach.hello()
                try await coach.signUpCoach("ada")
                try await coach.pushClients(2000, notes: 2000)  // 4.2 MB: each page ends at the budget
                try await coach.stopReading()
                let pull = #"{"id":5,"op":"sync.pull","body":{"since":0,"limit":5000}}"# + "\n"
                try await coach.write(String(repeating: pull, count: 4))
                // Before the fix, the third page starts while the second waits in full; allow it time to.
                _ = try await eventually(timeout: .seconds(4), every: .milliseconds(100)) {
                    pageStarts.withLockedValue { $0.count } >= 3
                }
                let started = pageStarts.withLockedValue { $0 }
                #expect(started.count < 4, "every page was built while the peer read nothing")
                for unsent in started {
                    #expect(unsent <= 64 * 1024, "a page began while \(unsent) bytes of replies were unsent")
                }
                try await coach.resumeReading()
                for _ in 0..<4 {
                    let line = try #require(try await coach.readLine())
                    #expect(line.utf8.count < budget + 8 * 1024)
                    #expect(line.contains(#""result":0"#))
                }
                #expect(pageStarts.withLockedValue { $0.count } == 4)
            }
        }
    }

    static func chunk(_ image: [UInt8], from offset: Int) -> JSONObject {
        let end = min(image.count, offset + MediaLimits.chunkBytes)
        return ["offset": offset, "total": image.count, "data": Data(image[offset..<end]).base64EncodedString()]
    }

    static func upload(_ image: [UInt8], chunks: Int, on client: TestClient) async throws -> JSONObject {
        let sha = SHA256.hash(data: image).map { String(format: "%02x", $0) }.joined()
        var reply: JSONObject = [:]
        for index in 0..<chunks {
            var body = chunk(image, from: index * MediaLimits.chunkBytes)
            body["sha256"] = sha
            reply = try await client.request("media.put", body)
            if reply.result != 0 { return reply }
        }
        return reply
    }

    static func image(_ seed: UInt8) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: seed, count: MediaLimits.maxBytes - 8)
    }

    /// Bytes of the files under the spool folder.
    static func spooled(_ dataDirectory: URL) -> [Int] {
        let folder = dataDirectory.appendingPathComponent("uploads")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap {
            (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path))?[.size] as? Int
        }
    }

    @Test func unfinishedUploadsWaitOnDiskWithinTheAccountsBudgetAndGoWithTheirConnection() async throws {
        try await withTestServer(configure: { $0.uploadBytesPerAccount = 2 * MediaLimits.maxBytes }) { server in
            let port = server.port
            let dataDirectory = server.dataDirectory
            try await withClient(port: port) { first in
                try await first.hello()
                let token = try await first.signUpCoach("ada")
                try await withClient(port: port) { second in
                    try await second.hello()
                    try await second.resume(token).expectSuccess()
                    // Two uploads of 2 MiB, three quarters sent: the account's budget is taken, on disk.
                    for seed: UInt8 in [1, 2] {
                        let partial = try await Self.upload(Self.image(seed), chunks: 3, on: second)
                        #expect(partial.value?["received"] as? Int == 3 * MediaLimits.chunkBytes)
                        #expect(partial.value?["complete"] as? Bool == false)
                    }
                    #expect(
                        Self.spooled(dataDirectory).sorted() == [
                            3 * MediaLimits.chunkBytes, 3 * MediaLimits.chunkBytes,
                        ])
                    // Another connection of the account is refused a third, with a delay.
                    let refused = try await Self.upload(Self.image(3), chunks: 1, on: first)
                    #expect(refused.result == 113)
                    #expect(((refused.error?["retryAfter"] as? Int) ?? 0) > 0)
                }
                // The second connection closed: its files and its share of the budget go.
                _ = try await eventually(timeout: .seconds(10), every: .milliseconds(50)) {
                    Self.spooled(dataDirectory).isEmpty
                }
                #expect(Self.spooled(dataDirectory).isEmpty)
                let done = try await Self.upload(Self.image(3), chunks: 4, on: first)
                #expect(done.value?["complete"] as? Bool == true, "\(done)")
                #expect(Self.spooled(dataDirectory).isEmpty)
            }
        }
    }

    /// Runs in a child process, so that a server that crashes fails this test alone.
    @Test func connectionsFromOneAddressBeyondItsLimitAreRefused() async {
        await #expect(processExitsWith: .success) {
            struct Unexpected: Error { let what: String }
            try await withTestServer(configure: { $0.maxConnectionsPerAddress = 2 }) { server in
                let port = server.port
                try await withClient(port: port) { first in
                    try await first.hello()
                    try await withClient(port: port) { second in
                        try await second.hello()
                        var served = true
                        do {
                            try await withClient(port: port) { third in try await third.hello() }
                        } catch {
                            served = false
                        }
                        if served { throw Unexpected(what: "a third connection from the address was served") }
                        guard try await second.login("nobody").result == 1 else {
                            throw Unexpected(what: "an admitted connection stopped working")
                        }
                    }
                    // The second one closed: its slot is free again (once the server has seen it go).
                    let admitted = try await eventually(timeout: .seconds(10), every: .milliseconds(100)) {
                        (try? await withClient(port: port) { again in try await again.hello() }) != nil
                    }
                    if !admitted { throw Unexpected(what: "a freed slot was not given to a new connection") }
                }
            }
        }
    }

    @Test func linesBeforeHelloDoNotKeepAConnectionPastTheHelloTimeout() async throws {
        try await withTestServer(configure: { $0.handshakeTimeout = 3 }) { server in
            let port = server.port
            try await withClient(port: port) { client in
                let started = ContinuousClock.now
                // On a loaded machine the deadline may already have closed the connection; if not, hello is required.
                if let refused = try? await client.request("profile.get") { #expect(refused.result == 104) }
                // Blank lines every 200 ms for up to 12 s: each would reset an idle timer.
                for _ in 0..<60 where client.isOpen {
                    do {
                        try await client.write("\n")
                    } catch {
                        break
                    }
                    try await Task.sleep(for: .milliseconds(200))
                }
                #expect(try await client.waitForClose().isEmpty)
                #expect(ContinuousClock.now - started < .seconds(10))
            }
        }
    }
}
