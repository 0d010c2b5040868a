import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP socket on 127.0.0.1 that listens and never accepts: the kernel completes the connections, nobody
/// answers them — a hung server as a client sees it.
package final class SilentListener: Sendable {
    package let port: Int
    private let descriptor: Int32

    /// Listens on `port`, by default one the system picks. With `SO_REUSEADDR`, as the servers bind: on a given port it
    /// takes the place of a server that went down, beside its ``PortReservation``.
    package init(port: Int = 0) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ListenerError(description: "socket: \(String(cString: strerror(errno)))") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        let (bound, port) = withLoopbackAddress(port: port) { address, length in
            bind(descriptor, address, length) == 0 && listen(descriptor, 64) == 0
                && getsockname(descriptor, address, &length) == 0
        }
        guard bound else {
            close(descriptor)
            throw ListenerError(description: "bind/listen: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        self.port = port
    }

    deinit {
        close(descriptor)
    }

    package struct ListenerError: Error, CustomStringConvertible {
        package let description: String
    }
}
