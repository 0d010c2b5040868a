import NIOConcurrencyHelpers

/// The address of the web door, set once when it listens and read by every `hello`.
///
/// The server writes `server.json` (which clients and tests wait for) only after the web door listens, so a client
/// that found the server that way always reads it set.
final class WebDoorAddress: Sendable {
    private let box = NIOLockedValueBox<String?>(nil)

    /// The address people open in a browser; nil while there is no web door.
    var url: String? { box.withLockedValue { $0 } }

    /// Sets the address, once the web door listens.
    func publish(_ url: String) { box.withLockedValue { $0 = url } }
}
