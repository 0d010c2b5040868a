import Crypto
import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import GorillaTransport
import Testing

/// Who asks, in the permission matrix: two coaches, one registered client of each, and nobody.
enum Principal: String, CaseIterable, CustomStringConvertible {
    case ada, adaClient, bob, bobClient, anonymous

    /// The account's username (the anonymous column logs in as nobody).
    var username: String {
        switch self {
        case .ada: "ada"
        case .adaClient: "ana"
        case .bob: "bob"
        case .bobClient: "bea"
        case .anonymous: ""
        }
    }

    var description: String { rawValue }
}

/// Two tenants built with raw protocol requests: ada (catalogue, three clients, their events, messages,
/// measurements and sessions, a profile photo) with her registered client ana, and bob with his client bea.
struct World {
    static let password = "correct horse"

    var tokens: [Principal: String] = [:]
    var users: [Principal: UUID] = [:]
    /// Rows by label: `mA` (ada's machine used by an exercise), `mDel` (unused), `eA`, `eDel`, `tA`, `tDel`,
    /// `cA1` (ana), `cA2` and `cDel` (invited), `evA1`/`evA2`, `meA1`/`meA2`, `sA1`/`sA2`, `msgA1`/`msgA2` (ada → cA1/cA2),
    /// `msgC1` (ana → ada), `meC1` (ana's own measurement); bob's `mB`, `cB1` (bea), `evB1`, `msgB1`.
    var rows: [String: UUID] = [:]
    /// Registration codes of ada's invited clients, by label.
    var codes: [String: String] = [:]
    /// SHA-256 of ada's profile photo.
    var adaPhoto = ""

    subscript(_ label: String) -> UUID { rows[label]! }
    /// A row id as devices write references (lower case).
    func key(_ label: String) -> String { self[label].uuidString.lowercased() }
    func user(_ principal: Principal) -> String { users[principal]!.uuidString.lowercased() }

    static let adaLabels = [
        "mA", "mDel", "eA", "eDel", "tA", "tDel", "cA1", "cA2", "cDel", "evA1", "evA2", "evS1",
        "meA1", "meA2", "sA1", "sA2", "msgA1", "msgA2", "msgC1", "meC1", "pA", "asA1", "asA2",
    ]
    static let bobLabels = ["mB", "cB1", "evB1", "msgB1"]
    /// Unfinished sessions' drafts, each seen only by the account that records it: `dA1` (ada's, for ana), `dC1`
    /// (ana's own).
    static let draftLabels = ["dA1", "dC1"]
    /// Sync conflicts, each seen only by the account whose push overwrote a value (the server makes their ids): `xA1`
    /// (ada's, over her training's notes), `xC1` (ana's, over her own measurement).
    static let conflictLabels = ["xA1", "xC1"]

