import Foundation
import GorillaClientCore
import GorillaShared

/// What `gorilla clients share|unshare` did: the server's reply, and what was asked.
package struct ClientShareResult: Sendable {
    /// The server's reply: the client's name, the colleagues the client is shared with now, the shares ended.
    package let reply: GymShares
    /// The colleague asked for (nil: every colleague, `unshare` without `--with`).
    package let colleague: String?
    /// The last day of the share (`share --until`).
    package let until: CalendarDate?
    /// Whether the shares were ended (`unshare`).
    package let ended: Bool

    /// What `--json` prints: `client`, `with`, `ended`.
    package var jsonForm: GymShares { reply }
}

extension ClientService {
    /// `gorilla clients share C --with USER [--until DATE]`: shares the client with a colleague of the gym (`gym.share`;
    /// the server checks both coaches are its members), until the end of `until` on this device's calendar, or until
    /// ended.
    /// - Throws: ``ClientError`` `.usage` for an `until` that is not a day or has passed.
    package func share(_ name: String, with colleague: String, until: String?, now: Date = Date()) async throws
        -> ClientShareResult
    {
        try context.require(.update, .client, SharePhrases.shareClients.t())
        let end = try until.map { try Self.shareEnd($0, now: now) }
        let client = try ClientDirectory(cache: try context.cache()).client(name, for: .reading)
        let reply = try await context.withServer { connection in
            try await connection.request(
                .gymShare, GymShareBody(client: client.id, with: colleague, until: end?.end), as: GymShares.self)
        }
        return ClientShareResult(reply: reply, colleague: colleague, until: end?.day, ended: false)
    }

    /// `gorilla clients unshare C [--with USER]`: ends the client's shares with `colleague`, or with every colleague
    /// (`gym.unshare`).
    package func unshare(_ name: String, with colleague: String?) async throws -> ClientShareResult {
        try context.require(.update, .client, SharePhrases.shareClients.t())
        let client = try ClientDirectory(cache: try context.cache()).client(name, for: .reading)
        let reply = try await context.withServer { connection in
            try await connection.request(
                .gymUnshare, GymUnshareBody(client: client.id, with: colleague), as: GymShares.self)
        }
        return ClientShareResult(reply: reply, colleague: colleague, until: nil, ended: true)
    }

    /// The day `text` names and the instant a share until it ends: the start of the next day on this device's
    /// calendar.
    /// - Throws: ``ClientError`` `.usage` when `text` is not a day, or that instant is not after `now`.
    static func shareEnd(_ text: String, now: Date) throws -> (day: CalendarDate, end: Date) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let day = CalendarDate(trimmed), let start = EventFormatting.parseDay(trimmed),
            let end = Calendars.gregorian(in: .current).date(byAdding: .day, value: 1, to: start)
        else { throw ClientError(.usage, SharePhrases.untilNotADay.t(["text": text])) }
        guard end > now else { throw ClientError(.usage, SharePhrases.untilPassed.t(["day": day.description])) }
        return (day, end)
    }
}
