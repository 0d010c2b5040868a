import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// Who asks, in the gym operations' matrix: the owner, an admin and a coach of one gym, the owner of another gym, a
/// coach in no gym, a client of the gym's owner, a client of a colleague (the gym's coach), a client the owner shares
/// with that colleague (shared in the matrix's own test), a client of the other gym, and nobody. Listed in the order
/// each row asks them, so that the operations that change the gym (leave, remove, role, dissolve) come from its own
/// members last.
enum GymPrincipal: String, CaseIterable, CustomStringConvertible {
    case anonymous, client, colleagueClient, sharedClient, otherGymClient, independent, otherGym, coach, admin, owner

    /// The account's username (the anonymous column logs in as nobody).
    var username: String {
        switch self {
        case .anonymous: ""
        case .client: "cleo"
        case .colleagueClient: "cody"
        case .sharedClient: "sara"
        case .otherGymClient: "hana"
        case .independent: "ivan"
        case .otherGym: "hugo"
        case .coach: "cora"
        case .admin: "adam"
        case .owner: "olga"
        }
    }

    var description: String { rawValue }
}

/// A gym ("Gorilla Gym": olga owner, adam admin, cora coach), another gym (hugo's), ivan on his own and olga's clients
/// cleo and sara, cora's client cody, hugo's client hana, built with raw protocol requests; `code` is an unused
/// invitation to olga's gym, `libraryMachine` a machine of its library, and every coach has an exercise of their own
/// (``ownExercise(of:)``).
struct GymWorld {
    static let password = "correct horse"

    var tokens: [GymPrincipal: String] = [:]
    var code = ""
    /// Olga's client cleo.
    var client = UUID()
    /// Olga's client sara (whom the gym matrix shares with cora).
    var secondClient = UUID()
    var libraryMachine = UUID()

    /// The id of the exercise each coach made of their own.
    static let ownExercises = Dictionary(uniqueKeysWithValues: GymPrincipal.allCases.map { ($0, UUID()) })

    /// The id of the exercise `principal` (a coach) made of their own.
    static func ownExercise(of principal: GymPrincipal) -> UUID { ownExercises[principal]! }

    static func build(port: Int) async throws -> GymWorld {
        var world = GymWorld()
        let cleo = world.client
        let sara = world.secondClient
        var codes: [GymPrincipal: String] = [:]
        let (olga, clientCode, adminCode, coachCode, spareCode) = try await withClient(port: port) {
            client -> (String, String, String, String, String) in
            try await client.hello(language: "en")
            let token = try await client.signUpCoach("olga", password: password, name: "Olga", surname: "Ferrer")
            try await client.request("gym.create", ["name": "Gorilla Gym"]).expectSuccess()
            let pushed = try await client.pushRequiringReply([
                mutation("client", cleo, fields: ["name": "Cleo", "surname": "Puig"]),
                mutation("client", sara, fields: ["name": "Sara", "surname": "Vidal"]),
            ])
            func invite(_ role: String) async throws -> String {
                try await client.request("gym.invite", ["role": role]).expectSuccess().requireString("value", "code")
            }
            codes[.sharedClient] = try pushed[1].requireString("extra", "code")
            return (
                token, try pushed[0].requireString("extra", "code"), try await invite("admin"),
                try await invite("coach"), try await invite("coach")
            )
        }
        world.tokens[.owner] = olga
        world.code = spareCode
        var colleagueClientCode = ""
        for (principal, code) in [(GymPrincipal.admin, adminCode), (.coach, coachCode)] {
            world.tokens[principal] = try await withClient(port: port) { client in
                try await client.hello(language: "en")
                let token = try await client.signUpCoach(
                    principal.username, password: password, name: principal.username.capitalized, surname: "Gym")
                try await client.request("gym.join", ["code": code]).expectSuccess()
                if principal == .coach {
                    let pushed = try await client.pushRequiringReply([
                        mutation("client", UUID(), fields: ["name": "Cody", "surname": "Roca"])
                    ])
                    colleagueClientCode = try pushed[0].requireString("extra", "code")
                }
                return token
            }
        }
        for principal in [GymPrincipal.otherGym, .independent] {
            world.tokens[principal] = try await withClient(port: port) { client in
                try await client.hello(language: "en")
                let token = try await client.signUpCoach(
                    principal.username, password: password, name: principal.username.capitalized, surname: "Solo")
                if principal == .otherGym {
                    try await client.request("gym.create", ["name": "Other Gym"]).expectSuccess()
                    let pushed = try await client.pushRequiringReply([
                        mutation("client", UUID(), fields: ["name": "Hana", "surname": "Mas"])
                    ])
                    codes[.otherGymClient] = try pushed[0].requireString("extra", "code")
                }
                return token
            }
        }
        world.libraryMachine = try await withClient(port: port) { client in
            try await client.hello(language: "en")
            try await client.resume(olga).expectSuccess()
            let added = try await client.request("gym.machine", ["name": "Gym rack"]).expectSuccess()
            let rows = added.value?["rows"] as? [JSONObject] ?? []
            let id: String? = rows.first?["id"] as? String
            return try #require(id.flatMap { UUID(uuidString: $0) })
        }
        for principal in [GymPrincipal.owner, .admin, .coach, .otherGym, .independent] {
            try await withClient(port: port) { client in
                try await client.hello(language: "en")
                try await client.resume(world.tokens[principal]!).expectSuccess()
                _ = try await client.pushRequiringReply([
                    mutation("exercise", ownExercise(of: principal), fields: ["name": "Own of \(principal)"])
                ])
            }
        }
        codes[.client] = clientCode
        codes[.colleagueClient] = colleagueClientCode
        for (principal, code) in codes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            world.tokens[principal] = try await withClient(port: port) { client in
                try await client.hello(language: "en")
                return try await client.request(
                    "auth.signup",
                    [
                        "username": principal.username, "email": "\(principal.username)@example.com",
                        "password": password, "code": code,
                    ]
                ).expectSuccess().requireString("value", "token")
            }
        }
        return world
    }
}

