import Foundation
import GRDB
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// A client's pull and `sync.updated` read their own rows and the tenant's catalogue through two indexes merged in
/// version order; the rows and the order must be those of the plain filter they replace.
@Suite struct PullVisibilityTests {
    let store: ServerStore
    let coach: UserRecord
    let ana: UserRecord
    let bea: UserRecord
    let other: UserRecord

    init() async throws {
        store = try await TestEngine.current.makeStore()
        func account(_ username: String, role: Role, coach: UUID? = nil) -> UserRecord {
            UserRecord(
                role: role, username: username, email: "\(username)@example.com", passwordHash: "scrypt$stored",
                name: username, surname: "Tester", nif: nil, language: .en, coachID: coach)
        }
        coach = account("ada", role: .coach)
        other = account("bob", role: .coach)
        ana = account("ana", role: .client, coach: coach.id)
        bea = account("bea", role: .client, coach: coach.id)
        for user in [coach, other, ana, bea] { try await store.createUser(user) }
    }

    /// A row as seeded: an `entities` row, or a `news` row (kind "news", with its audience).
    struct Seeded {
        var id: String
        var kind: String
        var client: UUID?
        var coach: UUID?
        var audience: String?
        var version: Int64
        var deleted: Bool
        /// The account that wrote the row (its coach when nil); a draft or a sync conflict is seen by that account only.
        var creator: UUID?

        /// Whether `principal` may pull it, by the plain rules the two-index query replaces.
        func visible(to principal: UserRecord) -> Bool {
            if let audience {
                return audience == "all" || audience == (principal.role == .coach ? "coaches" : "clients")
            }
            guard coach == principal.tenantID else { return false }
            if kind == "draft" || kind == "conflict" { return (creator ?? coach) == principal.id }
            return principal.role == .coach || client == principal.id
                || ["machine", "exercise", "training"].contains(kind)
        }
    }

    /// Rows of every kind for both clients, the catalogue, another tenant and news for each audience, in an
    /// interleaved version order (some deleted); client rows hold the coach's private notes.
    private func seed() async throws -> [Seeded] {
        var rows: [Seeded] = []
        let kinds = [
            "machine", "session", "exercise", "message", "training", "event", "measurement", "client", "draft",
            "conflict",
        ]
        let audiences = ["all", "clients", "coaches"]
        for version in Int64(1)...240 {
            let id = UUID().uuidString.lowercased()
            if version % 13 == 0 {
                rows.append(
                    Seeded(
                        id: id, kind: "news", audience: audiences[Int(version / 13) % 3], version: version,
                        deleted: version % 26 == 0))
                continue
            }
            let kind = kinds[Int(version) % kinds.count]
            let catalogue = ["machine", "exercise", "training"].contains(kind)
            let client = catalogue ? nil : (version % 3 == 0 ? bea.id : ana.id)
            // Another tenant's rows name ana too, so that only the tenant condition keeps them out. Drafts and
            // conflicts are written by the coach or by their client, in turn.
            rows.append(
                Seeded(
                    id: id, kind: kind, client: client,
                    coach: version % 11 == 0 ? other.id : coach.id, version: version, deleted: version % 17 == 0,
                    creator: ["draft", "conflict"].contains(kind) && version % 2 == 0 ? client : nil))
        }
        try await store.write { [rows] db in
            for row in rows {
                if let audience = row.audience {
                    try db.execute(
                        sql:
                            "INSERT INTO news (id, text, audience, published, version, deleted) VALUES (?, ?, ?, ?, ?, ?)",
                        arguments: [
                            row.id, "News \(row.version)", audience, "2026-11-23T00:00:00Z", row.version,
                            row.deleted ? 1 : 0,
                        ])
                    continue
                }
                try db.execute(
                    sql: """
                        INSERT INTO entities (id, kind, coach_id, client_id, data, field_versions, version, deleted, created_by,
                                              created_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, '{}', ?, ?, ?, '2026-11-23T00:00:00Z', '2026-11-23T00:00:00Z')
                        """,
                    arguments: [
                        row.id, row.kind, row.coach?.key, row.client?.key,
                        row.kind == "client" ? #"{"name":"Ana","notes":"knee injury"}"# : #"{"n":\#(row.version)}"#,
                        row.version, row.deleted ? 1 : 0, (row.creator ?? row.coach)?.key,
                    ])
            }
            try db.execute(sql: "UPDATE counters SET value = 240 WHERE name = 'version'")
        }
        return rows
    }

