import Foundation

/// `sessions.history`: one page of the revisions of a training session, the newest first.
public struct SessionHistoryBody: Codable, Sendable {
    /// The session.
    public var id: UUID
    /// Only revisions made before this version (the previous page's `cursor`); nil: from the newest.
    public var before: Int64?
    public init(id: UUID, before: Int64? = nil) {
        self.id = id
        self.before = before
    }
}

/// `sessions.history` reply: a page of the session's revisions, oldest first, within the server's byte budget; pages
/// go from the newest revisions to the first.
public struct SessionHistoryReply: Codable, Sendable, Equatable {
    public var revisions: [SessionRevision]
    /// The `before` of the next (older) page.
    public var cursor: Int64
    /// Whether older revisions remain.
    public var more: Bool
    public init(revisions: [SessionRevision], cursor: Int64 = 0, more: Bool = false) {
        self.revisions = revisions
        self.cursor = cursor
        self.more = more
    }

    /// A reply without `cursor` and `more` (a server from before pages) is the whole history.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        revisions = try container.decode([SessionRevision].self, forKey: .revisions)
        cursor = try container.decodeIfPresent(Int64.self, forKey: .cursor) ?? 0
        more = try container.decodeIfPresent(Bool.self, forKey: .more) ?? false
    }
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
