import Foundation

/// What holds a local TCP port, for the message of a restart that found it taken: the sockets on it as `ss -tanp`
/// lists them, and the system's range of ports for outgoing connections.
package enum PortHolders {
    package static func describe(_ port: Int) -> String {
        let range =
            (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).joined(separator: "–") ?? "?"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ss", "-tanp", "sport = :\(port)"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let sockets: String
        do {
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            sockets = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            sockets = "ss failed: \(error)"
        }
        return "port \(port) still taken (outgoing ports \(range)); its sockets:\n\(sockets)"
    }
}
