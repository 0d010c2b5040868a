import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension MessageService {
    /// `gorilla chat C`: the live chat view.
    ///
    /// Opens the terminal before any network work; without one it fails like `gorilla train` and writes
    /// nothing on standard output.
    package func chat(with name: String?) async throws -> ChatClosed {
        let me = try context.session().profile.id
        let cache = try context.cache()
        let person = try correspondent(cache, name)
        let device = try TerminalDevice(for: "chat", hint: MessagePhrases.chatNeedsTerminalHint.t())
        try await FullScreenTerminal.run(on: device, tick: .milliseconds(500)) { terminal in
            let controller = ChatController(
                context: context, cache: cache, person: person, me: me, terminal: terminal)
            await controller.reload()
            await controller.draw()
            // Not a child task: leaving must not wait for a request that a stopped server never answers.
            let network = Task { await self.keepChatConnected(controller, cache: cache) }
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
        return ChatClosed(with: person.name)
    }

    /// Keeps a connection open for the chat until cancelled: subscribes to pushes, syncs after each push and
    /// each sent line (a `resync` push too: pushes were dropped), marks shown messages read; reconnects two seconds
    /// after a loss, unless the session ended (the server closes a revoked session's connection with error 110).
    ///
    /// Each attempt opens a connection of its own rather than the command's held one, so that a lost connection is
    /// never reused.
    func keepChatConnected(_ controller: ChatController, cache: LocalCache) async {
        while !Task.isCancelled {
            await controller.networkStarted()
            do {
                try await context.withServer(timeout: context.connectTimeout, ownConnection: true) { connection in
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
                            _ = try await engine.summarisedSync(over: connection)
                            if try await controller.markRead() { _ = try await engine.push(over: connection) }
                            await controller.networkFinished(MessagePhrases.chatConnected.t())
                        }
                        group.cancelAll()
                    }
                }
                await controller.detach(MessagePhrases.chatConnectionLostReconnecting.t())
            } catch let error as ClientError where error.kind == .notLoggedIn {
                // The session ended (revoked elsewhere, or expired): trying again cannot help. Say so, and stop.
                await controller.detach(error.message)
                return
            } catch {
                // Told in English whatever the language of the texts: the description is compared, not shown.
                let description = Language.$current.withValue(.en) { GorillaClientCore.describe(error) }
                await controller.failed(timedOut: description == "timed out")
            }
            try? await Task.sleep(for: .seconds(2))
        }
    }
}
