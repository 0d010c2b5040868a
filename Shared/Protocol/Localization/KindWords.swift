import Foundation

/// The words for a kind of row in the current language: its name (`machine`), with "of" (`of machine`, `de la
/// màquina`), "no …" (`no machine`) and "several …" (`several machines`); a text that is no kind is left as it is.
package enum KindWords {
    /// The kind's name: `machine`, `màquina`.
    package static func name(_ kind: String) -> String {
        EntityKind(rawValue: kind).map(name) ?? kind
    }

    package static func name(_ kind: EntityKind) -> String {
        switch kind {
        case .machine: AccountPhrases.kindMachine.t()
        case .exercise: AccountPhrases.kindExercise.t()
        case .training: AccountPhrases.kindTraining.t()
        case .client: AccountPhrases.kindClient.t()
        case .event: AccountPhrases.kindEvent.t()
        case .message: AccountPhrases.kindMessage.t()
        case .measurement: AccountPhrases.kindMeasurement.t()
        case .session: AccountPhrases.kindSession.t()
        case .draft: AccountPhrases.kindDraft.t()
        case .conflict: AccountPhrases.kindConflict.t()
        case .program: ProgramPhrases.kindProgram.t()
        case .assignment: ProgramPhrases.kindAssignment.t()
        }
    }

    /// The kind's name after "of": `of machine` in English, `de la màquina` in Catalan.
    package static func of(_ kind: String) -> String {
        guard let kind = EntityKind(rawValue: kind) else { return AccountPhrases.ofLabel.t(["label": kind]) }
        return switch kind {
        case .machine: AccountPhrases.ofMachine.t()
        case .exercise: AccountPhrases.ofExercise.t()
        case .training: AccountPhrases.ofTraining.t()
        case .client: AccountPhrases.ofClient.t()
        case .event: AccountPhrases.ofEvent.t()
        case .message: AccountPhrases.ofMessage.t()
        case .measurement: AccountPhrases.ofMeasurement.t()
        case .session: AccountPhrases.ofSession.t()
        case .draft: AccountPhrases.ofDraft.t()
        case .conflict: AccountPhrases.ofConflict.t()
        case .program: ProgramPhrases.ofProgram.t()
        case .assignment: ProgramPhrases.ofAssignment.t()
        }
    }

    /// None of the kind: `no machine`, `cap màquina`.
    package static func none(_ kind: EntityKind) -> String {
        switch kind {
        case .machine: AccountPhrases.noMachine.t()
        case .exercise: AccountPhrases.noExercise.t()
        case .training: AccountPhrases.noTraining.t()
        case .client: AccountPhrases.noClient.t()
        case .event: AccountPhrases.noEvent.t()
        case .message: AccountPhrases.noMessage.t()
        case .measurement: AccountPhrases.noMeasurement.t()
        case .session: AccountPhrases.noSession.t()
        case .draft: AccountPhrases.noDraft.t()
        case .conflict: AccountPhrases.noConflict.t()
        case .program: ProgramPhrases.noProgram.t()
        case .assignment: ProgramPhrases.noAssignment.t()
        }
    }

    /// Several of the kind: `several machines`, `diverses màquines`.
    package static func several(_ kind: EntityKind) -> String {
        switch kind {
        case .machine: AccountPhrases.severalMachines.t()
        case .exercise: AccountPhrases.severalExercises.t()
        case .training: AccountPhrases.severalTrainings.t()
        case .client: AccountPhrases.severalClients.t()
        case .event: AccountPhrases.severalEvents.t()
        case .message: AccountPhrases.severalMessages.t()
        case .measurement: AccountPhrases.severalMeasurements.t()
        case .session: AccountPhrases.severalSessions.t()
        case .draft: AccountPhrases.severalDrafts.t()
        case .conflict: AccountPhrases.severalConflicts.t()
        case .program: ProgramPhrases.severalPrograms.t()
        case .assignment: ProgramPhrases.severalAssignments.t()
        }
    }

    /// A row with its kind: `machine 'Rack'`; and after "of": `of machine 'Rack'`, `de la màquina 'Rack'`.
    package static func label(_ kind: String, named name: String) -> (label: String, of: String) {
        ("\(Self.name(kind)) '\(name)'", "\(of(kind)) '\(name)'")
    }
}
