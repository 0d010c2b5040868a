/// Where a plain listener binds: `HOST:PORT`, `[IPv6]:PORT`, or `PORT` alone for the loopback address.
package struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    package var host: String
    /// The TCP port; 0 lets the system choose.
    package var port: Int

    package init(host: String = "127.0.0.1", port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `text` (`127.0.0.1:9464`, `[::1]:9464`, `0.0.0.0:9464`, `9464`); nil unless the port is 0–65535.
    package init?(parsing text: String) {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty, !host.contains(":") || text.hasPrefix("[") else { return nil }
        }
        guard let port = Int(portText), (0...65535).contains(port) else { return nil }
        self.init(host: host, port: port)
    }

    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