    /// Every change of `principal`, page after page of `limit`.
    private func pullAll(
        _ principal: UserRecord, limit: Int
    ) async throws
        -> [(id: String, kind: String, version: Int64, deleted: Bool, data: [String: JSONValue])]
    {
        var since: Int64 = 0
        var pulled: [(id: String, kind: String, version: Int64, deleted: Bool, data: [String: JSONValue])] = []
        while true {
            let reply = try await store.pull(since: since, limit: limit, principal: principal)
            let value = try #require(try FastJSON.parse(reply.bytes).objectValue)
            let changes = value["changes"]?.arrayValue ?? []
            #expect(changes.count <= limit)
            for change in changes {
                let object = try #require(change.objectValue)
                let id = try #require(object["id"]?.stringValue)
                #expect(id == id.uppercased(), "ids travel as UUID's own upper-case text")
                pulled.append(
                    (
                        id.lowercased(), try #require(object["kind"]?.stringValue),
                        Int64(try #require(object["version"]?.intValue)), object["deleted"] == .bool(true),
                        try #require(object["data"]?.objectValue)
                    ))
            }
            since = Int64(try #require(value["cursor"]?.intValue))
            guard value["more"] == .bool(true) else { return pulled }
        }
    }

    @Test func eachPrincipalPullsItsRowsAndNewsInVersionOrderPageAfterPage() async throws {
        let rows = try await seed()
        for principal in [ana, bea, coach] {
            let expected = rows.filter { $0.visible(to: principal) }
            for limit in [1, 7, 1000] {
                let pulled = try await pullAll(principal, limit: limit)
                #expect(pulled.map(\.id) == expected.map(\.id), "\(principal.username), pages of \(limit)")
                #expect(pulled.map(\.kind) == expected.map(\.kind))
                #expect(pulled.map(\.version) == expected.map(\.version))
                #expect(pulled.map(\.deleted) == expected.map(\.deleted))
                for change in pulled where change.kind == "client" {
                    #expect(change.data["name"] == .string("Ana"))
                    #expect(change.data["notes"] == (principal.role == .coach ? .string("knee injury") : nil))
                }
                for change in pulled where change.kind == "news" {
                    #expect(change.data["text"] == .string("News \(change.version)"))
                }
                for change in pulled where !["client", "news"].contains(change.kind) {
                    #expect(change.data == ["n": .number(Double(change.version))])
                }
            }
        }
        // Nothing of another client's or another tenant's leaks through either half of the merge.
        let anas = Set(try await pullAll(ana, limit: 1000).map(\.id))
        #expect(anas.isDisjoint(with: rows.filter { $0.client == bea.id || $0.coach == other.id }.map(\.id)))
        #expect(anas.contains { id in rows.contains { $0.id == id && $0.kind == "machine" } })
        #expect(anas.contains { id in rows.contains { $0.id == id && $0.kind == "news" } })
    }

    /// Asked to count (`"count": true`), each page says how many changes the account may still see after its cursor,
    /// skipped versions left out, which is what the following pages then bring; not asked, the reply has no such
    /// member (the shape older devices read).
    @Test func aCountedPageSaysHowManyChangesRemainAfterItsCursor() async throws {
        let rows = try await seed()
        for principal in [ana, coach] {
            let visible = rows.filter { $0.visible(to: principal) }
            // A device skips the versions of its own pushes: entity rows, never news.
            let skipping = visible.filter { $0.audience == nil }.map(\.version).filter { $0 % 5 == 0 }
            for skip in [[], skipping] {
                let expected = visible.filter { !skip.contains($0.version) }
                var since: Int64 = 0
                var pulled = 0
                while true {
                    let reply = try await store.pull(
                        since: since, limit: 9, skipping: skip, counting: true, principal: principal)
                    let value = try #require(try FastJSON.parse(reply.bytes).objectValue)
                    pulled += value["changes"]?.arrayValue?.count ?? 0
                    since = Int64(try #require(value["cursor"]?.intValue))
                    let remaining = try #require(value["remaining"]?.intValue, "\(value)")
                    #expect(
                        remaining == expected.filter { $0.version > since }.count,
                        "\(principal.username) after \(since), skipping \(skip.count)")
                    #expect(pulled + remaining == expected.count)
                    guard value["more"] == .bool(true) else { break }
                }
                #expect(pulled == expected.count)
            }
            let plain = try #require(
                try FastJSON.parse(try await store.pull(since: 0, limit: 9, principal: principal).bytes).objectValue)
            #expect(plain["remaining"] == nil, "\(plain.keys)")
        }
    }

    @Test func updatedCountsWhatThePullWouldBring() async throws {
        let rows = try await seed()
        for principal in [ana, coach] {
            for since: Int64 in [0, 100, 239, 240] {
                let reply = try await store.updated(since: since, principal: principal)
                let expected = rows.filter { $0.visible(to: principal) && $0.version > since }
                #expect(
                    reply.sections == Dictionary(grouping: expected, by: \.kind).mapValues(\.count),
                    "\(principal.username) since \(since)")
                #expect(reply.version == max(since, expected.map(\.version).max() ?? since))
            }
        }
    }

    /// The catalogue index is declared with the query's own condition, and a client's pull reads through it and the
    /// client index instead of walking the tenant (which took 11 ms for a coach with 10,000 rows).
    @Test(.enabled(if: TestEngine.current == .sqlite, "SQLite's query plans"))
    func aClientsPullReadsTwoIndexesAndNeverWalksTheTenant() async throws {
        let declared = try await store.read { db in
            try db.value(String.self, sql: "SELECT sql FROM sqlite_master WHERE name = 'entities_catalogue_version'")
        }
        #expect(try #require(declared).hasSuffix("WHERE \(ServerStore.catalogueCondition)"))

        let (visible, arguments) = ServerStore.visibleRows(
            ana, columns: "id, kind, version, deleted, data", since: 0, now: Date(), dialect: .sqlite)
        let plan = try await store.read { db in
            try db.fetchAll(sql: "EXPLAIN QUERY PLAN \(visible) ORDER BY version LIMIT 10", arguments: arguments)
                .map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("entities_client_version") }, "\(plan)")
        #expect(plan.contains { $0.contains("entities_catalogue_version") }, "\(plan)")
        #expect(!plan.contains { $0.contains("entities_coach_version") || $0.contains("TEMP B-TREE") }, "\(plan)")
    }
}
