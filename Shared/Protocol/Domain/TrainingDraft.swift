import Foundation

/// An unfinished training session kept on the server, so that `gorilla train --resume` continues it on another device
/// of the account that records it.
///
/// Only that account sees it (not the coach of a client who records, nor the client a coach records). One device holds
/// it at a time: `device` names it, and a write from a device that had not seen the latest hand-over is refused.
package struct TrainingDraft: EntityDocument {
    package static let kind = EntityKind.draft
    /// Largest recording state, as JSON.
    package static let maxStateBytes = 256 * 1024
    /// Deepest nesting of the recording state (a recorder nests about 7 levels).
    package static let maxStateDepth = 16
    /// Longest device name.
    package static let maxDeviceNameLength = 100

    /// The device that holds the draft: a random id kept on the device, and a name a person recognises.
    package struct Device: Codable, Sendable, Equatable {
        @WireID package var id: UUID
        package var name: String

        package init(id: UUID, name: String) {
            self.id = id
            self.name = name
        }

        package enum CodingKeys: String, CodingKey, CaseIterable {
            case id, name
        }

        /// Its id (``DocumentForms``).
        package static let forms = DocumentForms([CodingKeys.id: .id])
    }

    /// The client who trains (the row's scope).
    @WireID package var client: UUID
    /// The id the session will have once saved (the recording's id).
    @WireID package var session: UUID
    /// The recording as the device keeps it: opaque to the server, bounded (``stateProblem(_:)``).
    package var state: JSONValue
    /// The device that holds it now.
    package var device: Device
    /// When the holding device last wrote it.
    package var updated: Date

    package init(client: UUID, session: UUID, state: JSONValue, device: Device, updated: Date) {
        self.client = client
        self.session = session
        self.state = state
        self.device = device
        self.updated = updated
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case client, session, state, device, updated
    }

    package static let forms = DocumentForms([CodingKeys.client: .id, .session: .id, .device: .object(Device.forms)])

    /// The id of the draft of the session `session`: the same on every device, and never the session's own id
    /// (its version nibble becomes 8 and its last byte is inverted).
    package static func id(forSession session: UUID) -> UUID {
        var bytes = session.uuid
        bytes.6 = (bytes.6 & 0x0F) | 0x80
        bytes.15 = ~bytes.15
        return UUID(uuid: bytes)
    }

    /// Why a value cannot be a draft's state.
    package enum StateProblem: Sendable, Equatable, CustomStringConvertible {
        case notAnObject
        case tooDeep
        /// Over ``TrainingDraft/maxStateBytes`` as JSON (its size in bytes).
        case tooLarge(Int)

        package var description: String {
            switch self {
            case .notAnObject: "state must be an object"
            case .tooDeep: "state nests deeper than \(TrainingDraft.maxStateDepth) levels"
            case .tooLarge(let size):
                "state is \(size / 1024) KB; at most \(TrainingDraft.maxStateBytes / 1024) KB"
            }
        }
    }

    /// Why `state` cannot be a draft's state (not an object, nested deeper than ``maxStateDepth``, over
    /// ``maxStateBytes`` as JSON); nil when it can.
    package static func stateProblem(_ state: JSONValue) -> StateProblem? {
        guard state.objectValue != nil else { return .notAnObject }
        if depth(of: state) > maxStateDepth { return .tooDeep }
        let size = FastJSON.text(state).utf8.count
        return size > maxStateBytes ? .tooLarge(size) : nil
    }

    /// How many arrays and objects are open at the deepest point of `value`.
    private static func depth(of value: JSONValue) -> Int {
        switch value {
        case .array(let items): 1 + (items.map(depth(of:)).max() ?? 0)
        case .object(let members): 1 + (members.values.map(depth(of:)).max() ?? 0)
        default: 0
        }
    }
}

extension TrainingDraft {
    /// Reads the draft, its client checked as the row's owner.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _client = WireID(wrappedValue: try container.decodeOwner(forKey: .client, in: decoder))
        _session = WireID(wrappedValue: try container.decode(UUID.self, forKey: .session))
        state = try container.decode(JSONValue.self, forKey: .state)
        device = try container.decode(Device.self, forKey: .device)
        updated = try container.decode(Date.self, forKey: .updated)
    }
}
