import Foundation
import GorillaShared
import GorillaTesting
import Testing

@testable import GorillaServer

/// `ServerStore.visible`, the one way the web door reads: whole documents and parts of them through the pull's
/// scoping, on each engine. A coach reads her clients' rows and not another coach's; a client reads their own and not
/// another client's of the same coach; a part reads the members it names without the rest.
@Suite(.hangLimit) struct VisibleReadsTests {
    static func account(_ username: String, role: Role, coach: UUID? = nil) -> UserRecord {
        UserRecord(
            id: UUID(), role: role, username: username, email: "\(username)@example.com",
            passwordHash: "scrypt$stored", name: username.capitalized, surname: "Tester", nif: nil, language: .en,
            coachID: coach)
    }

    @Test(arguments: TestEngine.all)
    func documentsAndTheirPartsAreReadThroughTheReadersScoping(engine: TestEngine) async throws {
        let store = try await engine.makeStore()
        let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        let ada = Self.account("ada", role: .coach), bob = Self.account("bob", role: .coach)
        let ana = Self.account("ana", role: .client, coach: ada.id)
        let eva = Self.account("eva", role: .client, coach: ada.id)
        let dan = Self.account("dan", role: .client, coach: bob.id)
        for user in [ada, bob] { try await store.createUser(user) }
        func push(_ principal: UserRecord, _ kind: EntityKind, _ id: UUID, _ fields: [String: JSONValue]) async throws {
            let result = try await store.push(
                [PushedMutation(Mutation(kind: kind.rawValue, entity: id, action: .create, fields: fields))],
                principal: principal, configuration: configuration
            ).results[0]
            #expect(result.status == .applied, "\(kind) \(fields): \(String(describing: result.error))")
        }
        for (coach, client) in [(ada, ana), (ada, eva), (bob, dan)] {
            try await push(coach, .client, client.id, ["name": .string(client.name)])
            try await store.createUser(client)
        }
        let start = "2026-11-20T18:00:00Z"
        var sessions: [UUID: UUID] = [:]
        for (coach, client) in [(ada, ana), (ada, ana), (ada, eva), (bob, dan)] {
            let id = UUID()
            sessions[id] = client.id
            try await push(
                coach, .session, id,
                [
                    "client": .string(client.id.key), "start": .string(start),
                    "exercises": [["name": "Squat", "sets": [["reps": 5, "weight": 100]]]],
                ])
        }
        let now = Date()

        let adas = try await store.visible(TrainingSession.self, for: ada, now: now)
        #expect(Set(adas.map(\.id)) == Set(sessions.filter { $0.value != dan.id }.keys), "Ada's three, not Bob's")
        #expect(adas.allSatisfy { $0.value.exercises.first?.sets.first?.weight == 100 }, "whole documents")
        let anas = try await store.visible(TrainingSession.self, for: ana, now: now)
        #expect(Set(anas.map(\.id)) == Set(sessions.filter { $0.value == ana.id }.keys), "Ana's own two")
        #expect(try await store.visible(TrainingSession.self, for: ada, client: eva.id, now: now).count == 1)
        let bobsSession = try #require(sessions.first { $0.value == dan.id }?.key)
        #expect(try await store.visible(TrainingSession.self, for: ada, id: bobsSession, now: now).isEmpty)
        #expect(try await store.visible(TrainingSession.self, for: bob, id: bobsSession, now: now).count == 1)

        let marks = try await store.visible(
            SessionMark.self, for: ada, client: ana.id, now: now)
        #expect(marks.count == 2 && marks.allSatisfy { $0.value.client == ana.id && $0.value.event == nil })
        #expect(marks.allSatisfy { $0.value.start == ISOTime.parse(start) }, "\(marks.map(\.value.start))")
        #expect(
            try await store.visible(
                SessionMark.self, for: eva, client: ana.id, now: now
            ).isEmpty, "a client reads no other client's marks")

        // Tests of members made in SQL.
        #expect(
            try await store.visible(
                SessionMark.self, for: ada,
                matching: [.notBefore("start", "2026-11-21")], now: now
            ).isEmpty)
        #expect(
            try await store.visible(
                TrainingSession.self, for: ada, matching: [.either(.notBefore("start", "2026-11-20"), .present("x"))],
                now: now
            ).count == 3)

        // Starts read from the column beside the documents, as the general path and the canonical one write it.
        #expect(
            try await store.visible(
                SessionMark.self, for: ada, matching: [.starts(from: "2026-11-21", to: "2026-12-01")], now: now
            ).isEmpty
        )
        #expect(
            try await store.visible(
                SessionMark.self, for: ada, matching: [.starts(from: "2026-11-20", to: "2026-12-01")], now: now
            ).count
                == 3)
        let moved = try #require(sessions.first { $0.value == ana.id }?.key)
        let later = "2026-11-22T08:00:00.000Z"
        let update = try await store.push(
            [
                PushedMutation(
                    Mutation(
                        kind: EntityKind.session.rawValue, entity: moved, action: .update,
                        fields: ["start": .string(later)]))
            ], principal: ada, configuration: configuration
        ).results[0]
        #expect(update.status == .applied, "\(String(describing: update.error))")
        let fromSaturday = try await store.visible(
            SessionMark.self, for: ada, matching: [.starts(from: "2026-11-21", to: "2026-12-01")], now: now)
        #expect(fromSaturday.map(\.id) == [moved])
        #expect(
            try await store.latestStarts(of: .session, for: ada, now: now)
                == [ana.id: try #require(ISOTime.parse(later)), eva.id: try #require(ISOTime.parse(start))])
        #expect(
            try await store.latestStarts(of: .session, for: bob, now: now) == [
                dan.id: try #require(ISOTime.parse(start))
            ])
        #expect(
            try await store.latestStarts(of: .session, for: ada, among: [eva.id, dan.id], now: now)
                == [eva.id: try #require(ISOTime.parse(start))], "of those asked, and only hers")
        #expect(try await store.latestStarts(of: .session, for: ada, among: [], now: now).isEmpty)
        #expect(
            try await store.latestStarts(of: .session, for: eva, now: now) == [
                eva.id: try #require(ISOTime.parse(start))
            ])

        let read = UUID()
        for (from, to, id) in [(ana, ada, UUID()), (eva, ada, read), (ada, ana, UUID())] {
            try await push(from, .message, id, ["text": "hi", "to": .string(to.id.key)])
        }
        let marked = try await store.push(
            [
                PushedMutation(
                    Mutation(
                        kind: EntityKind.message.rawValue, entity: read, action: .update,
                        fields: ["read": "2026-11-21T10:00:00Z"]))
            ], principal: ada, configuration: configuration
        ).results[0]
        #expect(marked.status == .applied, "\(String(describing: marked.error))")
        let unread = try await store.visible(
            MessageMark.self, for: ada,
            matching: [.equals("to", ada.id.key), .missing("read")], now: now)
        #expect(unread.map(\.value.from) == [ana.id], "only Ana's unread message to Ada")
        await store.close()
    }
}
