import Foundation
import GRDB
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaClient

/// Training sessions through the sync engine: logged offline, seen by the client, corrected, tombstoned.
@Suite(.hangLimit)
struct SessionSyncTests {
    /// A coach device with a registered client on its own device.
    static func coachAndClient(on server: some RunningServer) async throws -> (coach: Device, client: Device) {
        let coach = try await Device.coach("ada", on: server)
        let added = try await coach.app.addClient(name: "Bea", surname: "Puig")
        let code = try #require(added.json.objectValue?["code"]?.stringValue)
        let client = try Device()
        try await client.connect(to: server)
        _ = try await client.app.register(
            SignupBody(
                username: "bea", email: "bea@example.com", password: Device.password,
                name: "Bea", surname: "Puig", code: code))
        try await coach.sync()
        return (coach, client)
    }

    @Test func aSessionLoggedWhileTheServerIsDownReachesTheServerAndTheClientExactlyOnce() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Prensa", ExerciseFields())
            await server.stop()
            let logged = try await coach.app.logSession(
                SessionLogRequest(
                    client: "Bea", date: "2026-03-02 18:30",
                    sets: ["Prensa: 12x80kg@40s, 10x85kg@38s", "Crunch: 20x0kg"], allowNew: true))
            #expect(logged.notes.contains { $0.contains("offline") }, "\(logged.notes)")
            #expect(try coach.cache().queuedCount() == 1)
            try await server.start()

