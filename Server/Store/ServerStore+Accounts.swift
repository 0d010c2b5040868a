import Foundation
import GorillaShared

extension ServerStore {
    /// Inserts a new account; a username or email taken in any case is refused.
    package func createUser(_ user: UserRecord) async throws {
        try await write { db in try Self.insertUser(db, user) }
    }

    static func insertUser(_ db: any SQLTransaction, _ user: UserRecord) throws {
        if try db.value(
            Bool.self, sql: "SELECT 1 FROM users WHERE username_key = ?", arguments: [Validation.key(user.username)])
            != nil
        {
            throw ServerError(.usernameInUse)
        }
        if try db.value(
            Bool.self, sql: "SELECT 1 FROM users WHERE email_key = ?", arguments: [Validation.key(user.email)]) != nil
        {
            throw ServerError(.emailInUse)
        }
        try db.execute(
            sql: """
                INSERT INTO users (id, role, username, username_key, email, email_key, password_hash, name, surname,
                                   nif, language, photo, coach_id, disabled, created_at, reminder)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                user.id.key, user.role.rawValue, user.username, Validation.key(user.username), user.email,
                Validation.key(user.email), user.passwordHash, user.name, user.surname, user.nif,
                user.language.rawValue, user.photo, user.coachID?.key, user.disabled ? 1 : 0,
                ISOTime.format(user.created), user.reminder,
            ])
    }

    /// The account whose username or email is `login` (case-insensitive; none for a name holding a control character).
    package func user(login: String) async throws -> UserRecord? {
        guard let key = Validation.loginKey(login) else { return nil }
        return try await read { db in
            try db.fetchOne(
                sql: "SELECT * FROM users WHERE username_key = ? OR email_key = ?", arguments: [key, key]
            )
            .map(UserRecord.init(row:))
        }
    }

    /// The account with `id`.
    package func user(id: UUID) async throws -> UserRecord? {
        try await read { db in try Self.user(db, id: id) }
    }

    static func user(_ db: any SQLTransaction, id: UUID) throws -> UserRecord? {
        try db.fetchOne(sql: "SELECT * FROM users WHERE id = ?", arguments: [id.key]).map(UserRecord.init(row:))
    }

    /// Every account, oldest first (for the operator).
    package func allUsers() async throws -> [UserRecord] {
        try await read { db in
            try db.fetchAll(sql: "SELECT * FROM users ORDER BY created_at, username_key").map(
                UserRecord.init(row:))
        }
    }

    /// Stores a session token's hash.
    package func insertToken(hash: String, userID: UUID, expires: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO tokens (hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [hash, userID.key, ISOTime.format(Date()), ISOTime.format(expires)])
        }
    }

    /// The account and expiry of a live token (not revoked, not expired, account not disabled).
    package func session(tokenHash: String, now: Date = Date()) async throws -> (UserRecord, Date)? {
        try await read { db in
            guard
                let row = try db.fetchOne(
                    sql: """
                        SELECT users.*, tokens.expires_at AS token_expires FROM tokens JOIN users ON users.id = tokens.user_id
                        WHERE tokens.hash = ? AND tokens.revoked = 0 AND users.disabled = 0
                        """, arguments: [tokenHash]),
                let expires = ISOTime.parse(row["token_expires"]), expires > now
            else { return nil }
            return (UserRecord(row: row), expires)
        }
    }

    /// Revokes one token.
    package func revokeToken(hash: String) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE tokens SET revoked = 1 WHERE hash = ?", arguments: [hash])
        }
    }

    /// Revokes every token of `userID` but `keeping`.
    package func revokeTokens(userID: UUID, keeping: String? = nil) async throws {
        try await write { db in try Self.revokeTokens(db, userID: userID, keeping: keeping) }
    }

    /// Revokes every token of `userID` but `keeping`, every web sign-in of the account and its calendar feed's
    /// address: a password change, a reset, a removal and `gorilla logout --all` end them all.
    static func revokeTokens(_ db: any SQLTransaction, userID: UUID, keeping: String? = nil) throws {
        try db.execute(
            sql: "UPDATE tokens SET revoked = 1 WHERE user_id = ? AND hash != ?",
            arguments: [userID.key, keeping ?? ""])
        try revokeWebSessions(db, userID: userID)
        try moveFeedEpoch(db, userID: userID)
    }

    /// Applies a profile update to the principal's own account and returns the result.
    package func updateProfile(userID: UUID, _ update: ProfileUpdateBody) async throws -> UserRecord {
        try await write { db in
            guard var user = try Self.user(db, id: userID) else { throw ServerError.notFound }
            if let name = update.name {
                guard let clean = Validation.cleanName(name) else { throw ServerError.invalid("name") }
                user.name = clean
            }
            if let surname = update.surname {
                guard let clean = Validation.cleanName(surname) else { throw ServerError.invalid("surname") }
                user.surname = clean
            }
            if let nif = update.nif {
                if nif.isEmpty {
                    user.nif = nil
                } else {
                    guard let clean = Validation.cleanName(nif, maxLength: 20) else { throw ServerError.invalid("nif") }
                    user.nif = clean
                }
            }
            if let language = update.language { user.language = language }
            if let reminder = update.reminder {
                guard Profile.reminderRange.contains(reminder) else {
                    throw ServerError(
                        .invalidField,
                        "reminder: minutes before an appointment, \(Profile.reminderRange.lowerBound) to "
                            + "\(Profile.reminderRange.upperBound) (a week)")
                }
                user.reminder = reminder
            }
            if let email = update.email {
                let trimmed = email.trimmingCharacters(in: .whitespaces)
                guard Validation.isValidEmail(trimmed) else { throw ServerError.invalid("email") }
                if try db.value(
                    Bool.self, sql: "SELECT 1 FROM users WHERE email_key = ? AND id != ?",
                    arguments: [Validation.key(trimmed), userID.key]) != nil
                {
                    throw ServerError(.emailInUse)
                }
                user.email = trimmed
            }
            if let photo = update.photo {
                if photo.isEmpty {
                    user.photo = nil
                } else {
                    guard
                        try db.value(
                            Bool.self, sql: "SELECT 1 FROM media WHERE sha256 = ? AND owner_id = ?",
                            arguments: [photo, userID.key]) != nil
                    else { throw ServerError(.invalidReference, "photo") }
                    user.photo = photo
                }
            }
            try db.execute(
                sql: """
                    UPDATE users SET name = ?, surname = ?, nif = ?, language = ?, email = ?, email_key = ?, photo = ?,
                                     reminder = ?
                    WHERE id = ?
                    """,
                arguments: [
                    user.name, user.surname, user.nif, user.language.rawValue, user.email,
                    Validation.key(user.email), user.photo, user.reminder, userID.key,
                ])
            try Self.updateClientRow(db, account: user, now: Date())
            return user
        }
    }

    /// Replaces the password hash of `userID`.
    package func setPasswordHash(userID: UUID, hash: String) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [hash, userID.key])
        }
    }

    /// Stores a one-time password-reset token's hash for `userID`, replacing any earlier unused one.
    package func insertResetToken(hash: String, userID: UUID, expires: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM reset_tokens WHERE user_id = ? AND used_at IS NULL", arguments: [userID.key])
            try db.execute(
                sql: "INSERT INTO reset_tokens (hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [hash, userID.key, ISOTime.format(Date()), ISOTime.format(expires)])
        }
    }

    /// Redeems a reset token of the account named `login`: sets the new hash, marks the token used,
    /// and revokes every session. Returns false when the token is unknown, used, expired or another account's.
    package func redeemResetToken(
        login: String, tokenHash: String, newPasswordHash: String, now: Date = Date()
    ) async throws -> Bool {
        guard let key = Validation.loginKey(login) else { return false }
        return try await write { db in
            guard
                let row = try db.fetchOne(
                    sql: """
                        SELECT reset_tokens.expires_at, users.id FROM reset_tokens JOIN users ON users.id = reset_tokens.user_id
                        WHERE reset_tokens.hash = ? AND reset_tokens.used_at IS NULL AND users.disabled = 0
                          AND (users.username_key = ? OR users.email_key = ?)
                        """, arguments: [tokenHash, key, key]),
                let expires = ISOTime.parse(row["expires_at"]), expires > now,
                let userID = UUID(uuidString: row["id"])
            else { return false }
            try db.execute(
                sql: "UPDATE reset_tokens SET used_at = ? WHERE hash = ?", arguments: [ISOTime.format(now), tokenHash])
            try db.execute(
                sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [newPasswordHash, userID.key])
            try Self.revokeTokens(db, userID: userID)
            return true
        }
    }

    /// Stores an image uploaded by `ownerID` (idempotent by content hash).
    package func putMedia(sha256: String, type: String, bytes: [UInt8], ownerID: UUID) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO media (sha256, type, size, bytes, owner_id, created_at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (sha256, owner_id) DO NOTHING
                    """, arguments: [sha256, type, bytes.count, Data(bytes), ownerID.key, ISOTime.format(Date())])
        }
    }

    /// An image, if the principal may see it: their own, their coach's, or (for a coach) one of their clients'.
    package func media(sha256: String, principal: UserRecord) async throws -> (type: String, bytes: Data)? {
        try await read { db in
            guard
                let row = try db.fetchOne(
                    sql: """
                        SELECT media.type, media.bytes FROM media JOIN users ON users.id = media.owner_id
                        WHERE media.sha256 = ? AND (users.id = ? OR users.id = ? OR (? = 'coach' AND users.coach_id = ?))
                        LIMIT 1
                        """,
                    arguments: [
                        sha256, principal.id.key, principal.tenantID.key, principal.role.rawValue, principal.id.key,
                    ])
            else { return nil }
            return (row["type"], row["bytes"])
        }
    }
}
