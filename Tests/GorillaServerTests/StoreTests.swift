import Foundation
import GorillaTesting
import GorillaServer
import GorillaShared
import Testing

@Suite struct StoreTests {
    let store: ServerStore

    init() async throws {
        store = try await TestEngine.current.makeStore()
    }

    private func coach(_ username: String, email: String? = nil, language: Language = .ca) -> UserRecord {
        UserRecord(
            role: .coach, username: username, email: email ?? "\(username.lowercased())@example.com",
            passwordHash: "scrypt$stored", name: "Name", surname: "Surname", nif: nil, language: language)
    }

    // MARK: Accounts

    @Test func createdUserCanBeFoundByUsernameEmailAndID() async throws {
        let ada = coach("Ada", email: "Ada@Example.com", language: .es)
        try await store.createUser(ada)

        let byName = try #require(try await store.user(login: "ada"))
        #expect(byName.id == ada.id)
        #expect(byName.username == "Ada")
        #expect(byName.email == "Ada@Example.com")
        #expect(byName.language == .es)
        #expect(byName.role == .coach)
        #expect(byName.passwordHash == "scrypt$stored")
        #expect(abs(byName.created.timeIntervalSince(ada.created)) < 0.002)
        #expect(try await store.user(login: " ADA@example.COM ")?.id == ada.id)
        #expect(try await store.user(id: ada.id)?.username == "Ada")
        #expect(try await store.user(login: "bob") == nil)
        #expect(try await store.user(id: UUID()) == nil)
    }