            // Sync twice (as a flaky network would): still one session on the server.
            try await coach.sync()
            try await coach.sync()
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("session") == 1)
            try await client.sync()
            let seen = try client.entities("session")
            #expect(seen.count == 1)
            let exercises = try #require(seen.first?.data["exercises"]?.arrayValue)
            #expect(exercises.compactMap { $0.objectValue?["name"]?.stringValue } == ["Prensa", "Crunch"])
            let prensa = try #require(try coach.entity("exercise", named: "Prensa"))
            #expect(exercises.first?.objectValue?["exercise"]?.stringValue == prensa.id.uuidString.lowercased())

            // The client lists their own sessions.
            let listed = try await client.app.listSessions(client: nil, from: nil, to: nil)
            let row = try #require(listed.json.arrayValue?.first?.objectValue)
            #expect(row["mode"] == "handsfree")
            #expect(
                row["client"] == .string(try #require(client.app.home.loadSession()).profile.id.uuidString.lowercased())
            )
        }
    }

    /// 250 large sessions queued offline are far more than one 1 MiB request line holds: the engine splits them
    /// into requests under its byte cap, and every one of them arrives once.
    @Test func aQueueLargerThanOneRequestLineDrainsCompletely() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            let clientID = try #require(try coach.entities("client").first).id.uuidString.lowercased()
            let cache = try coach.cache()
            let sets: [JSONValue] = (0..<80).map { index in
                ["reps": .number(Double(8 + index % 5)), "weight": 82.5, "unit": "kg", "duration": 35]
            }
            var queued: [Mutation] = []
            for index in 0..<250 {
                queued.append(
                    try cache.enqueue(
                        kind: "session", entity: UUID.v7(), action: .create,
                        fields: [
                            "client": .string(clientID), "mode": "handsfree",
                            "start": .string(
                                ISOTime.format(Date(timeIntervalSince1970: 1_780_000_000 + Double(index) * 3600))),
                            "notes": .string(String(repeating: "n", count: 2000)),
                            "exercises": [["name": "Prensa", "sets": .array(sets)]],
                        ]))
            }
            let encoded = try queued.map { try WireCoding.encoder.encode($0).count }.reduce(0, +)
            // 200 of them would not fit in one request line (the server takes up to 500 mutations per push).
            #expect(encoded * 200 / 250 > 1_048_576, "\(encoded) bytes")
            let first = SyncEngine.encodedBatch(queued, bytes: SyncEngine(cache: cache).maxBatchBytes)
            #expect(first.count > 1 && first.count < 200)
            #expect(first.body.count <= 512 * 1024)
            // The body is what the wire encoder would write.
            #expect(
                try FastJSON.parse(first.body)
                    == FastJSON.parse(
                        Array(WireCoding.encoder.encode(PushBody(mutations: Array(queued.prefix(first.count)))))))

            let summary = try await coach.sync()
            #expect(summary.pushed == 250)
            #expect(summary.rejected.isEmpty, "\(summary.rejected.prefix(3))")
            #expect(try cache.queuedCount() == 0)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("session") == 250)
        }
    }

    /// A document larger than `SyncLimits.maxDocumentBytes` is refused where it is made, before it can sit in the
    /// outbox forever, and the server refuses it too.
    @Test func aSessionTooLargeToSyncIsRefusedOnTheDeviceAndByTheServer() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            let clientID = try #require(try coach.entities("client").first).id.uuidString.lowercased()
            let times: JSONValue = .array((0..<100).map { .number(Double($0) * 1.5) })
            let sets: [JSONValue] = (0..<100).map { _ in ["reps": 100, "weight": 20, "repTimes": times] }
            let fields: [String: JSONValue] = [
                "client": .string(clientID), "mode": "realtime", "start": "2026-03-02T18:30:00Z",
                "exercises": .array((0..<6).map { _ in ["name": "Prensa", "sets": .array(sets)] }),
            ]
            let size = FastJSON.text(fields).utf8.count
            try #require(size > SyncLimits.maxDocumentBytes && size < 1_000_000, "\(size) bytes")
            let cache = try coach.cache()
            let entity = UUID.v7()
            var refused = false
            do {
                _ = try cache.enqueue(kind: "session", entity: entity, action: .create, fields: fields)
            } catch is ClientError {
                refused = true
            }
            #expect(refused)
            #expect(try cache.queuedCount() == 0)
            #expect(try cache.entity(entity) == nil)

            let result = try #require(
                try await coach.push([
                    Mutation(id: UUID.v7(), kind: "session", entity: entity, action: .create, fields: fields)
                ]).first)
            #expect(result.status == .rejected)
            #expect(result.error?.code == .tooLarge)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("session") == 0)

            // A document stored larger than the limit (before it existed) can still be deleted.
            let machine = Mutation.createMachine("Rack")
            #expect(try await coach.push([machine]).first?.status == .applied)
            let database = try DatabaseQueue(path: server.dataDirectory.appendingPathComponent("gorilla.sqlite").path)
            try await database.write { db in
                try db.execute(
                    sql: "UPDATE entities SET data = json_set(data, '$.legacy', ?) WHERE id = ?",
                    arguments: [String(repeating: "x", count: 300_000), machine.entity.uuidString.lowercased()])
            }
            let delete = Mutation(id: UUID.v7(), kind: "machine", entity: machine.entity, action: .delete)
            let deleted = try #require(try await coach.push([delete]).first)
            #expect(deleted.status == .applied, "\(String(describing: deleted.error))")
        }
    }

    @Test func theCoachCorrectsSessionsAndDeletesThemAsTombstones() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            _ = try await coach.app.logSession(
                SessionLogRequest(client: "Bea", sets: ["Crunch: 20x0kg"], allowNew: true))
            let session = try #require(try coach.entities("session").first)
            // A correction is an update; its client and mode stay as recorded.
            let update = Mutation(
                id: UUID.v7(), kind: "session", entity: session.id, action: .update, fields: ["notes": "changed"])
            #expect(try await coach.push([update]).first?.status == .applied)
            let moved = Mutation(
                id: UUID.v7(), kind: "session", entity: session.id, action: .update, fields: ["mode": "realtime"])
            #expect(try await coach.push([moved]).first?.error?.code == .invalidField)
            try await client.sync()
            let clientDelete = Mutation(id: UUID.v7(), kind: "session", entity: session.id, action: .delete)
            #expect(try await client.push([clientDelete]).first?.status == .rejected)

            _ = try await coach.app.removeSession(session.id.short)
            try await client.sync()
            #expect(try client.entities("session").isEmpty)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("session", liveOnly: false) == 1)
        }
    }

    @Test func invalidSetsAreRefusedByTheServer() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            let clientID = try #require(try coach.entities("client").first).id.uuidString.lowercased()
            func session(_ set: JSONValue) -> Mutation {
                Mutation(
                    id: UUID.v7(), kind: "session", entity: UUID.v7(), action: .create,
                    fields: [
                        "client": .string(clientID), "mode": "realtime", "start": "2026-03-02T18:30:00Z",
                        "exercises": [["name": "Prensa", "sets": [set]]],
                    ])
            }
            let results = try await coach.push([
                session(["reps": 1001]), session(["reps": 10, "weight": 2500]), session(["reps": 10, "unit": "stone"]),
                session(["reps": 10, "type": "heavy"]), session(["reps": 10, "duration": -1]),
                session(["reps": 3, "weight": 80, "unit": "lb", "duration": 6, "repTimes": [1.5, 3.5, 5.75]]),
            ])
            #expect(results.map(\.status) == [.rejected, .rejected, .rejected, .rejected, .rejected, .applied])
        }
    }

    @Test func startingFromAnEventMarksItDone() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachAndClient(on: server)
            let event = try await coach.app.addEvent(client: "Bea", EventFields(at: "2026-03-02 18:30"))
            let id = try #require(event.json.objectValue?["id"]?.stringValue)
            _ = try await coach.app.logSession(
                SessionLogRequest(client: "Bea", event: String(id.suffix(8)), sets: ["Crunch: 20x0kg"], allowNew: true))
            try await client.sync()
            #expect(try client.entities("event").first?[string: "status"] == "done")
            #expect(try client.entities("session").first?[string: "event"] == id)
        }
    }

    @Test func theCommandLineLogsShowsAndExportsASession() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            func gorilla(_ arguments: String...) async throws -> CommandRun {
                try await runGorilla(arguments, home: coach.home)
            }
            let bad = try await gorilla("sessions", "log", "--client", "Bea", "--set", "Prensa: 12x80kg, 10y85")
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("'10y85'"), "\(bad)")
            let logged = try await gorilla(
                "--json", "sessions", "log", "--client", "Bea", "--date", "2026-03-02 18:30",
                "--set", "Prensa: 12x80kg@40s, 10x85kg@38s warmup", "--set", "Crunch: 20x0kg", "--allow-new")
            #expect(logged.status == 0, "\(logged)")
            let id = try #require(try logged.json().objectValue?["id"]?.stringValue)
            let listed = try await gorilla(
                "--json", "sessions", "list", "--client", "Bea", "--from", "2026-03-01", "--to", "2026-03-02")
            #expect(
                try listed.json().arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } == [id], "\(listed)")
            let shown = try await gorilla("sessions", "show", String(id.suffix(8)))
            #expect(shown.stdout.contains("time under tension 1:18"), "\(shown)")
            let text = try await gorilla("sessions", "export", id, "--format", "txt")
            #expect(text.stdout.contains("2026-03-02 18:30"), "\(text)")
            #expect(text.stdout.contains("Normal 12 × 80 kg"), "\(text)")
            #expect(text.stdout.contains("Warmup 10 × 85 kg"), "\(text)")
            let csv = try await gorilla("sessions", "export", id, "--format", "csv")
            #expect(csv.stdout.split(separator: "\n").count == 4, "\(csv)")
        }
    }

    @Test func exercisesAreTakenFromTheCatalogueForgivingTyposAndUnknownOnesAreRefusedWithSuggestions() async throws {
        try await withTestServer { server in
            let (coach, _) = try await Self.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Press de banca", ExerciseFields())
            _ = try await coach.app.addExercise(name: "Sentadilla", ExerciseFields())
            _ = try await coach.app.addExercise(name: "Extensió de quàdriceps", ExerciseFields())
            func gorilla(_ arguments: String...) async throws -> CommandRun {
                try await runGorilla(arguments, home: coach.home)
            }
            let typo = try await gorilla(
                "--json", "sessions", "log", "--client", "bea", "--set", "Pres de banca: 10x60kg",
                "--set", "sent: 8x100kg", "--set", "QUADRICEPS: 12x40kg")
            #expect(typo.status == 0, "\(typo)")
            #expect(!typo.stderr.contains("name only"), "\(typo)")
            let exercises = try #require(typo.json().objectValue?["exercises"]?.arrayValue)
            #expect(
                exercises.compactMap { $0.objectValue?["name"]?.stringValue }
                    == ["Press de banca", "Sentadilla", "Extensió de quàdriceps"], "\(typo)")
            #expect(exercises.allSatisfy { $0.objectValue?["exercise"]?.stringValue != nil }, "\(typo)")

            let unknown = try await gorilla("sessions", "log", "--client", "Bea", "--set", "Sentadila bulgara: 8x20kg")
            #expect(unknown.status == 66, "\(unknown)")
            #expect(unknown.stderr.contains("did you mean: Sentadilla"), "\(unknown)")
            #expect(unknown.stderr.contains("--allow-new"), "\(unknown)")
            #expect(try coach.cache().queuedCount() == 0)

            let kept = try await gorilla(
                "sessions", "log", "--client", "Bea", "--set", "Sentadila bulgara: 8x20kg", "--allow-new")
            #expect(kept.status == 0, "\(kept)")
            #expect(kept.stderr.contains("'Sentadila bulgara' is not in your exercises; kept by name only"), "\(kept)")

            let plan = try await gorilla("trainings", "add", "Cames", "--exercise", "sentadila", "--exercise", "quad")
            #expect(plan.status == 0, "\(plan)")
            let shown = try await gorilla("--json", "trainings", "show", "Cames")
            #expect(shown.stdout.contains("Sentadilla") && shown.stdout.contains("Extensió de quàdriceps"), "\(shown)")
        }
    }
}
