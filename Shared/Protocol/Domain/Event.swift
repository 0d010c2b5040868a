import Foundation

/// Where an appointment stands.
public enum EventStatus: String, Codable, Sendable, CaseIterable {
    case scheduled, cancelled, done
}

/// A training appointment between a coach and one client.
public struct Event: EntityDocument {
    public static let kind = EntityKind.event
    /// Minutes an appointment may last.
    public static let durationRange: ClosedRange<Double> = 1...1440
    /// Minutes of an appointment that does not say.
    public static let defaultDuration = 60
    /// Longest gym name.
    public static let maxGymLength = 100

    public var client: UUID
    public var start: Date
    /// The time zone the start was given in (its wall-clock time is kept).
    public var zone: String
    /// Minutes.
    public var duration: Int
    public var gym: String?
    public var note: String?
    public var status: EventStatus

    public init(
        client: UUID, start: Date, zone: String = "UTC", duration: Int = Event.defaultDuration,
        gym: String? = nil, note: String? = nil, status: EventStatus = .scheduled
    ) {
        self.client = client
        self.start = start
        self.zone = zone
        self.duration = duration
        self.gym = gym
        self.note = note
        self.status = status
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case client, start, zone, duration, gym, note, status
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        client = try container.decode(UUID.self, forKey: .client)
        start = try container.decode(Date.self, forKey: .start)
        zone = try container.decodeIfPresent(String.self, forKey: .zone) ?? "UTC"
        duration = try container.decodeIfPresent(Int.self, forKey: .duration) ?? Self.defaultDuration
        gym = try container.decodeIfPresent(String.self, forKey: .gym)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        status = try container.decodeIfPresent(EventStatus.self, forKey: .status) ?? .scheduled
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeID(client, forKey: .client)
        try container.encode(start, forKey: .start)
        try container.encode(zone, forKey: .zone)
        try container.encode(duration, forKey: .duration)
        try container.encodeIfPresent(gym, forKey: .gym)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(status, forKey: .status)
    }

    /// When the appointment ends.
    public var end: Date { start.addingTimeInterval(Double(duration) * 60) }
}

extension KeyedEncodingContainer {
    /// Writes an id as stored documents hold it: lower case (``Foundation/UUID/key``).
    public mutating func encodeID(_ id: UUID?, forKey key: Key) throws {
        try encodeIfPresent(id?.key, forKey: key)
    }
}
