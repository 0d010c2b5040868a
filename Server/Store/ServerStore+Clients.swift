import Foundation
import GorillaShared

/// Registration codes (``RegistrationCode``) are stored as the SHA-256 of their 8 characters.
enum RegistrationCodes {
    /// The stored hash of a code as typed (see ``RegistrationCode/normalize(_:)``); nil if malformed.
    static func hash(_ typed: String) -> String? {
        guard let code = RegistrationCode.normalize(typed) else { return nil }
        return Tokens.hash(code.replacingOccurrences(of: "-", with: ""))
    }
}

/// What a valid registration code is for.
struct CodeGrant: Sendable {
    let coachID: UUID
    let clientID: UUID
    let name: String?
    let surname: String?
    let expires: Date
}

extension ServerStore {
    /// Stores a new code for `clientID` (replacing unused earlier ones); returns it with its expiry.
    static func issueRegistrationCode(
        _ db: any SQLTransaction, coachID: UUID, clientID: UUID, now: Date,
        lifetime: TimeInterval
    ) throws -> (String, Date) {
        let code = RegistrationCode.random()
        let expires = now.addingTimeInterval(lifetime)
        try db.execute(
            sql: "DELETE FROM registration_codes WHERE client_id = ? AND used_at IS NULL", arguments: [clientID.key])
        try db.execute(
            sql: """
                INSERT INTO registration_codes (hash, coach_id, client_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
                """,
            arguments: [
                RegistrationCodes.hash(code)!, coachID.key, clientID.key, ISOTime.format(now), ISOTime.format(expires),
            ])
        return (code, expires)
    }

    /// Checks a code: unknown, used and expired codes are distinct errors.
    static func grant(_ db: any SQLTransaction, code: String, now: Date) throws -> CodeGrant {
        guard let hash = RegistrationCodes.hash(code),
            let row = try db.fetchOne(sql: "SELECT * FROM registration_codes WHERE hash = ?", arguments: [hash]),
            let coachID = UUID(uuidString: row["coach_id"]), let clientID = UUID(uuidString: row["client_id"]),
            let client = try EntityRow.fetch(db, id: clientID), client.kind == "client"
        else { throw ServerError(.invalidCode) }
        if (row["used_at"] as String?) != nil { throw ServerError(.codeUsed) }
        guard let expires = ISOTime.parse(row["expires_at"]), expires > now, !client.deleted else {
            throw ServerError(.codeExpired)
        }
        return CodeGrant(
            coachID: coachID, clientID: clientID, name: client.data["name"]?.stringValue,
            surname: client.data["surname"]?.stringValue, expires: expires)
    }

    /// What a code would register (for `codes.check`).
    func checkCode(_ code: String, now: Date) async throws -> CodeGrant {
        try await read { db in try Self.grant(db, code: code, now: now) }
    }

    /// Creates the client's account from a code, in one transaction: the account takes the invited
    /// client's id, joins the coach, the code is spent (at `now`), and the coach's client row becomes active.
    func registerClient(_ user: UserRecord, code: String, now: Date) async throws -> UserRecord {
        try await write { db in
            let grant = try Self.grant(db, code: code, now: now)
            var account = user
            account.id = grant.clientID
            account.coachID = grant.coachID
            account.role = .client
            if account.name.isEmpty { account.name = grant.name ?? "" }
            if account.surname.isEmpty { account.surname = grant.surname ?? "" }
            guard !account.name.isEmpty, !account.surname.isEmpty else {
                throw ServerError(.missingFields, "name, surname")
            }
            try Self.insertUser(db, account)
            try db.execute(
                sql: "UPDATE registration_codes SET used_at = ?, used_by = ? WHERE hash = ?",
                arguments: [ISOTime.format(now), account.id.key, RegistrationCodes.hash(code)!])
            let coach = try Self.user(db, id: grant.coachID)
            try Self.updateClientRow(
                db, account: account, now: now,
                extra: [
                    "status": "active", "joined": .string(ISOTime.format(now)),
                    "coachName": .string(coach.map { "\($0.name) \($0.surname)" } ?? ""),
                ])
            return account
        }
    }

    /// Mirrors an account's names into the coach's `client` row (a new version, so the coach pulls it).
    static func updateClientRow(
        _ db: any SQLTransaction, account: UserRecord, now: Date, extra: [String: JSONValue] = [:]
    ) throws {
        guard account.role == .client, var row = try EntityRow.fetch(db, id: account.id), row.kind == "client" else {
            return
        }
        let version = try nextVersion(db)
        var changes: [String: JSONValue] = [
            "name": .string(account.name), "surname": .string(account.surname),
            "username": .string(account.username), "email": .string(account.email),
        ]
        if let nif = account.nif { changes["nif"] = .string(nif) }
        // The account's photo, for the coach to show and save (`clients show --save-photo`); gone when removed.
        if let photo = account.photo, !photo.isEmpty {
            changes["photo"] = .string(photo)
        } else if row.data["photo"] != nil {
            row.data["photo"] = nil
            row.fieldVersions["photo"] = version
        }
        for (key, value) in extra { changes[key] = value }
        for (key, value) in changes where row.data[key] != value {
            row.data[key] = value
            row.fieldVersions[key] = version
        }
        row.data["codeExpires"] = nil
        row.version = version
        try row.save(db, kind: .client, createdBy: account.id, now: now)
    }

    /// A new registration code for an invited client of `coach` whose code expired or was lost, valid `lifetime` from
    /// `now`.
    func newRegistrationCode(
        coach: UserRecord, clientID: UUID, lifetime: TimeInterval, now: Date
    ) async throws -> (String, Date) {
        try await write { db in
            guard coach.role == .coach, let row = try EntityRow.fetch(db, id: clientID), row.kind == "client",
                row.coachID == coach.id, !row.deleted
            else { throw ServerError.notFound }
            guard row.data["status"]?.stringValue == "invited" else {
                throw ServerError.invalid("the client has already registered")
            }
            let (code, expires) = try Self.issueRegistrationCode(
                db, coachID: coach.id, clientID: clientID, now: now, lifetime: lifetime)
            var updated = row
            let version = try Self.nextVersion(db)
            updated.data["codeExpires"] = .string(ISOTime.format(expires))
            updated.fieldVersions["codeExpires"] = version
            updated.version = version
            try updated.save(db, kind: .client, createdBy: coach.id, now: now)
            return (code, expires)
        }
    }

    /// The registered, active client `clientID` of `coach`, or notFound.
    func ownClientAccount(coach: UserRecord, clientID: UUID) async throws -> UserRecord {
        try await read { db in
            guard coach.role == .coach, let user = try Self.user(db, id: clientID), user.coachID == coach.id,
                !user.disabled
            else {
                throw ServerError.notFound
            }
            return user
        }
    }
}