    /// A tiny PNG: the signature and an IHDR header are all the server inspects.
    static func png(_ filler: UInt8) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
            + Array(repeating: filler, count: 48)
    }

    static func mediaPutBody(_ bytes: [UInt8]) -> JSONObject {
        [
            "sha256": Fingerprint.hex(SHA256.hash(data: bytes)), "total": bytes.count, "offset": 0,
            "data": Data(bytes).base64EncodedString(),
        ]
    }

    static func build(port: Int) async throws -> World {
        var world = World()
        for label in adaLabels + bobLabels + draftLabels { world.rows[label] = UUID() }

        // Ada: her catalogue and three clients with their rows, in one push.
        let (adaToken, adaID, adaResults, photo) = try await withClient(port: port) {
            ada -> Unchecked<(String, UUID, [JSONObject], String)> in
            try await ada.hello(language: "en")
            let token = try await ada.signUpCoach("ada", password: password, name: "Ada", surname: "Lovelace")
            let id = try await ada.profileID()
            let start = "2026-11-22T09:00:00Z"
            let results = try await ada.pushRequiringReply([
                mutation("machine", world["mA"], fields: ["name": "Leg press"]),
                mutation("machine", world["mDel"], fields: ["name": "Rower"]),
                mutation("exercise", world["eA"], fields: ["name": "Squat", "machine": world.key("mA")]),
                mutation("exercise", world["eDel"], fields: ["name": "Plank"]),
                mutation(
                    "training", world["tA"],
                    fields: ["name": "Legs", "exercises": [["exercise": world.key("eA"), "sets": 3]]]),
                mutation("training", world["tDel"], fields: ["name": "Core"]),
                mutation("client", world["cA1"], fields: ["name": "Ana", "surname": "Serra", "notes": "knee injury"]),
                mutation("client", world["cA2"], fields: ["name": "Carla", "surname": "Vidal", "notes": "private"]),
                mutation("client", world["cDel"], fields: ["name": "Dani", "surname": "Roig"]),
                mutation("event", world["evA1"], fields: ["client": world.key("cA1"), "start": start]),
                mutation("event", world["evA2"], fields: ["client": world.key("cA2"), "start": start]),
                mutation(
                    "event", world["evS1"],
                    fields: [
                        "client": world.key("cA1"), "start": "2026-11-23T18:00:00Z",
                        "recurrence": ["frequency": "weekly", "days": ["mo", "th"]],
                    ]),
                mutation(
                    "measurement", world["meA1"], fields: ["client": world.key("cA1"), "date": start, "weight": 70]),
                mutation(
                    "measurement", world["meA2"], fields: ["client": world.key("cA2"), "date": start, "weight": 60]),
                mutation("session", world["sA1"], fields: ["client": world.key("cA1"), "start": start]),
                mutation("session", world["sA2"], fields: ["client": world.key("cA2"), "start": start]),
                mutation("message", world["msgA1"], fields: ["to": world.key("cA1"), "text": "Welcome"]),
                mutation("message", world["msgA2"], fields: ["to": world.key("cA2"), "text": "Hi Carla"]),
                mutation("draft", world["dA1"], fields: draftFields(client: world.key("cA1"))),
                mutation(
                    "program", world["pA"],
                    fields: programFields(name: "Strength", training: world.key("tA"), exercise: world.key("eA"))),
                mutation(
                    "assignment", world["asA1"],
                    fields: ["client": world.key("cA1"), "program": world.key("pA"), "start": "2026-12-07"]),
                mutation(
                    "assignment", world["asA2"],
                    fields: ["client": world.key("cA2"), "program": world.key("pA"), "start": "2026-12-07"]),
            ])
            let png = png(0x41)
            try await ada.request("media.put", mediaPutBody(png)).expectSuccess()
            let sha = Fingerprint.hex(SHA256.hash(data: png))
            try await ada.request("profile.update", ["photo": sha]).expectSuccess()
            return Unchecked((token, id, results, sha))
        }.value
        world.tokens[.ada] = adaToken
        world.users[.ada] = adaID
        world.adaPhoto = photo
        for result in adaResults where result.string("status") != "applied" {
            throw TestClientError.notJSON("setup push of ada refused: \(result)")
        }
        let clientLabels = ["cA1", "cA2", "cDel"]
        for (label, result) in zip(clientLabels, adaResults[6...8]) {
            world.codes[label] = try result.requireString("extra", "code")
        }

        // Ana registers with her code, then writes to her coach and records a measurement.
        let (anaToken, anaID) = try await register("ana", code: world.codes["cA1"]!, port: port)
        world.tokens[.adaClient] = anaToken
        world.users[.adaClient] = anaID
        let anaResults = try await withClient(port: port) { ana -> Unchecked<[JSONObject]> in
            try await ana.hello(language: "en")
            try await ana.resume(world.tokens[.adaClient]!).expectSuccess()
            return Unchecked(
                try await ana.pushRequiringReply([
                    mutation("message", world["msgC1"], fields: ["to": world.user(.ada), "text": "Thanks!"]),
                    mutation("measurement", world["meC1"], fields: ["date": "2026-11-23T08:00:00Z", "weight": 71]),
                    mutation("draft", world["dC1"], fields: draftFields(client: nil)),
                ]))
        }.value
        for result in anaResults where result.string("status") != "applied" {
            throw TestClientError.notJSON("setup push of ana refused: \(result)")
        }

        // Bob: one machine, one client with an event and a message.
        let (bobToken, bobID, bobCode) = try await withClient(port: port) { bob in
            try await bob.hello(language: "en")
            let token = try await bob.signUpCoach("bob", password: password, name: "Bob", surname: "Marley")
            let id = try await bob.profileID()
            let results = try await bob.pushRequiringReply([
                mutation("machine", world["mB"], fields: ["name": "Bench"]),
                mutation("client", world["cB1"], fields: ["name": "Bea", "surname": "Puig", "notes": "bob's notes"]),
                mutation(
                    "event", world["evB1"], fields: ["client": world.key("cB1"), "start": "2026-11-24T10:00:00Z"]),
                mutation("message", world["msgB1"], fields: ["to": world.key("cB1"), "text": "Hello Bea"]),
            ])
            for result in results where result.string("status") != "applied" {
                throw TestClientError.notJSON("setup push of bob refused: \(result)")
            }
            return (token, id, try results[1].requireString("extra", "code"))
        }
        world.tokens[.bob] = bobToken
        world.users[.bob] = bobID
        let (beaToken, beaID) = try await register("bea", code: bobCode, port: port)
        world.tokens[.bobClient] = beaToken
        world.users[.bobClient] = beaID
        guard world.users[.adaClient] == world["cA1"], world.users[.bobClient] == world["cB1"] else {
            throw TestClientError.notJSON("a registered client did not take the id of the coach's client row")
        }
        try await world.addConflicts(port: port)
        return world
    }

    /// Makes ``conflictLabels``: each account pushes two updates of one field on the same base, as two of its devices
    /// that had not seen each other's change would; the second overwrites the first.
    mutating func addConflicts(port: Int) async throws {
        let cases: [(Principal, String, String, String, [JSONObject])] = [
            (.ada, "xA1", "training", "tA", [["notes": "from the phone"], ["notes": "from the laptop"]]),
            (.adaClient, "xC1", "measurement", "meC1", [["weight": 72], ["weight": 73]]),
        ]
        for (principal, label, kind, entity, updates) in cases {
            let world = self
            let id = try await withClient(port: port) { client -> UUID in
                try await client.hello(language: "en")
                try await client.resume(world.tokens[principal]!).expectSuccess()
                let base =
                    try await client.pullEverything().first {
                        UUID(uuidString: $0.string("id") ?? "") == world[entity]
                    }?["version"] as? Int
                for fields in updates {
                    let result = try await client.pushRequiringReply([
                        mutation(kind, world[entity], "update", fields: fields, base: base)
                    ])[0]
                    guard result.string("status") == "applied" else {
                        throw TestClientError.notJSON("setup update of \(principal) refused: \(result)")
                    }
                }
                let conflicts = try await client.pullEverything().filter { $0.string("kind") == "conflict" }
                guard conflicts.count == 1, let id = conflicts[0].string("id").flatMap(UUID.init(uuidString:)) else {
                    throw TestClientError.notJSON("\(principal) should see one conflict: \(conflicts)")
                }
                return id
            }
            rows[label] = id
        }
    }

    /// Signs a client up with a registration code; returns the token and the account id.
    static func register(_ username: String, code: String, port: Int) async throws -> (String, UUID) {
        try await withClient(port: port) { client in
            try await client.hello(language: "en")
            let reply = try await client.request(
                "auth.signup",
                [
                    "username": username, "email": "\(username)@example.com", "password": password, "code": code,
                ]
            ).expectSuccess()
            guard let id = reply.string("value", "profile", "id").flatMap(UUID.init(uuidString:)) else {
                throw TestClientError.notJSON("no profile id for \(username)")
            }
            return (try reply.requireString("value", "token"), id)
        }
    }
}

/// A program's document as a device writes it: four weeks of `training` on Mondays, `exercise` rising 2.5 kg a week.
func programFields(name: String, training: String, exercise: String) -> JSONObject {
    [
        "name": name, "weeks": 4, "days": [["day": 1, "training": training]],
        "progress": [
            [
                "exercise": exercise,
                "progression": ["step": ["by": ["load": ["amount": 2.5, "unit": "kg"]], "everyWeeks": 1]],
            ]
        ],
    ]
}

/// A draft's document as a device writes it, held by the device `device` (`phone` or `tablet`).
func draftFields(client: String?, device: String = "phone") -> JSONObject {
    let ids = ["phone": "d0000000-0000-4000-8000-000000000001", "tablet": "d0000000-0000-4000-8000-000000000002"]
    var fields: JSONObject = [
        "session": UUID().uuidString.lowercased(), "state": ["items": [JSONObject]()],
        "device": ["id": ids[device]!, "name": device], "updated": "2026-11-22T10:00:00Z",
    ]
    if let client { fields["client"] = client }
    return fields
}

/// Opens one resumed connection per token (in order) and runs `body` with all of them open.
func withSessions(port: Int, _ tokens: [String], _ body: ([TestClient]) async throws -> Void) async throws {
    func open(_ index: Int, _ opened: [TestClient]) async throws {
        guard index < tokens.count else { return try await body(opened) }
        try await withClient(port: port) { client in
            try await client.hello(language: "en")
            try await client.resume(tokens[index]).expectSuccess()
            try await open(index + 1, opened + [client])
        }
    }
    try await open(0, [])
}

/// The kind and id of a pulled change, ids compared as UUIDs.
private struct Seen: Hashable, CustomStringConvertible {
    let kind: String
    let id: UUID
    var description: String { "\(kind) \(id.uuidString.prefix(8))" }
}

@Suite(.hangLimit)
struct PermissionMatrixTests {
    /// Raises the per-address limit on registration-code attempts: every request of the matrix comes from 127.0.0.1.
    private static func configure(_ configuration: inout ServerConfiguration) {
        configuration.codeGuessesBeforeWait = 10_000
    }

    // MARK: Operations