    @Test func usernameInAnotherCaseIsInUse() async throws {
        try await store.createUser(coach("ada"))
        let error = await #expect(throws: ServerError.self) {
            try await store.createUser(coach("ADA", email: "other@example.com"))
        }
        #expect(error?.code == .usernameInUse)
        #expect(try await store.allUsers().count == 1)
    }

    @Test func emailInAnotherCaseIsInUse() async throws {
        try await store.createUser(coach("ada", email: "ada@example.com"))
        let error = await #expect(throws: ServerError.self) {
            try await store.createUser(coach("bob", email: "ADA@example.com"))
        }
        #expect(error?.code == .emailInUse)
        #expect(try await store.user(login: "bob") == nil)
    }

    @Test func allUsersListsEveryAccount() async throws {
        try await store.createUser(coach("ada"))
        try await store.createUser(coach("bob"))
        #expect(Set(try await store.allUsers().map(\.username)) == ["ada", "bob"])
    }

    @Test func profileUpdateChangesOnlyGivenFields() async throws {
        let ada = coach("ada")
        try await store.createUser(ada)
        let updated = try await store.updateProfile(userID: ada.id, ProfileUpdateBody(name: " Augusta ", language: .en))
        #expect(updated.name == "Augusta")
        #expect(updated.surname == "Surname")
        #expect(updated.language == .en)
        #expect(try await store.user(id: ada.id) == updated)
    }

    @Test func profileUpdateRefusesAnotherAccountsEmailAndUnknownPhotos() async throws {
        let ada = coach("ada")
        try await store.createUser(ada)
        try await store.createUser(coach("bob"))
        let taken = await #expect(throws: ServerError.self) {
            try await store.updateProfile(userID: ada.id, ProfileUpdateBody(email: "BOB@example.com"))
        }
        #expect(taken?.code == .emailInUse)
        let invalid = await #expect(throws: ServerError.self) {
            try await store.updateProfile(userID: ada.id, ProfileUpdateBody(email: "not an email"))
        }
        #expect(invalid?.code == .invalidField)
        let photo = await #expect(throws: ServerError.self) {
            try await store.updateProfile(userID: ada.id, ProfileUpdateBody(photo: String(repeating: "a", count: 64)))
        }
        #expect(photo?.code == .invalidReference)
        #expect(try await store.user(id: ada.id)?.email == "ada@example.com")
    }

    // MARK: Session tokens

    @Test func insertedTokenOpensASession() async throws {
        let ada = coach("ada")
        try await store.createUser(ada)
        let expires = Date().addingTimeInterval(3600)
        try await store.insertToken(hash: "token-1", userID: ada.id, expires: expires)
        let (user, storedExpiry) = try #require(try await store.session(tokenHash: "token-1"))
        #expect(user.id == ada.id)
        #expect(abs(storedExpiry.timeIntervalSince(expires)) < 0.002)
        #expect(try await store.session(tokenHash: "token-2") == nil)
    }

    @Test func revokedTokenOpensNoSession() async throws {
        let ada = coach("ada")
        try await store.createUser(ada)
        try await store.insertToken(hash: "keep", userID: ada.id, expires: Date().addingTimeInterval(3600))
        try await store.insertToken(hash: "drop", userID: ada.id, expires: Date().addingTimeInterval(3600))
        try await store.revokeToken(hash: "drop")
        #expect(try await store.session(tokenHash: "drop") == nil)
        #expect(try await store.session(tokenHash: "keep") != nil)
    }

    @Test func expiredTokenOpensNoSession() async throws {
        let ada = coach("ada")
        try await store.createUser(ada)
        let expires = Date().addingTimeInterval(60)
        try await store.insertToken(hash: "short", userID: ada.id, expires: expires)
        #expect(try await store.session(tokenHash: "short", now: expires.addingTimeInterval(-1)) != nil)
        #expect(try await store.session(tokenHash: "short", now: expires.addingTimeInterval(1)) == nil)
        try await store.insertToken(hash: "stale", userID: ada.id, expires: Date().addingTimeInterval(-1))
        #expect(try await store.session(tokenHash: "stale") == nil)
    }

    @Test func revokeTokensKeepsOnlyTheNamedOneOfThatAccount() async throws {
        let ada = coach("ada")
        let bob = coach("bob")
        try await store.createUser(ada)
        try await store.createUser(bob)
        let later = Date().addingTimeInterval(3600)
        for hash in ["ada-1", "ada-2", "ada-3"] {
            try await store.insertToken(hash: hash, userID: ada.id, expires: later)
        }
        try await store.insertToken(hash: "bob-1", userID: bob.id, expires: later)

        try await store.revokeTokens(userID: ada.id, keeping: "ada-2")
        #expect(try await store.session(tokenHash: "ada-1") == nil)
        #expect(try await store.session(tokenHash: "ada-2") != nil)
        #expect(try await store.session(tokenHash: "ada-3") == nil)
        #expect(try await store.session(tokenHash: "bob-1") != nil)

        try await store.revokeTokens(userID: ada.id)
        #expect(try await store.session(tokenHash: "ada-2") == nil)
        #expect(try await store.session(tokenHash: "bob-1") != nil)
    }

    // MARK: Reset tokens

    @Test func resetTokenRedeemsOnceAndRevokesSessions() async throws {
        let ada = coach("ada")
        try await store.createUser(ada)
        try await store.insertToken(hash: "session", userID: ada.id, expires: Date().addingTimeInterval(3600))
        try await store.insertResetToken(hash: "reset", userID: ada.id, expires: Date().addingTimeInterval(3600))

        #expect(try await store.redeemResetToken(login: "ADA", tokenHash: "reset", newPasswordHash: "new-hash"))
        #expect(try await store.user(id: ada.id)?.passwordHash == "new-hash")
        #expect(try await store.session(tokenHash: "session") == nil)

        #expect(try await !store.redeemResetToken(login: "ada", tokenHash: "reset", newPasswordHash: "third-hash"))
        #expect(try await store.user(id: ada.id)?.passwordHash == "new-hash")
    }

    @Test func expiredResetTokenIsRefused() async throws {
        let ada = coach("ada")
        try await store.createUser(ada)
        let expires = Date().addingTimeInterval(600)
        try await store.insertResetToken(hash: "reset", userID: ada.id, expires: expires)
        #expect(
            try await !store.redeemResetToken(
                login: "ada", tokenHash: "reset", newPasswordHash: "late",
                now: expires.addingTimeInterval(1)))
        #expect(try await store.user(id: ada.id)?.passwordHash == "scrypt$stored")
    }

    @Test func resetTokenOnlyWorksForItsOwnAccount() async throws {
        let ada = coach("ada")
        let bob = coach("bob")
        try await store.createUser(ada)
        try await store.createUser(bob)
        try await store.insertResetToken(hash: "ada-reset", userID: ada.id, expires: Date().addingTimeInterval(600))
        #expect(try await !store.redeemResetToken(login: "bob", tokenHash: "ada-reset", newPasswordHash: "stolen"))
        #expect(try await store.user(id: bob.id)?.passwordHash == "scrypt$stored")
        #expect(
            try await store.redeemResetToken(login: "ada@example.com", tokenHash: "ada-reset", newPasswordHash: "mine"))
    }

    @Test func newResetTokenReplacesAnUnusedOne() async throws {
        let ada = coach("ada")
        try await store.createUser(ada)
        try await store.insertResetToken(hash: "first", userID: ada.id, expires: Date().addingTimeInterval(600))
        try await store.insertResetToken(hash: "second", userID: ada.id, expires: Date().addingTimeInterval(600))
        #expect(try await !store.redeemResetToken(login: "ada", tokenHash: "first", newPasswordHash: "x"))
        #expect(try await store.redeemResetToken(login: "ada", tokenHash: "second", newPasswordHash: "y"))
    }

    // MARK: Media

    @Test func mediaIsVisibleToItsOwnerOnly() async throws {
        let ada = coach("ada")
        let bob = coach("bob")
        try await store.createUser(ada)
        try await store.createUser(bob)
        let sha = String(repeating: "b", count: 64)
        try await store.putMedia(sha256: sha, type: "image/png", bytes: [1, 2, 3], ownerID: ada.id)
        let (type, bytes) = try #require(try await store.media(sha256: sha, principal: ada))
        #expect(type == "image/png")
        #expect(Array(bytes) == [1, 2, 3])
        #expect(try await store.media(sha256: sha, principal: bob) == nil)
        #expect(try await store.media(sha256: String(repeating: "c", count: 64), principal: ada) == nil)
    }
}
