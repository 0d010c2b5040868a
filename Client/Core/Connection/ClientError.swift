import GorillaShared

/// A failure the CLI reports as one line (and as JSON with `--json`), with its exit status.
package struct ClientError: Error, Sendable, CustomStringConvertible {
    package struct Kind: Hashable, Sendable {
        fileprivate enum Value {
            case unreachable, certificateChanged, server, notConnected, notLoggedIn, usage, local, notFound, ambiguous,
                protocolError, cancelled
        }
        fileprivate let value: Value
        /// The server could not be reached (network down, server stopped, timeout).
        package static let unreachable = Kind(value: .unreachable)
        /// The server presented a certificate other than the pinned one.
        package static let certificateChanged = Kind(value: .certificateChanged)
        /// The server answered with an error.
        package static let server = Kind(value: .server)
        /// No server configured yet (`gorilla connect`).
        package static let notConnected = Kind(value: .notConnected)
        /// No session on this device (`gorilla login`).
        package static let notLoggedIn = Kind(value: .notLoggedIn)
        /// Bad arguments.
        package static let usage = Kind(value: .usage)
        /// A local failure: files, cache.
        package static let local = Kind(value: .local)
        /// A named item does not exist.
        package static let notFound = Kind(value: .notFound)
        /// A name matches several items.
        package static let ambiguous = Kind(value: .ambiguous)
        /// The server said something this client cannot read.
        package static let protocolError = Kind(value: .protocolError)
        /// The person answered no when asked to confirm (``Confirmation``): nothing was changed.
        package static let cancelled = Kind(value: .cancelled)
    }

    package let kind: Kind
    package let message: String
    /// The server's error, for `.server`.
    package let wire: WireError?
    /// Whether the refusal was decided from this device's local copy (a name it does not know, a client it thinks
    /// has not registered), so that a fresher copy from the server may change the answer.
    package var fromLocalCopy = false
    /// Whether the server sent nothing within a deadline (``ConnectionDeadlines``), as opposed to refusing or
    /// dropping the connection: the device then stops waiting for it for a while (``SilentServerMark``).
    package var serverWasSilent = false

    package init(_ kind: Kind, _ message: String, wire: WireError? = nil) {
        self.kind = kind
        self.message = message
        self.wire = wire
    }

    package static func server(_ error: WireError) -> ClientError {
        ClientError(.server, error.message, wire: error)
    }

    package var description: String { message }

    /// This error, marked as decided from the local copy (see ``fromLocalCopy``).
    package func decidedLocally() -> ClientError {
        var error = self
        error.fromLocalCopy = true
        return error
    }

    /// This error with `note` added to its message.
    package func noting(_ note: String) -> ClientError {
        var error = ClientError(kind, "\(message) (\(note))", wire: wire)
        error.fromLocalCopy = fromLocalCopy
        error.serverWasSilent = serverWasSilent
        return error
    }

    /// Whether retrying later may succeed (the network or the server was away).
    package var isTransient: Bool {
        kind == .unreachable
            || (kind == .server
                && (wire?.code == .unavailable || wire?.code == .rateLimited || wire?.code == .internalError))
    }

    /// The process exit status for this error.
    package var exitCode: Int32 {
        switch kind.value {
        case .usage: 64
        case .unreachable: 69
        case .certificateChanged: 76
        case .notConnected, .notLoggedIn: 77
        case .notFound, .ambiguous: 66
        case .local: 73
        case .protocolError: 76
        case .server, .cancelled: 1
        }
    }

    /// A stable name for JSON output.
    package var kindName: String {
        switch kind.value {
        case .unreachable: "unreachable"
        case .certificateChanged: "certificateChanged"
        case .server: "server"
        case .notConnected: "notConnected"
        case .notLoggedIn: "notLoggedIn"
        case .usage: "usage"
        case .local: "local"
        case .notFound: "notFound"
        case .ambiguous: "ambiguous"
        case .protocolError: "protocol"
        case .cancelled: "cancelled"
        }
    }
}
