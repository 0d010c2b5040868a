import Foundation
import GorillaShared

extension ServerError {
    /// The wire error of a document its type refuses: a missing member, an invalid one, or one too large.
    init(_ problem: DocumentProblem) {
        switch problem.reason {
        case .missing: self.init(.missingFields, problem.detail)
        case .invalid: self.init(.invalidField, problem.detail)
        case .tooLarge: self.init(.tooLarge, problem.detail)
        }
    }
}

/// The checks of a pushed document that need rows: references to the tenant's rows and to its media.
extension MutationContext {
    /// Refuses `id` unless it names a live row of `kind` in the tenant (`field` names it in the refusal).
    func requireLive(_ id: UUID?, _ kind: EntityKind, field: String) throws {
        guard let id else { return }
        guard try liveReference(id, kind: kind) != nil else {
            throw ServerError(.invalidReference, "\(field) (no such \(kind))")
        }
    }

    /// Refuses `id` unless it names a row of `kind` in the tenant, deleted or not: history keeps pointing at
    /// tombstones.
    func requireKnown(_ id: UUID?, _ kind: EntityKind, field: String) throws {
        guard let id else { return }
        guard try reference(id, kind: kind) != nil else {
            throw ServerError(.invalidReference, "\(field) (no such \(kind))")
        }
    }

    /// Refuses an image reference unless it is the SHA-256 of media uploaded by someone of the tenant.
    func requireImage(_ sha: String?, field: String) throws {
        guard let sha else { return }
        guard sha.count == 64,
            try db.value(Bool.self, sql: """
                    SELECT 1 FROM media JOIN users ON users.id = media.owner_id
                    WHERE media.sha256 = ? AND (users.id = ? OR users.coach_id = ?)
                    """, arguments: [sha, tenantID.key, tenantID.key]) != nil
        else { throw ServerError(.invalidReference, "\(field) (upload the image first)") }
    }
}

extension EntityRow {
    /// Makes `document` the row's at `version`, each member that changed marked with that version.
    mutating func replaceDocument(with document: [String: JSONValue], version: Int64) {
        for name in Set(data.keys).union(document.keys) where data[name] != document[name] {
            fieldVersions[name] = version
        }
        data = document
        self.version = version
    }
}
