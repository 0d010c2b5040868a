import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads keys from a terminal as they are typed, without a thread of its own: a dispatch read source
/// wakes it when bytes arrive, a ``KeyDecoder`` turns them into keys, and `deliver` gets each key.
///
/// - Important: The decoder and the Escape timer live on the reader's serial queue; nothing else
///   touches them.
final class TerminalKeyReader: @unchecked Sendable {
    private let queue: DispatchQueue
    private let source: any DispatchSourceRead
    private let descriptor: Int32
    private let escapeDelay: DispatchTimeInterval
    private let deliver: @Sendable (Key) -> Void
    // Confined to `queue`.
    private var decoder = KeyDecoder()
    private var reads = 0

    /// Starts reading `descriptor`.
    /// - Parameters:
    ///   - escapeDelay: How long a lone Escape waits for the rest of a sequence before it counts as the key.
    ///   - deliver: Gets every key, in order.
    ///   - end: Called once when reading stops: the terminal is gone (end of file, a read error) or ``cancel()``.
    init(
        descriptor: Int32, escapeDelay: DispatchTimeInterval = .milliseconds(100),
        deliver: @escaping @Sendable (Key) -> Void, end: @escaping @Sendable () -> Void
    ) {
        self.descriptor = descriptor
        self.escapeDelay = escapeDelay
        self.deliver = deliver
        let queue = DispatchQueue(label: "gorilla.terminal.keys")
        self.queue = queue
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.readAvailable() }
        source.setCancelHandler { end() }
        source.resume()
    }

    /// Stops reading; `end` is called once the source is torn down.
    func cancel() { source.cancel() }

    deinit { source.cancel() }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        guard count > 0 else {
            source.cancel()
            return
        }
        reads += 1
        for key in decoder.decode(buffer[..<count]) { deliver(key) }
        guard decoder.hasPendingBytes else { return }
        // Half a key: if nothing follows soon, a lone Escape is the key and any other half is dropped.
        let read = reads
        queue.asyncAfter(deadline: .now() + escapeDelay) { [weak self] in
            guard let self, self.reads == read else { return }
            for key in self.decoder.flush() { self.deliver(key) }
        }
    }
}
