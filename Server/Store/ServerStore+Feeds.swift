import Crypto
import Foundation
import GorillaShared
import GorillaTransport

/// Calendar feeds (`feed.get`, `GET /cal/ACCOUNT/MAC.ics` on the web door): an address per account that calendar apps
/// poll without signing in, so it is a secret. None is stored (``FeedTables``): the address's MAC is an HMAC-SHA256,
/// under the store's feed key, of the account's id and its feed epoch, which a reset, a password change or reset and
/// the end of every session move.
extension ServerStore {
    /// The path of `userID`'s feed, `/cal/<id>/<mac>.ics`; with `reset` the epoch moves first, so every earlier
    /// address stops answering.
    package func feedPath(userID: UUID, reset: Bool) async throws -> String {
        try await write { db in
            if reset { try Self.moveFeedEpoch(db, userID: userID) }
            let key = try Self.feedKey(db) ?? Self.makeFeedKey(db)
            return "/cal/\(userID.key)/\(try Self.feedMAC(db, key: key, userID: userID)).ics"
        }
    }

    /// The account whose current feed address names `userID` and `mac`, if it is enabled; nil for anything else
    /// (an earlier address, another account's, a made-up one).
    package func feedOwner(userID: UUID, mac: String) async throws -> UserRecord? {
        try await read { db in
            guard let key = try Self.feedKey(db), let user = try Self.user(db, id: userID), !user.disabled else {
                return nil
            }
            let expected = Array(try Self.feedMAC(db, key: key, userID: userID).utf8)
            let given = Array(mac.lowercased().utf8)
            // Compared in constant time: the address is the only secret a calendar app holds.
            guard given.count == expected.count else { return nil }
            return zip(given, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0 ? user : nil
        }
    }

    /// Moves `userID`'s feed epoch on: every address made before stops answering (nothing for an account that does not
    /// exist, such as a client who never registered).
    static func moveFeedEpoch(_ db: any SQLTransaction, userID: UUID) throws {
        try db.execute(
            sql: """
                INSERT INTO feed_epochs (user_id, epoch) SELECT id, 1 FROM users WHERE id = ?
                ON CONFLICT (user_id) DO UPDATE SET epoch = feed_epochs.epoch + 1
                """, arguments: [userID.key])
    }

    /// The MAC of `userID`'s current feed address under `key`: 32 hexadecimal digits (128 bits).
    private static func feedMAC(_ db: any SQLTransaction, key: SymmetricKey, userID: UUID) throws -> String {
        let epoch =
            try db.value(Int64.self, sql: "SELECT epoch FROM feed_epochs WHERE user_id = ?", arguments: [userID.key])
            ?? 0
        let mac = HMAC<SHA256>.authenticationCode(for: Array("\(userID.key):\(epoch)".utf8), using: key)
        return String(Fingerprint.hex(mac).prefix(32))
    }

    /// The store's feed key, if one was made.
    private static func feedKey(_ db: any SQLTransaction) throws -> SymmetricKey? {
        try db.value(String.self, sql: "SELECT value FROM server_keys WHERE name = 'feed'")
            .flatMap { Data(hexString: $0) }.map { SymmetricKey(data: $0) }
    }

    /// Makes the store's feed key (an instance that made it first on a shared database wins; the key read back is the
    /// one every instance uses).
    private static func makeFeedKey(_ db: any SQLTransaction) throws -> SymmetricKey {
        let fresh = Fingerprint.hex(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
        try db.execute(
            sql: "INSERT INTO server_keys (name, value) VALUES ('feed', ?) ON CONFLICT (name) DO NOTHING",
            arguments: [fresh])
        guard let key = try feedKey(db) else { throw ServerError(.internalError) }
        return key
    }

    /// The names of the clients `ids` as `principal` reads their rows ("Name Surname"), by id: a feed's titles.
    package func clientNames(_ ids: Set<UUID>, for principal: UserRecord) async throws -> [UUID: String] {
        guard !ids.isEmpty else { return [:] }
        return try await read { db in
            let principal = try Self.withGym(db, principal)
            var names: [UUID: String] = [:]
            for id in ids {
                guard let row = try EntityRow.fetch(db, id: id), row.kind == EntityKind.client.rawValue,
                    !row.deleted, principal.mayRead(row), let name = try? Client(document: row.data).fullName
                else { continue }
                names[id] = name
            }
            return names
        }
    }
}

extension Data {
    /// The bytes `hex` spells (two digits a byte), or nil.
    init?(hexString hex: String) {
        guard hex.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.init(bytes)
    }
}
