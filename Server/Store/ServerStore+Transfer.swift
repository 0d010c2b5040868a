import Foundation
import GorillaShared

/// Handing a client over to a colleague of the gym (`gym.transfer`).
extension ServerStore {
    /// `gym.transfer`: `principal` hands their client `clientID` over to `username`, a coach of the same gym, with
    /// the client's history: the client row, sessions, measurements and appointments (past and future) move to the
    /// receiving coach, each with a new version so that devices pull it; the exercises and trainings they name are
    /// copied into the receiving coach's catalogue (``CatalogueCopy``, as the gym's library copies) and the rows name the copies. The client's
    /// account follows, and the new coach's first message tells them. Their old conversation stays where it was, with
    /// its two people; the giver's unfinished drafts for the client are dropped.
    /// - Throws: ``ServerError`` `notAGymMember` for a username outside the gym, `invalidField` for oneself,
    ///   `invalidReference` for a client that is not the asking coach's.
    package func transferClient(
        _ principal: UserRecord, client clientID: UUID, to username: String, now: Date
    ) async throws -> GymTransfer {
        try await write { db in
            let membership = try Self.member(db, principal, for: .gymTransfer)
            let receiver = try Self.gymMember(db, gymID: membership.gymID, username: username).account
            guard receiver.id != principal.id else { throw ServerError.invalid("to (another coach of the gym)") }
            guard var client = try EntityRow.fetch(db, id: clientID), client.kind == EntityKind.client.rawValue,
                client.coachID == principal.tenantID, !client.deleted
            else { throw ServerError(.invalidReference, "client (no such client)") }
            var copies = CatalogueCopy(db, from: principal.tenantID, to: receiver.id, by: principal.id, now: now)
            var moved: [EntityKind: Int] = [:]
            let rows = try db.fetchAll(
                sql: """
                    SELECT id, \(EntityRow.columns(db.dialect)) FROM entities
                    WHERE coach_id = ? AND client_id = ? AND kind IN ('session', 'measurement', 'event', 'draft')
                    """, arguments: [principal.tenantID.key, clientID.key]
            ).map(EntityRow.init(row:))
            for var row in rows {
                guard let kind = EntityKind(rawValue: row.kind) else { continue }
                var data = row.data
                if kind == .draft {
                    // An unfinished session is its recorder's: it does not move.
                    guard !row.deleted else { continue }
                    row.deleted = true
                    row.version = try Self.nextVersion(db)
                    try row.save(db, kind: kind, createdBy: row.createdBy ?? principal.id, now: now)
                    continue
                }
                if let training = data["training"]?.stringValue.flatMap(UUID.init(uuidString:)) {
                    data["training"] = try copies.use(.training, training).map { .string($0.key) }
                }
                if kind == .session, case .array(let performed)? = data["exercises"] {
                    var mapped: [JSONValue] = []
                    for item in performed {
                        guard var object = item.objectValue else { continue }
                        if let exercise = object["exercise"]?.stringValue.flatMap(UUID.init(uuidString:)) {
                            object["exercise"] = try copies.use(.exercise, exercise).map { .string($0.key) }
                        }
                        mapped.append(.object(object))
                    }
                    data["exercises"] = .array(mapped)
                }
                row.replaceDocument(with: data, version: try Self.nextVersion(db))
                try row.save(db, kind: kind, createdBy: row.createdBy ?? principal.id, now: now)
                try Self.move(db, row.id, from: principal.tenantID, to: receiver.id)
                if !row.deleted { moved[kind, default: 0] += 1 }
            }
            var document = client.data
            document["coachName"] = .string("\(receiver.name) \(receiver.surname)")
            client.replaceDocument(with: document, version: try Self.nextVersion(db))
            try client.save(db, kind: .client, createdBy: client.createdBy ?? principal.id, now: now)
            try Self.move(db, clientID, from: principal.tenantID, to: receiver.id)
            // The giver's shares of the client end with the client's move.
            try db.execute(sql: "DELETE FROM client_shares WHERE client_id = ?", arguments: [clientID.key])
            // The giver's devices drop the client at their next pull.
            try Self.recordDeparture(db, of: clientID, from: principal.tenantID)
            try db.execute(
                sql: "UPDATE users SET coach_id = ? WHERE id = ? AND coach_id = ?",
                arguments: [receiver.id.key, clientID.key, principal.tenantID.key])
            try db.execute(
                sql: "UPDATE registration_codes SET coach_id = ? WHERE client_id = ? AND coach_id = ?",
                arguments: [receiver.id.key, clientID.key, principal.tenantID.key])
            let facts = try? Client(document: client.data)
            let name = [facts?.name, facts?.surname].compactMap { $0 }.joined(separator: " ")
            try Self.tellTransferred(
                db, client: clientID, name: name, from: principal, to: receiver, now: now)
            return GymTransfer(
                client: name, to: receiver.username, toName: "\(receiver.name) \(receiver.surname)",
                sessions: moved[.session] ?? 0, measurements: moved[.measurement] ?? 0,
                appointments: moved[.event] ?? 0, exercisesCopied: copies.made[.exercise] ?? 0,
                trainingsCopied: copies.made[.training] ?? 0)
        }
    }

    /// Moves the row `id` from the tenant `giver` to `receiver` (a save never changes a row's tenant).
    private static func move(_ db: any SQLTransaction, _ id: UUID, from giver: UUID, to receiver: UUID) throws {
        try db.execute(
            sql: "UPDATE entities SET coach_id = ? WHERE id = ? AND coach_id = ?",
            arguments: [receiver.key, id.key, giver.key])
    }

    /// The receiving coach's first message to the client, in the client's language (the client's account, when they
    /// have one, else the receiving coach's).
    private static func tellTransferred(
        _ db: any SQLTransaction, client: UUID, name: String, from giver: UserRecord, to receiver: UserRecord,
        now: Date
    ) throws {
        let account = try db.fetchOne(sql: "SELECT * FROM users WHERE id = ?", arguments: [client.key])
            .map(UserRecord.init(row:))
        let text = GymPhrases.transferMessage.text(
            in: account?.language ?? receiver.language,
            [
                "client": name.isEmpty ? (account?.username ?? "") : name,
                "from": "\(giver.name) \(giver.surname)", "to": "\(receiver.name) \(receiver.surname)",
            ])
        let message = Message(from: receiver.id, to: client, text: text, sent: now, client: client)
        let version = try nextVersion(db)
        let data = message.storedDocument
        try EntityRow(
            id: UUID(), kind: EntityKind.message.rawValue, coachID: receiver.id, clientID: client, data: data,
            fieldVersions: data.mapValues { _ in version }, version: version, deleted: false
        ).save(db, kind: .message, createdBy: receiver.id, now: now)
    }
}
