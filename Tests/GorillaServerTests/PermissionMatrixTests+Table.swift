import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// One cell of the hand-written answers (``PermissionMatrixExpected``).
private struct ExpectedCell: CustomStringConvertible {
    let kind: EntityKind
    /// Set for a field line.
    let field: String?
    let action: Access.Action
    let role: Role
    /// `own`, `ownClient`, `coach`, `sharedClient`, `sharingCoach` or `other`.
    let column: String
    let answer: String

    var relation: Access.Relation { column == "other" ? .unrelated : Access.Relation(rawValue: column)! }
    var description: String {
        "\(kind.rawValue)\(field.map { ".\($0)" } ?? "") \(action.rawValue) as \(role.rawValue):\(column)"
    }

    /// Parses `text`: one line per kind (or kind.field) and action, one answer per column in `columns`.
    static func parse(_ text: String, columns: [String]) -> [ExpectedCell] {
        text.split(separator: "\n").flatMap { line -> [ExpectedCell] in
            let words = line.split(separator: " ").map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { return [] }
            let parts = first.split(separator: ".").map(String.init)
            return zip(columns, words.dropFirst(2)).map { column, answer in
                let pair = column.split(separator: ":").map(String.init)
                return ExpectedCell(
                    kind: EntityKind(rawValue: parts[0])!, field: parts.count > 1 ? parts[1] : nil,
                    action: Access.Action(rawValue: words[1])!, role: Role(rawValue: pair[0])!, column: pair[1],
                    answer: answer)
            }
        }
    }
}

extension PermissionMatrixTests {
    /// The access table's own answer for a cell, in the words of ``PermissionMatrixExpected``.
    private static func tableAnswer(_ cell: ExpectedCell) -> String {
        let rules = Access.rules(cell.kind)
        if let field = cell.field, cell.action == .read {
            return Access.hiddenFields(cell.kind, from: cell.relation).contains(field) ? "no" : "yes"
        }
        if let field = cell.field, rules.serverManagedFields.contains(field) { return "server" }
        let conditions = Access.conditions(
            cell.action, cell.kind, as: cell.role, relation: cell.relation, fields: Set(cell.field.map { [$0] } ?? []))
        guard let condition = conditions.first, conditions.count == 1 else { return conditions.isEmpty ? "no" : "?" }
        if let field = cell.field, cell.action == .update, rules.fixedFields.contains(field) { return "fixed" }
        switch condition {
        case .always: return "yes"
        case .recorder: return "recorder"
        case .recipient: return "recipient"
        case .recordedBySameRole: return "same-role"
        case .party: return "party"
        }
    }

    @Test func theAccessTableGivesTheReviewedAnswers() {
        let cells = ExpectedCell.parse(PermissionMatrixExpected.cells, columns: PermissionMatrixExpected.columns)
        #expect(cells.count == EntityKind.allCases.count * Access.Action.allCases.count * 6)
        for cell in cells {
            let answer = cell.answer == "." ? "no" : cell.answer
            #expect(Self.tableAnswer(cell) == answer, "\(cell)")
        }
        // Relations that no role has to any row grant nothing.
        for kind in EntityKind.allCases {
            for action in Access.Action.allCases {
                #expect(!Access.may(action, kind, as: .coach, relation: .coach), "\(kind) \(action) coach:coach")
                #expect(
                    !Access.may(action, kind, as: .client, relation: .ownClient), "\(kind) \(action) client:ownClient")
            }
        }
        for cell in ExpectedCell.parse(PermissionMatrixExpected.fields, columns: ["coach:ownClient", "client:own"])
        where cell.answer != "." {
            #expect(Self.tableAnswer(cell) == cell.answer, "\(cell)")
        }
    }

    /// Walks every cell of ``PermissionMatrixExpected`` against a real server: each probe is a push (or, for reads, a
    /// pull) by an account standing in the cell's relation to a row made for it; applied is `yes`, refused (111, 112
    /// or 124; 9 for `server` and `fixed` fields) is `no`. A conditional cell is tried on a row that meets its
    /// condition (applied) and on one that does not (refused).
    @Test func theAccessTableGivesTheReviewedAnswersForASharedClient() {
        let cells = ExpectedCell.parse(
            PermissionMatrixExpected.shared, columns: ["coach:sharedClient", "coach:sharingCoach"])
        #expect(cells.filter { $0.field == nil }.count == EntityKind.allCases.count * Access.Action.allCases.count * 2)
        for cell in cells {
            #expect(Self.tableAnswer(cell) == (cell.answer == "." ? "no" : cell.answer), "\(cell)")
        }
    }

    @Test func everyCellOfTheAccessTableHoldsOnARealServer() async throws {
        try await withTestServer(configure: { $0.codeGuessesBeforeWait = 10_000 }) { server in
            let port = server.port
            let world = try await World.build(port: port)
            let order: [Principal] = [.ada, .adaClient, .bob, .bobClient]
            try await withSessions(port: port, order.map { world.tokens[$0]! }) { sessions in
                var probe = TableProbe(world: world, sessions: Dictionary(uniqueKeysWithValues: zip(order, sessions)))
                let cells = ExpectedCell.parse(
                    PermissionMatrixExpected.cells, columns: PermissionMatrixExpected.columns)
                for cell in cells where cell.answer != "." {
                    for outcome in try await probe.run(cell) {
                        #expect(outcome.got == outcome.wanted, "\(cell) \(outcome.how): \(outcome.detail)")
                    }
                }
                let fields = ExpectedCell.parse(
                    PermissionMatrixExpected.fields, columns: ["coach:ownClient", "client:own"])
                for cell in fields where cell.answer != "." {
                    for outcome in try await probe.run(cell) {
                        #expect(outcome.got == outcome.wanted, "\(cell) \(outcome.how): \(outcome.detail)")
                    }
                }
                #expect(probe.probes > 150, "only \(probe.probes) probes")
            }
        }
    }
}

