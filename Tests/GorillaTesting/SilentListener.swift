import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP socket on 127.0.0.1 that listens and never accepts: the kernel completes the connections, nobody
/// answers them — a hung server as a client sees it.
package final class SilentListener: Sendable {
    package let port: Int
    private let descriptor: Int32

    package init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ListenerError(description: "socket: \(String(cString: strerror(errno)))") }
        let (bound, port) = withLoopbackAddress(port: 0) { address, length in
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
