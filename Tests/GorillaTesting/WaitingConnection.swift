import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to 127.0.0.1 that sends nothing: the kernel completes it whether or not the server has
/// accepted it yet (a frozen server's accept queue fills with them). Closed when released.
package final class WaitingConnection: Sendable {
    private let descriptor: Int32

    package init(port: Int) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else {
            throw SilentListener.ListenerError(description: "socket: \(String(cString: strerror(errno)))")
        }
        let (connected, _) = withLoopbackAddress(port: port) { address, length in
            connect(descriptor, address, length) == 0
        }
        guard connected else {
            close(descriptor)
            throw SilentListener.ListenerError(description: "connect: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
