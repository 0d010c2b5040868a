import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// A client's own work as `gorilla watch`, the home screen and the agenda tell it to their coach: a session or a body
/// measurement the client recorded themselves (``GorillaShared/RecordedBy``).
package struct WatchRecord: Sendable, Equatable {
    /// What was recorded.
    package enum Kind: String, Sendable {
        case session, measurement
    }

    package var id: UUID
    package var kind: Kind
    /// The client's name.
    package var client: String
    /// A session's start.
    package var start: Date?
    /// A measurement's day as written (`YYYY-MM-DD`).
    package var day: String?
    /// A session's length in minutes.
    package var minutes: Int?
    /// The name of the training a session followed.
    package var training: String?
    /// A measurement's figures.
    package var figures: [BodyMeasure: Double]
    /// Whether the server holds it (a row only this device has was recorded here, not by the client).
    package var fromServer: Bool

    package init(
        id: UUID, kind: Kind, client: String, start: Date? = nil, day: String? = nil, minutes: Int? = nil,
        training: String? = nil, figures: [BodyMeasure: Double] = [:], fromServer: Bool = true
    ) {
        self.id = id
        self.kind = kind
        self.client = client
        self.start = start
        self.day = day
        self.minutes = minutes
        self.training = training
        self.figures = figures
        self.fromServer = fromServer
    }

    /// The session `row` when the client recorded it themselves; nil for one a coach recorded (on any of their
    /// devices).
    init?(_ row: Stored<TrainingSession>, client: String, training: String?) {
        guard row.recordedBy == .client else { return nil }
        let start = row.start
        self.init(
            id: row.id, kind: .session, client: client, start: start,
            minutes: row.end.map { max(0, Int(($0.timeIntervalSince(start) / 60).rounded())) }, training: training,
            fromServer: row.version > 0)
    }

    /// The measurement `row` when the client recorded it themselves; nil for one a coach recorded.
    init?(_ row: Stored<GorillaShared.Measurement>, client: String) {
        guard row.recordedBy == .client else { return nil }
        self.init(
            id: row.id, kind: .measurement, client: client, day: row.date.description, figures: row.values,
            fromServer: row.version > 0)
    }

    /// The work the clients of `cache` recorded themselves, by id: their sessions and measurements, named by `client`
    /// (the client's name for its id).
    static func read(
        _ cache: LocalCache, client: (UUID?) -> String, trainings: [UUID: String]
    ) throws -> [UUID: WatchRecord] {
        var records: [UUID: WatchRecord] = [:]
        for row in try cache.all(TrainingSession.self) {
            records[row.id] = WatchRecord(
                row, client: client(row.client), training: row.training.flatMap { trainings[$0] })
        }
        for row in try cache.all(GorillaShared.Measurement.self) {
            records[row.id] = WatchRecord(row, client: client(row.client))
        }
        return records
    }
}
