import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The interactive chat: the thread above, a line editor below; Enter sends; Esc or Ctrl-C leaves.
///
/// A thin shell over ``ChatState``. Keys and redraws only touch the local cache; the network lives in a
/// task of its own (``MessageService/keepChatConnected(_:cache:)``) that tells the controller when a step
/// begins and ends, so a server that accepts but never answers never freezes the view.
/// - Important: An actor: keys (from the view's event loop) and news from the network task both land here.
actor ChatController {
    private let context: DeviceContext
    private let cache: LocalCache
    private let person: Correspondent
    private let me: UUID
    private let terminal: FullScreenTerminal
    private var state = ChatState()
    private var thread: [String] = []
    private var shown = ""
    /// Wakes the network task's sync loop while a connection is open.
    private var wake: AsyncStream<Void>.Continuation?

    init(
        context: DeviceContext, cache: LocalCache, person: Correspondent, me: UUID, terminal: FullScreenTerminal
    ) {
        self.context = context
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
                try cache.create(DeviceMessage(to: person.id, text: text), id: id)
                try MessageService.noteQueued(id, from: me, in: cache)
                wake?.yield()  // not connected: the next connection's first sync sends it
            } catch {
                state.networkFinished(MessagePhrases.chatMessageNotKept.t(["error": "\(error)"]))
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
        let messages = (try? MessageService(context).messages(cache, with: person.id)) ?? []
        thread = messages.map { MessageThread.line($0, me: me, otherName: person.name) }
    }

    /// Draws the screen if it changed (or always, after a resize).
    func draw(force: Bool = false) {
        let (rows, columns) = terminal.size
        state.limitScroll(ChatScreen.wrapped(thread, columns: columns).count - max(1, rows - 3))
        let frame = ChatScreen.render(
            with: person.name, status: state.status(at: Date()), thread: thread, input: state.input,
            rows: rows, columns: columns, style: terminal.style, scrolledBack: state.scrolledBack)
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
        let service = MessageService(context)
        return try service.markRead(service.messages(cache, with: person.id).filter { $0.value.isUnread(by: me) }, in: cache)
    }
}
