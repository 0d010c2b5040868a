import Crypto
import Foundation
import _CryptoExtras

/// Hashes and verifies passwords with scrypt and a per-password random salt.
///
/// Stored form: `scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64>`, so the cost can rise later
/// without invalidating existing hashes.
package struct PasswordHasher: Sendable {
    /// log2 of scrypt's N. 15 (32 MiB with r = 8) by default; tests use a cheap value.
    package let logN: Int
    package let blockSize: Int
    package let parallelism: Int

    package init(logN: Int = 15, blockSize: Int = 8, parallelism: Int = 1) {
        self.logN = logN
        self.blockSize = blockSize
        self.parallelism = parallelism
    }

    /// A cheap hasher for tests.
    package static let testing = PasswordHasher(logN: 4, blockSize: 1, parallelism: 1)

    /// Hashes `password` with a fresh 16-byte salt.
    package func hash(_ password: String) throws -> String {
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255) }
        let derived = try derive(password, salt: salt, logN: logN, r: blockSize, p: parallelism)
        return
            "scrypt$\(logN)$\(blockSize)$\(parallelism)$\(Data(salt).base64EncodedString())$\(Data(derived).base64EncodedString())"
    }

    /// Whether `password` matches `stored`, compared in constant time.
    package func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt",
            let logN = Int(parts[1]), let r = Int(parts[2]), let p = Int(parts[3]),
            (1...20).contains(logN), (1...32).contains(r), (1...16).contains(p),
            let salt = Data(base64Encoded: parts[4]), let expected = Data(base64Encoded: parts[5]),
            let derived = try? derive(password, salt: Array(salt), logN: logN, r: r, p: p)
        else { return false }
        return constantTimeEqual(derived, Array(expected))
    }

    /// Spends the same effort as a verification, for logins of unknown accounts (no timing oracle).
    package func dummyVerify(_ password: String) {
        _ = try? derive(password, salt: Array(repeating: 0, count: 16), logN: logN, r: blockSize, p: parallelism)
    }

    private func derive(_ password: String, salt: [UInt8], logN: Int, r: Int, p: Int) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: 32,
            rounds: 1 << logN, blockSize: r, parallelism: p, maxMemory: 256 * 1024 * 1024
        )
        return key.withUnsafeBytes { Array($0) }
    }
}

/// Compares two byte arrays in time that depends only on their lengths.
func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for i in a.indices { difference |= a[i] ^ b[i] }
    return difference == 0
}
