import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaClient

/// Corrections of finished sessions (revisions), sessions clients log themselves, and comments, over TLS with real
/// devices.
@Suite(.hangLimit)
struct SessionCorrectionTests {
    /// The weights of every set of `exercise` in a session document (or a revision's `exercises`).
    static func weights(_ exercises: JSONValue?, of exercise: String) -> [Double] {
        (exercises?.arrayValue ?? []).compactMap(\.objectValue).filter { $0["name"]?.stringValue == exercise }
            .flatMap { ($0["sets"]?.arrayValue ?? []).compactMap { $0.objectValue?["weight"]?.doubleValue } }
    }

    /// The id of the session a `sessions log` or `sessions edit` printed with `--json`.
    static func id(_ output: CommandOutput) throws -> String {
        try #require(output.json.objectValue?["id"]?.stringValue)
    }

    @Test func concurrentCorrectionsFromTwoDevicesConvergeAndEveryRevisionStaysReadable() async throws {
        try await withTestServer { server in
            let (laptop, _) = try await SessionSyncTests.coachAndClient(on: server)
            for name in ["Squat", "Bench press"] { _ = try await laptop.app.addExercise(name: name, ExerciseFields()) }
            let logged = try await laptop.app.logSession(
                SessionLogRequest(
                    client: "Bea", date: "2026-03-02 18:30", sets: ["Squat: 5x100kg, 5x100kg", "Bench press: 8x60kg"]))
            let id = try Self.id(logged)
            #expect(logged.json.objectValue?["revision"] == 1)
            let phone = try await Device.loggedIn("ada", on: server)
            try await phone.sync()
            #expect(try phone.cache().entity(try #require(UUID(uuidString: id)))?.deleted == false)

            // The laptop corrects the squats offline; the phone, online, corrects the bench press meanwhile.
            await server.stop()
            let offline = try await laptop.app.editSession(
                SessionEditRequest(id: String(id.suffix(8)), sets: ["squat: 5x105kg, 5x105kg"]))
            #expect(offline.notes.contains { $0.contains("offline") }, "\(offline.notes)")
            #expect(try laptop.cache().queuedCount() == 1)
            try await server.start()
            let online = try await phone.app.editSession(SessionEditRequest(id: id, sets: ["Bench: 8x65kg"]))
            #expect(online.json.objectValue?["revision"] == 2, "\(online.json)")
            #expect(online.notes.isEmpty, "\(online.notes)")

            // The laptop's correction arrives second: applied, and reported as overwriting the phone's.
            let pushed = try await laptop.sync()
            #expect(pushed.rejected.isEmpty, "\(pushed.rejected)")
            let conflict = try #require(pushed.overwritten.first, "no overwrite reported")
            #expect(conflict.contains("session of 2026-03-02 18:30"), "\(conflict)")
            #expect(conflict.contains("exercises were Squat: 5x100kg, 5x100kg; Bench press: 8x65kg"), "\(conflict)")
            try await phone.sync()
            let session = try #require(UUID(uuidString: id))
            let onLaptop = try #require(try laptop.cache().entity(session))
            let onPhone = try #require(try phone.cache().entity(session))
            #expect(onLaptop.data == onPhone.data)
            #expect(onLaptop.data["revision"] == 3)
            #expect(Self.weights(onLaptop.data["exercises"], of: "Squat") == [105, 105])

            // Every revision stays readable, the overwritten one too, on both devices and through the CLI.
            let history = try #require(try await phone.app.sessionHistory(String(id.suffix(8))).json.arrayValue)
            #expect(history.compactMap { $0.objectValue?["revision"]?.intValue } == [1, 2, 3])
            #expect(
                history.map { Self.weights($0.objectValue?["exercises"], of: "Bench press") } == [[60], [65], [60]])
            #expect(
                history.map { Self.weights($0.objectValue?["exercises"], of: "Squat") } == [
                    [100, 100], [100, 100], [105, 105],
                ])
            #expect(history.allSatisfy { $0.objectValue?["byName"] == "Ada Tester" && $0.objectValue?["at"] != nil })
            let versions = history.compactMap { $0.objectValue?["version"]?.intValue }
            #expect(versions.count == 3 && versions == versions.sorted())
            let cli = try await runGorilla(["--json", "sessions", "show", id, "--history"], home: laptop.home)
            #expect(cli.status == 0, "\(cli)")
            #expect(try cli.json() == .array(history), "\(cli)")
            let text = try await runGorilla(["sessions", "show", String(id.suffix(8)), "--history"], home: laptop.home)
            #expect(text.stdout.contains("revision 2"), "\(text)")
            #expect(text.stdout.contains("Bench press: 8x60kg → 8x65kg"), "\(text)")
            #expect(text.stdout.contains("Squat: 5x100kg, 5x100kg → 5x105kg, 5x105kg"), "\(text)")
            #expect(text.stdout.contains("corrected by you"), "\(text)")

