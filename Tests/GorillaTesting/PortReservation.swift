import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A port held for a server that is stopped and will start again on it: a socket bound to 127.0.0.1 and that port with
/// `SO_REUSEADDR`, never listening.
///
/// While a port is bound, the kernel gives it to no outgoing connection as its local port, and a connection that took
/// the port while the server was down would hold it for a minute of `TIME_WAIT` after it closed. The server binds with
/// `SO_REUSEADDR` too, so it starts beside the reservation (neither is a listener yet); the reservation is released
/// once the server listens.
package final class PortReservation: Sendable {
    private let descriptor: Int32

    /// Binds `port`, or nil when it is taken already (the server's restart then retries as before).
    package init?(port: Int) {
        guard port > 0 else { return nil }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        let (bound, _) = withLoopbackAddress(port: port) { address, length in bind(descriptor, address, length) == 0 }
        guard bound else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