/// Runs the probes of ``PermissionMatrixTests/everyCellOfTheAccessTableHoldsOnARealServer()``: makes a fresh row for
/// each (so that an allowed delete or update never disturbs another probe) and tries the cell's action on it.
private struct TableProbe {
    let world: World
    let sessions: [Principal: TestClient]
    private var serial = 0
    private(set) var probes = 0
    private let at = "2026-12-01T09:00:00Z"

    init(world: World, sessions: [Principal: TestClient]) {
        self.world = world
        self.sessions = sessions
    }

    struct Outcome {
        let wanted: Bool
        let got: Bool
        let how: String
        let detail: String
    }

    /// Probes `cell`; a conditional cell twice (the row meeting the condition, then one that does not).
    mutating func run(_ cell: ExpectedCell) async throws -> [Outcome] {
        let probers = probers(cell)
        var outcomes: [Outcome] = []
        for prober in probers {
            switch cell.answer {
            case "yes", "no", "server", "fixed":
                let creator = defaultCreator(cell, prober: prober)
                outcomes.append(try await attempt(cell, by: prober, rowBy: creator, wanted: cell.answer == "yes"))
            default:
                outcomes.append(try await attempt(cell, by: prober, rowBy: meeting(cell), wanted: true))
                if cell.action != .create, let other = failing(cell) {
                    outcomes.append(try await attempt(cell, by: prober, rowBy: other, wanted: false))
                }
            }
        }
        return outcomes
    }

    /// The accounts that stand in the cell's relation (and, for a client's `other`, both kinds of stranger: another
    /// tenant's client, and another client of the same coach).
    private func probers(_ cell: ExpectedCell) -> [Principal] {
        switch (cell.role, cell.column) {
        case (.coach, "other"): [.bob]
        case (.coach, _): [.ada]
        // Another client of the same coach stands apart only from client rows (the catalogue is her coach's too),
        // and creates nothing as a stranger: what she creates is her own.
        case (.client, "other") where cell.action == .create: [.adaClient]
        case (.client, "other"): cell.kind.scope == .catalogue ? [.bobClient] : [.bobClient, .adaClient]
        default: [.adaClient]
        }
    }

    /// Who makes the probe's row when the cell has no condition: ada, or ana for her own session (the one whose
    /// fields she may try to correct).
    private func defaultCreator(_ cell: ExpectedCell, prober: Principal) -> Principal {
        cell.kind == .session && cell.role == .client && cell.column == "own" ? .adaClient : .ada
    }

    /// Who makes a row that meets the cell's condition.
    private func meeting(_ cell: ExpectedCell) -> Principal {
        switch cell.answer {
        case "recipient": cell.role == .coach ? .adaClient : .ada
        case "same-role": cell.role == .coach ? .ada : .adaClient
        default: cell.role == .coach ? .ada : .adaClient  // recorder
        }
    }

