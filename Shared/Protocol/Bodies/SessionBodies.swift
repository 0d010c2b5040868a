import Foundation

/// `sessions.history`: every revision of one training session.
public struct SessionHistoryBody: Codable, Sendable {
    /// The session.
    public var id: UUID
    public init(id: UUID) { self.id = id }
}

/// `sessions.history` reply: the session's revisions, oldest first.
public struct SessionHistoryReply: Codable, Sendable, Equatable {
    public var revisions: [SessionRevision]
    public init(revisions: [SessionRevision]) { self.revisions = revisions }
}

/// One revision of a training session: the document as it stood after the change that made it.
public struct SessionRevision: Codable, Sendable, Equatable {
    /// 1 for the session as recorded, one more for every correction.
    public var revision: Int
    /// The server version of the change that made this revision.
    public var version: Int64
    /// When the server stored it.
    public var at: Date
    /// The account that recorded (revision 1) or corrected the session.
    public var by: UUID
    /// That account's name and surname.
    public var byName: String
    /// That account's role.
    public var byRole: Role
    /// The fields this revision changed (none for revision 1; `revision` itself is not listed).
    public var changed: [String]
    /// The whole session document as it stood.
    public var document: JSONValue

    public init(
        revision: Int, version: Int64, at: Date, by: UUID, byName: String, byRole: Role, changed: [String],
        document: JSONValue
    ) {
        self.revision = revision
        self.version = version
        self.at = at
        self.by = by
        self.byName = byName
        self.byRole = byRole
        self.changed = changed
        self.document = document
    }
}