            // Without the server the revisions cannot be read: a clear error, as other commands that need it.
            await server.stop()
            let offlineHistory = try await runGorilla(["sessions", "show", id, "--history"], home: laptop.home)
            #expect(offlineHistory.status == 69, "\(offlineHistory)")
            #expect(offlineHistory.stderr.contains("kept on the server"), "\(offlineHistory)")
            let offlineShow = try await runGorilla(["sessions", "show", id], home: laptop.home)
            #expect(offlineShow.status == 0, "\(offlineShow)")
        }
    }

    @Test func aClientsSelfLoggedSessionReachesTheCoachMarkedAndTheCoachsCommentReachesTheClient() async throws {
        try await withTestServer { server in
            let (coach, client) = try await SessionSyncTests.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Squat", ExerciseFields())
            _ = try await coach.app.addClient(name: "Carla", surname: "Vidal")
            let event = try #require(
                try await coach.app.addEvent(client: "Bea", EventFields(at: "2026-03-04 07:00")).json.objectValue?[
                    "id"]?
                    .stringValue)
            try await client.sync()

            // The client logs their own training from the coach's catalogue, without --client (the event stays the
            // coach's to mark done).
            let logged = try await client.app.logSession(
                SessionLogRequest(
                    client: nil, event: String(event.suffix(8)), date: "2026-03-04 07:00",
                    sets: ["squat: 10x40kg, 10x40kg"]))
            let id = try Self.id(logged)
            let own = try #require(logged.json.objectValue)
            #expect(own["recordedBy"] == "client", "\(own)")
            #expect(own["client"]?.stringValue == (try client.accountID()).uuidString.lowercased())
            #expect(own["event"]?.stringValue == event)
            #expect(logged.notes.isEmpty, "\(logged.notes)")
            await #expect(throws: ClientError.self) {
                try await client.app.logSession(SessionLogRequest(client: "Carla", sets: ["Squat: 5x40kg"]))
            }

            // The coach sees it, marked.
            let listed = try await coach.app.listSessions(client: "Bea", from: nil, to: nil)
            let row = try #require(listed.json.arrayValue?.first?.objectValue)
            #expect(row["id"]?.stringValue == id && row["recordedBy"] == "client", "\(row)")
            #expect(listed.text.contains("self-logged"), "\(listed.text)")
            let shown = try await coach.app.showSession(String(id.suffix(8)))
            #expect(shown.text.contains("self-logged"), "\(shown.text)")

            // The coach comments; the comment reaches the client under the session and in the messages.
            let comment = try await coach.app.commentSession(String(id.suffix(8)), text: "Great depth! Add 5 kg.")
            let message = try #require(comment.json.objectValue)
            #expect(message["session"]?.stringValue == id && message["sent"] != nil, "\(message)")
            #expect(comment.text.contains("sent to Bea Puig"), "\(comment.text)")
            let seen = try await client.app.showSession(String(id.suffix(8)))
            #expect(seen.text.contains("comments:"), "\(seen.text)")
            #expect(seen.text.contains("Ada Tester: Great depth! Add 5 kg."), "\(seen.text)")
            let comments = try #require(seen.json.objectValue?["comments"]?.arrayValue)
            #expect(comments.compactMap { $0.objectValue?["text"]?.stringValue } == ["Great depth! Add 5 kg."])
            let thread = try await client.app.showThread(nil, limit: nil)
            #expect(thread.text.contains("on the session of 2026-03-04: Great depth!"), "\(thread.text)")

            // The client answers under the same session, and corrects it: it is theirs.
            _ = try await client.app.commentSession(id, text: "Will do")
            let corrected = try await client.app.editSession(SessionEditRequest(id: id, sets: ["Squat: 10x45kg"]))
            #expect(corrected.json.objectValue?["revision"] == 2, "\(corrected.json)")
            let back = try await coach.app.showSession(id)
            #expect(back.text.contains("Bea Puig: Will do"), "\(back.text)")
            #expect(Self.weights(back.json.objectValue?["exercises"], of: "Squat") == [45])
            let history = try #require(try await coach.app.sessionHistory(id).json.arrayValue)
            #expect(history.compactMap { $0.objectValue?["byRole"]?.stringValue } == ["client", "client"])
        }
    }

    @Test func aClientTrainsThemselvesAndACoachMustNameWhoTrains() async throws {
        try await withTestServer { server in
            let (coach, client) = try await SessionSyncTests.coachAndClient(on: server)
            try await client.sync()
            let recorder = try await client.app.startTraining(TrainRequest(free: true))
            #expect(recorder.client == (try client.accountID()))
            #expect(recorder.clientName == "Bea Puig")
            await #expect(throws: ClientError.self) {
                try await coach.app.startTraining(TrainRequest(free: true))
            }
        }
    }

    @Test func aClientsCorrectionOfTheCoachsSessionIsRefusedByTheServerAndRolledBack() async throws {
        try await withTestServer { server in
            let (coach, client) = try await SessionSyncTests.coachAndClient(on: server)
            let logged = try await coach.app.logSession(
                SessionLogRequest(client: "Bea", sets: ["Crunch: 20x0kg"], allowNew: true))
            let id = try #require(UUID(uuidString: try Self.id(logged)))
            try await client.sync()

            // The CLI refuses it before queuing anything.
            let refused = try await runGorilla(
                ["sessions", "edit", id.short, "--notes", "I did 25"], home: client.home)
            #expect(refused.status != 0, "\(refused)")
            #expect(refused.stderr.contains("coach"), "\(refused)")
            #expect(try client.cache().queuedCount() == 0)

            // A device that queues it all the same (an older CLI, a stale copy) is refused by the server and rolled back.
            try client.cache().enqueue(kind: "session", entity: id, action: .update, fields: ["notes": "I did 25"])
            #expect(try client.cache().entity(id)?[string: "notes"] == "I did 25")
            let summary = try await client.sync()
            #expect(summary.rejected.count == 1, "\(summary)")
            #expect(summary.rejected.first?.contains("not allowed") == true, "\(summary.rejected)")
            #expect(try client.cache().entity(id)?[string: "notes"] == nil, "not rolled back")
            #expect(try client.cache().queuedCount() == 0)
            try await coach.sync()
            let onServer = try #require(try await coach.pullEverything().first { $0.id == id }?.data?.objectValue)
            #expect(onServer["notes"] == nil && onServer["revision"] == 1, "\(onServer)")
        }
    }

    @Test func statisticsUseTheLatestRevision() async throws {
        try await withTestServer { server in
            let (coach, client) = try await SessionSyncTests.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Squat", ExerciseFields())
            let logged = try await coach.app.logSession(
                SessionLogRequest(client: "Bea", date: "2026-03-02 18:30", sets: ["Squat: 5x100kg, 5x100kg"]))
            let id = try Self.id(logged)
            let before = try #require(
                try await coach.app.stats(StatsRequest(client: "Bea", exercise: "Squat")).json.objectValue)
            #expect(before["bestWeight"] == 100 && before["volume"] == 1000, "\(before)")

            _ = try await coach.app.editSession(SessionEditRequest(id: id, sets: ["Squat: 5x120kg, 3x120kg"]))
            let after = try #require(
                try await coach.app.stats(StatsRequest(client: "Bea", exercise: "Squat")).json.objectValue)
            #expect(after["bestWeight"] == 120 && after["volume"] == 960 && after["sessions"] == 1, "\(after)")
            try await client.sync()
            let own = try #require(try await client.app.stats(StatsRequest(exercise: "squat")).json.objectValue)
            #expect(own["bestWeight"] == 120 && own["volume"] == 960, "\(own)")

            // The train view's correction (the API `gorilla train --edit` uses) counts the same way.
            let corrected = try await coach.app.correctSession(
                String(id.suffix(8)),
                exercises: [PerformedExercise(name: "Squat", sets: [PerformedSet(reps: 2, weight: 130)])], notes: "PR")
            #expect(corrected.text.contains("now revision 3"), "\(corrected.text)")
            let latest = try #require(
                try await coach.app.stats(StatsRequest(client: "Bea", exercise: "Squat")).json.objectValue)
            #expect(latest["bestWeight"] == 130 && latest["volume"] == 260, "\(latest)")
        }
    }
}
