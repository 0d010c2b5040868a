import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// The calendar feed's address (``ServerStore/feedPath(userID:reset:)``) on each engine: stable until reset; a reset, a
/// password change or reset (``ServerStore/revokeTokens(userID:keeping:)``) and the end of every session make every
/// earlier address answer nothing; one account's MAC never opens another's feed.
@Suite struct CalendarFeedStoreTests {
    let store: ServerStore
    let ada: UserRecord
    let bob: UserRecord

    init() async throws {
        store = try await TestEngine.current.makeStore()
        func account(_ username: String) -> UserRecord {
            UserRecord(
                role: .coach, username: username, email: "\(username)@example.com", passwordHash: "scrypt$stored",
                name: username, surname: "Tester", nif: nil, language: .en, coachID: nil)
        }
        ada = account("ada")
        bob = account("bob")
        for user in [ada, bob] { try await store.createUser(user) }
    }

    /// The MAC of a feed path `/cal/ID/MAC.ics`.
    func mac(_ path: String) throws -> String {
        let file = try #require(path.split(separator: "/").last)
        #expect(path == "/cal/\(ada.id.key)/\(file)" || path.hasPrefix("/cal/\(bob.id.key)/"), "\(path)")
        return String(file.dropLast(4))
    }

    @Test func anAddressAnswersUntilItIsResetOrTheSessionsEnd() async throws {
        let first = try mac(try await store.feedPath(userID: ada.id, reset: false))
        #expect(first.count == 32 && first.allSatisfy(\.isHexDigit))
        #expect(try mac(try await store.feedPath(userID: ada.id, reset: false)) == first, "stable until reset")
        #expect(try await store.feedOwner(userID: ada.id, mac: first)?.id == ada.id)
        #expect(try await store.feedOwner(userID: ada.id, mac: first.uppercased())?.id == ada.id)

        // Another account's MAC, a made-up one and a shortened one open nothing.
        let bobs = try mac(try await store.feedPath(userID: bob.id, reset: false))
        #expect(bobs != first)
        #expect(try await store.feedOwner(userID: ada.id, mac: bobs) == nil)
        #expect(try await store.feedOwner(userID: bob.id, mac: first) == nil)
        #expect(try await store.feedOwner(userID: ada.id, mac: String(repeating: "0", count: 32)) == nil)
        #expect(try await store.feedOwner(userID: ada.id, mac: String(first.dropLast())) == nil)

        let second = try mac(try await store.feedPath(userID: ada.id, reset: true))
        #expect(second != first)
        #expect(try await store.feedOwner(userID: ada.id, mac: first) == nil, "a reset ends the old address")
        #expect(try await store.feedOwner(userID: ada.id, mac: second)?.id == ada.id)

        try await store.revokeTokens(userID: ada.id, keeping: "this device's")
        #expect(try await store.feedOwner(userID: ada.id, mac: second) == nil, "a password change ends it")
        let third = try mac(try await store.feedPath(userID: ada.id, reset: false))
        #expect(try await store.feedOwner(userID: ada.id, mac: third)?.id == ada.id)
        #expect(try await store.feedOwner(userID: bob.id, mac: bobs)?.id == bob.id, "bob's is untouched")
    }
}
