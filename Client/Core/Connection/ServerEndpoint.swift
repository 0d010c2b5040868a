/// Where the server is and which certificate it must present.
package struct ServerEndpoint: Codable, Sendable, Equatable {
    package var host: String
    package var port: Int
    /// The pinned SHA-256 fingerprint; nil only while connecting for the first time.
    package var fingerprint: String?

    package init(host: String, port: Int, fingerprint: String?) {
        self.host = host
        self.port = port
        self.fingerprint = fingerprint
    }

    /// Parses `HOST:PORT` (`[::1]:7443` for IPv6); the port defaults to 7443.
    package static func parse(_ text: String) -> ServerEndpoint? {
        var host = text
        var port = 7443
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":") {
                guard let value = Int(rest.dropFirst()) else { return nil }
                port = value
            } else if !rest.isEmpty {
                return nil
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            guard let value = Int(text[text.index(after: colon)...]) else { return nil }
            port = value
        }
        guard !host.isEmpty, (1...65535).contains(port) else { return nil }
        return ServerEndpoint(host: host, port: port, fingerprint: nil)
    }

    /// Whether the host is an IP literal (no SNI is sent for those).
    var hostIsAddress: Bool {
        host.contains(":") || host.split(separator: ".").count == 4 && host.allSatisfy { $0.isNumber || $0 == "." }
    }
}
