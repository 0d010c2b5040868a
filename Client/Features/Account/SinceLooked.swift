import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// What reached the account since the home screen (`gorilla` with no arguments) was last shown on this device: for a
/// coach, the sessions and measurements clients recorded themselves (``GorillaShared/RecordedBy``), requests and
/// answers; for everyone, messages. The home screen shows it and moves the mark; the agenda shows it too, and leaves
/// the mark where it is.
///
/// The mark is the sync cursor at the last look, kept in the device's cache (`homeLooked`): whatever the server
/// stored after it is new. The first look on a device (either of them) only sets the mark, so it shows nothing old.
package struct SinceLooked: Sendable, Equatable {
    /// Sessions clients logged themselves.
    package var sessions: [WatchRecord] = []
    /// Measurements that came.
    package var measurements: [WatchRecord] = []
    /// Appointments clients asked for.
    package var requests = 0
    /// Appointments clients confirmed or declined.
    package var answers = 0
    /// Messages to the account.
    package var messages = 0

    package init() {}

    /// Whether nothing came.
    package var isEmpty: Bool { self == SinceLooked() }

    /// The cache's meta key holding the sync cursor at the last look.
    static let markKey = "homeLooked"

    /// What `cache` holds for `account` since the last look, moving the mark to now (the home screen).
    static func take(_ cache: LocalCache, account: Profile) throws -> SinceLooked {
        let cursor = try cache.cursor()
        let mark = try cache.meta(markKey).flatMap { Int64($0) }
        try cache.setMeta(markKey, String(cursor))
        guard let mark else { return SinceLooked() }
        return try read(cache, account: account, after: mark)
    }

    /// What `cache` holds for `account` since the last look, leaving the mark (the agenda); a device that never
    /// looked gets its mark set, as at a first look.
    static func peek(_ cache: LocalCache, account: Profile) throws -> SinceLooked {
        guard let mark = try cache.meta(markKey).flatMap({ Int64($0) }) else {
            try cache.setMeta(markKey, String(try cache.cursor()))
            return SinceLooked()
        }
        return try read(cache, account: account, after: mark)
    }

    /// What the server stored for `account` after the cursor `mark`.
    static func read(_ cache: LocalCache, account: Profile, after mark: Int64) throws -> SinceLooked {
        var since = SinceLooked()
        func typed<Document: EntityDocument>(_ type: Document.Type) throws -> [Stored<Document>] {
            try cache.all(type).filter { $0.version > mark }
        }
        since.messages = try typed(Message.self).filter { $0.to == account.id }.count
        guard account.role.keepsClients else { return since }
        let names = try ClientDirectory(cache: cache).names()
        let trainings = try AppointmentFacts.trainings(in: cache)
        let records = try WatchRecord.read(
            cache, client: { $0.flatMap { names[$0] } ?? CalendarPhrases.aClient.t() }, trainings: trainings)
        let fresh = try (typed(TrainingSession.self).map(\.id) + typed(GorillaShared.Measurement.self).map(\.id))
            .compactMap { records[$0] }
        since.sessions = fresh.filter { $0.kind == .session }.sorted {
            ($0.start ?? .distantPast) < ($1.start ?? .distantPast)
        }
        since.measurements = fresh.filter { $0.kind == .measurement }.sorted { ($0.day ?? "") < ($1.day ?? "") }
        let events = try typed(Event.self)
        since.requests = events.filter { $0.status == .requested }.count
        since.answers = events.filter { $0.answer != nil }.count
        return since
    }

    /// `sinceLooked` in `--json`: the records as `gorilla watch --json` gives them, and the counts.
    package struct JSONForm: Encodable, Sendable {
        let sessions: [WatchNoticeRecord]
        let measurements: [WatchNoticeRecord]
        let requests: Int
        let answers: Int
        let messages: Int
    }

    package var jsonForm: JSONForm {
        func notices(_ list: [WatchRecord]) -> [WatchNoticeRecord] {
            list.map { WatchNoticeRecord(WatchNotice(at: Date(), .recorded($0))) }
        }
        return JSONForm(
            sessions: notices(sessions), measurements: notices(measurements), requests: requests, answers: answers,
            messages: messages)
    }
}
