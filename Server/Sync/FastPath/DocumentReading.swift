import Foundation

/// The documents of a push, read by helper tasks while its write transaction runs.
///
/// Reading a session's document (``PushedMutation/canonicalDocument()``) needs no rows, and is most of a push's
/// work: helpers read ahead on the other cores while the transaction checks references and writes rows. The
/// transaction takes each document when it reaches it (``document(at:)``), reading it itself when no helper has
/// started on it; while a helper is in the middle of it, the transaction reads ahead itself rather than wait.
final class DocumentReading: @unchecked Sendable {
    private let mutations: [PushedMutation]
    private let condition = NSCondition()
    /// Each mutation's document once read (`.some(nil)`: none to read, or left to the kind's `validate`).
    private var documents: [CanonicalDocument??]
    /// Whether someone started reading each document (or there is none to read).
    private var taken: [Bool]
    /// Where helpers look for the next document nobody took.
    private var cursor = 0
    /// How many mutations have a document to read.
    let readable: Int

    /// Helpers ``start()`` will run.
    private let helpers: Int
    private var started = false

    /// Up to `helpers` helper tasks will read (fewer for a small push: one per ``documentsPerHelper``).
    init(_ mutations: [PushedMutation], helpers: Int = DocumentReading.helpers) {
        self.mutations = mutations
        let readers = mutations.map { $0.documentReader != nil }
        documents = readers.map { $0 ? nil : .some(nil) }
        taken = readers.map { !$0 }
        readable = readers.count { $0 }
        self.helpers = min(helpers, readable / Self.documentsPerHelper)
    }

    /// Starts the helpers, once the transaction runs: started earlier, they would keep the processors busy while the
    /// transaction's thread waits to be scheduled.
    func start() {
        condition.lock()
        defer { condition.unlock() }
        guard !started else { return }
        started = true
        for _ in 0..<helpers {
            Task { self.readUntilAllTaken() }
        }
    }

    /// Fewest documents worth a helper.
    static let documentsPerHelper = 8

    /// Helpers for a push: one per processor beside the one the transaction runs on (read once: on Linux each
    /// reading consults the cgroup's files).
    static let helpers = max(ProcessInfo.processInfo.activeProcessorCount - 1, 1)

    /// The document of mutation `index` (see ``PushedMutation/canonicalDocument()``). While a helper is still reading
    /// it, the caller reads the next document nobody took instead of waiting, so that both read.
    func document(at index: Int) -> CanonicalDocument? {
        condition.lock()
        while documents[index] == nil && taken[index] {
            if let ahead = taken[(index + 1)...].firstIndex(of: false) {
                taken[ahead] = true
                condition.unlock()
                publish(ahead, mutations[ahead].canonicalDocument())
                condition.lock()
            } else {
                condition.wait()  // a helper is reading it, and every later one is taken
            }
        }
        if let done = documents[index] {
            condition.unlock()
            return done
        }
        taken[index] = true
        condition.unlock()
        return publish(index, mutations[index].canonicalDocument())
    }

    private func readUntilAllTaken() {
        while let index = takeNext() {
            publish(index, mutations[index].canonicalDocument())
        }
    }

    /// Stops the helpers after the document each is reading (the push ended, or failed).
    func finish() {
        condition.lock()
        cursor = taken.count
        condition.unlock()
    }

    private func takeNext() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while cursor < taken.count && taken[cursor] { cursor += 1 }
        guard cursor < taken.count else { return nil }
        taken[cursor] = true
        return cursor
    }

    @discardableResult
    private func publish(_ index: Int, _ document: CanonicalDocument?) -> CanonicalDocument? {
        condition.lock()
        documents[index] = .some(document)
        condition.broadcast()
        condition.unlock()
        return document
    }
}
