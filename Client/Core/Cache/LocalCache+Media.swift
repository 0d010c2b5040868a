import Crypto
import Foundation
import GRDB
import GorillaShared
import GorillaTransport

extension LocalCache {
    static func registerMediaMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2-media") { db in
            try db.execute(
                sql: """
                    CREATE TABLE media (
                        sha256 TEXT PRIMARY KEY,
                        bytes BLOB NOT NULL,
                        uploaded INTEGER NOT NULL DEFAULT 0
                    );
                    """)
        }
    }

    /// Keeps an image on the device until the next sync uploads it; returns its SHA-256.
    package func storeMedia(_ bytes: [UInt8]) throws -> String {
        let sha = Fingerprint.hex(SHA256.hash(data: bytes))
        try writer.write { db in
            try db.execute(
                sql: "INSERT INTO media (sha256, bytes) VALUES (?, ?) ON CONFLICT (sha256) DO NOTHING",
                arguments: [sha, Data(bytes)])
        }
        return sha
    }

    /// An image held on the device.
    package func media(_ sha: String) throws -> Data? {
        try writer.read { db in try Data.fetchOne(db, sql: "SELECT bytes FROM media WHERE sha256 = ?", arguments: [sha])
        }
    }

    /// Images not uploaded yet.
    func pendingMedia() throws -> [(String, [UInt8])] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT sha256, bytes FROM media WHERE uploaded = 0").map {
                ($0["sha256"], Array($0["bytes"] as Data))
            }
        }
    }

    func markUploaded(_ sha: String) throws {
        try writer.write { db in try db.execute(sql: "UPDATE media SET uploaded = 1 WHERE sha256 = ?", arguments: [sha])
        }
    }
}
