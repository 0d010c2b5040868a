import Foundation
import GorillaShared

/// The interactive chat: the thread above, a line editor below; Enter sends; Esc or Ctrl-C leaves.
///
/// New messages arrive as server pushes on the open connection; after a network loss the view reconnects
/// by itself and fetches what it missed through the ordinary sync.
/// - Important: An actor: keys (from the reader thread) and pushes (from the connection) both land here.
actor ChatController {
    private let app: GorillaApp
    private let cache: LocalCache
    private let person: Correspondent
    private let me: String
    private var input: [Character] = []
    private var status = "connecting…"
    private var connection: ServerConnection?
    private let quit: AsyncStream<Void>.Continuation

    init(app: GorillaApp, cache: LocalCache, person: Correspondent, me: String, quit: AsyncStream<Void>.Continuation) {
        self.app = app
        self.cache = cache
        self.person = person
        self.me = me
        self.quit = quit
    }

    func handle(_ key: Key) async {
        switch key {
        case .escape, .interrupt:
            quit.yield()
        case .enter:
            let text = String(input).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return }
            input.removeAll()
            do {
                let id = UUID.v7()
                try cache.enqueue(kind: "message", entity: id, action: .create,
                                  fields: ["to": .string(person.id.uuidString.lowercased()), "text": .string(text)])
                try cache.annotate(id, ["from": .string(me), "queued": .string(ISOTime.format(Date()))])
                if let connection { _ = try await SyncEngine(cache: cache).sync(over: connection) }
            } catch {
                status = "offline — message queued"
            }
            render()
        case .backspace:
            if !input.isEmpty { input.removeLast() }
            render()
        case .character(let character):
            if input.count < 2000 { input.append(character) }
            render()
        default:
            break
        }
    }

    /// Connected: sync, mark read, show.
    func attach(_ connection: ServerConnection) async throws {
        self.connection = connection
        status = "connected"
        try await refresh()
    }

    func detach(_ reason: String) {
        connection = nil
        status = reason
        render()
    }

    /// Pulls what is new (after a push or a reconnect), marks incoming messages read, redraws.
    func refresh() async throws {
        guard let connection else { return }
        let engine = SyncEngine(cache: cache)
        _ = try await engine.sync(over: connection)
        let now = ISOTime.format(Date())
        let unread = try app.thread(cache, with: person.id).filter { $0[string: "to"] == me && $0.data["read"] == nil }
        for message in unread {
            try cache.enqueue(kind: "message", entity: message.id, action: .update, fields: ["read": .string(now)])
        }
        if !unread.isEmpty { _ = try await engine.push(over: connection) }
        render()
    }

    func render() {
        let (rows, columns) = FullScreenTerminal.size
        var screen = "\u{1B}[H\u{1B}[2J"
        let title = " Chat with \(person.name) — Enter sends, Esc leaves — \(status) "
        screen += "\u{1B}[7m" + String(title.prefix(columns)).padding(toLength: min(columns, max(title.count, columns)), withPad: " ", startingAt: 0) + "\u{1B}[0m\r\n"
        let messages = (try? app.thread(cache, with: person.id)) ?? []
        var lines: [String] = []
        for message in messages {
            let line = GorillaApp.messageLine(message, me: me, otherName: person.name)
            for part in line.split(separator: "\n", omittingEmptySubsequences: false) {
                var rest = Substring(part)
                repeat {
                    lines.append(String(rest.prefix(columns)))
                    rest = rest.dropFirst(columns)
                } while !rest.isEmpty
            }
        }
        let room = max(1, rows - 3)
        let shown = lines.suffix(room)
        screen += shown.joined(separator: "\r\n")
        // Pad the thread area to exactly `room` lines, so the editor sits on the last row without scrolling.
        screen += String(repeating: "\r\n", count: shown.isEmpty ? room : room - shown.count + 1)
        screen += String(repeating: "─", count: columns) + "\r\n"
        let typed = String(input)
        screen += "> " + String(typed.suffix(max(1, columns - 3)))
        FullScreenTerminal.write(screen)
    }
}

extension GorillaApp {
    /// `gorilla chat C`: the live chat view.
    public func chat(with name: String?) async throws -> CommandOutput {
        _ = try session()
        let cache = try cache()
        let person = try correspondent(cache, name)
        let me = try session().profile.id.uuidString.lowercased()
        let terminal = try FullScreenTerminal()
        defer { terminal.restore() }
        let (quitStream, quit) = AsyncStream.makeStream(of: Void.self)
        let controller = ChatController(app: self, cache: cache, person: person, me: me, quit: quit)
        await controller.render()
        // One consumer, so keys are handled in the order they were typed.
        let (keys, keyInput) = AsyncStream.makeStream(of: Key.self)
        KeyReader.start { key in keyInput.yield(key) }
        let keyLoop = Task {
            for await key in keys { await controller.handle(key) }
        }
        defer { keyLoop.cancel() }
        let app = self
        let connectionLoop = Task {
            while !Task.isCancelled {
                do {
                    try await app.withServer(timeout: app.connectTimeout) { connection in
                        _ = try await connection.request(Operation.subscribe, Empty(), as: SubscribeReply.self)
                        try await controller.attach(connection)
                        for await _ in connection.pushes {
                            try await controller.refresh()
                        }
                    }
                    await controller.detach("connection lost — reconnecting…")
                } catch {
                    await controller.detach("offline — reconnecting…")
                }
                try? await Task.sleep(for: .seconds(2))
            }
        }
        for await _ in quitStream { break }
        connectionLoop.cancel()
        terminal.restore()
        return CommandOutput(text: "", json: ["with": .string(person.name)])
    }
}