    /// Who makes a row that does not meet it (nil: no such row in the cell's relation).
    private func failing(_ cell: ExpectedCell) -> Principal? {
        // A message of one tenant always has its coach or her client as one of its two people: a colleague's
        // conversation with a shared client is probed by `SharedClientMessageTests`.
        if cell.kind == .conflict || cell.answer == "party" { return nil }
        switch cell.answer {
        case "recipient": return cell.role == .coach ? .ada : .adaClient
        case "same-role": return cell.role == .coach ? .adaClient : .ada
        default: return cell.role == .coach ? .adaClient : .ada
        }
    }

    /// Whether a stranger probes a row of ada's other client (cA2) rather than of ana.
    private func aboutOtherClient(_ cell: ExpectedCell, prober: Principal) -> Bool {
        cell.column == "other" && prober == .adaClient
    }

    private mutating func attempt(
        _ cell: ExpectedCell, by prober: Principal, rowBy creator: Principal, wanted: Bool
    ) async throws -> Outcome {
        probes += 1
        let how = "by \(prober), row by \(creator)"
        let otherClient = aboutOtherClient(cell, prober: prober)
        if cell.action == .create {
            let result = try await push(
                prober, cell.kind, UUID(), "create", createFields(cell, prober: prober, otherClient: otherClient))
            return outcome(result, cell: cell, wanted: wanted, how: how)
        }
        let row = try await freshRow(cell, creator: creator, otherClient: otherClient)
        if cell.action == .read {
            let changes = try await sessions[prober]!.pullEverything()
            let data =
                changes.first { UUID(uuidString: $0.string("id") ?? "") == row }?["data"] as? JSONObject
            if let field = cell.field {
                return Outcome(
                    wanted: wanted, got: data?[field] != nil, how: how, detail: "data \(String(describing: data))")
            }
            return Outcome(wanted: wanted, got: data != nil, how: how, detail: data == nil ? "not seen" : "seen")
        }
        let fields =
            cell.action == .delete
            ? (cell.kind == .draft ? ["device": Self.phone] : nil)
            : updateFields(cell, prober: prober)
        let result = try await push(prober, cell.kind, row, cell.action.rawValue, fields)
        return outcome(result, cell: cell, wanted: wanted, how: how)
    }

    private func outcome(_ result: JSONObject, cell: ExpectedCell, wanted: Bool, how: String) -> Outcome {
        let applied = result.string("status") == "applied"
        // A refusal for lack of access; a `server` or `fixed` field is refused as invalid.
        let refusals: Set<Int> = cell.answer == "server" || cell.answer == "fixed" ? [9] : [111, 112, 124]
        let refused = result.string("status") == "rejected" && refusals.contains(result.errorCode ?? 0)
        return Outcome(wanted: wanted, got: applied, how: how, detail: "\(result)")
            .checked(consistent: applied || refused)
    }

    private static var phone: JSONObject { ["id": "d0000000-0000-4000-8000-000000000001", "name": "phone"] }

    private mutating func unique() -> String {
        serial += 1
        return "Probe \(serial)"
    }

    /// The id of a client row: ana's own, or ada's other client.
    private func client(_ otherClient: Bool) -> String { world.key(otherClient ? "cA2" : "cA1") }

    /// A valid create of the cell's kind by `prober`.
    private mutating func createFields(_ cell: ExpectedCell, prober: Principal, otherClient: Bool) -> JSONObject {
        let coach = prober == .ada || prober == .bob
        let named: JSONObject = coach || otherClient ? ["client": client(otherClient)] : [:]
        var fields: JSONObject
        switch cell.kind {
        case .machine, .exercise, .training: fields = ["name": unique()]
        case .client: fields = ["name": "Probe", "surname": unique()]
        case .event: fields = named.merging(["start": at]) { $1 }
        case .message:
            fields = ["to": coach || otherClient ? client(otherClient) : world.user(.ada), "text": "probe"]
        case .measurement: fields = named.merging(["date": at, "weight": 70]) { $1 }
        case .session: fields = named.merging(["start": at]) { $1 }
        case .draft: fields = draftFields(client: coach ? client(otherClient) : nil)
        case .conflict: fields = ["entity": world.key("tA"), "section": "training", "field": "notes"]
        case .program: fields = programFields(name: unique(), training: world.key("tA"), exercise: world.key("eA"))
        case .assignment: fields = named.merging(["program": world.key("pA"), "start": "2026-12-07"]) { $1 }
        }
        if let field = cell.field { fields[field] = value(of: field) }
        return fields
    }

