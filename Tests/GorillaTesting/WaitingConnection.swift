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
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
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
