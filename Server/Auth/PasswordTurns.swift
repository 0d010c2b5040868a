import Foundation

/// Whose turn it is at the password threads (``PasswordWork``): admitted requests per address, and the waiting ones
/// served address by address in turn.
struct PasswordTurns {
    /// What became of a request asking for a thread.
    enum Admission: Equatable {
        /// A thread is free: it runs now.
        case running
        /// It waits for its turn (``wait(_:_:)``).
        case queued
        /// Too many are under way, in all or from its address.
        case refused
    }

    let threads: Int
    /// Requests that may be running or waiting at once, in all.
    let capacity: Int
    /// Requests one address may have running or waiting at once: a quarter of the capacity, at least two.
    let perAddress: Int
    private var running = 0
    private var admitted: [String: Int] = [:]
    /// The waiting requests of each address, oldest first, and the addresses in the order they are served.
    private var waiting: [String: [(ticket: UUID, resume: CheckedContinuation<Void, Never>?)]] = [:]
    private var rotation: [String] = []
    /// The address the last freed thread went to.
    private(set) var lastServed: String?

    init(threads: Int, queueLength: Int) {
        self.threads = threads
        capacity = threads + queueLength
        perAddress = max(2, capacity / 4)
    }

    /// Admits a request from `address`: it runs at once, waits its turn, or is refused.
    mutating func admit(_ address: String, ticket: UUID) -> Admission {
        let total = admitted.values.reduce(0, +)
        let fromAddress = admitted[address] ?? 0
        guard total < capacity, fromAddress < perAddress else { return .refused }
        admitted[address] = fromAddress + 1
        if running < threads && rotation.isEmpty {
            running += 1
            return .running
        }
        if waiting[address] == nil { rotation.append(address) }
        waiting[address, default: []].append((ticket, nil))
        return .queued
    }

    /// Leaves `resume` for the queued request `ticket`; true when its turn came meanwhile (resume it at once).
    mutating func wait(_ ticket: UUID, _ resume: CheckedContinuation<Void, Never>) -> Bool {
        for (address, queue) in waiting {
            if let index = queue.firstIndex(where: { $0.ticket == ticket }) {
                waiting[address]?[index].resume = resume
                return false
            }
        }
        return true  // already handed a thread by ``finish(_:)``
    }

    /// A request of `address` is done: the next address in turn gets the thread; returns whom to resume.
    mutating func finish(_ address: String) -> CheckedContinuation<Void, Never>? {
        let left = (admitted[address] ?? 1) - 1
        admitted[address] = left > 0 ? left : nil
        running -= 1
        guard !rotation.isEmpty else { return nil }
        let next = rotation.removeFirst()
        var queue = waiting[next] ?? []
        let first = queue.removeFirst()
        if queue.isEmpty {
            waiting[next] = nil
        } else {
            waiting[next] = queue
            rotation.append(next)
        }
        running += 1
        lastServed = next
        return first.resume
    }
}
