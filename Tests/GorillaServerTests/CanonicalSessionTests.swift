import Foundation
import GRDB
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// The one-pass reader of pushed sessions (`EntityKinds.session.canonicalCreate`) against the kind's `validate`:
/// whatever the fast reader accepts, `validate` must accept too, and store byte for byte the same document.
@Suite struct CanonicalSessionTests {
    private struct Tenant {
        var coach: UserRecord
        var client, otherClient, goneClient, event, otherEvent, training, goneTraining: UUID
        var exercises: [UUID]
    }

    private static func create(_ kind: String, _ id: UUID = UUID(), _ fields: [String: JSONValue]) -> PushedMutation {
        PushedMutation(Mutation(id: UUID(), kind: kind, entity: id, action: .create, fields: fields))
    }

    /// A coach with two clients (and a removed one), exercises, a training (and a removed one) and an event per client.
    private static func tenant(_ store: ServerStore, configuration: ServerConfiguration) async throws -> Tenant {
        let coach = UserRecord(
            role: .coach, username: "ada", email: "ada@example.com", passwordHash: "scrypt$stored",
            name: "Ada", surname: "Lovelace", nif: nil, language: .en)
        try await store.createUser(coach)
        let tenant = Tenant(
            coach: coach, client: UUID(), otherClient: UUID(), goneClient: UUID(), event: UUID(), otherEvent: UUID(),
            training: UUID(), goneTraining: UUID(), exercises: (0..<4).map { _ in UUID() })
        var mutations = [
            create("client", tenant.client, ["name": "Joan", "surname": "Puig"]),
            create("client", tenant.otherClient, ["name": "Rosa", "surname": "Vila"]),
            create("client", tenant.goneClient, ["name": "Pere", "surname": "Mas"]),
            create("training", tenant.training, ["name": "Legs"]),
            create("training", tenant.goneTraining, ["name": "Arms"]),
        ]
        for (index, exercise) in tenant.exercises.enumerated() {
            mutations.append(create("exercise", exercise, ["name": .string("Exercise \(index)")]))
        }
        for (event, client) in [(tenant.event, tenant.client), (tenant.otherEvent, tenant.otherClient)] {
            mutations.append(
                create(
                    "event", event,
                    [
                        "client": .string(client.key), "start": "2026-11-25T09:00:00Z",
                        "zone": "Europe/Madrid", "duration": 60,
                    ]))
        }
        for (kind, id) in [("client", tenant.goneClient), ("training", tenant.goneTraining)] {
            mutations.append(PushedMutation(Mutation(kind: kind, entity: id, action: .delete)))
        }
        let outcome = try await store.push(mutations, principal: coach, configuration: configuration)
        #expect(
            outcome.results.allSatisfy { $0.status == .applied }, "\(outcome.results.filter { $0.status != .applied })")
        return tenant
    }

    /// A session as a device writes it.
    private static func session(_ tenant: Tenant, using random: inout some RandomNumberGenerator) -> [String: JSONValue]
    {
        var exercises: [JSONValue] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            var sets: [JSONValue] = []
            for position in 1...Int.random(in: 1...5, using: &random) {
                var set: [String: JSONValue] = [
                    "position": .number(Double(position)),
                    "reps": .number(Double(Int.random(in: 1...15, using: &random))),
                    "type": "normal", "unit": "kg",
                    "weight": .number(Double(Int.random(in: 0...400, using: &random)) / 4),
                ]
                if Bool.random(using: &random) {
                    set["repTimes"] = .array(
                        (0..<3).map { _ in .number(Double(Int.random(in: 0...9999, using: &random)) / 100) })
                    set["duration"] = .number(Double(Int.random(in: 5...90, using: &random)))
                }
                if Bool.random(using: &random) {
                    set["rest"] = .number(Double(Int.random(in: 0...300, using: &random)))
                }
                if Int.random(in: 0...3, using: &random) == 0 {
                    set["distance"] = .number(Double(Int.random(in: 0...40_000, using: &random)) / 4)
                }
                if Int.random(in: 0...2, using: &random) == 0 {
                    set["rpe"] = .number(Double(Int.random(in: 2...20, using: &random)) / 2)
                }
                sets.append(.object(set))
            }
            exercises.append(
                .object([
                    "exercise": .string(tenant.exercises.randomElement(using: &random)!.key), "name": "Press",
                    "sets": .array(sets),
                ]))
        }
        var document: [String: JSONValue] = [
            "client": .string(tenant.client.key), "mode": "handsfree", "start": "2026-11-20T18:00:00Z",
            "end": "2026-11-20T19:00:00Z", "exercises": .array(exercises),
        ]
        if Bool.random(using: &random) { document["training"] = .string(tenant.training.key) }
        if Bool.random(using: &random) { document["event"] = .string(tenant.event.key) }
        return document
    }

    /// Something a device, another program or an attacker might send instead.
    private static func variant(
        of document: [String: JSONValue], _ tenant: Tenant, using random: inout some RandomNumberGenerator
    ) -> [String: JSONValue] {
        var document = document
        let values: [JSONValue] = [
            .null, true, 0, -1, 1e9, 1001, 2000.5, 86_401, 62.50, 0.005, "", "  x  ", "a\u{1}b", "Press\n", .array([]),
            .object([:]),
            .string(tenant.goneClient.key), .string(tenant.otherClient.key), .string(tenant.otherEvent.key),
            .string(tenant.goneTraining.key), .string(tenant.client.uuidString), .string(UUID().uuidString),
            "2026-11-20T17:00:00Z", "2026-11-20T18:00:00.250+01:00", "yesterday", "realtime", "warmup", "lb", "kg",
            1_000_000, 1_000_001, "coach", "client", 7.5, 8.2, 10,
        ]
        func tweak(_ object: inout [String: JSONValue], keys: [String]) {
            let key = keys.randomElement(using: &random)!
            switch Int.random(in: 0...2, using: &random) {
            case 0: object[key] = nil
            default: object[key] = values.randomElement(using: &random)!
            }
        }
        let topKeys = [
            "client", "end", "event", "exercises", "mode", "notes", "paused", "recordedBy", "revision", "start",
            "training", "extra",
        ]
        let setKeys = [
            "distance", "duration", "position", "repTimes", "reps", "rest", "rpe", "type", "unit", "weight", "extra",
        ]
        switch Int.random(in: 0...3, using: &random) {
        case 0:
            tweak(&document, keys: topKeys)
        case 1, 2:
            guard case .array(var exercises)? = document["exercises"], !exercises.isEmpty,
                case .object(var exercise) = exercises[0]
            else { tweak(&document, keys: topKeys); break }
            if case .array(var sets)? = exercise["sets"], !sets.isEmpty, case .object(var set) = sets[0],
                Bool.random(using: &random)
            {
                tweak(&set, keys: setKeys)
                sets[0] = .object(set)
                exercise["sets"] = .array(sets)
            } else {
                tweak(&exercise, keys: ["exercise", "name", "sets", "extra"])
            }
            exercises[0] = .object(exercise)
            document["exercises"] = .array(exercises)
        default:
            document["notes"] = ["  Good session  ", "", "Line one\nline two", "tab\there"].randomElement(
                using: &random)!
            document["paused"] = [30, 90.5, 86_401, -5].randomElement(using: &random)!
        }
        return document
    }

    /// JSON with the members of every object in a random order (devices write them sorted).
    private static func shuffled(_ value: JSONValue, using random: inout some RandomNumberGenerator) -> String {
        switch value {
        case .object(let members):
            "{"
                + members.shuffled(using: &random).map {
                    FastJSON.text(.string($0.key)) + ":" + shuffled($0.value, using: &random)
                }
                .joined(separator: ",") + "}"
        case .array(let items): "[" + items.map { shuffled($0, using: &random) }.joined(separator: ",") + "]"
        default: FastJSON.text(value)
        }
    }

    @Test func theOnePassReaderStoresExactlyWhatValidateStoresAndRefusesWhatItRefuses() async throws {
        let store = try await TestEngine.current.makeStore()
        let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        let tenant = try await Self.tenant(store, configuration: configuration)
        let seeded = SeededGenerator.forTest()
        let (plain, accepted, refusedByBoth) = try await store.write { db in
            var random = seeded
            let context = MutationContext(
                db: db, principal: tenant.coach, now: Date(), configuration: configuration, entityID: UUID(),
                creating: true, extras: ExtrasBox(), references: ReferenceCache())
            let kind = EntityKinds.session
            var plain = 0, accepted = 0, refusedByBoth = 0
            for round in 0..<3_000 {
                let device = Self.session(tenant, using: &random)
                let document = round % 3 == 0 ? device : Self.variant(of: device, tenant, using: &random)
                var text = Array(FastJSON.text(.object(document)).utf8)
                if round % 7 == 0 { text = Array(Self.shuffled(.object(document), using: &random).utf8) }

                var fast = CanonicalWriter.document(text, kind.canonicalCreate!)
                if let document = fast, try !document.referencesHold(context) { fast = nil }
                var slow = try #require(try FastJSON.parse(text).objectValue)
                var slowClient: UUID?
                do {
                    try kind.validate(&slow, context)
                    slowClient = try ServerStore.clientScope(kind: kind, document: slow, context: context)
                } catch is ServerError {
                    #expect(
                        fast == nil,
                        "the fast reader accepted what validate refuses: \(String(decoding: text, as: UTF8.self))")
                    refusedByBoth += fast == nil ? 1 : 0
                    continue
                }
                if round % 3 == 0 && round % 7 != 0 {
                    #expect(
                        fast != nil,
                        "a session as devices write it must take the fast path: \(String(decoding: text, as: UTF8.self))"
                    )
                    plain += 1
                }
                guard let fast else { continue }
                accepted += 1
                #expect(
                    String(decoding: fast.text, as: UTF8.self) == FastJSON.text(slow),
                    "\(String(decoding: text, as: UTF8.self))")
                #expect(Set(fast.fields.map(\.description)) == Set(slow.keys))
                #expect(fast.clientID == slowClient)
            }
            return (plain, accepted, refusedByBoth)
        }
        // Both sides of the comparison were exercised.
        #expect(
            plain > 500 && accepted > plain + 200 && refusedByBoth > 300,
            "plain \(plain), accepted \(accepted), refused \(refusedByBoth)")
    }

    /// A `sync.push` line as a device writes it (keys sorted), around the given mutation texts.
    private static func pushLine(_ mutations: [String], id: Int = 7) -> [UInt8] {
        Array(#"{"body":{"mutations":[\#(mutations.joined(separator: ","))]},"id":\#(id),"op":"sync.push"}"#.utf8)
    }

    private static func mutationText(
        _ kind: String, _ action: String = "create", entity: UUID = UUID(), fields: String?
    ) -> String {
        #"{"action":"\#(action)","entity":"\#(entity.key)",\#(fields.map { #""fields":\#($0),"# } ?? "")"id":"\#(UUID().key)","kind":"\#(kind)"}"#
    }

    /// The one-pass reading of a push line agrees with `Codable` on every line it takes, and gives up (leaving the line
    /// to the general reader, which names the problem) on anything else.
    @Test func aPushLineIsReadInOnePassAsTheGeneralReaderReadsIt() throws {
        let session =
            #"{"client":"\#(UUID().key)","exercises":[{"name":"Press","sets":[{"reps":5,"weight":62.5}]}],"start":"2026-11-20T18:00:00Z"}"#
        let texts = [
            Self.mutationText("session", fields: session), Self.mutationText("machine", fields: #"{"name":"Rack"}"#),
            Self.mutationText("machine", "delete", fields: nil), Self.mutationText("machine", "update", fields: "null"),
        ]
        var nested = String(repeating: "[", count: 250) + String(repeating: "]", count: 250)
        let taken: [[UInt8]] = [
            Self.pushLine(texts),
            Self.pushLine([]),
            Array(#"{"id":8,"op":"sync.push","body":{"mutations":[\#(texts[0])]}}"#.utf8),  // keys in another order
            Array(
                #" {"body":{"mutations":[\#(texts[1])],"later":[1,2]},"extra":{"a":null},"id":9,"op":"sync.push"} "#
                    .utf8),
            Self.pushLine([Self.mutationText("machine", fields: #"{"name":"Rack","tags":\#(nested)}"#)]),
        ]
        for line in taken {
            let read = try #require(PushedMutation.readRequest(line), "\(String(decoding: line, as: UTF8.self))")
            let decoded = try WireCoding.decoder.decode(WireRequest<PushBody>.self, from: Data(line))
            #expect(read.id == decoded.id && read.op == decoded.op)
            #expect(read.mutations.count == decoded.body.mutations.count)
            for (mine, theirs) in zip(read.mutations, decoded.body.mutations) {
                #expect(
                    mine.id == theirs.id && mine.kind == theirs.kind && mine.entity == theirs.entity
                        && mine.action == theirs.action
                        && mine.base == theirs.base)
                #expect(try mine.parsedFields() == theirs.fields)
            }
        }
        nested = String(repeating: "[", count: 260) + String(repeating: "]", count: 260)
        let refused: [String] = [
            #"{"body":{"mutations":[\#(texts[1])]},"body":{"mutations":[]},"id":7,"op":"sync.push"}"#,  // a repeated body
            #"{"body":{"mutations":[]},"id":7,"id":8,"op":"sync.push"}"#,  // a repeated id
            #"{"body":{"extra":1,"mutations":[]},"id":7,"op":"sync.push"}"#,  // another operation's body comes first
            #"{"body":{"mutations":{}},"id":7,"op":"sync.push"}"#,
            #"{"body":{"mutations":[]},"id":7,"op":"sync\u002epush"}"#,  // escaped: the general reader decides
            #"{"body":{"mutations":[]},"id":7,"op":5}"#,
            #"{"body":{"mutations":[\#(Self.mutationText("machine", fields: #"["Rack"]"#))]},"id":7,"op":"sync.push"}"#,
            #"{"body":{"mutations":[\#(Self.mutationText("machine", fields: #"{"name":"Rack","tags":\#(nested)}"#))]},"id":7,"op":"sync.push"}"#,
            #"{"body":{"mutations":[]},"id":7,"op":"sync.push"} x"#,
            #"{"body":{"mutations":[]},"id":7,"op":"sync.push""#,
        ]
        for line in refused {
            #expect(PushedMutation.readRequest(Array(line.utf8)) == nil, "\(line)")
        }
        // Ids only Foundation's reader takes (an escape; a sign in place of a digit) are left to it, and it reads them.
        let escaped = String(UUID().key.dropFirst()), sloppy = "66fe3757-141e-49d5-9b+1-4b4a0c7f60fb"
        for id in [#"\u0030\#(escaped)"#, sloppy] {
            let line =
                #"{"body":{"mutations":[{"action":"delete","entity":"\#(id)","id":"\#(UUID().key)","kind":"machine"}]},"id":7,"op":"sync.push"}"#
            #expect(PushedMutation.readRequest(Array(line.utf8)) == nil, "\(line)")
            #expect(
                try WireCoding.decoder.decode(WireRequest<PushBody>.self, from: Data(line.utf8)).body.mutations.count
                    == 1)
        }
    }

    /// Both readers of a push refuse the same documents the same way: a document that is not strict JSON (a repeated
    /// key, a trailing comma, a number out of range, invalid UTF-8) refuses its own mutation, whichever reader reads
    /// the line; everything else in the line is checked strictly by both.
    @Test func bothPushReadersRefuseTheSameDocuments() throws {
        let documents = [
            #"{"name":"A","name":"B"}"#, #"{"name":"A",}"#, #"{"name":"A","tags":[1,]}"#, #"{"name":"A","x":1e400}"#,
            #"{"name":"A","x":1e-400}"#, #"{"name":"A","x":{"k":1,"k":2}}"#, #"{"name":"half \ud800"}"#,
            "{\"name\":\"A\"\u{0}}",
            #"{"name":"Rack"}"#,
        ]
        for document in documents {
            let text = Self.mutationText("machine", fields: document)
            // The one-pass reader takes this line; the general reader gets the same body behind another member.
            let fast = Self.pushLine([text])
            let general = Array(#"{"body":{"later":1,"mutations":[\#(text)]},"id":7,"op":"sync.push"}"#.utf8)
            #expect(PushReadersProbe.disagreement(fast) == nil, "\(document)")
            let read = try #require(PushedMutation.readRequest(fast)).mutations
            #expect(PushedMutation.readRequest(general) == nil)
            let request = try RequestLine.read(general)
            let body = try GeneralPushBody(Array(general[try #require(request.body)]))
            let mutations = body.mutations(try WireCoding.decoder.decode(PushBody.self, from: Data(body.text)))
            #expect(mutations.count == 1 && read.count == 1)
            let fastRefuses = (try? read[0].parsedFields()) == nil,
                generalRefuses = (try? mutations[0].parsedFields()) == nil
            #expect(fastRefuses == generalRefuses && fastRefuses == (document != #"{"name":"Rack"}"#), "\(document)")
        }
        // A base past 2^53 is read exactly by both.
        let based = Self.pushLine([
            #"{"action":"update","base":9007199254740993,"entity":"\#(UUID().key)","fields":{"name":"B"},"id":"\#(UUID().key)","kind":"machine"}"#
        ])
        #expect(PushReadersProbe.disagreement(based) == nil)
        #expect(try #require(PushedMutation.readRequest(based)).mutations.first?.base == 9_007_199_254_740_993)
        // Outside the documents both refuse the whole line: the one-pass reader gives up, the general reader refuses.
        for line in [
            #"{"body":{"mutations":[{"action":"create","entity":"\#(UUID().key)","id":"\#(UUID().key)","kind":"machine","kind":"exercise"}]},"id":7,"op":"sync.push"}"#,
            #"{"body":{"mutations":[],"mutations":[]},"id":7,"op":"sync.push"}"#,
            #"{"body":{"mutations":[{"action":"delete","entity":"\#(UUID().key)","id":"\#(UUID().key)","kind":"machine",}]},"id":7,"op":"sync.push"}"#,
        ] {
            let bytes = Array(line.utf8)
            #expect(PushedMutation.readRequest(bytes) == nil, "\(line)")
            // A trailing comma is a grammar error the line reader finds; a repeated key is found in the body.
            guard let request = try? RequestLine.read(bytes) else { continue }
            let body = try #require(request.body)
            #expect(throws: FastJSON.Malformed.self, "\(line)") { try GeneralPushBody(Array(bytes[body])) }
        }
    }

    /// Documents read by helper tasks while the transaction takes them in order are the ones read one by one.
    @Test func documentsReadByHelpersAreTheOnesReadOneByOne() async throws {
        let store = try await TestEngine.current.makeStore()
        let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        let tenant = try await Self.tenant(store, configuration: configuration)
        var random = SeededGenerator.forTest()
        var texts: [String] = []
        for index in 0..<(DocumentReading.documentsPerHelper * 6) {
            let device = Self.session(tenant, using: &random)
            let document = index % 2 == 0 ? device : Self.variant(of: device, tenant, using: &random)
            texts.append(
                Self.mutationText(index % 5 == 4 ? "machine" : "session", fields: FastJSON.text(.object(document))))
        }
        let mutations = try #require(PushedMutation.readRequest(Self.pushLine(texts))).mutations
        for helpers in [0, 1, 3] {
            let reading = DocumentReading(mutations, helpers: helpers)
            #expect(reading.readable == mutations.count { $0.kind == "session" })
            reading.start()
            if helpers > 0 { try await Task.sleep(for: .milliseconds(5)) }  // let the helpers get ahead, as in a push
            var read = 0
            for (index, mutation) in mutations.enumerated() {
                let ahead = reading.document(at: index)
                let alone = mutation.canonicalDocument()
                #expect(ahead?.text == alone?.text)
                #expect(ahead?.references.map(\.id) == alone?.references.map(\.id))
                if mutation.kind == "machine" { #expect(ahead == nil) }
                read += alone == nil ? 0 : 1
            }
            #expect(read > mutations.count / 3, "only \(read) documents took the one-pass reader")
        }
    }

    /// A push takes its versions in one block: every applied row has its own, newer than any before, and a pull from
    /// the cursor before the push brings each row once, whatever was refused in between.
    @Test func aPushsVersionsAreNewAndDistinctAndPullBringsEachRowOnce() async throws {
        let store = try await TestEngine.current.makeStore()
        let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        let tenant = try await Self.tenant(store, configuration: configuration)
        var random = SeededGenerator.forTest()
        let before = try await store.write { db in try ServerStore.reserveVersions(db, count: 0) } - 1
        var mutations: [PushedMutation] = []
        var texts: [String] = []
        for index in 0..<30 {
            var document = Self.session(tenant, using: &random)
            if index == 9 { document["client"] = .string(UUID().key) }  // read ahead, then refused by its reference
            if index == 20 { document["mode"] = "sideways" }  // refused by validate
            texts.append(Self.mutationText("session", fields: FastJSON.text(.object(document))))
        }
        texts.insert(Self.mutationText("machine", fields: #"{"name":"Rack"}"#), at: 15)  // through the general path
        mutations = try #require(PushedMutation.readRequest(Self.pushLine(texts))).mutations
        let epoch = store.epochs.data
        let outcome = try await store.push(
            mutations, documents: DocumentReading(mutations), principal: tenant.coach, configuration: configuration)
        let versions = outcome.results.compactMap(\.version)
        #expect(store.epochs.data > epoch, "connections must see that the push changed data")
        // Every column of a row written with bound values, and of the outcome it is remembered by.
        let first = mutations[0]
        let (stored, storedOutcome) = try await store.write { db in
            (
                try db.fetchOne(
                    sql: """
                        SELECT id, kind, coach_id, client_id, name_key, created_by, created_at, updated_at, deleted, version, field_versions
                        FROM entities WHERE id = ?
                        """, arguments: [first.entity.key]
                ),
                try db.fetchOne(
                    sql: "SELECT user_id, result FROM applied_mutations WHERE id = ?", arguments: [first.id.key]
                )
            )
        }
        let row = try #require(stored), remembered = try #require(storedOutcome)
        let document = try #require(first.canonicalDocument())
        #expect(row["id"] as String == first.entity.key && row["kind"] as String == "session")
        #expect(
            row["coach_id"] as String == tenant.coach.id.key && row["client_id"] as String? == document.clientID?.key)
        #expect(row["name_key"] as String? == nil && row["created_by"] as String == tenant.coach.id.key)
        #expect(row["created_at"] as String == row["updated_at"] as String && ISOTime.parse(row["created_at"]) != nil)
        #expect(row["deleted"] as Int == 0 && row["version"] as Int64 == outcome.results[0].version)
        #expect(
            row["field_versions"] as String
                == String(decoding: document.versionsText(outcome.results[0].version!), as: UTF8.self))
        #expect(
            try await store.write { db in
                try db.value(String.self, sql: "SELECT data FROM entities WHERE id = ?", arguments: [first.entity.key])
            }
                == String(decoding: document.text, as: UTF8.self))
        // Stored as text, not blobs (SQLite keeps whichever it is given; PostgreSQL's columns are text).
        let types =
            TestEngine.current == .sqlite
            ? "SELECT typeof(data) || typeof(field_versions) FROM entities WHERE id = ?"
            : "SELECT 'text' || pg_typeof(data)::text FROM entities WHERE id = ?"
        #expect(
            try await store.write { db in try db.value(String.self, sql: types, arguments: [first.entity.key]) }
                == "texttext")
        #expect(remembered["user_id"] as String == tenant.coach.id.key)
        var written: [UInt8] = []
        outcome.results[0].write(into: &written)
        #expect(remembered["result"] as String == String(decoding: written, as: UTF8.self))
        #expect(outcome.results.map(\.status).filter { $0 == .rejected }.count == 2)
        #expect(versions.count == 29 && Set(versions).count == 29 && versions.allSatisfy { $0 > before }, "\(versions)")
        let page = try FastJSON.parse(try await store.pull(since: before, limit: 1000, principal: tenant.coach).bytes)
        let changes = try #require(page.objectValue?["changes"]?.arrayValue)
        #expect(
            changes.compactMap { $0.objectValue?["version"]?.doubleValue.map(Int64.init) }.sorted() == versions.sorted()
        )
        // The next write gets a newer version than all of them.
        let next = try await store.write { db in try ServerStore.nextVersion(db) }
        #expect(next > versions.max()!)
    }

    /// Ids are stored as lower-case text, written without Foundation's formatter.
    @Test func storedIdsAreTheLowerCaseUUIDText() {
        let fixed = UUID(
            uuid: (0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10))
        #expect(fixed.key == "01234567-89ab-cdef-fedc-ba9876543210")
        for id in (0..<1_000).map({ _ in UUID() }) + [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))] {
            #expect(id.key == id.uuidString.lowercased())
        }
    }
}
