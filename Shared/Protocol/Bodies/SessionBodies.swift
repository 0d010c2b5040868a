import Foundation

/// `sessions.history`: one page of the revisions of a training session, the newest first.
package struct SessionHistoryBody: Codable, Sendable {
    /// The session.
    package var id: UUID
    /// Only revisions made before this version (the previous page's `cursor`); nil: from the newest.
    package var before: Int64?
    package init(id: UUID, before: Int64? = nil) {
        self.id = id
        self.before = before
    }
}

/// `sessions.history` reply: a page of the session's revisions, oldest first, within the server's byte budget; pages
/// go from the newest revisions to the first.
package struct SessionHistoryReply: Codable, Sendable, Equatable {
    package var revisions: [SessionRevision]
    /// The `before` of the next (older) page.
    package var cursor: Int64
    /// Whether older revisions remain.
    package var more: Bool
    package init(revisions: [SessionRevision], cursor: Int64 = 0, more: Bool = false) {
        self.revisions = revisions
        self.cursor = cursor
        self.more = more
    }

    /// A reply without `cursor` and `more` (a server from before pages) is the whole history.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        revisions = try container.decode([SessionRevision].self, forKey: .revisions)
        cursor = try container.decodeIfPresent(Int64.self, forKey: .cursor) ?? 0
        more = try container.decodeIfPresent(Bool.self, forKey: .more) ?? false
    }
}

/// One revision of a training session: the document as it stood after the change that made it.
package struct SessionRevision: Codable, Sendable, Equatable {
    /// 1 for the session as recorded, one more for every correction.
    package var revision: Int
    /// The server version of the change that made this revision.
    package var version: Int64
    /// When the server stored it.
    package var at: Date
    /// The account that recorded (revision 1) or corrected the session.
    package var by: UUID
    /// That account's name and surname.
    package var byName: String
    /// That account's role.
    package var byRole: Role
    /// The fields this revision changed (none for revision 1; `revision` itself is not listed).
    package var changed: [String]
    /// The whole session document as it stood.
    package var document: JSONValue

    package init(
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
