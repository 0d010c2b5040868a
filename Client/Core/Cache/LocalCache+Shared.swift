import Foundation
import GRDB
import GorillaShared

/// The clients colleagues share with this coach, and the clients that leave this device: a shared client's rows are
/// stored under their own kinds (so that history, statistics and the calendar read them), the set of shared clients
/// and who shares each is remembered, and when a client leaves the set (unshared, the share's day passed, a coach left
/// the gym) or is handed over to another coach, their rows go and the coach is told once.
extension LocalCache {
    /// The meta key of the clients shared with this coach (``SharedClientEntry`` as JSON).
    static let sharedClientsKey = "sharedClients"
    /// The report of a client no longer shared with this coach.
    static let sharedLostReport = "sharedLost"
    /// The report of a client this coach handed over to a colleague.
    static let clientGoneReport = "clientGone"

    /// The clients colleagues share with this coach, as this device last heard, by client id.
    package func sharedClients() throws -> [SharedClientEntry] {
        guard let text = try meta(Self.sharedClientsKey), !text.isEmpty else { return [] }
        return (try? WireCoding.decoder.decode([SharedClientEntry].self, from: Data(text.utf8))) ?? []
    }

    /// Who shares each shared client with this coach (their username), by client id.
    package func sharingCoaches() throws -> [UUID: String] {
        Dictionary(try sharedClients().map { ($0.client, $0.by) }, uniquingKeysWith: { first, _ in first })
    }

    /// The meta key of the coach's own clients she shares with colleagues (``GivenShare`` as JSON).
    static let givenSharesKey = "givenShares"

    /// The colleagues each of the coach's own clients is shared with, as this device last heard, by client id.
    package func givenShares() throws -> [UUID: [String]] {
        guard let text = try meta(Self.givenSharesKey), !text.isEmpty,
            let shares = try? WireCoding.decoder.decode([GivenShare].self, from: Data(text.utf8))
        else { return [:] }
        return Dictionary(shares.map { ($0.client, $0.with) }, uniquingKeysWith: { first, _ in first })
    }

    /// Records the coach's own clients she shares with colleagues, as the server named them.
    func holdGivenShares(_ shares: [GivenShare]) throws {
        let text = shares.isEmpty ? "" : String(decoding: try WireCoding.encoder.encode(shares), as: UTF8.self)
        guard try meta(Self.givenSharesKey) ?? "" != text else { return }
        try setMeta(Self.givenSharesKey, text)
    }

    /// Stores fetched rows of a shared client (a fetch from version 0), leaving the cursor where it is.
    func applyShared(_ changes: [PulledChange]) throws {
        try writeWithoutWaitingForDisk { db in try Self.upsertPulled(db, changes) }
    }

    /// Records that this device holds the rows of the clients `entries` (a power cut that undoes it makes the next
    /// sync fetch them again).
    func holdSharedClients(_ entries: [SharedClientEntry]) throws {
        let text = String(decoding: try WireCoding.encoder.encode(entries), as: UTF8.self)
        try writeWithoutWaitingForDisk { db in try Self.setMeta(db, Self.sharedClientsKey, text) }
    }

    /// Drops the rows of the shared clients `ids` (each reported once) and forgets them, keeping `kept` as the set
    /// this device holds; clients in `adopted` (now the coach's own: a transfer) are forgotten without a drop.
    func releaseSharedClients(_ ids: [UUID], adopted: Set<UUID>, kept: [SharedClientEntry]) throws {
        let text = String(decoding: try WireCoding.encoder.encode(kept), as: UTF8.self)
        try writer.write { db in
            try Self.dropClients(db, ids.filter { !adopted.contains($0) }, report: Self.sharedLostReport)
            try Self.dropColleagueCatalogues(db, keeping: Set(kept.map(\.by)))
            try Self.setMeta(db, Self.sharedClientsKey, text)
        }
    }

    /// Drops the client row of each of `ids` and every row about them but the messages (a conversation stays with its
    /// two people); a report of `kind` names each client whose row this device held, once.
    static func dropClients(_ db: Database, _ ids: [UUID], report kind: String) throws {
        for id in ids {
            let name = try clientName(db, id)
            try db.execute(
                sql: "DELETE FROM entities WHERE id = ? AND kind = ?", arguments: [id.key, EntityKind.client.rawValue])
            try db.execute(
                sql: """
                    DELETE FROM entities WHERE kind NOT IN (?, ?) AND kind NOT LIKE ?
                    AND lower(CASE WHEN json_valid(data) THEN json_extract(data, '$.client') END) = ?
                    """,
                arguments: [EntityKind.message.rawValue, EntityKind.client.rawValue, libraryPrefix + "%", id.key])
            guard let name else { continue }
            try addReport(db, kind: kind, facts: ["client": name])
        }
    }
}
