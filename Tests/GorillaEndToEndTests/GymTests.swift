import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// Gyms as organisations, with real devices over TLS: making one, inviting and joining (with an account or when
/// signing up), members and roles, handing ownership over, leaving, removing, renaming and dissolving.
@Suite(.hangLimit)
struct GymTests {
    /// The wire code of the server's refusal of `body` (nil when it succeeded or failed otherwise).
    static func refusal(_ body: () async throws -> Void) async -> WireErrorCode? {
        await OnboardingTests.serverError(body)?.wire?.code
    }

    /// The gym's members by username, with their roles, as `gym members --json` lists them.
    static func roles(_ device: Device) async throws -> [(String, String)] {
        let members = try await device.app.gymMembers().json["members"]?.arrayValue ?? []
        return members.compactMap { member in
            guard let username = member["username"]?.stringValue, let role = member["role"]?.stringValue else {
                return nil
            }
            return (username, role)
        }
    }

    @Test func aCoachMakesAGymInvitesCoachesAndTheOwnersManageIt() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            let created = try await ada.app.gymCreate("Gorilla Gym")
            #expect(created.json["name"] == "Gorilla Gym" && created.json["role"] == "owner", "\(created.json)")
            #expect(created.json["members"] == 1)
            #expect(created.text.contains("Gorilla Gym"))

            // A single-use code of the registration codes' form, valid 14 days, for a coach with an account.
            let invited = try await ada.app.gymInvite()
            let code = try #require(invited.json["code"]?.stringValue)
            #expect(isRegistrationCode(code), "\(code)")
            #expect(invited.json["role"] == "coach")
            let expires = try #require(invited.json["expires"]?.stringValue.flatMap(ISOTime.parse))
            #expect(abs(expires.timeIntervalSinceNow - 14 * 86_400) < 120, "expires \(expires)")
            #expect(invited.text.contains("gorilla gym join \(code)"), "\(invited.text)")

            let bob = try await Device.coach("bob", on: server)
            _ = try await bob.app.addMachine(name: "Rower", imageFile: nil)
            let joined = try await bob.app.gymJoin(code.lowercased())
            #expect(joined.json["name"] == "Gorilla Gym" && joined.json["role"] == "coach", "\(joined.json)")
            let dan = try await Device.coach("dan", on: server)
            #expect(await Self.refusal { _ = try await dan.app.gymJoin(code) } == .codeUsed)
            #expect(await Self.refusal { _ = try await bob.app.gymCreate("Mine") } == .alreadyInGym)

            // An admin's code, redeemed by a new coach as they sign up.
            let adminCode = try #require(try await ada.app.gymInvite(role: .admin).json["code"]?.stringValue)
            let carl = try Device()
            try await carl.connect(to: server)
            _ = try await carl.app.register(
                SignupBody(
                    username: "carl", email: "carl@example.com", password: Device.password, name: "Carl",
                    surname: "Sagan", gymCode: adminCode))
            #expect(try await carl.app.gymShow().json["role"] == "admin")
            let members = try await Self.roles(bob)
            #expect(members.map(\.0) == ["ada", "carl", "bob"], "owners first, then admins, then coaches")
            #expect(members.map(\.1) == ["owner", "admin", "coach"])

            // Admins invite coaches and nothing else; only owners change roles.
            #expect(await Self.refusal { _ = try await carl.app.gymInvite(role: .admin) } == .forbidden)
            #expect(try await carl.app.gymInvite().json["role"] == "coach")
            #expect(await Self.refusal { _ = try await carl.app.gymRole("bob", .admin) } == .forbidden)
            #expect(await Self.refusal { _ = try await bob.app.gymRemove("carl") } == .forbidden)
            #expect(await Self.refusal { _ = try await ada.app.gymRole("dan", .admin) } == .notAGymMember)

