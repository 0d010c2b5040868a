import Foundation
import GorillaShared

/// A client's own work as `gorilla watch`, the home screen and the agenda tell it to their coach: a session or a body
/// measurement the client recorded themselves (``GorillaShared/RecordedBy``).
public struct WatchRecord: Sendable, Equatable {
    /// What was recorded.
    public enum Kind: String, Sendable {
        case session, measurement
    }

    public var id: UUID
    public var kind: Kind
    /// The client's name.
    public var client: String
    /// A session's start.
    public var start: Date?
    /// A measurement's day as written (`YYYY-MM-DD`).
    public var day: String?
    /// A session's length in minutes.
    public var minutes: Int?
    /// The name of the training a session followed.
    public var training: String?
    /// A measurement's figures.
    public var figures: [BodyMeasure: Double]
    /// Whether the server holds it (a row only this device has was recorded here, not by the client).
    public var fromServer: Bool

    public init(
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

    /// The client's work in `row` (a session or a measurement they recorded), or nil for any other row: what a coach
    /// recorded (on any of their devices), an unfinished session.
    init?(_ row: CachedEntity, client: String, training: String?) {
        guard RecordedBy.isClientsOwn(row.data) else { return nil }
        switch row.kind {
        case EntityKind.session.rawValue:
            guard let start = row[string: "start"].flatMap(ISOTime.parse)
            else { return nil }
            let end = row[string: "end"].flatMap(ISOTime.parse)
            self.init(
                id: row.id, kind: .session, client: client, start: start,
                minutes: end.map { max(0, Int(($0.timeIntervalSince(start) / 60).rounded())) }, training: training,
                fromServer: row.version > 0)
        case EntityKind.measurement.rawValue:
            var figures: [BodyMeasure: Double] = [:]
            for measure in BodyMeasure.allCases {
                if let value = row.data[measure.rawValue]?.doubleValue { figures[measure] = value }
            }
            self.init(
                id: row.id, kind: .measurement, client: client, day: row[string: "date"], figures: figures,
                fromServer: row.version > 0)
        default:
            return nil
        }
    }

    /// The work the clients of `cache` recorded themselves, by id: their sessions and measurements, named by `client`
    /// (the client's name for its id).
    static func read(
        _ cache: LocalCache, client: (String?) -> String, trainings: [String: String]
    ) throws -> [UUID: WatchRecord] {
        var records: [UUID: WatchRecord] = [:]
        for row in try cache.entities(.session) + cache.entities(.measurement) {
            let training = row[string: "training"].flatMap { trainings[$0.lowercased()] }
            records[row.id] = WatchRecord(row, client: client(row[string: "client"]), training: training)
        }
        return records
    }
}
