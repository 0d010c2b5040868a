import Foundation

/// Restarts of test servers on their port, and what holds the port when it stays taken.
package enum PortHolders {
    /// Runs `start` (a server's start on `port`) again while it fails because the port is taken (`taken` tells such a
    /// failure), for 65 s: longer than a closed connection's TIME_WAIT (60 s), during which an outgoing connection of
    /// another test that took the port as its own still holds it. A port still taken then fails with what holds it.
    package static func restarting<T>(
        on port: Int, whileTaken taken: (any Error) -> Bool, _ start: () async throws -> T
    ) async throws -> T {
        let giveUp = ContinuousClock.now + .seconds(65)
        while true {
            do {
                return try await start()
            } catch  where taken(error) {
                guard ContinuousClock.now < giveUp else {
                    throw ServerDidNotStart(description: "\(error)\n" + describe(port), addressInUse: true)
                }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// What holds a local TCP port, for the message of a restart that found it taken: the sockets on it as `ss -tanp`
    /// lists them, and the system's range of ports for outgoing connections.
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
