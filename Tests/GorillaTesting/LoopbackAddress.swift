import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Calls `body` with 127.0.0.1:`port` as the socket calls take it (a `sockaddr` and its length, which `getsockname`
/// may rewrite); returns what `body` returned and the address's port afterwards.
func withLoopbackAddress<T>(
    port: Int, _ body: (UnsafeMutablePointer<sockaddr>, inout socklen_t) -> T
) -> (result: T, port: Int) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, &length) }
    }
    return (result, Int(UInt16(bigEndian: address.sin_port)))
}
