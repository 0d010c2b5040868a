import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

/// A colleague of the gym trains a client shared with her, through the real `gorilla` binary against a server
/// process: what she records offline reaches the client's coach and the client at their next sync, marked with who
/// recorded it; once the share ends, her next push for the client is refused.
@Suite(.hangLimit)
struct SharedClientSessionTests {
    @Test func aColleagueRecordsASharedClientsSessionOfflineAndTheClientsCoachSeesWhoRecordedIt() async throws {
        try await withServerProcess { server in
            let olga = try await Device.coach("olga", on: server)
            _ = try await olga.app.gymCreate("Gorilla Gym")
            let code = try #require(try await olga.app.gymInvite().json.objectValue?["code"]?.stringValue)
            let coraLaptop = try await Device.coach("cora", on: server)
            _ = try await coraLaptop.app.gymJoin(code)
            let (cleoID, cleoCode) = try await olga.invite(name: "Cleo", surname: "Puig")
            let cleo = try await Device.registered("cleo", code: cleoCode, on: server)
            let shared = try await olga.withConnection { connection in
                try await connection.request(
                    Operation.gymShare, GymShareBody(client: cleoID, with: "cora"), as: GymShares.self)
            }
            #expect(shared.with == ["cora"])

            // Cora's device (its first pull comes after the share, so it holds Cleo) records offline.
            let cora = try await Device.loggedIn("cora", on: server)
            let squat = try await runGorilla(["exercises", "add", "Squat"], home: cora.home)
            #expect(squat.status == 0, "\(squat)")
            await server.kill()
            let logged = try await runGorilla(
                ["sessions", "log", "--client", "Cleo", "--set", "Squat: 10x40kg, 8x45kg"], home: cora.home)
            #expect(logged.status == 0, "\(logged)")
            #expect(logged.stderr.contains("offline"), "\(logged)")
            let at = EventFormatting.local(Date().addingTimeInterval(3 * 86_400))
            let scheduled = try await runGorilla(["events", "add", "--client", "Cleo", "--at", at], home: cora.home)
            #expect(scheduled.status == 0, "\(scheduled)")

            try await server.start()
            let synced = try await runGorilla(["--json", "sync"], home: cora.home)
            #expect(synced.status == 0, "\(synced)")
            let summary = try synced.json().decode(SyncSummary.self)
            #expect(summary.pushed == 2 && summary.rejected.isEmpty, "\(synced)")

            // Olga's device pulls the session and the appointment as her own client's, saying who recorded it.
            _ = try await runGorilla(["sync"], home: olga.home)
            let listed = try await runGorilla(["sessions", "list"], home: olga.home)
            #expect(listed.stdout.contains("recorded by cora"), "\(listed)")
            let sessions = try await runGorilla(["--json", "sessions", "list"], home: olga.home).json()
            let session = try #require(sessions.arrayValue?.first?.objectValue, "\(sessions)")
            #expect(session["recorder"]?.stringValue == "cora", "\(session)")
            #expect(session["clientName"]?.stringValue == "Cleo Puig")
            let sessionID = try #require(session["id"]?.stringValue)
            let shown = try await runGorilla(["sessions", "show", sessionID], home: olga.home)
            #expect(shown.stdout.contains("cora"), "\(shown)")
            let events = try await runGorilla(["events", "list"], home: olga.home)
            #expect(events.stdout.contains("Cleo Puig"), "\(events)")

            // Cleo sees it too.
            try await cleo.sync()
            let own = try await runGorilla(["--json", "sessions", "list"], home: cleo.home).json()
            #expect(own.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } == [sessionID], "\(own)")

            // Unshared: cora's next push for Cleo is refused, as for another coach's client.
            _ = try await olga.withConnection { connection in
                try await connection.request(Operation.gymUnshare, GymUnshareBody(client: cleoID), as: GymShares.self)
            }
            let refused = try await runGorilla(
                ["--json", "sessions", "log", "--client", "Cleo", "--set", "Squat: 10x50kg"], home: cora.home)
            #expect(try refused.json().objectValue?["rejected"] == .bool(true), "\(refused)")
            #expect(refused.stderr.contains("refused"), "\(refused)")
            #expect(try await olga.pullEverything().filter { $0.kind == "session" }.count == 1)
        }
    }
}
