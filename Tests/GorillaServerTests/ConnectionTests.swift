import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import GorillaTransport
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

@Suite(.hangLimit)
struct ConnectionTests {
    @Test func helloAnswersWithTheProtocolVersion() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                let reply = try await client.send(#"{"id":41,"op":"hello","body":{"version":1}}"#)
                #expect(reply.id == 41)
                #expect(reply.result == 0)
                #expect(reply.value?["version"] as? Int == ProtocolVersion.current)
                #expect((reply.value?["server"] as? String)?.isEmpty == false)
                let time = try #require(reply["time"] as? String)
                let sent = try #require(ISOTime.parse(time))
                #expect(abs(sent.timeIntervalSinceNow) < 60)
            }
        }
    }

    @Test func unsupportedVersionIsRefusedAndTheConnectionStaysUsable() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                let refused = try await client.request("hello", ["version": 99])
                #expect(refused.result == 103)
                #expect(refused.errorCode == 103)
                #expect(refused.errorMessage?.hasPrefix(WireErrorCode.unsupportedVersion.message(in: .en)) == true)
                #expect(try await client.request("profile.get").result == 104)
                #expect(try await client.request("hello", ["version": 1]).result == 0)
            }
        }
    }

    @Test func requestsBeforeHelloAreRefused() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                let login = try await client.login("ada")
                #expect(login.result == 104)
                #expect(login.errorCode == 104)
                #expect(
                    try await client.request(
                        "auth.signup",
                        [
                            "username": "ada", "email": "ada@example.com",
                            "password": "correct horse", "name": "A", "surname": "L",
                        ]
                    ).result == 104)
                #expect(try await client.request("profile.get").result == 104)
                #expect(try await client.request("no.such.op").result == 104)
                try await client.hello()
                #expect(try await client.login("ada").result == 1)
            }
        }
    }

    @Test func malformedJSONIsAnsweredAndTheNextRequestWorks() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                let broken = try await client.send(#"{"id":1,"op":"hello","body":{"version":1}"#)
                #expect(broken.result == 100)
                #expect(broken.errorCode == 100)
                #expect(broken["id"] is NSNull)
                #expect(try await client.send("not json at all").result == 100)
                #expect(try await client.send(#"["id",1]"#).result == 100)
                let noID = try await client.send(#"{"op":"hello","body":{"version":1}}"#)
                #expect(noID.result == 100)
                let textID = try await client.send(#"{"id":"7","op":"hello","body":{"version":1}}"#)
                #expect(textID.result == 100)
                try await client.hello()
                let wrongType = try await client.request("auth.login", ["user": "ada", "password": 12345678])
                #expect(wrongType.result == 100)
                #expect(try await client.login("nobody").result == 1)
            }
        }
    }

    @Test func unknownOperationIsAnsweredAndTheConnectionKeepsWorking() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                let anonymous = try await client.request("coach.fly")
                #expect(anonymous.result == 101)
                #expect(anonymous.errorCode == 101)
                try await client.signUpCoach("ada")
                let unknown = try await client.request("coach.fly")
                #expect(unknown.result == 101)
                #expect(unknown.errorMessage?.contains("coach.fly") == true)
                #expect(try await client.request("profile.get").result == 0)
            }
        }
    }

    @Test func missingFieldIsNamed() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                let reply = try await client.request("auth.login", ["user": "ada"])
                #expect(reply.result == 4)
                #expect(reply.errorCode == 4)
                #expect(reply.errorMessage?.contains("password") == true)
                let noBody = try await client.send(#"{"id":9,"op":"auth.login"}"#)
                #expect(noBody.id == 9)
                #expect(noBody.result == 4)
                let signup = try await client.request(
                    "auth.signup",
                    [
                        "username": "ada", "email": "ada@example.com",
                        "password": "correct horse", "name": "Ada",
                    ])
                #expect(signup.result == 4)
                #expect(signup.errorMessage?.contains("surname") == true)
            }
        }
    }

    @Test func unauthenticatedRequestsAreRefused() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                for op in ["profile.get", "auth.check", "auth.logout", "media.get"] {
                    let reply = try await client.request(
                        op, ["sha256": String(repeating: "0", count: 64), "offset": 0])
                    #expect(reply.result == 110, "\(op)")
                    #expect(reply.errorCode == 110, "\(op)")
                }
                let update = try await client.request("profile.update", ["name": "Mallory"])
                #expect(update.result == 110)
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.write(
                    #"{"id":1,"op":"hello","body":{"version":1}}"# + "\n"
                        + "   \n\n"
                        + #"{"id":2,"op":"profile.get"}"# + "\r\n"
                        + #"{"id":3,"op":"auth.login","body":{"user":"x","password":"y"}}"# + "\n")
                let replies = [
                    try await client.readObject(), try await client.readObject(), try await client.readObject(),
                ]
                #expect(replies.map(\.id) == [1, 2, 3])
                #expect(replies.map(\.result) == [0, 110, 1])
            }
        }
    }

    @Test func overLongLineIsRefusedAndTheConnectionCloses() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                var line = ByteBuffer(string: #"{"id":2,"op":"hello","body":{"version":1,"pad":""#)
                line.writeRepeatingByte(UInt8(ascii: "x"), count: LineFrameDecoder.defaultMaximumLength)
                line.writeString("\"}}\n")
                // The server may close before it has read the whole line; a failed write is fine then.
                try? await client.write(line)
                let reply = try await client.readObject()
                #expect(reply.result == 102)
                #expect(reply.errorCode == 102)
                #expect(reply["id"] is NSNull)
                let after = try await client.waitForClose()
                #expect(after.isEmpty)
            }
        }
    }

    @Test func lineJustUnderTheLimitIsServed() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                let head = #"{"id":2,"op":"hello","body":{"version":1},"pad":""#
                let tail = "\"}"
                var line = ByteBuffer(string: head)
                line.writeRepeatingByte(
                    UInt8(ascii: "x"), count: LineFrameDecoder.defaultMaximumLength - head.utf8.count - tail.utf8.count)
                line.writeString(tail)
                #expect(line.readableBytes == LineFrameDecoder.defaultMaximumLength)
                line.writeString("\n")
                try await client.write(line)
                let reply = try await client.readObject()
                #expect(reply.id == 2)
                #expect(reply.result == 0)
            }
        }
    }

    @Test func plainTCPGetsNoJSONReply() async throws {
        // The server's own hello deadline, not the tests' minute: a peer that never completes a handshake is closed.
        // The wait leaves room for a machine busy with the other suites, as the silent peer's below (a clean clone's
        // full run once saw no close within 20 s).
        try await withTestServer(configure: { $0.handshakeTimeout = 10 }) { server in
            let port = server.port
            let (received, closedByServer) = try await rawExchange(
                port: port, send: #"{"id":1,"op":"hello","body":{"version":1}}"# + "\n", waitingAtMost: .seconds(45))
            #expect(closedByServer, "the server kept a plain-TCP connection open")
            let text = String(decoding: received, as: UTF8.self)
            #expect(!text.contains("\"result\""))
            #expect(!text.contains("\"version\""))
            if let first = received.first {
                #expect(first == 0x15, "expected nothing or a TLS alert, got \(received.prefix(16))")
            }
        }
    }

    @Test func silentPeerIsDroppedAfterTheHandshakeTimeout() async throws {
        try await withTestServer(configure: { $0.handshakeTimeout = 0.5 }) { server in
            let port = server.port
            let started = ContinuousClock.now
            // The bound leaves room for a machine busy with the other suites (a clean clone's full run once took 19 s
            // to close it): the point is that the server drops the peer instead of holding it for ever.
            let (received, closedByServer) = try await rawExchange(port: port, send: nil, waitingAtMost: .seconds(45))
            #expect(closedByServer)
            #expect(received.isEmpty)
            #expect(ContinuousClock.now - started < .seconds(40))
        }
    }

    /// The timeout leaves room for the handshake and `hello` on a machine busy with the other suites (at 1 s, CI once saw
    /// the connection closed before `hello` was answered, and at 3 s a clean clone's run did too).
    @Test func idleConnectionIsClosed() async throws {
        try await withTestServer(configure: { $0.idleTimeout = 6 }) { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                let started = ContinuousClock.now
                #expect(try await client.waitForClose().isEmpty)
                #expect(ContinuousClock.now - started > .seconds(3))
            }
        }
    }

    /// The idle timeout is the peer's silence, not the server's work: a login whose password takes twice the timeout
    /// to check is answered on its connection, which closes once it is left quiet after the answer.
    @Test func aSlowAnswerIsNotIdleTime() async throws {
        try await withTestServer(configure: {
            $0.idleTimeout = 4
            $0.onPasswordWork = { Thread.sleep(forTimeInterval: 9) }
        }) { server in
            try await withClient(port: server.port) { client in
                try await client.hello()
                #expect(try await client.login("nobody", password: "a wrong one").result == 1)
                let answered = ContinuousClock.now
                #expect(try await client.waitForClose().isEmpty)
                #expect(ContinuousClock.now - answered < .seconds(30))
            }
        }
    }

    /// Runs in a child process, so that a server that crashes fails this test alone.
    @Test func connectionsBeyondTheLimitAreRefused() async {
        await #expect(processExitsWith: .success) {
            struct Unexpected: Error { let what: String }
            try await withTestServer(configure: { $0.maxConnections = 1 }) { server in
                let port = server.port
                try await withClient(port: port) { first in
                    try await first.hello()
                    var served = true
                    do {
                        try await withClient(port: port) { second in try await second.hello() }
                    } catch {
                        served = false
                    }
                    if served { throw Unexpected(what: "a connection over the limit was served") }
                    guard try await first.login("nobody").result == 1 else {
                        throw Unexpected(what: "the admitted connection stopped working")
                    }
                }
            }
        }
    }

    @Test func serverPresentsTheCertificateNamedInServerJSON() async throws {
        try await withTestServer { server in
            let port = server.port
            let dataDirectory = server.dataDirectory
            let info = try serverInfo(in: dataDirectory)
            #expect(info.port == port)
            #expect(info.host == "127.0.0.1")
            #expect(Fingerprint.normalize(info.fingerprint) == info.fingerprint)
            try await withClient(port: port, pinnedFingerprint: info.fingerprint) { client in
                try await client.hello()
            }
            let wrong = String(repeating: "0", count: 64)
            await #expect(throws: (any Error).self) {
                try await withClient(port: port, pinnedFingerprint: wrong) { client in
                    try await client.hello()
                }
            }
        }
    }

    @Test func oneBadPeerDoesNotDisturbAnother() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { steady in
                try await steady.hello()
                try await steady.signUpCoach("ada")
                try await withClient(port: port) { rude in
                    try await rude.write(String(repeating: "{", count: 10) + "\n")
                    #expect(try await rude.readObject().result == 100)
                }
                #expect(try await steady.request("profile.get").result == 0)
            }
        }
    }

    @Test func dataFolderAndKeyAreReadableByTheOwnerOnly() async throws {
        try await withTestServer { server in
            let dataDirectory = server.dataDirectory
            let key = try FileManager.default.attributesOfItem(
                atPath: dataDirectory.appendingPathComponent("server-key.pem").path)
            let keyMode = try #require(key[.posixPermissions] as? Int)
            #expect(keyMode & 0o077 == 0, "server-key.pem has mode \(String(keyMode, radix: 8))")
            let folder = try FileManager.default.attributesOfItem(atPath: dataDirectory.path)
            let folderMode = try #require(folder[.posixPermissions] as? Int)
            #expect(folderMode & 0o077 == 0, "the data folder has mode \(String(folderMode, radix: 8))")
        }
    }
}

/// Connects without TLS, writes `send` (if any), and collects what comes back until the server closes
/// the connection or `limit` passes. Returns the bytes and whether the server closed first.
func rawExchange(port: Int, send: String?, waitingAtMost limit: TimeAmount) async throws -> ([UInt8], Bool) {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
    let timedOut = NIOLockedValueBox(false)
    let deadline = channel.channel.eventLoop.scheduleTask(in: limit) {
        timedOut.withLockedValue { $0 = true }
        channel.channel.close(promise: nil)
    }
    defer { deadline.cancel() }
    let received = try await channel.executeThenClose { inbound, outbound in
        if let send { try await outbound.write(ByteBuffer(string: send)) }
        var bytes: [UInt8] = []
        do {
            for try await chunk in inbound { bytes += chunk.readableBytesView }
        } catch {
            // A reset counts as closed.
        }
        return bytes
    }
    return (received, !timedOut.withLockedValue { $0 })
}
