import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `gorilla sessions show ID --history`: every revision of a session, oldest first.
package struct SessionHistory {
    /// The session.
    package let id: UUID
    /// Its client's display name.
    package let clientName: String
    /// The logged-in account (its own changes are shown as "you").
    package let me: UUID
    /// The revisions, oldest first, as the server keeps them.
    package let revisions: [SessionRevision]

    /// The session as `revision` left it; nil when its document does not read as a session.
    package static func session(_ revision: SessionRevision) -> TrainingSession? {
        try? revision.document.decode(TrainingSession.self)
    }

    /// One revision in `--json`: who made it and when, what it changed, and the session as it stood.
    private struct Record: Encodable {
        let revision: Int
        let version: Int64
        let at: Date
        let by: String
        let byName: String
        let byRole: Role
        let changed: [String]
        let exercises: [PerformedExercise]
        let notes: String?
        let start: Date?
        let end: Date?
        let recordedBy: Role

        init(_ revision: SessionRevision) {
            let session = SessionHistory.session(revision)
            self.revision = revision.revision
            version = revision.version
            at = revision.at
            by = revision.by.key
            byName = revision.byName
            byRole = revision.byRole
            changed = revision.changed
            exercises = session?.exercises ?? []
            notes = session?.notes
            start = session?.start
            end = session?.end
            recordedBy = session?.recordedBy ?? .coach
        }
    }

    /// An array of revisions, each with `revision`, `version`, `at`, `by` (the account), `byName`, `byRole`,
    /// `changed` (the fields it changed), and the session as it stood: `exercises`, `notes`, `start`, `end`.
    package var jsonForm: some Encodable { revisions.map(Record.init) }
}

/// `gorilla sessions comment ID TEXT`: the comment, a message that names the session (its JSON is the message).
package struct SessionComment {
    /// The message, as `messages send` has it.
    package let message: SentMessage
    /// When the session started, for the text.
    package let sessionStart: Date?

    package var jsonForm: some Encodable { message.jsonForm }
}
