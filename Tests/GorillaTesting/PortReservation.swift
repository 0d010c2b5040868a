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
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
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
