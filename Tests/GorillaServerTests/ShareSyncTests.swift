import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// What the shares and transfers tell each principal over a real server (``GymWorld``), on the store's engine: the
/// pull and `sync.updated` name the clients shared with the asking coach alone (and those she shares, to her alone),
/// a pull scoped to a shared client brings rows to that colleague alone, a transfer's departure reaches the giving
/// coach alone, and a client's `profile.get` names their coaches.
@Suite(.hangLimit)
struct ShareSyncTests {
    let ask = SharedClientTests()

    /// The value of `principal`'s reply to `op` with `body`.
    func value(
        _ principal: GymPrincipal, _ world: GymWorld, port: Int, _ op: String, _ body: JSONObject = [:]
    ) async throws -> JSONObject {
        try #require(try await ask.ask(principal, world, port: port, op, body).expectSuccess().value)
    }

    @Test func theSharedClientsAndAClientsCoachesAreToldToThosePeopleAlone() async throws {
        try await withTestServer(configure: GymPermissionMatrixTests.configure) { server in
            let port = server.port
            let world = try await GymWorld.build(port: port)
            let cleo = world.client.key
            _ = try await value(.owner, world, port: port, "gym.share", ["client": cleo, "with": "cora"])
            let signedIn = GymPrincipal.allCases.filter { $0 != .anonymous }
            for principal in signedIn {
                let page = try await value(principal, world, port: port, "sync.pull", ["since": 0])
                let updated = try await value(principal, world, port: port, "sync.updated", ["since": 0])
                let scoped = try await value(
                    principal, world, port: port, "sync.pull", ["since": 0, "sharedClient": cleo])
                let named = [cleo.uppercased(): "olga"] as [String: String]
                for reply in [page, updated] {
                    let shared = (reply["shared"] as? [JSONObject])?.reduce(into: [String: String]()) { names, entry in
                        names[(entry["client"] as? String ?? "").uppercased()] = entry["by"] as? String
                    }
                    #expect(shared == (principal == .coach ? named : nil), "\(principal): \(reply)")
                    let sharing = (reply["sharing"] as? [JSONObject])?.map {
                        "\(($0["client"] as? String ?? "").lowercased()) \($0["with"] as? [String] ?? [])"
                    }
                    #expect(sharing == (principal == .owner ? ["\(cleo) [\"cora\"]"] : nil), "\(principal): \(reply)")
                }
                let rows = (scoped["changes"] as? [JSONObject])?.compactMap { $0["id"] as? String } ?? []
                #expect(rows.contains(cleo.uppercased()) == (principal == .coach), "\(principal): \(rows)")
                #expect(principal == .coach || rows.isEmpty, "\(principal): \(rows)")

                let coaches = try await value(principal, world, port: port, "profile.get")["coaches"] as? [JSONObject]
                let usernames = coaches?.compactMap { $0["username"] as? String }
                switch principal {
                case .client: #expect(usernames == ["olga", "cora"], "\(coaches ?? [])")
                case .colleagueClient: #expect(usernames?.count == 1 && usernames != ["olga"], "\(coaches ?? [])")
                case .sharedClient: #expect(usernames == ["olga"], "not shared in this world: \(coaches ?? [])")
                case .otherGymClient: #expect(usernames == ["hugo"], "\(coaches ?? [])")
                default: #expect(coaches == nil, "\(principal)")
                }
            }
        }
    }

    @Test func aTransferTellsTheGivingCoachAloneThatTheClientLeft() async throws {
        try await withTestServer(configure: GymPermissionMatrixTests.configure) { server in
            let port = server.port
            let world = try await GymWorld.build(port: port)
            let cleo = world.client.key
            let before = try await value(.owner, world, port: port, "sync.pull", ["since": 0])
            let since = try #require(before["cursor"] as? Int)
            _ = try await value(.owner, world, port: port, "gym.transfer", ["client": cleo, "to": "cora"])
            for principal in GymPrincipal.allCases where principal != .anonymous {
                let page = try await value(principal, world, port: port, "sync.pull", ["since": since])
                let updated = try await value(principal, world, port: port, "sync.updated", ["since": since])
                let gone = (page["gone"] as? [String])?.map { $0.lowercased() }
                let counted = (updated["sections"] as? JSONObject)?["gone"] as? Int
                #expect(gone == (principal == .owner ? [cleo] : nil), "\(principal): \(page)")
                #expect(counted == (principal == .owner ? 1 : nil), "\(principal): \(updated)")
                if principal == .owner {
                    // The last page moves past the departure: the next asks find nothing.
                    let cursor = try #require(page["cursor"] as? Int)
                    let next = try await value(principal, world, port: port, "sync.updated", ["since": cursor])
                    #expect((next["sections"] as? JSONObject)?["gone"] == nil, "\(next)")
                }
            }
        }
    }
}
