import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import GorillaTransport
import NIOCore
import NIOPosix
import NIOSSL
import Testing

/// Messages between a coach and a client: read marks, offline delivery, text rules, live pushes, operator news.
@Suite(.hangLimit)
struct MessagesTests {
    /// A coach `ada` and her registered client Ana Serra (`ana`), each on a device; the coach has synced.
    static func coachAndClient(on server: some RunningServer) async throws -> (coach: Device, client: Device) {
        let coach = try await Device.coach("ada", on: server)
        let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
        let client = try await Device.registered("ana", code: code, on: server)
        try await coach.sync()
        return (coach, client)
    }

    /// A message create as a device would push it.
    static func message(to recipient: UUID, _ text: String, id: UUID = UUID.v7()) -> Mutation {
        Mutation(
            id: UUID.v7(), kind: "message", entity: id, action: .create,
            fields: ["to": .string(recipient.uuidString.lowercased()), "text": .string(text)])
    }

    /// The live messages of the local cache, by text.
    static func messages(on device: Device) throws -> [String: CachedEntity] {
        Dictionary(
            try device.entities("message").map { ($0[string: "text"] ?? "", $0) },
            uniquingKeysWith: { first, _ in first })
    }

    // MARK: Conversations

    @Test func messagesTravelBothWaysAndShowingThemSendsTheReadMarkBack() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            let sent = try await coach.app.sendMessage(to: "Ana", text: "Welcome aboard!")
            #expect(sent.text == "Sent to Ana Serra.", "\(sent.text) \(sent.notes)")
            let unreadByCoach = try await coach.app.showThread("Ana", limit: nil)
            #expect(unreadByCoach.text.contains("you ✓: Welcome aboard!"), "\(unreadByCoach.text)")

            let inbox = try await client.app.listConversations()
            let conversation = try #require(inbox.json.arrayValue?.first?.objectValue, "\(inbox.text)")
            #expect(conversation["unread"] == 1)
            #expect(conversation["with"] == "Ada Tester")
            let shown = try await client.app.showThread(nil, limit: nil)
            #expect(shown.text.contains("Ada Tester: Welcome aboard!"), "\(shown.text)")
            #expect(try Self.messages(on: client)["Welcome aboard!"]?.data["read"] != nil)
            #expect(try client.cache().queuedCount() == 0)
            #expect(try await client.app.listConversations().json.arrayValue?.first?.objectValue?["unread"] == 0)

            // The sender sees the mark after syncing.
            try await coach.sync()
            let read = try #require(try Self.messages(on: coach)["Welcome aboard!"])
            #expect(read.data["read"]?.stringValue.flatMap(ISOTime.parse) != nil)
            #expect(try await coach.app.showThread("Ana", limit: nil).text.contains("you ✓✓: Welcome aboard!"))

