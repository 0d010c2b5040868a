import NIOConcurrencyHelpers

/// A flag one task waits on and any thread raises; a raise while nobody waits is kept for the next wait.
///
/// - Important: One waiter at a time; the state is behind a lock.
final class LiveWakeup: Sendable {
    private struct State {
        var raised = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = NIOLockedValueBox(State())

    /// Raises the flag, waking the waiter if there is one.
    func raise() {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.raised = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns once the flag is raised (and lowers it), after `limit` at the latest, or when the task is cancelled.
    func wait(atMost limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.wait() }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    private func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let ready = state.withLockedValue { state -> Bool in
                    if state.raised || Task.isCancelled {
                        state.raised = false
                        return true
                    }
                    state.waiter = waiter
                    return false
                }
                if ready { waiter.resume() }
            }
        } onCancel: {
            state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }
    }
}