            // The last owner cannot leave or step down; handing ownership over makes the old owner an admin.
            #expect(await Self.refusal { _ = try await ada.app.gymLeave() } == .lastOwner)
            #expect(await Self.refusal { _ = try await ada.app.gymRole("ada", .coach) } == .lastOwner)
            let handed = try await ada.app.gymRole("carl", .owner)
            #expect(handed.json["role"] == "owner" && handed.json["yourRole"] == "admin", "\(handed.json)")
            #expect(try await Self.roles(ada).map(\.1) == ["owner", "admin", "coach"])
            #expect(try await Self.roles(ada).first?.0 == "carl")
            #expect(await Self.refusal { _ = try await ada.app.gymDissolve() } == .forbidden)

            // A removed coach is on their own again, with everything of their own.
            let removed = try await carl.app.gymRemove("bob")
            #expect(removed.json["user"] == "bob" && removed.json["role"] == nil, "\(removed.json)")
            #expect(await Self.refusal { _ = try await bob.app.gymShow() } == .notInGym)
            #expect(try bob.names("machine") == ["Rower"])

            _ = try await carl.app.gymRename("Silverback")
            #expect(try await ada.app.gymShow().json["name"] == "Silverback")
            let left = try await ada.app.gymLeave()
            #expect(left.json["gym"] == "Silverback" && left.json["dissolved"] == false, "\(left.json)")