    /// One row of the operation matrix: the op, its body for a principal, and the result each principal must get.
    private struct OperationRow {
        let op: GorillaShared.Operation
        let expected: [Principal: Int]
        /// Whether the anonymous column needs a live token of ada (for `auth.resume`).
        var anonymousNeedsToken = false
        let body: (_ principal: Principal, _ world: World, _ token: String?) -> JSONObject
    }

    /// 0 for every logged-in principal, 110 for the anonymous one.
    private static let loggedIn: [Principal: Int] = [.ada: 0, .adaClient: 0, .bob: 0, .bobClient: 0, .anonymous: 110]
    private static let everyone: [Principal: Int] = [.ada: 0, .adaClient: 0, .bob: 0, .bobClient: 0, .anonymous: 0]

    private static var operationRows: [OperationRow] {
        [
            OperationRow(op: .hello, expected: everyone) { _, _, _ in ["version": 1] },
            OperationRow(op: .signup, expected: everyone) { principal, _, _ in
                [
                    "username": "new-\(principal)", "email": "new-\(principal)@example.com", "password": World.password,
                    "name": "New", "surname": "Account",
                ]
            },
            OperationRow(op: .login, expected: everyone) { principal, _, _ in
                ["user": principal == .anonymous ? "ada" : principal.username, "password": World.password]
            },
            OperationRow(op: .resume, expected: everyone, anonymousNeedsToken: true) { _, _, token in
                ["token": token ?? ""]
            },
            OperationRow(op: .check, expected: loggedIn) { _, _, _ in [:] },
            OperationRow(op: .profileGet, expected: loggedIn) { _, _, _ in [:] },
            OperationRow(op: .profileUpdate, expected: loggedIn) { _, _, _ in ["language": "en"] },
            OperationRow(op: .mediaPut, expected: loggedIn) { principal, _, _ in
                World.mediaPutBody(World.png(UInt8(0x50 + (Principal.allCases.firstIndex(of: principal) ?? 0))))
            },
            // Ada's photo: hers and her client's to read; another tenant's "not found".
            OperationRow(
                op: .mediaGet, expected: [.ada: 0, .adaClient: 0, .bob: 112, .bobClient: 112, .anonymous: 110]
            ) { _, world, _ in
                ["sha256": world.adaPhoto]
            },
            OperationRow(op: .syncUpdated, expected: loggedIn) { _, _, _ in ["since": 0] },
            OperationRow(op: .syncPull, expected: loggedIn) { _, _, _ in ["since": 0] },
            OperationRow(op: .syncPush, expected: loggedIn) { _, _, _ in ["mutations": [JSONObject]()] },
            OperationRow(op: .subscribe, expected: loggedIn) { _, _, _ in [:] },
            // Anyone may ask whether a code is valid (that is how a client learns their names before signing up).
            OperationRow(op: .codeCheck, expected: everyone) { _, world, _ in ["code": world.codes["cA2"]!] },
            // Coach-only, and only for the coach's own clients.
            OperationRow(
                op: .clientCode, expected: [.ada: 0, .adaClient: 111, .bob: 112, .bobClient: 111, .anonymous: 110]
            ) { _, world, _ in
                ["client": world.key("cDel")]
            },
            OperationRow(
                op: .clientResetPassword,
                expected: [.ada: 0, .adaClient: 111, .bob: 112, .bobClient: 111, .anonymous: 110]
            ) { _, world, _ in
                ["client": world.key("cA1")]
            },
            // A session's revisions: its coach and its client; another tenant does not see it.
            OperationRow(
                op: .sessionHistory, expected: [.ada: 0, .adaClient: 0, .bob: 112, .bobClient: 112, .anonymous: 110]
            ) { _, world, _ in
                ["id": world.key("sA1")]
            },
            // Reachable without a login: a wrong token is 12 for everyone, never 110.
            OperationRow(
                op: .passwordReset, expected: [.ada: 12, .adaClient: 12, .bob: 12, .bobClient: 12, .anonymous: 12]
            ) { _, _, _ in
                ["user": "ada", "token": "not-a-reset-token", "password": "a brand new one"]
            },
            // Same password again: accepted; it revokes the account's other tokens, so it runs after the rest.
            OperationRow(op: .passwordChange, expected: loggedIn) { _, _, _ in
                ["old": World.password, "new": World.password]
            },
            // Each account's own feed address, on the web door: this in-process server has none, so every account is
            // told so (134); `CalendarFeedTests` reads the addresses of a server that has one.
            OperationRow(
                op: .feedGet, expected: [.ada: 134, .adaClient: 134, .bob: 134, .bobClient: 134, .anonymous: 110]
            ) { _, _, _ in ["reset": true] },
            OperationRow(op: .logout, expected: loggedIn) { _, _, _ in [:] },
            // Ends every session of the account: it runs last.
            OperationRow(op: .logoutAll, expected: loggedIn) { _, _, _ in [:] },
        ]
    }

    /// Every operation has exactly one row, so that a new operation without a row in the matrix fails this suite.
    @Test func theMatrixCoversEveryDeclaredOperation() throws {
        // The gym operations have their own matrix and principals (`GymPermissionMatrixTests`).
        let gymOperations = Set(GymPermissionMatrixTests.rows.map(\.op))
        let declared = Set(GorillaShared.Operation.allCases).subtracting(gymOperations)
        #expect(declared.count >= 22)
        #expect(Set(Self.operationRows.map(\.op)) == declared)
        #expect(Self.operationRows.count == declared.count)
        let anonymous = Set(GorillaShared.Operation.allCases.filter(\.isAnonymous))
        #expect(anonymous.isSubset(of: declared))
        #expect(anonymous == [.hello, .signup, .login, .resume, .passwordReset, .codeCheck])
        // The anonymous column succeeds exactly on the operations the protocol calls anonymous
        // (password reset is reachable but needs a valid token, so it is 12 rather than 0).
        let anonymousReachable = Set(Self.operationRows.filter { $0.expected[.anonymous] != 110 }.map(\.op))
        #expect(anonymousReachable == anonymous)
    }

