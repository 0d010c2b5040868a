import Foundation
import GorillaShared

/// `gorilla sessions show ID --history`: every revision of a session, oldest first.
public struct SessionHistory: Presentable {
    /// The session.
    public let id: UUID
    /// Its client's display name.
    public let clientName: String
    /// The logged-in account (its own changes are shown as "you").
    public let me: UUID
    /// The revisions, oldest first, as the server keeps them.
    public let revisions: [SessionRevision]

    /// An array of revisions, each with `revision`, `version`, `at`, `by` (the account), `byName`, `byRole`,
    /// `changed` (the fields it changed), and the session as it stood: `exercises`, `notes`, `start`, `end`.
    public func encode(to encoder: any Encoder) throws {
        try revisions.map { revision -> JSONValue in
            let document = revision.document.objectValue ?? [:]
            return [
                "revision": .number(Double(revision.revision)), "version": .number(Double(revision.version)),
                "at": .string(ISOTime.format(revision.at)), "by": .string(revision.by.key),
                "byName": .string(revision.byName), "byRole": .string(revision.byRole.rawValue),
                "changed": .array(revision.changed.map(JSONValue.string)),
                "exercises": document["exercises"] ?? .array([]), "notes": document["notes"] ?? .null,
                "start": document["start"] ?? .null, "end": document["end"] ?? .null,
                RecordedBy.field: .string(RecordedBy.role(of: document).rawValue),
            ]
        }.encode(to: encoder)
    }
}

/// `gorilla sessions comment ID TEXT`: the comment, a message that names the session (its JSON is the message).
public struct SessionComment: Presentable {
    /// The message, as `messages send` has it.
    public let message: SentMessage
    /// When the session started (ISO-8601), for the text.
    public let sessionStart: String?

    public func encode(to encoder: any Encoder) throws { try message.encode(to: encoder) }
}
