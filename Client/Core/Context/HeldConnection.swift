import Foundation
import GorillaShared

/// A connection opened when first asked for and kept open by a task of its own until ``close()``, so that the steps
/// of one command (a sync, a refresh, a download) share one TLS handshake and one `auth.resume`.
///
/// `ServerConnection` lives inside `withConnection`'s scope; the holding task stays in that scope, parked on a
/// continuation, until the connection is closed or discarded.
actor HeldConnection {
    private enum State {
        case idle
        case opening([CheckedContinuation<ServerConnection, any Error>])
        case open(ServerConnection)
    }

    private var state = State.idle
    private var holder: Task<Void, Never>?
    private var release: CheckedContinuation<Void, Never>?
    private var released = false
    /// Counts openings, so that a closed connection's task never touches the state of a later one.
    private var generation = 0

    /// The held connection, opened through `open` when there is none: `open` calls its argument with the new
    /// connection and must not return before that call does.
    func connection(
        open: @escaping @Sendable (_ ready: @Sendable (ServerConnection) async throws -> Void) async throws -> Void
    ) async throws -> ServerConnection {
        if case .open(let connection) = state, await connection.hasFailed {
            // Closed by the server while the command did other work (a long train view): open a new one.
            await close()
        }
        switch state {
        case .open(let connection):
            return connection
        case .opening(let waiters):
            return try await withCheckedThrowingContinuation { waiter in
                state = .opening(waiters + [waiter])
            }
        case .idle:
            return try await withCheckedThrowingContinuation { waiter in
                state = .opening([waiter])
                released = false
                generation += 1
                let generation = generation
                holder = Task {
                    do {
                        try await open { connection in
                            await self.opened(connection, generation)
                            await self.waitForRelease()
                        }
                        self.failed(ClientError(.unreachable, AccountPhrases.connectionClosed.t()), generation)
                    } catch {
                        self.failed(error, generation)
                    }
                }
            }
        }
    }

    private func opened(_ connection: ServerConnection, _ generation: Int) {
        guard generation == self.generation, case .opening(let waiters) = state else { return }
        state = .open(connection)
        for waiter in waiters { waiter.resume(returning: connection) }
    }

    private func failed(_ error: any Error, _ generation: Int) {
        guard generation == self.generation else { return }
        if case .opening(let waiters) = state {
            for waiter in waiters { waiter.resume(throwing: error) }
        }
        state = .idle
        holder = nil
    }

    private func waitForRelease() async {
        if released { return }
        await withCheckedContinuation { release = $0 }
    }

    /// Forgets `connection` if it is the held one (it failed), and lets it close.
    func discard(_ connection: ServerConnection) async {
        if case .open(let held) = state, held === connection { await close() }
    }

    /// Closes the held connection, if any, and waits until it is closed.
    func close() async {
        guard let holder else { return }
        released = true
        release?.resume()
        release = nil
        self.holder = nil
        if case .open = state { state = .idle }
        await holder.value
    }
}
