import Foundation
import GorillaShared

/// The interactive chat: the thread above, a line editor below; Enter sends; Esc or Ctrl-C leaves.
///
/// A thin shell over ``ChatState``. Keys and redraws only touch the local cache; the network lives in a
/// task of its own (``GorillaApp/keepChatConnected(_:cache:)``) that tells the controller when a step
/// begins and ends, so a server that accepts but never answers never freezes the view.
/// - Important: An actor: keys (from the view's event loop) and news from the network task both land here.
actor ChatController {
    private let app: GorillaApp
    private let cache: LocalCache
    private let person: Correspondent
    private let me: String
    private let terminal: FullScreenTerminal
    private var state = ChatState()
    private var thread: [String] = []
    private var shown = ""
    /// Wakes the network task's sync loop while a connection is open.
    private var wake: AsyncStream<Void>.Continuation?

    init(app: GorillaApp, cache: LocalCache, person: Correspondent, me: String, terminal: FullScreenTerminal) {
        self.app = app
        self.cache = cache
        self.person = person
        self.me = me
        self.terminal = terminal
    }

    /// Applies a key; returns true when the view should close.
    func handle(_ key: Key) -> Bool {
        switch state.handle(key) {
        case .quit:
            return true
        case .send(let text):
            do {
                let id = UUID.v7()
                try cache.enqueue(
                    kind: "message", entity: id, action: .create,
                    fields: ["to": .string(person.id.uuidString.lowercased()), "text": .string(text)])
                try cache.annotate(id, ["from": .string(me), "queued": .string(ISOTime.format(Date()))])
                wake?.yield()  // not connected: the next connection's first sync sends it
            } catch {
                state.networkFinished("message not kept: \(error)")
            }
            reload()
        case nil:
            break
        }
        draw()
        return false
    }

    /// Reads the thread from the cache again.
    func reload() {
        let messages = (try? app.thread(cache, with: person.id)) ?? []
        thread = messages.map { GorillaApp.messageLine($0, me: me, otherName: person.name) }
    }

    /// Draws the screen if it changed (or always, after a resize).
    func draw(force: Bool = false) {
        let (rows, columns) = terminal.size
        let frame = ChatScreen.render(
            with: person.name, status: state.status(at: Date()), thread: thread, input: state.input,
            rows: rows, columns: columns, style: terminal.style)
        if force || frame != shown { terminal.draw(frame) }
        shown = frame
    }

    // MARK: News from the network task

    func networkStarted() {
        state.networkStarted(at: Date())
        draw()
    }

    func networkFinished(_ link: String) {
        state.networkFinished(link)
        reload()
        draw()
    }

    /// A connection is open: later sends wake its sync loop.
    func attach(_ wake: AsyncStream<Void>.Continuation) {
        self.wake = wake
    }

    func detach(_ reason: String) {
        wake = nil
        networkFinished(reason)
    }

    /// The connection could not be opened or broke with an error.
    func failed(timedOut: Bool) {
        wake = nil
        state.networkFailed(at: Date(), timedOut: timedOut)
        reload()
        draw()
    }

    /// Queues read marks for the incoming messages not yet marked; returns whether there were any.
    func markRead() throws -> Bool {
        let now = ISOTime.format(Date())
        let unread = try app.thread(cache, with: person.id).filter { $0[string: "to"] == me && $0.data["read"] == nil }
        for message in unread {
            try cache.enqueue(kind: "message", entity: message.id, action: .update, fields: ["read": .string(now)])
        }
        return !unread.isEmpty
    }
}

extension GorillaApp {
    /// `gorilla chat C`: the live chat view.
    ///
    /// Opens the terminal before any network work; without one it fails like `gorilla train` and writes
    /// nothing on standard output.
    public func chat(with name: String?) async throws -> CommandOutput {
        _ = try session()
        let cache = try cache()
        let person = try correspondent(cache, name)
        let me = try session().profile.id.uuidString.lowercased()
        let device = try TerminalDevice(
            for: "chat", hint: "use gorilla messages show and gorilla messages send without one")
        let app = self
        try await FullScreenTerminal.run(on: device, tick: .milliseconds(500)) { terminal in
            let controller = ChatController(app: app, cache: cache, person: person, me: me, terminal: terminal)
            await controller.reload()
            await controller.draw()
            // Not a child task: leaving must not wait for a request that a stopped server never answers.
            let network = Task { await app.keepChatConnected(controller, cache: cache) }
            defer { network.cancel() }
            for await event in terminal.events {
                switch event {
                case .key(let key):
                    if await controller.handle(key) { return }
                case .resized:
                    await controller.draw(force: true)
                case .tick:
                    await controller.draw()
                }
            }
        }
        return CommandOutput(text: "", json: ["with": .string(person.name)])
    }

    /// Keeps a connection open for the chat until cancelled: subscribes to pushes, syncs after each push and
    /// each sent line, marks shown messages read; reconnects two seconds after a loss.
    func keepChatConnected(_ controller: ChatController, cache: LocalCache) async {
        while !Task.isCancelled {
            await controller.networkStarted()
            do {
                try await withServer(timeout: connectTimeout) { connection in
                    _ = try await connection.request(Operation.subscribe, Empty(), as: SubscribeReply.self)
                    let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
                    await controller.attach(wake)
                    wake.yield()  // the first sync: what was missed while away, and the queued lines
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for await _ in connection.pushes { wake.yield() }
                            wake.finish()
                        }
                        let engine = SyncEngine(cache: cache)
                        for await _ in wakeups {
                            await controller.networkStarted()
                            _ = try await engine.sync(over: connection)
                            if try await controller.markRead() { _ = try await engine.push(over: connection) }
                            await controller.networkFinished("connected")
                        }
                        group.cancelAll()
                    }
                }
                await controller.detach("connection lost — reconnecting…")
            } catch {
                await controller.failed(timedOut: GorillaClient.describe(error) == "timed out")
            }
            try? await Task.sleep(for: .seconds(2))
        }
    }
}
