import Foundation

// A draft's own rules: what an unfinished session kept on the server must hold.

extension TrainingDraft {
    /// The draft as stored: its state a bounded object (``stateProblem(_:)``), its device's name clean.
    public func normalised() throws(DocumentProblem) -> TrainingDraft {
        var draft = self
        if state == .null { throw .missing("state") }
        if let problem = Self.stateProblem(state) {
            if case .tooLarge = problem { throw DocumentProblem(.tooLarge, problem.description) }
            throw .invalid(problem.description)
        }
        draft.device.name = try MemberRules.name(device.name, "device.name", max: Self.maxDeviceNameLength)
        return draft
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        client = try container.decodeOwner(forKey: .client, in: decoder)
        session = try container.decode(UUID.self, forKey: .session)
        state = try container.decode(JSONValue.self, forKey: .state)
        device = try container.decode(Device.self, forKey: .device)
        updated = try container.decode(Date.self, forKey: .updated)
    }
}