            // And back: the client writes to "coach"; the coach has one unread until shown.
            let reply = try await client.app.sendMessage(to: "coach", text: "Thanks!\nSee you Monday.")
            #expect(reply.text == "Sent to Ada Tester.", "\(reply.text)")
            let coachInbox = try await coach.app.listConversations()
            #expect(coachInbox.json.arrayValue?.first?.objectValue?["unread"] == 1, "\(coachInbox.text)")
            let thread = try await coach.app.showThread("Ana", limit: 1)
            #expect(thread.text.contains("Ana Serra: Thanks!\n    See you Monday."), "\(thread.text)")
            #expect(!thread.text.contains("Welcome aboard!"), "--limit 1 shows only the last message")
            try await client.sync()
            #expect(try Self.messages(on: client)["Thanks!\nSee you Monday."]?.data["read"] != nil)
            // Every message exists once on the server.
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("message") == 2)
        }
    }

    @Test func aMessageWrittenWhileTheServerIsDownIsDeliveredExactlyOnce() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            await server.stop()
            let queued = try await client.app.sendMessage(to: "coach", text: "Running late")
            #expect(queued.text.hasPrefix("Queued for Ada Tester"), "\(queued.text)")
            #expect(queued.notes.contains { $0.hasPrefix("offline — 1 change queued; ") }, "\(queued.notes)")
            let outbox = try client.cache().queued(limit: 10)
            #expect(outbox.count == 1)
            let shownOffline = try await client.app.showThread(nil, limit: nil)
            #expect(shownOffline.text.contains("you …: Running late"), "\(shownOffline.text)")
            try await server.start()

            // The push reaches the server but its answer is lost: the device still holds the mutation.
            let first = try await client.push(outbox)
            #expect(first.map(\.status) == [.applied])
            let summary = try await client.sync()
            #expect(summary.rejected.isEmpty)
            #expect(try client.cache().queuedCount() == 0)
            try await client.sync()

            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("message") == 1)
            try await coach.sync()
            let received = try coach.entities("message").filter { $0[string: "text"] == "Running late" }
            #expect(received.count == 1)
            #expect(received.first?[string: "from"] == (try client.accountID()).uuidString.lowercased())
            #expect(
                try await coach.app.showThread("Ana", limit: nil).text.components(separatedBy: "Running late").count
                    == 2)
        }
    }

    // MARK: Text rules

    @Test func theSameTextRulesHoldOnTheDeviceAndOnTheServer() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            let coachID = try coach.accountID()
            let refused = [
                "", "   \n\t  ", String(repeating: "x", count: 2001), "ring the \u{7} bell", "null \u{0} byte",
            ]
            for text in refused {
                let error = await #expect(throws: ClientError.self, "\(text.debugDescription.prefix(40))") {
                    _ = try await client.app.sendMessage(to: "coach", text: text)
                }
                #expect(error?.kind == .usage, "\(text.debugDescription.prefix(40)): \(String(describing: error))")
            }
            #expect(try client.cache().queuedCount() == 0)
            #expect(try client.entities("message").isEmpty)

            // The server applies the same rules to a raw push.
            let results = try await client.push(refused.map { Self.message(to: coachID, $0) })
            for (text, result) in zip(refused, results) {
                #expect(result.status == .rejected, "\(text.debugDescription.prefix(40)) was \(result.status)")
                #expect(
                    result.error?.code == .invalidField,
                    "\(text.debugDescription.prefix(40)): \(String(describing: result.error))")
            }

            let longest = String(repeating: "y", count: 2000)
            let multiline = "First line\nSecond line"
            for text in [longest, multiline] {
                let sent = try await client.app.sendMessage(to: "coach", text: text)
                #expect(sent.text.hasPrefix("Sent to"), "\(sent.text) \(sent.notes)")
            }
            try await coach.sync()
            let texts = Set(try coach.entities("message").compactMap { $0[string: "text"] })
            #expect(texts == [longest, multiline])
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("message") == 2)
        }
    }

    @Test func aClientNamesTheirCoachAndNobodyElse() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            // Naming anyone else is refused, with the coaches they may write to, in their language.
            let other = try await runGorilla(["messages", "show", "nuria"], home: client.home)
            #expect(other.status == 64, "\(other)")
            #expect(other.stderr.contains("nuria is not one of your coaches; you can write to: Ada Tester"), "\(other)")
            let catalan = try await runGorilla(["--language", "ca", "messages", "send", "nuria", "Hola"], home: client.home)
            #expect(catalan.status == 64 && catalan.stderr.contains("no és cap dels teus entrenadors"), "\(catalan)")
            // The coach's name, a word of it, or nothing names the coach.
            for name in ["Ada", "ada tester", "TESTER"] {
                let sent = try await runGorilla(["messages", "send", name, "Hola \(name)"], home: client.home)
                #expect(sent.status == 0, "\(sent)")
            }
            let shown = try await runGorilla(["messages", "show"], home: client.home)
            #expect(shown.status == 0 && shown.stdout.contains("Hola TESTER"), "\(shown)")
            try await coach.sync()
            #expect(try coach.entities("message").count == 3)
        }
    }

    @Test func aCoachCannotMessageAnotherCoachsClient() async throws {
        try await withTestServer { server in
            let (_, client) = try await Self.coachAndClient(on: server)
            let bob = try await Device.coach("bob", on: server)
            let results = try await bob.push([Self.message(to: try client.accountID(), "Come train with me")])
            #expect(results.first?.status == .rejected)
            #expect(results.first?.error?.code == .invalidReference, "\(String(describing: results.first?.error))")
            let notMine = await #expect(throws: ClientError.self) {
                _ = try await bob.app.sendMessage(to: "Ana", text: "Hi")
            }
            #expect(notMine?.kind == .notFound, "\(String(describing: notMine))")
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("message") == 0)
            try await client.sync()
            #expect(try client.entities("message").isEmpty)
        }
    }

    // MARK: Live pushes

    @Test func aSubscribedConnectionReceivesTheMessageWithinTwoSecondsOfThePush() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            let clientToken = try #require(client.app.home.loadSession()?.token)
            let coachToken = try #require(coach.app.home.loadSession()?.token)
            let fingerprint = try server.info().fingerprint
            try await RawConnection.with(port: server.port, fingerprint: fingerprint) { listener in
                try await listener.start(token: clientToken)
                let subscribed = try await listener.request("events.subscribe")
                #expect(subscribed["value"]?.objectValue?["events"] == ["message", "event"])

                let id = UUID.v7()
                let pushed = try await coach.push([
                    Self.message(to: try client.accountID(), "Live from the gym", id: id)
                ])
                #expect(pushed.first?.status == .applied)
                // Timed from the acknowledgement: the coach's own connect and push can take seconds on a loaded machine.
                let push = try await listener.next(until: ContinuousClock.now + .seconds(2))
                #expect(push["event"] == "message")
                #expect(push["id"] == nil)
                #expect(push["result"] == 0)
                let change = try #require(push["value"]?.objectValue)
                #expect(change["kind"] == "message")
                #expect(change["id"]?.stringValue.flatMap(UUID.init(uuidString:)) == id)
                let data = try #require(change["data"]?.objectValue)
                #expect(data["text"] == "Live from the gym")
                #expect(data["from"]?.stringValue == (try coach.accountID()).uuidString.lowercased())
                #expect(data["to"]?.stringValue == (try client.accountID()).uuidString.lowercased())

                // The sender's own subscribed connection gets it too, between its responses.
                try await RawConnection.with(port: server.port, fingerprint: fingerprint) { sender in
                    try await sender.start(token: coachToken)
                    _ = try await sender.request("events.subscribe")
                    let echoed = UUID.v7()
                    let body: JSONValue = [
                        "mutations": .array([
                            try JSONValue.encode(Self.message(to: try client.accountID(), "Echo", id: echoed))
                        ])
                    ]
                    let reply = try await sender.request("sync.push", body)
                    #expect(
                        reply["value"]?.objectValue?["results"]?.arrayValue?.first?.objectValue?["status"] == "applied")
                    let own = try await sender.nextEvent(until: ContinuousClock.now + .seconds(2))
                    #expect(own["value"]?.objectValue?["id"]?.stringValue.flatMap(UUID.init(uuidString:)) == echoed)
                    let theirs = try await listener.next(until: ContinuousClock.now + .seconds(2))
                    #expect(theirs["value"]?.objectValue?["id"]?.stringValue.flatMap(UUID.init(uuidString:)) == echoed)
                }
            }
        }
    }

    @Test func aSubscriberThatStopsReadingDoesNotDelayPushesToAnother() async throws {
        try await withTestServer(configure: { $0.requestsPerSecond = 10_000 }) { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            // Replies big enough to fill the stalled connection's buffers: a pull of 1,000 long-named machines.
            for batch in 0..<2 {
                let machines = (0..<500).map { index in
                    Mutation.createMachine(
                        String(format: "Machine %04d ", batch * 500 + index) + String(repeating: "x", count: 80))
                }
                #expect(try await coach.push(machines).allSatisfy { $0.status == .applied })
            }
            let clientToken = try #require(client.app.home.loadSession()?.token)
            let fingerprint = try server.info().fingerprint
            let recipient = try client.accountID()
            try await RawConnection.with(port: server.port, fingerprint: fingerprint) { stalled in
                try await stalled.start(token: clientToken)
                _ = try await stalled.request("events.subscribe")
                try await RawConnection.with(port: server.port, fingerprint: fingerprint) { listener in
                    try await listener.start(token: clientToken)
                    _ = try await listener.request("events.subscribe")

                    // The stalled peer asks for ~60 MB of replies and never reads another byte.
                    let flood =
                        (0..<300).map { #"{"id":\#(1000 + $0),"op":"sync.pull","body":{"since":0,"limit":5000}}"# }
                        .joined(separator: "\n") + "\n"
                    try await stalled.write(flood)
                    try await Task.sleep(for: .seconds(1))

                    for round in 0..<5 {
                        let started = ContinuousClock.now
                        let id = UUID.v7()
                        let pushed = try await coach.push([Self.message(to: recipient, "Round \(round)", id: id)])
                        #expect(pushed.first?.status == .applied)
                        // Seconds, not the stalled peer's never: the bound leaves room for a machine busy with the
                        // other suites.
                        let push = try await listener.nextEvent(until: started + .seconds(6))
                        #expect(
                            push["value"]?.objectValue?["id"]?.stringValue.flatMap(UUID.init(uuidString:)) == id,
                            "round \(round)")
                    }
                }
            }
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("message") == 5)
        }
    }

    /// A graceful shutdown closes every connection, whatever its peer does.
    @Test func aPeerThatStopsReadingDoesNotHoldAGracefulShutdown() async throws {
        let folder = try TemporaryFolder("gorilla-e2e-shutdown")
        let server = TestServer(dataDirectory: folder.url) { $0.requestsPerSecond = 10_000 }
        try await server.start()
        let coach = try await Device.coach("ada", on: server)
        // Replies big enough to fill the stalled connection's buffers: a pull of 1,000 long-named machines.
        for batch in 0..<2 {
            let machines = (0..<500).map { index in
                Mutation.createMachine(
                    String(format: "Machine %04d ", batch * 500 + index) + String(repeating: "x", count: 80))
            }
            #expect(try await coach.push(machines).allSatisfy { $0.status == .applied })
        }
        let token = try #require(coach.app.home.loadSession()?.token)
        try await RawConnection.with(port: server.port, fingerprint: try server.info().fingerprint) { stalled in
            try await stalled.start(token: token)
            // The peer asks for ~60 MB of replies and never reads another byte: the server's task for it waits for
            // the first replies to drain before it serves the next request.
            let flood =
                (0..<300).map { #"{"id":\#(1000 + $0),"op":"sync.pull","body":{"since":0,"limit":5000}}"# }
                .joined(separator: "\n") + "\n"
            try await stalled.write(flood)
            try await Task.sleep(for: .seconds(1))
            let started = ContinuousClock.now
            await server.stop()
            // A few seconds on a quiet machine; the bound leaves room for one busy with the other suites (10.9 s seen
            // under the whole run on two cores) and stays below the 20 s a shutdown waited for such a peer before.
            #expect(ContinuousClock.now - started < .seconds(15), "the shutdown waited for a peer that does not read")
        }
    }

    // MARK: News

    @Test func newsForClientsReachesClientsOnSyncAndIsWithdrawnWhenRemoved() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            let tools = try await server.operatorTools()
            let published = try await tools.addNews("The gym is closed on Sunday", audience: "clients")
            #expect(published.contains("clients"), "\(published)")
            _ = try await tools.addNews("Coaches meet on Friday", audience: "coaches")

            let clientNews = try await client.app.listNews()
            #expect(clientNews.text.contains("The gym is closed on Sunday"), "\(clientNews.text)")
            #expect(!clientNews.text.contains("Coaches meet"), "\(clientNews.text)")
            #expect(clientNews.json.arrayValue?.count == 1)
            let coachNews = try await coach.app.listNews()
            #expect(!coachNews.text.contains("The gym is closed"), "\(coachNews.text)")
            #expect(coachNews.text.contains("Coaches meet on Friday"), "\(coachNews.text)")

            let items = try WireCoding.decoder.decode(
                [News].self, from: Data(try await tools.listNews(json: true).utf8))
            let item = try #require(items.first { $0.audience == .clients })
            let removed = try await tools.removeNews(String(item.id.uuidString.lowercased().prefix(8)))
            #expect(removed.hasPrefix("Removed news"), "\(removed)")
            let after = try await client.app.listNews()
            #expect(after.text == "No news.", "\(after.text)")
            #expect(try client.entities("news").isEmpty)
        }
    }
}

