import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// `gorilla clients transfer`: a coach of a gym hands a client over, with their history, to a colleague.
@Suite(.hangLimit)
struct GymTransferTests {
    @Test func aTransferMovesTheClientWithTheirHistoryToAColleague() async throws {
        try await withTestServer { server in
            let ada = try await Device.coach("ada", on: server)
            _ = try await ada.app.gymCreate("Gorilla Gym")
            let bob = try await Device.coach("bob", on: server)
            let carl = try await Device.coach("carl", on: server)
            let code = try #require(try await ada.app.gymInvite().json["code"]?.stringValue)
            _ = try await bob.app.gymJoin(code)
            _ = try await bob.app.addExercise(name: "Squat", ExerciseFields(count: "reps"))
            _ = try await ada.app.addExercise(name: "Squat", ExerciseFields(count: "reps"))
            _ = try await ada.app.addExercise(name: "Lunge", ExerciseFields(count: "reps"))
            _ = try await ada.app.addTraining(name: "Legs A", exercises: ["Squat", "Lunge"], plans: [])
            let (anaID, anaCode) = try await ada.invite(name: "Ana", surname: "Serra")
            let ana = try await Device.registered("ana", code: anaCode, on: server)
            try await ada.sync()
            _ = try await ada.app.logSession(
                SessionLogRequest(
                    client: "Ana", training: "Legs A", date: "2026-11-20 10:00",
                    sets: ["Squat: 5x100kg", "Lunge: 10x20kg"]))
            let future = Date().addingTimeInterval(3 * 86_400)
            _ = try await ada.app.addEvent(
                client: "Ana",
                EventFields(at: EventFormatting.local(future), duration: 45, gym: "Gorilla Gym", training: "Legs A"))
            _ = try await ada.app.sendMessage(to: "Ana", text: "See you Thursday")

            // Only to a coach of the same gym.
            #expect(
                await GymTests.refusal { _ = try await ada.app.transferClient("Ana", to: "carl") } == .notAGymMember)
            let moved = try await ada.app.transferClient("Ana", to: "bob")
            #expect(moved.json["sessions"] == 1 && moved.json["appointments"] == 1, "\(moved.json)")
            // Squat is matched by name in bob's catalogue; Lunge and Legs A are copied.
            #expect(moved.json["exercisesCopied"] == 1 && moved.json["trainingsCopied"] == 1, "\(moved.json)")
            #expect(moved.text.contains("Ana Serra"), "\(moved.text)")

            // Bob's device pulls the client, the history naming his own catalogue, and the appointment.
            try await bob.sync()
            let rows = try await bob.pullEverything()
            let catalogue = Dictionary(
                rows.filter { ["exercise", "training"].contains($0.kind) }.compactMap { row in
                    row.data?.objectValue?["name"]?.stringValue.map { ($0, row.id.uuidString.lowercased()) }
                }, uniquingKeysWith: { first, _ in first })
            #expect(Set(catalogue.keys) == ["Squat", "Lunge", "Legs A"], "\(catalogue)")
            let session = try #require(rows.first { $0.kind == "session" }?.data?.objectValue, "\(rows.map { "\($0.kind) \($0.deleted) \($0.data == nil)" })")
            #expect(session["training"]?.stringValue == catalogue["Legs A"])
            let named = session["exercises"]?.arrayValue?.compactMap { $0.objectValue?["exercise"]?.stringValue }
            #expect(named == [catalogue["Squat"], catalogue["Lunge"]].compactMap { $0 }, "\(session)")
            let event = try #require(rows.first { $0.kind == "event" }?.data?.objectValue)
            #expect(event["training"]?.stringValue == catalogue["Legs A"])
            #expect(rows.contains { $0.kind == "client" && $0.id == anaID })
            #expect(try await bob.app.listClients().text.contains("Ana Serra"))

            // Ana is told by her new coach; the old conversation stays with ada.
            try await ana.sync()
            let told = try await ana.pullEverything().filter { $0.kind == "message" }.compactMap {
                $0.data?.objectValue?["text"]?.stringValue
            }
            #expect(told.contains { $0.contains("Ada Tester") && $0.contains("Bob Tester") }, "\(told)")
            let kept = try await ada.pullEverything().filter { $0.kind == "message" }
            #expect(kept.count == 1, "ada keeps her conversation with Ana")
            #expect(try await ada.pullEverything().filter { $0.kind == "session" && $0.deleted == false }.isEmpty)
        }
    }
}

extension JSONValue {
    /// The member `key` of an object.
    fileprivate subscript(key: String) -> JSONValue? { objectValue?[key] }
}
