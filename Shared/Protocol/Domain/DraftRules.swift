import Foundation

// A draft's own rules: what an unfinished session kept on the server must hold.

extension TrainingDraft {
    /// The draft as stored: its state a bounded object (``stateProblem(_:)``), its device's name clean.
    package func normalised() throws(DocumentProblem) -> TrainingDraft {
        var draft = self
        if state == .null { throw .missing("state") }
        if let problem = Self.stateProblem(state) {
            if case .tooLarge = problem { throw DocumentProblem(.tooLarge, problem.description) }
            throw .invalid(problem.description)
        }
        draft.device.name = try MemberRules.name(device.name, "device.name", max: Self.maxDeviceNameLength)
        return draft
    }
}