    /// A valid update of the cell's kind by `prober` (only the cell's field, for a field line).
    private mutating func updateFields(_ cell: ExpectedCell, prober: Principal) -> JSONObject {
        if let field = cell.field { return [field: value(of: field)] }
        let coach = prober == .ada || prober == .bob
        switch cell.kind {
        case .machine, .exercise, .training: return ["name": unique()]
        case .client: return ["notes": "probe"]
        case .event: return coach ? ["note": "probe"] : ["answer": "confirmed"]
        case .message: return ["read": at]
        case .measurement: return ["weight": 71]
        case .session: return ["notes": "probe"]
        case .draft: return ["state": ["step": 2], "device": Self.phone]
        case .conflict: return ["field": "name"]
        case .program: return ["name": unique()]
        case .assignment: return ["start": "2026-12-14"]
        }
    }

    /// A valid value of `field`, as its line of ``PermissionMatrixExpected/fields`` sends it.
    private func value(of field: String) -> Any {
        switch field {
        case "status": "cancelled"
        case "answer": "confirmed"
        case "read", "start": at
        case "series": world.key("evS1")
        case "mode": "realtime"
        case "client": world.key("cA1")
        case "revision": 7
        case "recordedBy": "client"
        default: "probe \(field)"
        }
    }

    /// A new row of the cell's kind made by `creator` (about ana, or ada's other client), or the row that cannot be
    /// made anew (ana's own client row, the conflicts).
    private mutating func freshRow(_ cell: ExpectedCell, creator: Principal, otherClient: Bool) async throws -> UUID {
        switch cell.kind {
        case .client where cell.role == .client && !otherClient && cell.column != "other": return world["cA1"]
        case .client where otherClient: return world["cA2"]
        case .conflict:
            // Ada's conflict is hers (coach:own); ana's is hers, and her coach's own client's row.
            switch (cell.role, cell.column) {
            case (.coach, "own"), (.coach, "other"): return world["xA1"]
            case (.client, "other"): return otherClient ? world["xA1"] : world["xC1"]
            default: return world["xC1"]
            }
        default: break
        }
        let id = UUID()
        let coach = creator == .ada
        var fields: JSONObject
        switch cell.kind {
        case .machine, .exercise, .training: fields = ["name": unique()]
        case .client: fields = ["name": "Probe", "surname": unique(), "notes": "private"]
        case .event: fields = ["client": client(otherClient), "start": at]
        case .message: fields = ["to": coach ? client(otherClient) : world.user(.ada), "text": "probe"]
        case .measurement: fields = ["date": at, "weight": 70]
        case .session: fields = ["start": at]
        case .draft: fields = draftFields(client: coach ? client(otherClient) : nil)
        case .conflict: fields = [:]
        case .program: fields = programFields(name: unique(), training: world.key("tA"), exercise: world.key("eA"))
        case .assignment: fields = ["client": client(otherClient), "program": world.key("pA"), "start": "2026-12-07"]
        }
        if coach, [.measurement, .session].contains(cell.kind) { fields["client"] = client(otherClient) }
        let result = try await push(creator, cell.kind, id, "create", fields)
        guard result.string("status") == "applied" else {
            throw TestClientError.notJSON("probe row of \(cell) by \(creator) refused: \(result)")
        }
        return id
    }

    private func push(
        _ who: Principal, _ kind: EntityKind, _ entity: UUID, _ action: String, _ fields: JSONObject?
    ) async throws -> JSONObject {
        try await sessions[who]!.pushRequiringReply([mutation(kind.rawValue, entity, action, fields: fields)])[0]
    }
}

extension TableProbe.Outcome {
    /// The outcome, or a mismatch when the reply was neither applied nor the refusal the cell expects.
    fileprivate func checked(consistent: Bool) -> Self {
        consistent ? self : Self(wanted: wanted, got: !wanted, how: how, detail: "unexpected reply \(detail)")
    }
}
