import Foundation
import GorillaShared

/// A client's own work as `gorilla watch` and the home screen tell it to their coach: a session the client logged
/// (`recordedBy: client`) or a body measurement.
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

    /// The client's work in `row` (a session they logged or a measurement), or nil for any other row: a session the
    /// coach recorded, an unfinished one.
    init?(_ row: CachedEntity, client: String, training: String?) {
        switch row.kind {
        case EntityKind.session.rawValue:
            guard row[string: "recordedBy"] == Role.client.rawValue,
                let start = row[string: "start"].flatMap(ISOTime.parse)
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

    /// The work the clients of `cache` recorded, by id: the sessions they logged and the measurements, named by
    /// `client` (the client's name for its id).
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