            // Dissolving ends the gym for everyone; its unused codes stop working.
            let spare = try #require(try await carl.app.gymInvite().json["code"]?.stringValue)
            let dissolved = try await carl.app.gymDissolve()
            #expect(dissolved.json["dissolved"] == true, "\(dissolved.json)")
            #expect(await Self.refusal { _ = try await carl.app.gymShow() } == .notInGym)
            #expect(await Self.refusal { _ = try await dan.app.gymJoin(spare) } == .invalidCode)
            #expect(try await carl.app.gymCreate("Again").json["role"] == "owner")
        }
    }

    @Test func aRemovedCoachLosesTheGymAtTheirNextRequestOnEveryInstance() async throws {
        try await withTestServer { server in
            // A second instance on the same PostgreSQL database; on SQLite, one server holds the file.
            let folder = try TemporaryFolder("gorilla-gym-instance")
            let second: TestServer? =
                server.engine == .postgres
                ? TestServer(dataDirectory: folder.child("data"), database: server.postgres) : nil
            try await second?.start()
            let port = second?.port ?? server.port
            let olga = try await withClient(port: server.port) { client -> String in
                try await client.hello(language: "en")
                return try await client.signUpCoach("olga")
            }
            try await withClient(port: server.port) { owner in
                try await owner.hello(language: "en")
                try await owner.resume(olga).expectSuccess()
                try await owner.request("gym.create", ["name": "Gorilla Gym"]).expectSuccess()
                let code = try await owner.request("gym.invite").expectSuccess().requireString("value", "code")
                try await withClient(port: port) { cora in
                    try await cora.hello(language: "ca")
                    try await cora.signUpCoach("cora")
                    try await cora.request("gym.join", ["code": code]).expectSuccess()
                    try await cora.request("gym.show").expectSuccess()
                    try await owner.request("gym.remove", ["user": "cora"]).expectSuccess()
                    // The same connection, on the other instance: no membership outlives the request that read it.
                    let after = try await cora.request("gym.show")
                    #expect(after.errorCode == WireErrorCode.notInGym.rawValue, "\(after)")
                    #expect(after.errorMessage == WireErrorCode.notInGym.message(in: .ca), "\(after)")
                }
            }
            await second?.stop()
        }
    }

    @Test func anInvitationHoldsOnlyWhileItsMakerMayStillInvite() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            _ = try await ada.app.gymCreate("Gorilla Gym")
            let bob = try await Device.coach("bob", on: server)
            let adminCode = try #require(try await ada.app.gymInvite(role: .admin).json["code"]?.stringValue)
            _ = try await bob.app.gymJoin(adminCode)
            let bobsCode = try #require(try await bob.app.gymInvite().json["code"]?.stringValue)
            let adasAdminCode = try #require(try await ada.app.gymInvite(role: .admin).json["code"]?.stringValue)

            // A removed admin's codes let nobody in, the admin included.
            _ = try await ada.app.gymRemove("bob")
            let dan = try await Device.coach("dan", on: server)
            #expect(await Self.refusal { _ = try await dan.app.gymJoin(bobsCode) } == .invalidCode)
            #expect(await Self.refusal { _ = try await bob.app.gymJoin(bobsCode) } == .invalidCode)

            // An owner who hands the gym over no longer hands out admin places made as owner.
            let eve = try await Device.coach("eve", on: server)
            _ = try await eve.app.gymJoin(try #require(try await ada.app.gymInvite().json["code"]?.stringValue))
            _ = try await ada.app.gymRole("eve", .owner)
            #expect(await Self.refusal { _ = try await dan.app.gymJoin(adasAdminCode) } == .invalidCode)
            #expect(try await Self.roles(eve).map(\.0) == ["eve", "ada"])
        }
    }

    @Test func aGymHoldsABoundedNumberOfUnusedInvitations() async throws {
        try await withTestServer { server in
            try await withClient(port: server.port) { owner in
                try await owner.hello(language: "es")
                try await owner.signUpCoach("olga")
                try await owner.request("gym.create", ["name": "Gorilla Gym"]).expectSuccess()
                for _ in 0..<ServerStore.liveGymInvitesLimit {
                    try await owner.request("gym.invite").expectSuccess()
                }
                let refused = try await owner.request("gym.invite")
                #expect(refused.errorCode == WireErrorCode.tooLarge.rawValue, "\(refused)")
                #expect(refused.errorMessage?.hasPrefix(WireErrorCode.tooLarge.message(in: .es)) == true, "\(refused)")
            }
        }
    }

    @Test func theOperatorListsTheGymsAndTheirMembers() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            _ = try await ada.app.gymCreate("Gorilla Gym")
            let code = try #require(try await ada.app.gymInvite().json["code"]?.stringValue)
            let bob = try await Device.coach("bob", on: server)
            _ = try await bob.app.gymJoin(code)
            let tools = try await server.operatorTools()
            let text = try await tools.listGyms(json: false)
            #expect(text.contains("Gorilla Gym") && text.contains("ada") && text.contains("bob"), "\(text)")
            let listed = try WireCoding.decoder.decode(
                [GymListing].self, from: Data(try await tools.listGyms(json: true).utf8))
            #expect(listed.map(\.name) == ["Gorilla Gym"])
            #expect(listed.first?.members.map(\.username) == ["ada", "bob"])
            #expect(listed.first?.members.map(\.role) == [.owner, .coach])
        }
    }

    @Test func theCommandLineAsksBeforeDissolvingAndSpeaksTheUsersLanguage() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            _ = try await ada.app.gymCreate("Gorilla Gym")
            // No terminal to ask on and no --yes: refused as other destructive commands are, and nothing changes.
            let unasked = try await runGorilla(["gym", "dissolve"], home: ada.home)
            #expect(unasked.status == 64, "\(unasked)")
            #expect(try await ada.app.gymShow().json["name"] == "Gorilla Gym")
            let members = try await runGorilla(["--json", "gym", "members"], home: ada.home)
            #expect(members.status == 0, "\(members)")
            #expect(try members.json()["members"]?[0]?["username"] == "ada", "\(members)")
            let leave = try await runGorilla(["--language", "ca", "gym", "leave"], home: ada.home)
            #expect(leave.status != 0 && leave.stderr.contains(WireErrorCode.lastOwner.message(in: .ca)), "\(leave)")
            let badRole = try await runGorilla(["gym", "invite", "--role", "boss"], home: ada.home)
            #expect(badRole.status == 64, "\(badRole)")
            let dissolved = try await runGorilla(["--json", "gym", "dissolve", "--yes"], home: ada.home)
            #expect(dissolved.status == 0, "\(dissolved)")
            #expect(try dissolved.json()["dissolved"] == true, "\(dissolved)")
        }
    }
}

extension JSONValue {
    /// The member `key` of an object.
    fileprivate subscript(key: String) -> JSONValue? { objectValue?[key] }
    /// The element at `index` of an array.
    fileprivate subscript(index: Int) -> JSONValue? {
        arrayValue.flatMap { index < $0.count ? $0[index] : nil }
    }
}
