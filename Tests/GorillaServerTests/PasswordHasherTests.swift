import Foundation
import GorillaServer
import Testing

@Suite struct PasswordHasherTests {
    let hasher = PasswordHasher.testing

    @Test func hashVerifiesTheSamePassword() throws {
        let stored = try hasher.hash("correct horse battery staple")
        #expect(hasher.verify("correct horse battery staple", against: stored))
    }

    @Test func wrongPasswordFails() throws {
        let stored = try hasher.hash("correct horse battery staple")
        #expect(!hasher.verify("correct horse battery stapler", against: stored))
        #expect(!hasher.verify("Correct horse battery staple", against: stored))
        #expect(!hasher.verify("", against: stored))
    }

    @Test func storedFormNamesTheCostAndHidesThePassword() throws {
        let stored = try hasher.hash("secret-password")
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 6)
        #expect(parts[0] == "scrypt")
        #expect(parts[1] == String(hasher.logN))
        #expect(parts[2] == String(hasher.blockSize))
        #expect(parts[3] == String(hasher.parallelism))
        #expect(Data(base64Encoded: parts[4])?.count == 16)
        #expect(Data(base64Encoded: parts[5])?.count == 32)
        #expect(!stored.contains("secret-password"))
    }

    @Test func twoHashesOfOnePasswordDiffer() throws {
        let first = try hasher.hash("same password")
        let second = try hasher.hash("same password")
        #expect(first != second)
        #expect(hasher.verify("same password", against: first))
        #expect(hasher.verify("same password", against: second))
    }

    @Test func hashesFromAnotherCostStillVerify() throws {
        let cheaper = PasswordHasher(logN: 3, blockSize: 2, parallelism: 1)
        let stored = try cheaper.hash("older password")
        #expect(hasher.verify("older password", against: stored))
        #expect(!hasher.verify("other password", against: stored))
    }

    @Test func unicodePasswordsVerify() throws {
        let stored = try hasher.hash("contrasenya-àèìòù-ñ-😀")
        #expect(hasher.verify("contrasenya-àèìòù-ñ-😀", against: stored))
        #expect(!hasher.verify("contrasenya-aeiou-n-😀", against: stored))
    }

    @Test(arguments: [
        "", "garbage", "scrypt$4$1$1$c2FsdA==", "bcrypt$4$1$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA==",
        "scrypt$x$1$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA==", "scrypt$4$1$1$not base64$aGFzaA==",
        "scrypt$40$1$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA==", "scrypt$4$0$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA==",
        "scrypt$4$1$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA==$extra",
    ])
    func garbageStoredStringFails(stored: String) {
        #expect(!hasher.verify("password", against: stored))
    }

    @Test func truncatedHashFails() throws {
        let stored = try hasher.hash("password")
        #expect(!hasher.verify("password", against: String(stored.dropLast(4))))
        let withoutHash = stored.split(separator: "$").dropLast().joined(separator: "$") + "$"
        #expect(!hasher.verify("password", against: withoutHash))
    }

    @Test func defaultCostIsStrong() {
        let standard = PasswordHasher()
        #expect(standard.logN >= 15)
        #expect(standard.blockSize >= 8)
        #expect(PasswordHasher.testing.logN < standard.logN)
    }
}
