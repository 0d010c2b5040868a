import Foundation
import GorillaShared

/// Writes one page of a `sessions.history` reply as the history walk meets the revisions, newest first, within a byte
/// budget; the page lists them oldest first (a ``SessionHistoryReply``).
struct HistoryPageWriter {
    /// Bytes kept aside for the response line around the reply (`id`, `time`, `result`) and the reply's own members.
    static let envelopeBytes = 256

    /// Only revisions made before this version go on the page (nil: all).
    let before: Int64?
    /// Most bytes of the response line (at least one revision goes on a page, whatever its size).
    let maxBytes: Int
    /// Names and roles of the accounts that made the revisions.
    let accounts: [String: (name: String, role: Role)]
    /// Each revision's JSON, newest first.
    private var revisions: [[UInt8]] = []
    private var bytes = envelopeBytes
    /// The version of the oldest revision on the page.
    private var oldest: Int64?

    init(before: Int64?, maxBytes: Int, accounts: [String: (name: String, role: Role)]) {
        self.before = before
        self.maxBytes = maxBytes
        self.accounts = accounts
    }

    /// Adds the revision `document` that `by` made at version `version` (a revision at or after `before` is passed
    /// over); false when the page is full without it.
    mutating func add(
        _ document: [String: JSONValue], _ version: Int64, at: String, by: String, changed: [String]
    ) -> Bool {
        if let before, version >= before { return true }
        let account = accounts[by]
        let revision: JSONValue = .object([
            "revision": .number(Double(document["revision"]?.intValue ?? 1)), "version": .number(Double(version)),
            "at": .string(ISOTime.format(ISOTime.parse(at) ?? Date(timeIntervalSince1970: 0))),
            "by": .string((UUID(text: by) ?? UUID()).key), "byName": .string(account?.name ?? ""),
            "byRole": .string((account?.role ?? .coach).rawValue),
            "changed": .array(
                changed.filter { !TrainingSession.serverManagedFields.contains($0) }.sorted().map(JSONValue.string)),
            "document": .object(document),
        ])
        var text: [UInt8] = []
        FastJSON.write(revision, into: &text)
        guard revisions.isEmpty || bytes + 1 + text.count <= maxBytes else { return false }
        bytes += 1 + text.count
        revisions.append(text)
        oldest = version
        return true
    }

    /// The page's reply: its revisions oldest first, the cursor to go on from, and whether older revisions remain.
    func finish(more: Bool, walked: Int) -> ServerStore.SessionHistoryPage {
        var reply = Array(#"{"cursor":"#.utf8)
        reply += String(oldest ?? before ?? 0).utf8
        reply += #","more":"#.utf8
        reply += (more ? "true" : "false").utf8
        reply += #","revisions":["#.utf8
        for (index, revision) in revisions.reversed().enumerated() {
            if index > 0 { reply.append(UInt8(ascii: ",")) }
            reply += revision
        }
        reply += "]}".utf8
        return ServerStore.SessionHistoryPage(
            reply: RawJSONValue(bytes: reply), revisions: revisions.count, walked: walked)
    }
}