@Suite(.hangLimit)
struct GymPermissionMatrixTests {
    /// Every request of the matrix comes from 127.0.0.1: raise the per-address limits.
    static func configure(_ configuration: inout ServerConfiguration) {
        configuration.codeGuessesBeforeWait = 10_000
        configuration.signupsPerAddress = 10_000
    }

    /// One row: the operation, its body for a principal, and the result each principal must get.
    struct Row: Sendable {
        let op: GorillaShared.Operation
        let expected: [GymPrincipal: Int]
        let body: @Sendable (_ principal: GymPrincipal, _ world: GymWorld) -> JSONObject

        init(
            _ op: GorillaShared.Operation, _ expected: [GymPrincipal: Int],
            body: @escaping @Sendable (GymPrincipal, GymWorld) -> JSONObject = { _, _ in [:] }
        ) {
            self.op = op
            self.expected = expected
            self.body = body
        }
    }

    /// The reviewed answers, written by hand from the rules (docs/security.md, "Gyms"): 0 success, 110 not logged in,
    /// 111 forbidden, 112 not found, 130 not in a gym, 131 already in a gym, 132 the last owner, 133 not a member of the
    /// gym.
    static let rows: [Row] = [
        // Owners and admins add to their gym's library (hugo to his own gym's); coaches read it.
        Row(
            .gymMachine,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 0, .coach: 111,
                .admin: 0, .owner: 0,
            ]
        ) { principal, _ in ["name": "Machine of \(principal)"] },
        Row(
            .gymPublish,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 0, .coach: 111,
                .admin: 0, .owner: 0,
            ]
        ) { principal, _ in ["kind": "exercise", "id": GymWorld.ownExercise(of: principal).key] },
        // Every member of olga's gym copies its library's machine; hugo's gym has no such row.
        Row(
            .gymCopy,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 112, .coach: 0,
                .admin: 0, .owner: 0,
            ]
        ) { _, world in ["kind": "machine", "id": world.libraryMachine.key] },
        Row(
            .gymCreate,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 0, .otherGym: 131, .coach: 131,
                .admin: 131,
                .owner: 131,
            ]
        ) { principal, _ in ["name": "New gym of \(principal)"] },
        Row(
            .gymJoin,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 0, .otherGym: 131, .coach: 131,
                .admin: 131,
                .owner: 131,
            ]
        ) { _, world in ["code": world.code] },
        Row(
            .gymShow,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 0, .coach: 0,
                .admin: 0, .owner: 0,
            ]),
        Row(
            .gymMembers,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 0, .coach: 0,
                .admin: 0, .owner: 0,
            ]),
        Row(
            .gymInvite,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 0, .coach: 111,
                .admin: 0, .owner: 0,
            ]
        ) { _, _ in ["role": "coach"] },
        Row(
            .gymRename,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 0, .coach: 111,
                .admin: 0, .owner: 0,
            ]
        ) { principal, _ in ["name": "Renamed by \(principal)"] },
        // Cora (a coach of olga's gym) made admin: only olga may; hugo's gym has no cora.
        Row(
            .gymRole,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 133, .coach: 111,
                .admin: 111, .owner: 0,
            ]
        ) { _, _ in ["user": "cora", "role": "admin"] },
        // Adam removes cora (a coach), then olga removes adam (an admin); hugo has no cora.
        Row(
            .gymRemove,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 133, .coach: 111,
                .admin: 0, .owner: 0,
            ]
        ) { principal, _ in ["user": principal == .owner ? "adam" : "cora"] },
        // Cora and adam leave; olga, and hugo, are their gyms' last owners.
        Row(
            .gymLeave,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 132, .coach: 0,
                .admin: 0, .owner: 132,
            ]),
        // Every member reads their own gym's calendar (hugo his own gym's).
        Row(
            .gymCalendar,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 0, .coach: 0,
                .admin: 0, .owner: 0,
            ]
        ) { _, _ in ["from": "2026-12-01T00:00:00Z", "to": "2026-12-08T00:00:00Z"] },
        // Owners and admins read their gym's figures (hugo owns his own gym).
        Row(
            .gymOverview,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 0, .coach: 111,
                .admin: 0, .owner: 0,
            ]
        ) { _, _ in ["from": "2026-11-02T00:00:00Z", "to": "2026-12-01T00:00:00Z", "zone": "Europe/Madrid"] },
        // Olga shares cleo with cora; cora cannot share with herself, adam has no cleo, hugo's gym has no cora.
        Row(
            .gymShare,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 133, .coach: 9,
                .admin: 124, .owner: 0,
            ]
        ) { _, world in ["client": world.client.uuidString.lowercased(), "with": "cora"] },
        // Only cleo's coach ends her shares: to cora and adam she is no client of theirs.
        Row(
            .gymUnshare,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 133, .coach: 124,
                .admin: 124, .owner: 0,
            ]
        ) { _, world in ["client": world.client.uuidString.lowercased(), "with": "cora"] },
        // Olga hands cleo over to cora; cora cannot hand over to herself, adam has no cleo, hugo's gym has no cora.
        Row(
            .gymTransfer,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 133, .coach: 9,
                .admin: 124, .owner: 0,
            ]
        ) { _, world in ["client": world.client.uuidString.lowercased(), "to": "cora"] },
        Row(
            .gymDissolve,
            [
                .anonymous: 110, .client: 111, .colleagueClient: 111, .sharedClient: 111, .otherGymClient: 111,
                .independent: 130, .otherGym: 0, .coach: 111,
                .admin: 111, .owner: 0,
            ]),
    ]

    @Test func theMatrixCoversEveryGymOperationAndTheAccessTable() {
        let gymOperations = Set(GorillaShared.Operation.allCases.filter { $0.rawValue.hasPrefix("gym.") })
        #expect(Set(Self.rows.map(\.op)) == gymOperations)
        #expect(Set(Access.gymTable.keys) == gymOperations)
        #expect(Self.rows.count == gymOperations.count)
        for op in gymOperations { #expect(!op.isAnonymous, "\(op.rawValue)") }
    }

    /// A row of the gym's library over `sync.pull` and `sync.push`, as each principal: the gym's coaches read it and
    /// no push changes or deletes it (published rows are read-only templates: 111); to anyone else it does not exist
    /// (112), as another tenant's row does not.
    @Test func theLibrarysRowsAreReadByTheGymsCoachesOnlyAndChangedByNoPush() async throws {
        let expected: [(GymPrincipal, reads: Bool, write: Int)] = [
            (.client, false, 112), (.colleagueClient, false, 112), (.independent, false, 112), (.otherGym, false, 112), (.coach, true, 111),
            (.admin, true, 111), (.owner, true, 111),
        ]
        try await withTestServer(configure: Self.configure) { server in
            let port = server.port
            let world = try await GymWorld.build(port: port)
            for (principal, reads, write) in expected {
                try await withClient(port: port) { client in
                    try await client.hello(language: "en")
                    try await client.resume(world.tokens[principal]!).expectSuccess()
                    let pulled = try await client.pullEverything()
                    let ids = pulled.compactMap { $0.string("id")?.lowercased() }
                    #expect(ids.contains(world.libraryMachine.key) == reads, "\(principal) reads the library")
                    #expect(pulled.contains { $0["gym"] as? Bool == true } == reads, "\(principal): marked rows")
                    for action in ["update", "delete"] {
                        let results = try await client.pushRequiringReply([
                            mutation(
                                "machine", world.libraryMachine, action,
                                fields: action == "update" ? ["name": "Renamed"] : nil)
                        ])
                        let code = (results.first?["error"] as? JSONObject)?["code"] as? Int
                        #expect(code == write, "\(action) as \(principal): \(results)")
                    }
                }
            }
        }
    }

    @Test(arguments: rows.map(\.op))
    func eachGymOperationSucceedsOnlyForThePrincipalsTheTableAllows(_ op: GorillaShared.Operation) async throws {
        let row = try #require(Self.rows.first { $0.op == op })
        try await withTestServer(configure: Self.configure) { server in
            let port = server.port
            let world = try await GymWorld.build(port: port)
            // Sara is a shared client: olga shares her with cora.
            let shared = try await withClient(port: port) { client in
                try await client.hello(language: "en")
                try await client.resume(world.tokens[.owner]!).expectSuccess()
                return Unchecked(
                    try await client.request("gym.share", ["client": world.secondClient.key, "with": "cora"]))
            }.value
            #expect(shared.result == 0, "\(shared)")
            for principal in GymPrincipal.allCases {
                let reply = try await withClient(port: port) { client in
                    try await client.hello(language: "en")
                    if let token = world.tokens[principal] { try await client.resume(token).expectSuccess() }
                    return Unchecked(try await client.request(op.rawValue, row.body(principal, world)))
                }.value
                let expected = try #require(row.expected[principal])
                #expect(
                    reply.result == expected,
                    "\(op.rawValue) as \(principal): expected \(expected), got \(reply.result.map(String.init) ?? "nil") \(reply.errorMessage ?? "")"
                )
                if expected != 0 { #expect(reply.value == nil, "\(op.rawValue) as \(principal) leaked a value") }
            }
        }
    }
}
