import Foundation
import GRDB
import GorillaShared

/// The catalogues of the colleagues who share a client with this coach, read-only: their rows are kept under kinds of
/// their own, one per colleague (`colleague:ada:exercise`), so that nothing the coach writes names them by mistake and
/// her own lists stay hers; what she records for a shared client may name its coach's exercises. When no client of a
/// colleague is shared with her any more, that colleague's catalogue goes with them.
extension LocalCache {
    /// What starts the kinds of the rows of colleagues' catalogues (`:` is in no username).
    static let colleaguePrefix = "colleague:"

    /// The cache's kind for rows of `kind` of the catalogue of the colleague `coach` (her username).
    package static func colleagueKind(_ kind: String, of coach: String) -> String { "\(colleaguePrefix)\(coach):\(kind)" }

    /// Every live row of `Document`'s kind of the catalogue of the colleague `coach`.
    package func colleagueCatalogue<Document: EntityDocument>(
        _ type: Document.Type, of coach: String
    ) throws -> [Stored<Document>] {
        try writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, data, version, deleted FROM entities WHERE kind = ? AND deleted = 0",
                arguments: [Self.colleagueKind(Document.kind.rawValue, of: coach)]
            ).compactMap(Self.stored)
        }
    }

    /// Every live row of `Document`'s kind of the colleagues' catalogues, with the colleague's username, by colleague.
    package func colleagueCatalogues<Document: EntityDocument>(
        _ type: Document.Type
    ) throws -> [(coach: String, row: Stored<Document>)] {
        try Set(sharingCoaches().values).sorted().flatMap { coach in
            try colleagueCatalogue(type, of: coach).map { (coach, $0) }
        }
    }

    /// Drops the catalogue rows of every colleague but `coaches` (the usernames still sharing a client).
    static func dropColleagueCatalogues(_ db: Database, keeping coaches: Set<String>) throws {
        let prefix = colleaguePrefix
        let kept = coaches.map { "\(prefix)\($0):" }
        var sql = "DELETE FROM entities WHERE substr(kind, 1, \(prefix.count)) = ?"
        var arguments: [any DatabaseValueConvertible] = [prefix]
        for start in kept {
            sql += " AND substr(kind, 1, \(start.count)) <> ?"
            arguments.append(start)
        }
        try db.execute(sql: sql, arguments: StatementArguments(arguments))
    }
}