/// A bare TLS JSON-Lines connection to the server, independent of the client library, pinned to its certificate.
///
/// - Important: Use it only inside the `with` closure that made it.
fileprivate final class RawConnection {
    struct TimedOut: Error, CustomStringConvertible {
        var description: String { "nothing arrived in time" }
    }

    struct Closed: Error, CustomStringConvertible {
        var description: String { "the server closed the connection" }
    }

    /// Set once a deadline closed the channel.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var raised = false
        func raise() { lock.withLock { raised = true } }
        var isRaised: Bool { lock.withLock { raised } }
    }

    private let channel: any Channel
    private var inbound: NIOAsyncChannelInboundStream<LineFrame>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var nextID = 1
    /// Pushes read while waiting for a response, oldest first.
    private var pending: [[String: JSONValue]] = []

    private init(
        channel: any Channel, inbound: NIOAsyncChannelInboundStream<LineFrame>,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) {
        self.channel = channel
        self.inbound = inbound.makeAsyncIterator()
        self.outbound = outbound
    }

    static func with(port: Int, fingerprint: String, _ body: (RawConnection) async throws -> Void) async throws {
        let context = try TLSConfigurations.pinnedClient()
        let verifier = PinnedCertificateVerifier(pinned: fingerprint)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        try verifier.makeHandler(context: context, serverHostname: nil))
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder(maximumLength: 64 << 20)))
                    return try NIOAsyncChannel<LineFrame, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            try await body(RawConnection(channel: channel.channel, inbound: inbound, outbound: outbound))
        }
    }

    func write(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// `hello`, then `auth.resume` with `token`.
    func start(token: String) async throws {
        _ = try await request("hello", ["version": 1, "language": "en"])
        _ = try await request("auth.resume", ["token": .string(token)])
    }

    /// Sends a request and returns its successful response; pushes read meanwhile are kept for ``nextEvent(until:)``.
    @discardableResult
    func request(_ op: String, _ body: JSONValue = [:]) async throws -> [String: JSONValue] {
        let id = nextID
        nextID += 1
        let line = String(
            decoding: try WireCoding.encoder.encode(
                ["id": .number(Double(id)), "op": .string(op), "body": body] as JSONValue),
            as: UTF8.self)
        try await write(line + "\n")
        while true {
            let object = try await readObject(until: ContinuousClock.now + .seconds(15))
            if object["event"] != nil {
                pending.append(object)
                continue
            }
            guard object["id"]?.intValue == id, object["result"] == 0 else {
                throw TestFailure(description: "\(op) failed: \(object)")
            }
            return object
        }
    }

    /// The next line, whatever it is (a push kept earlier first).
    func next(until deadline: ContinuousClock.Instant) async throws -> [String: JSONValue] {
        if !pending.isEmpty { return pending.removeFirst() }
        return try await readObject(until: deadline)
    }

    /// The next push, skipping responses.
    func nextEvent(until deadline: ContinuousClock.Instant) async throws -> [String: JSONValue] {
        while true {
            let object = try await next(until: deadline)
            if object["event"] != nil { return object }
        }
    }

    private func readObject(until deadline: ContinuousClock.Instant) async throws -> [String: JSONValue] {
        let channel = self.channel
        let timedOut = Flag()
        let remaining = max(.zero, deadline - ContinuousClock.now)
        let nanoseconds =
            remaining.components.seconds * 1_000_000_000 + remaining.components.attoseconds / 1_000_000_000
        let task = channel.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) {
            timedOut.raise()
            channel.close(promise: nil)
        }
        let frame: LineFrame?
        do {
            frame = try await inbound.next()
        } catch {
            task.cancel()
            if timedOut.isRaised { throw TimedOut() }
            throw Closed()
        }
        // Cancelled before the flag is read: a deadline that fired as the line arrived has closed the channel, and
        // must be told as a timeout, not found later as a "closed" connection.
        task.cancel()
        if timedOut.isRaised { throw TimedOut() }
        guard case .line(let buffer) = frame else { throw Closed() }
        let value = try WireCoding.decoder.decode(JSONValue.self, from: Data(buffer.readableBytesView))
        guard let object = value.objectValue else { throw TestFailure(description: "not an object: \(value)") }
        return object
    }
}

/// A check that failed inside a helper.
fileprivate struct TestFailure: Error, CustomStringConvertible {
    let description: String
}
