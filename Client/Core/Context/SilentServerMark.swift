import Foundation
import GorillaShared
import GorillaTransport

/// The device's memory that its server did not answer: kept for ``lifetime`` in the state folder
/// (`server-silent.json` beside the cache), so that a row of commands against a frozen server costs one wait.
///
/// While it holds, commands that can answer from the local copy do so at once and say why; those that only the
/// server can answer fail at once (status 69). `gorilla sync`, `login` and the live views still try, and any
/// connection that gets its answers clears it.
struct SilentServerMark: Codable, Sendable, Equatable {
    /// The server that did not answer, as `host:port`.
    var address: String
    /// When it failed to answer.
    package var at: Date

    /// How long the mark holds: 60 s.
    static let lifetime: TimeInterval = 60

    /// Seconds since the mark was made at `now`, when it still holds; nil when it is older than ``lifetime`` (or
    /// from the future: the clock was set back).
    func age(at now: Date) -> TimeInterval? {
        let age = now.timeIntervalSince(at)
        return (0..<Self.lifetime).contains(age) ? age : nil
    }

    /// The mark's file in `home`.
    static func url(in home: ClientHome) -> URL {
        home.dataDirectory.appendingPathComponent("server-silent.json")
    }

    /// The mark saved in `home` for `address` that still holds at `now`, or nil.
    static func load(from home: ClientHome, address: String, now: Date = Date()) -> SilentServerMark? {
        guard let data = try? Data(contentsOf: url(in: home)),
            let mark = try? WireCoding.decoder.decode(SilentServerMark.self, from: data),
            mark.address == address, mark.age(at: now) != nil
        else { return nil }
        return mark
    }

    /// Saves the mark in `home` (a failure to save only costs the next command its wait).
    func save(in home: ClientHome) {
        guard let data = try? WireCoding.encoder.encode(self) else { return }
        try? SecureFiles.write(data, to: Self.url(in: home))
    }

    /// Removes any mark from `home`.
    static func clear(in home: ClientHome) {
        try? FileManager.default.removeItem(at: url(in: home))
    }

    /// The reason a command did not try the server, as a `.unreachable` error: `the server at … did not answer 4 s
    /// ago; it is tried again in 56 s (gorilla sync tries now)`.
    func error(at now: Date = Date()) -> ClientError {
        let age = max(0, now.timeIntervalSince(at))
        let left = max(1, Self.lifetime - age)
        var error = ClientError(
            .unreachable,
            DevicePhrases.serverSilentRecently.t([
                "address": address, "ago": Int(age.rounded(.down)), "left": Int(left.rounded(.up)),
            ]))
        error.serverWasSilent = true
        return error
    }
}