    @Test func everyOperationSucceedsOnlyForThePrincipalsAllowedToUseIt() async throws {
        try await withTestServer(configure: Self.configure) { server in
            let port = server.port
            let world = try await World.build(port: port)
            for row in Self.operationRows {
                for principal in Principal.allCases {
                    var sideToken: String?
                    if principal == .anonymous && row.anonymousNeedsToken {
                        sideToken = try await withClient(port: port) { side in
                            try await side.hello()
                            return try await side.login("ada", password: World.password).expectSuccess().requireString(
                                "value", "token")
                        }
                    }
                    let token = sideToken
                    let reply = try await withClient(port: port) { client in
                        try await client.hello(language: "en")
                        var own: String?
                        if principal != .anonymous {
                            own = try await client.login(principal.username, password: World.password).expectSuccess()
                                .requireString("value", "token")
                        }
                        return Unchecked(
                            try await client.request(row.op.rawValue, row.body(principal, world, own ?? token)))
                    }.value
                    let expected = try #require(row.expected[principal])
                    #expect(
                        reply.result == expected,
                        "\(row.op.rawValue) as \(principal): expected \(expected), got \(reply.result.map(String.init) ?? "nil") \(reply.errorMessage ?? "")"
                    )
                    if expected != 0 {
                        #expect(reply.errorCode == expected, "\(row.op.rawValue) as \(principal)")
                        #expect(reply.value == nil, "\(row.op.rawValue) as \(principal) leaked a value")
                    }
                }
            }
        }
    }

    @Test func anUnknownOperationIsUnknownWithOrWithoutALogin() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello(language: "en")
                #expect(try await client.request("clients.list").result == 101)
                try await client.signUpCoach("ada")
                #expect(try await client.request("clients.list").result == 101)
                #expect(try await client.request("news.add", ["text": "hi"]).result == 101)
            }
        }
    }

    // MARK: Pushes

    /// One cell of the push matrix. `expected` nil means applied; otherwise the rejection's code.
    private struct PushCell {
        let who: Principal
        let kind: String
        let action: String
        let entity: UUID
        var fields: JSONObject?
        let expected: Int?
        var note = ""
    }

    private static func pushCells(_ w: World) -> [PushCell] {
        let at = "2026-12-01T09:00:00Z"
        var cells: [PushCell] = []
        func cell(
            _ who: Principal, _ kind: String, _ action: String, _ entity: UUID, _ fields: JSONObject? = nil,
            _ expected: Int?, _ note: String = ""
        ) {
            cells.append(
                PushCell(
                    who: who, kind: kind, action: action, entity: entity, fields: fields, expected: expected, note: note
                ))
        }

        // The catalogue: only its coach writes it; her client reads it (111), the other tenant does not see it (112).
        for (kind, used, unused, newFields) in [
            ("machine", "mA", "mDel", ["name": "Cable"] as JSONObject),
            ("exercise", "eA", "eDel", ["name": "Lunge"] as JSONObject),
            ("training", "tA", "tDel", ["name": "Arms"] as JSONObject),
        ] {
            cell(.adaClient, kind, "create", UUID(), newFields, 111)
            cell(.bobClient, kind, "create", UUID(), newFields, 111)
            cell(.adaClient, kind, "update", w[used], ["name": "Renamed"], 111)
            cell(.bob, kind, "update", w[used], ["name": "Renamed"], 112)
            cell(.bobClient, kind, "update", w[used], ["name": "Renamed"], 112)
            cell(.adaClient, kind, "delete", w[unused], nil, 111)
            cell(.bob, kind, "delete", w[unused], nil, 112)
            cell(.bobClient, kind, "delete", w[unused], nil, 112)
            cell(
                .bob, kind, "create", w[used], newFields, 112, "a create that guesses an existing id of another tenant")
            cell(.ada, kind, "create", UUID(), newFields, nil)
            cell(.bob, kind, "create", UUID(), newFields, nil, "the same name in another tenant is free")
            cell(.ada, kind, "update", w[used], ["name": "\(kind) v2"], nil)
            cell(.ada, kind, "delete", w[unused], nil, nil)
        }
        // References into another tenant do not resolve.
        cell(.bob, "exercise", "create", UUID(), ["name": "Hack squat", "machine": w.key("mA")], 124)
        cell(.bob, "training", "create", UUID(), ["name": "Stolen", "exercises": [["exercise": w.key("eA")]]], 124)
        cell(
            .bob, "machine", "create", UUID(), ["name": "Pic", "image": w.adaPhoto], 124,
            "ada's photo as a machine image")

        // Clients: the coach's rows; a client sees only their own row and may not change it.
        cell(.adaClient, "client", "create", UUID(), ["name": "Self"], 111)
        cell(.bobClient, "client", "create", UUID(), ["name": "Self"], 111)
        cell(.adaClient, "client", "update", w["cA1"], ["notes": "mine now"], 111, "own client row")
        cell(.adaClient, "client", "update", w["cA2"], ["notes": "peek"], 112, "another client's row")
        cell(.bob, "client", "update", w["cA1"], ["notes": "x"], 112)
        cell(.bobClient, "client", "update", w["cA1"], ["notes": "x"], 112)
        cell(.adaClient, "client", "delete", w["cA1"], nil, 111, "own client row")
        cell(.adaClient, "client", "delete", w["cDel"], nil, 112)
        cell(.bob, "client", "delete", w["cDel"], nil, 112)
        cell(.bobClient, "client", "delete", w["cDel"], nil, 112)
        cell(.ada, "client", "update", w["cA1"], ["status": "invited"], 9, "server-managed field")
        cell(.ada, "client", "create", UUID(), ["name": "Nil", "surname": "Nou"], nil)
        cell(.bob, "client", "create", UUID(), ["name": "Zoe"], nil)
        cell(.ada, "client", "update", w["cA1"], ["notes": "knee better"], nil)
        cell(.ada, "client", "delete", w["cDel"], nil, nil)

        // Sessions: the coach records and corrects her clients' sessions and deletes them; a client records their own
        // (self-logged) and corrects only those.
        let selfLogged = UUID()
        cell(.adaClient, "session", "create", selfLogged, ["start": at], nil, "own, self-logged")
        cell(.bobClient, "session", "create", UUID(), ["client": w.key("cB1"), "start": at], nil, "naming self")
        cell(
            .adaClient, "session", "create", UUID(), ["client": w.key("cA2"), "start": at], 111, "for another client")
        cell(.adaClient, "session", "create", UUID(), ["start": at, "recordedBy": "coach"], 9, "server-managed field")
        cell(.bob, "session", "create", UUID(), ["client": w.key("cA1"), "start": at], 124, "for ada's client")
        cell(
            .ada, "session", "create", UUID(), ["client": w.key("cA1"), "event": w.key("evA2"), "start": at], 124,
            "naming another client's event")
        cell(.ada, "session", "update", w["sA1"], ["notes": "rewritten"], nil, "a correction")
        cell(.ada, "session", "update", w["sA1"], ["revision": 7], 9, "server-managed field")
        cell(.ada, "session", "update", w["sA1"], ["mode": "realtime"], 9, "fixed field")
        cell(.adaClient, "session", "update", w["sA1"], ["notes": "rewritten"], 111, "the coach's session")
        cell(.adaClient, "session", "update", selfLogged, ["notes": "felt strong"], nil, "own, self-logged")
        cell(.ada, "session", "update", selfLogged, ["notes": "good form"], nil, "her client's self-logged")
        cell(.bob, "session", "update", selfLogged, ["notes": "x"], 112, "ada's client's self-logged")
        cell(.bobClient, "session", "update", selfLogged, ["notes": "x"], 112, "another client's self-logged")
        cell(.bob, "session", "update", w["sA1"], ["notes": "x"], 112)
        cell(.bobClient, "session", "update", w["sA1"], ["notes": "x"], 112)
        cell(.adaClient, "session", "delete", w["sA1"], nil, 111)
        cell(.bob, "session", "delete", w["sA1"], nil, 112)
        cell(.bobClient, "session", "delete", w["sA1"], nil, 112)
        cell(
            .ada, "session", "create", UUID(),
            [
                "client": w.key("cA1"), "start": at,
                "exercises": [["name": "Squat", "exercise": w.key("eA"), "sets": [["reps": 5]]]],
            ], nil)
        cell(.ada, "session", "delete", w["sA2"], nil, nil)

        // Messages: coach ↔ own client only; the recipient alone sets the read mark; nobody deletes.
        cell(.ada, "message", "create", UUID(), ["to": w.key("cA1"), "text": "See you"], nil)
        cell(.ada, "message", "create", UUID(), ["to": w.key("cB1"), "text": "Poaching"], 124, "to bob's client")
        cell(.bob, "message", "create", UUID(), ["to": w.key("cA1"), "text": "Poaching"], 124, "to ada's client")
        cell(.adaClient, "message", "create", UUID(), ["to": w.user(.ada), "text": "On my way"], nil, "to own coach")
        cell(.adaClient, "message", "create", UUID(), ["to": w.user(.bob), "text": "Hi Bob"], 111, "to another coach")
        cell(
            .adaClient, "message", "create", UUID(), ["to": w.key("cA2"), "text": "Hi Carla"], 111, "to another client")
        cell(
            .bobClient, "message", "create", UUID(), ["to": w.user(.ada), "text": "Hi Ada"], 111, "bob's client to ada")
        cell(.bobClient, "message", "create", UUID(), ["to": w.user(.bob), "text": "Hi coach"], nil, "to own coach")
        // Comments on a session are messages naming it: a live session of the conversation's client.
        cell(
            .ada, "message", "create", UUID(), ["to": w.key("cA1"), "text": "Nice", "session": w.key("sA1")], nil,
            "a comment on her client's session")
        cell(
            .adaClient, "message", "create", UUID(), ["to": w.user(.ada), "text": "Thanks", "session": w.key("sA1")],
            nil, "a comment on own session")
        cell(
            .ada, "message", "create", UUID(), ["to": w.key("cA2"), "text": "Nice", "session": w.key("sA1")], 124,
            "a comment to another client than the session's")
        cell(
            .adaClient, "message", "create", UUID(), ["to": w.user(.ada), "text": "Hm", "session": w.key("sA2")], 124,
            "a comment on another client's (deleted) session")
        cell(
            .bob, "message", "create", UUID(), ["to": w.key("cB1"), "text": "Hm", "session": w.key("sA1")], 124,
            "a comment on another tenant's session")
        cell(.ada, "message", "update", w["msgA1"], ["read": at], 111, "the sender marks her own message read")
        cell(.adaClient, "message", "update", w["msgA1"], ["text": "edited"], 111, "edit by the recipient")
        cell(.adaClient, "message", "update", w["msgA2"], ["read": at], 112, "another client's message")
        cell(.bob, "message", "update", w["msgA1"], ["read": at], 112)
        cell(.bobClient, "message", "update", w["msgA1"], ["read": at], 112)
        cell(.adaClient, "message", "update", w["msgA1"], ["read": at], nil, "the recipient's read mark")
        cell(.ada, "message", "update", w["msgC1"], ["read": at], nil, "the coach as recipient")
        for who in [Principal.ada, .adaClient] { cell(who, "message", "delete", w["msgA1"], nil, 111) }
        for who in [Principal.bob, .bobClient] { cell(who, "message", "delete", w["msgA1"], nil, 112) }

        // Measurements: the coach for her clients, a client for themselves.
        cell(.ada, "measurement", "create", UUID(), ["client": w.key("cA1"), "date": at, "weight": 69], nil)
        cell(
            .bob, "measurement", "create", UUID(), ["client": w.key("cA1"), "date": at, "weight": 69], 124,
            "for ada's client")
        cell(.adaClient, "measurement", "create", UUID(), ["date": at, "weight": 68], nil, "for self")
        cell(.bobClient, "measurement", "create", UUID(), ["date": at, "weight": 58], nil, "for self")
        cell(
            .adaClient, "measurement", "create", UUID(), ["date": at, "weight": 68, "recordedBy": "coach"], 9,
            "server-managed field")
        cell(.ada, "measurement", "update", w["meA1"], ["recordedBy": "client"], 9, "server-managed field")
        cell(.adaClient, "measurement", "update", w["meA2"], ["weight": 1], 112, "another client's")
        cell(.bob, "measurement", "update", w["meA1"], ["weight": 1], 112)
        cell(.bobClient, "measurement", "update", w["meA1"], ["weight": 1], 112)
        cell(.adaClient, "measurement", "delete", w["meA2"], nil, 112, "another client's")
        cell(.bob, "measurement", "delete", w["meA1"], nil, 112)
        cell(.bobClient, "measurement", "delete", w["meA1"], nil, 112)
        cell(.adaClient, "measurement", "delete", w["meC1"], nil, nil, "own measurement")
        cell(.ada, "measurement", "update", w["meA1"], ["weight": 69.5], nil)
        cell(.ada, "measurement", "delete", w["meA2"], nil, nil)

        // Events: the coach writes her clients' appointments; a client answers their own and asks for new ones.
        let series = w["evS1"]
        let monday = Event.exceptionID(series: series, occurrence: CalendarDate("2026-11-30")!)
        let thursday = Event.exceptionID(series: series, occurrence: CalendarDate("2026-12-03")!)
        let occurrence = { (day: String) -> JSONObject in ["series": series.key, "occurrence": day] }
        cell(
            .adaClient, "event", "create", UUID(), ["client": w.key("cA1"), "start": at, "status": "scheduled"], 111,
            "scheduling herself")
        cell(
            .adaClient, "event", "create", UUID(), ["client": w.key("cA2"), "start": at], 111,
            "a request for another client")
        cell(
            .adaClient, "event", "create", UUID(), ["start": at, "recurrence": ["frequency": "weekly"]], 111, "a series"
        )
        cell(.adaClient, "event", "create", UUID(), ["start": at, "note": "Can we train?"], nil, "a request")
        cell(.bobClient, "event", "create", UUID(), ["client": w.key("cB1"), "start": at], nil, "a request")
        cell(
            .adaClient, "event", "create", monday, occurrence("2026-11-30").merging(["start": at]) { $1 }, 111,
            "moving an occurrence")
        cell(
            .adaClient, "event", "create", UUID(), occurrence("2026-11-30").merging(["answer": "confirmed"]) { $1 }, 9,
            "an exception whose id is not the derived one")
        cell(
            .adaClient, "event", "create", Event.exceptionID(series: series, occurrence: CalendarDate("2026-12-02")!),
            occurrence("2026-12-02").merging(["answer": "confirmed"]) { $1 }, 127, "a day the series does not fall on")
        cell(
            .adaClient, "event", "create", thursday, occurrence("2026-12-02").merging(["answer": "confirmed"]) { $1 },
            9, "a day whose derived id is not the one sent")
        cell(
            .adaClient, "event", "create", monday, occurrence("2026-11-30").merging(["answer": "confirmed"]) { $1 },
            nil,
            "confirming an occurrence")
        cell(
            .bobClient, "event", "create", thursday, occurrence("2026-12-03").merging(["answer": "confirmed"]) { $1 },
            124, "confirming another tenant's occurrence")
        cell(
            .ada, "event", "create", monday, occurrence("2026-11-30").merging(["start": "2026-11-30T19:00:00Z"]) { $1 },
            nil, "moving the occurrence the client confirmed (one row)")
        cell(.ada, "event", "update", monday, ["answer": "declined"], 111, "the client's answer")
        cell(.adaClient, "event", "update", monday, ["start": at], 111, "moving her occurrence")
        cell(.adaClient, "event", "update", series, ["recurrence": ["frequency": "daily"]], 111, "editing the series")
        cell(.adaClient, "event", "update", w["evA1"], ["answer": "declined", "answerNote": "Sick"], nil, "own event")
        cell(.adaClient, "event", "update", w["evA1"], ["status": "scheduled"], 111, "accepting")
        cell(.adaClient, "event", "update", w["evA2"], ["answer": "confirmed"], 112, "another client's event")
        cell(.bobClient, "event", "update", w["evA1"], ["answer": "confirmed"], 112, "another tenant's client's event")
        cell(.ada, "event", "create", UUID(), ["client": w.key("cA1"), "start": at, "status": "requested"], 9)
        cell(.bob, "event", "create", UUID(), ["client": w.key("cA1"), "start": at], 124, "for ada's client")
        cell(.ada, "event", "create", UUID(), ["client": w.key("cB1"), "start": at], 124, "for bob's client")
        cell(.adaClient, "event", "update", w["evA1"], ["note": "moved"], 111, "own event")
        cell(.adaClient, "event", "update", w["evA2"], ["note": "moved"], 112, "another client's event")
        cell(.bob, "event", "update", w["evA1"], ["note": "x"], 112)
        cell(.bobClient, "event", "update", w["evA1"], ["note": "x"], 112)
        cell(.adaClient, "event", "delete", w["evA1"], nil, 111)
        cell(.bob, "event", "delete", w["evA1"], nil, 112)
        cell(.bobClient, "event", "delete", w["evA1"], nil, 112)
        cell(.ada, "event", "create", UUID(), ["client": w.key("cA1"), "start": at], nil)
        cell(.ada, "event", "update", w["evA1"], ["status": "cancelled"], nil)
        cell(.ada, "event", "delete", w["evA2"], nil, nil)

        // Drafts: written and seen only by the account that records (a coach for her client, a client for themselves);
        // one device holds a draft at a time.
        let phone: JSONObject = ["id": "d0000000-0000-4000-8000-000000000001", "name": "phone"]
        let tablet: JSONObject = ["id": "d0000000-0000-4000-8000-000000000002", "name": "tablet"]
        cell(.ada, "draft", "create", UUID(), draftFields(client: w.key("cA1")), nil)
        cell(.ada, "draft", "create", UUID(), draftFields(client: w.key("cB1")), 124, "for bob's client")
        cell(.bob, "draft", "create", UUID(), draftFields(client: w.key("cA1")), 124, "for ada's client")
        cell(.adaClient, "draft", "create", UUID(), draftFields(client: nil), nil, "for self")
        cell(.bobClient, "draft", "create", UUID(), draftFields(client: nil), nil, "for self")
        cell(.adaClient, "draft", "create", UUID(), ["session": w.key("sA1")], 4, "without a state")
        cell(.bob, "draft", "create", w["dA1"], draftFields(client: w.key("cB1")), 112, "guessing ada's draft's id")
        cell(.adaClient, "draft", "update", w["dA1"], ["state": ["x": 1], "device": phone], 112, "her coach's draft")
        cell(.adaClient, "draft", "delete", w["dA1"], ["device": phone], 112, "her coach's draft")
        cell(.ada, "draft", "update", w["dC1"], ["state": ["x": 1], "device": phone], 112, "her client's own draft")
        cell(.ada, "draft", "delete", w["dC1"], ["device": phone], 112, "her client's own draft")
        cell(.bob, "draft", "update", w["dA1"], ["state": ["x": 1]], 112)
        cell(.bobClient, "draft", "update", w["dA1"], ["state": ["x": 1]], 112)
        cell(.bob, "draft", "delete", w["dA1"], nil, 112)
        cell(.bobClient, "draft", "delete", w["dA1"], nil, 112)
        cell(.ada, "draft", "update", w["dA1"], ["state": ["step": 2], "device": phone], nil, "by the holding device")
        cell(.ada, "draft", "update", w["dA1"], ["device": tablet], 111, "a take-over based on no version")
        cell(.ada, "draft", "delete", w["dA1"], ["device": tablet], 111, "by a device that does not hold it")
        cell(.adaClient, "draft", "update", w["dC1"], ["state": ["step": 2], "device": phone], nil, "own draft")
        cell(.adaClient, "draft", "delete", w["dC1"], ["device": phone], nil, "own draft")
        cell(.ada, "draft", "delete", w["dA1"], ["device": phone], nil, "by the holding device")

        // Conflicts are the server's: nobody writes one, and one of another account does not exist for the writer.
        let conflict: JSONObject = ["entity": w.key("tA"), "section": "training", "field": "notes"]
        for who in [Principal.ada, .adaClient, .bob, .bobClient] {
            cell(who, "conflict", "create", UUID(), conflict, 111)
        }
        cell(.ada, "conflict", "update", w["xA1"], ["field": "name"], 111, "her own conflict")
        cell(.ada, "conflict", "delete", w["xA1"], nil, 111, "her own conflict")
        cell(.adaClient, "conflict", "update", w["xC1"], ["field": "date"], 111, "her own conflict")
        cell(.adaClient, "conflict", "delete", w["xC1"], nil, 111, "her own conflict")
        cell(.ada, "conflict", "update", w["xC1"], ["field": "date"], 112, "her client's conflict")
        cell(.ada, "conflict", "delete", w["xC1"], nil, 112, "her client's conflict")
        cell(.ada, "conflict", "create", w["xC1"], conflict, 112, "guessing her client's conflict's id")
        cell(.adaClient, "conflict", "update", w["xA1"], ["field": "name"], 112, "her coach's conflict")
        cell(.adaClient, "conflict", "delete", w["xA1"], nil, 112, "her coach's conflict")
        for who in [Principal.bob, .bobClient] {
            cell(who, "conflict", "update", w["xA1"], ["field": "name"], 112)
            cell(who, "conflict", "delete", w["xA1"], nil, 112)
        }

        // News is the operator's: not a pushable section for anyone.
        for who in [Principal.ada, .adaClient, .bob, .bobClient] {
            cell(who, "news", "create", UUID(), ["text": "Free protein", "audience": "all"], 9)
        }
        return cells
    }

    @Test func pushesApplyOnlyWhereThePrincipalMayWrite() async throws {
        try await withTestServer(configure: Self.configure) { server in
            let port = server.port
            let world = try await World.build(port: port)
            let order: [Principal] = [.ada, .adaClient, .bob, .bobClient]
            try await withSessions(port: port, order.map { world.tokens[$0]! }) { sessions in
                let cells = Self.pushCells(world)
                var checked = Set<String>()
                for cell in cells {
                    let client = sessions[order.firstIndex(of: cell.who)!]
                    let result = try await client.pushRequiringReply([
                        mutation(cell.kind, cell.entity, cell.action, fields: cell.fields)
                    ])[0]
                    let what = "\(cell.who) \(cell.action) \(cell.kind)\(cell.note.isEmpty ? "" : " (\(cell.note))")"
                    if let code = cell.expected {
                        #expect(
                            result.string("status") == "rejected", "\(what): expected rejection \(code), got \(result)")
                        #expect(result.errorCode == code, "\(what): expected \(code), got \(result)")
                        #expect(result["version"] == nil, "\(what)")
                    } else {
                        #expect(result.string("status") == "applied", "\(what): expected applied, got \(result)")
                    }
                    checked.insert("\(cell.kind)/\(cell.action)/\(cell.who)")
                }
                // Every synced kind was tried with every action by every principal that can log in.
                for kind in [
                    "machine", "exercise", "training", "client", "event", "message", "measurement", "session", "draft",
                    "conflict",
                ] {
                    for action in ["create", "update", "delete"] {
                        for who in order {
                            #expect(
                                checked.contains("\(kind)/\(action)/\(who)"), "no cell for \(who) \(action) \(kind)")
                        }
                    }
                }

                // The refused writes left ada's data as she wrote it.
                let seen = try await sessions[0].pullEverything()
                func data(_ label: String) -> JSONObject? {
                    seen.first { UUID(uuidString: $0.string("id") ?? "") == world[label] }?["data"] as? JSONObject
                }
                func deleted(_ label: String) -> Bool? {
                    seen.first { UUID(uuidString: $0.string("id") ?? "") == world[label] }?["deleted"] as? Bool
                }
                #expect(data("mA")?["name"] as? String == "machine v2")
                #expect(data("eA")?["name"] as? String == "exercise v2")
                #expect(data("tA")?["name"] as? String == "training v2")
                #expect(deleted("mDel") == true && deleted("eDel") == true && deleted("tDel") == true)
                #expect(data("cA1")?["notes"] as? String == "knee better")
                #expect(data("cA1")?["status"] as? String == "active")
                #expect(data("evA1")?["status"] as? String == "cancelled")
                #expect(data("evA1")?["note"] == nil)
                #expect(data("evA1")?["answer"] as? String == "declined", "her client's answer stays beside the status")
                // The client's confirmation and the coach's move of one occurrence made one row, with both.
                let monday = Event.exceptionID(series: world["evS1"], occurrence: CalendarDate("2026-11-30")!)
                let exception = seen.first { UUID(uuidString: $0.string("id") ?? "") == monday }?["data"] as? JSONObject
                #expect(exception?["answer"] as? String == "confirmed")
                #expect(
                    (exception?["start"] as? String).flatMap(ISOTime.parse) == ISOTime.parse("2026-11-30T19:00:00Z"))
                #expect(data("msgA1")?["text"] as? String == "Welcome")
                #expect(data("msgA1")?["read"] != nil)
                #expect(deleted("msgA1") == false)
                #expect(data("meA1")?["weight"] as? Double == 69.5)
                #expect(deleted("sA1") == false && deleted("sA2") == true)
                #expect(deleted("dA1") == true && deleted("dC1") == nil, "ada's draft deleted; ana's never seen")
                #expect(deleted("xA1") == false && deleted("xC1") == nil, "ada's conflict kept; ana's never seen")
                #expect(data("xA1")?["field"] as? String == "notes")
                #expect(data("sA1")?["notes"] as? String == "rewritten")
                #expect(data("sA1")?["revision"] as? Int == 2)
                #expect(data("sA1")?["recordedBy"] as? String == "coach")
                #expect(data("sA1")?["mode"] as? String == "handsfree")
            }
        }
    }

    @Test func aMutationIdUsedByAnotherAccountIsRefusedWithoutBeingApplied() async throws {
        try await withTestServer(configure: Self.configure) { server in
            let port = server.port
            let world = try await World.build(port: port)
            try await withSessions(port: port, [world.tokens[.ada]!, world.tokens[.bob]!]) { sessions in
                let shared = UUID()
                let first = try await sessions[0].pushRequiringReply([
                    mutation("machine", UUID(), fields: ["name": "Ski erg"], id: shared)
                ])
                #expect(first[0].string("status") == "applied")
                let stolen = try await sessions[1].pushRequiringReply([
                    mutation("machine", UUID(), fields: ["name": "Ski erg"], id: shared)
                ])
                #expect(stolen[0].string("status") == "rejected")
                #expect(stolen[0].errorCode == 9)
                let bobs = try await sessions[1].pullEverything().filter { $0.string("kind") == "machine" }
                #expect(bobs.compactMap { ($0["data"] as? JSONObject)?["name"] as? String } == ["Bench"])
            }
        }
    }

    // MARK: Pulls

    @Test func eachPrincipalPullsExactlyTheRowsItMaySee() async throws {
        try await withTestServer(configure: Self.configure) { server in
            let port = server.port
            let dataDirectory = server.dataDirectory
            let world = try await World.build(port: port)
            let tools = try await server.operatorTools()
            var news: [String: UUID] = [:]
            for audience in ["all", "coaches", "clients"] {
                _ = try await tools.addNews("News for \(audience)", audience: audience)
            }
            let listed =
                try JSONSerialization.jsonObject(with: Data(try await tools.listNews(json: true).utf8)) as? [JSONObject]
                ?? []
            for item in listed {
                if let audience = item["audience"] as? String,
                    let id = (item["id"] as? String).flatMap(UUID.init(uuidString:))
                {
                    news[audience] = id
                }
            }
            #expect(news.count == 3)

            func rows(_ labels: [String]) -> Set<Seen> {
                Set(
                    labels.map { label in
                        let kind =
                            switch label.prefix(while: { $0.isLowercase }) {
                            case "m": "machine"
                            case "e": "exercise"
                            case "t": "training"
                            case "c": "client"
                            case "ev": "event"
                            case "me": "measurement"
                            case "s": "session"
                            case "msg": "message"
                            case "d": "draft"
                            case "x": "conflict"
                            case "p": "program"
                            case "as": "assignment"
                            default: "?"
                            }
                        return Seen(kind: kind, id: world[label])
                    })
            }
            func newsRows(_ audiences: [String]) -> Set<Seen> {
                Set(audiences.compactMap { news[$0].map { Seen(kind: "news", id: $0) } })
            }
            let catalogue = ["mA", "mDel", "eA", "eDel", "tA", "tDel", "pA"]
            let expected: [Principal: Set<Seen>] = [
                .ada: rows(World.adaLabels + ["dA1", "xA1"]).union(newsRows(["all", "coaches"])),
                .adaClient: rows(
                    catalogue + [
                        "cA1", "evA1", "evS1", "meA1", "sA1", "msgA1", "msgC1", "meC1", "dC1", "xC1", "asA1",
                    ]
                )
                .union(
                    newsRows(["all", "clients"])),
                .bob: rows(World.bobLabels).union(newsRows(["all", "coaches"])),
                .bobClient: rows(World.bobLabels).union(newsRows(["all", "clients"])),
            ]
            let order: [Principal] = [.ada, .adaClient, .bob, .bobClient]
            try await withSessions(port: port, order.map { world.tokens[$0]! }) { sessions in
                for (principal, client) in zip(order, sessions) {
                    let changes = try await client.pullEverything()
                    let seen = Set(
                        changes.compactMap { change in
                            (change.string("id").flatMap(UUID.init(uuidString:))).map {
                                Seen(kind: change.string("kind") ?? "", id: $0)
                            }
                        })
                    let wanted = expected[principal]!
                    #expect(seen.count == changes.count, "\(principal) got a row twice")
                    #expect(
                        seen.subtracting(wanted).isEmpty,
                        "\(principal) sees rows it may not: \(seen.subtracting(wanted).sorted { $0.description < $1.description })"
                    )
                    #expect(
                        wanted.subtracting(seen).isEmpty,
                        "\(principal) misses rows: \(wanted.subtracting(seen).sorted { $0.description < $1.description })"
                    )

                    // sync.updated counts the same rows, per section.
                    let updated = try await client.request("sync.updated", ["since": 0]).expectSuccess()
                    let sections = updated.value?["sections"] as? [String: Int] ?? [:]
                    var perKind: [String: Int] = [:]
                    for item in seen { perKind[item.kind, default: 0] += 1 }
                    #expect(sections == perKind, "\(principal): sync.updated \(sections) but pulled \(perKind)")

                    // The client row: the coach sees her notes, the client never does.
                    let ownRow = principal == .adaClient ? "cA1" : principal == .bobClient ? "cB1" : nil
                    if let ownRow {
                        let row = try #require(
                            changes.first { UUID(uuidString: $0.string("id") ?? "") == world[ownRow] })
                        let data = try #require(row["data"] as? JSONObject)
                        #expect(data["notes"] == nil, "\(principal) received the coach's notes")
                        #expect(data["status"] as? String == "active")
                        #expect(data["username"] as? String == principal.username)
                    }
                }
                let adaChanges = try await sessions[0].pullEverything()
                let anaRow =
                    adaChanges.first { UUID(uuidString: $0.string("id") ?? "") == world["cA1"] }?["data"] as? JSONObject
                #expect(anaRow?["notes"] as? String == "knee injury")
            }
        }
    }

    @Test func aMeasurementAClientRecordsNamesThatClientForTheirCoach() async throws {
        try await withTestServer(configure: Self.configure) { server in
            let port = server.port
            let world = try await World.build(port: port)
            try await withSessions(port: port, [world.tokens[.ada]!, world.tokens[.adaClient]!]) { sessions in
                // A client may not file a measurement under another client of the coach.
                let other = UUID()
                let result = try await sessions[1].pushRequiringReply([
                    mutation(
                        "measurement", other,
                        fields: ["client": world.key("cA2"), "date": "2026-11-25T08:00:00Z", "weight": 90])
                ])[0]
                let changes = try await sessions[0].pullEverything()
                func data(_ id: UUID) -> JSONObject? {
                    changes.first { UUID(uuidString: $0.string("id") ?? "") == id }?["data"] as? JSONObject
                }
                // Ana recorded meC1 without naming herself (as the CLI does): her coach must still see whose it is,
                // since devices group measurements by their `client` field.
                #expect(
                    data(world["meC1"])?["client"] as? String == world.key("cA1"),
                    "the coach's copy of a client's own measurement names \(String(describing: data(world["meC1"])?["client"])) instead of the client"
                )
                if result.string("status") == "applied" {
                    #expect(
                        data(other)?["client"] as? String == world.key("cA1"),
                        "a client filed a measurement under another client: \(String(describing: data(other)))")
                }
            }
        }
    }

    @Test func aNewMessageCannotChooseItsSenderOrTimeNorSkipTheTextRules() async throws {
        try await withTestServer(configure: Self.configure) { server in
            let port = server.port
            let world = try await World.build(port: port)
            try await withSessions(port: port, [world.tokens[.ada]!, world.tokens[.adaClient]!, world.tokens[.bob]!]) {
                sessions in
                let (ada, ana, bob) = (sessions[0], sessions[1], sessions[2])
                try await bob.request("events.subscribe").expectSuccess()

                // A create that brings its own `sent` and `from`: the server sets both (or refuses).
                let forged = UUID()
                let first = try await ana.pushRequiringReply([
                    mutation(
                        "message", forged,
                        fields: [
                            "to": world.user(.ada), "text": "It was Carla", "sent": "2020-01-01T00:00:00.000Z",
                            "from": world.key("cA2"),
                        ])
                ])[0]
                if first.string("status") == "applied" {
                    let changes = try await ada.pullEverything()
                    let data =
                        changes.first { UUID(uuidString: $0.string("id") ?? "") == forged }?["data"] as? JSONObject
                    #expect(
                        data?["from"] as? String == world.key("cA1"),
                        "stored sender: \(String(describing: data?["from"]))")
                    #expect(data?["sent"] as? String != "2020-01-01T00:00:00.000Z", "the device chose the sent time")
                }

                // With `sent` present, the text and recipient rules must still hold.
                let bell = try await ana.pushRequiringReply([
                    mutation(
                        "message", UUID(),
                        fields: ["to": world.user(.ada), "text": "ring \u{7}", "sent": "2026-11-22T09:00:00.000Z"])
                ])[0]
                #expect(bell.string("status") == "rejected", "a control character got through: \(bell)")
                #expect(bell.errorCode == 9)
                let long = try await ana.pushRequiringReply([
                    mutation(
                        "message", UUID(),
                        fields: [
                            "to": world.user(.ada), "text": String(repeating: "a", count: 2001),
                            "sent": "2026-11-22T09:00:00.000Z",
                        ])
                ])[0]
                #expect(long.string("status") == "rejected", "a 2001-character message got through")
                let crossTenant = try await ana.pushRequiringReply([
                    mutation(
                        "message", UUID(),
                        fields: ["to": world.user(.bob), "text": "Hi Bob", "sent": "2026-11-22T09:00:00.000Z"])
                ])[0]
                #expect(crossTenant.string("status") == "rejected", "a client wrote to another coach: \(crossTenant)")

                // Bob, subscribed, must not have been pushed anything of ada's tenant.
                try await Task.sleep(for: .milliseconds(300))
                try await bob.write(#"{"id":900,"op":"profile.get","body":{}}"# + "\n")
                var events: [JSONObject] = []
                while true {
                    let line = try await bob.readObject()
                    if line["event"] != nil { events.append(line) } else { break }
                }
                #expect(events.isEmpty, "bob was pushed \(events.count) message(s) of another tenant")
                let bobsMessages = try await bob.pullEverything().filter { $0.string("kind") == "message" }
                #expect(bobsMessages.count == 1)
            }
        }
    }
}

/// Carries a non-Sendable reply out of a `withClient` closure (it never crosses an isolation boundary).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
