import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// A command that the local copy alone would refuse refreshes the copy from the server first, and refuses only then;
/// offline, its refusal says that the copy may be old.
@Suite(.hangLimit)
struct StaleCopyTests {
    @Test func aCoachMessagesAClientWhoRegisteredSinceTheCoachsLastSync() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            _ = try await Device.registered("ana", code: code, on: server)
            // The coach's copy still says Ana is invited.
            #expect(try coach.entity("client", named: "Ana")?[string: "status"] == ClientStatus.invited.rawValue)

            let sent = try await runGorilla(["messages", "send", "ana", "Welcome aboard!"], home: coach.home)
            #expect(sent.status == 0, "\(sent)")
            #expect(sent.stdout.contains("Sent to Ana Serra."), "\(sent)")
            #expect(try coach.entity("client", named: "Ana")?[string: "status"] == ClientStatus.active.rawValue)
        }
    }

    @Test func aSecondDeviceFindsAClientAddedOnTheFirstAndStillRefusesWhatTheServerRefuses() async throws {
        let laptop = try Device()
        try await withTestServer { server in
            let phone = try await Device.coach("ada", on: server)
            try await laptop.connect(to: server)
            _ = try await laptop.app.login(user: "ada", password: Device.password)
            _ = try await phone.invite(name: "Berta", surname: "Vidal")

            // Unknown on the laptop until it refreshes: the appointment is made all the same.
            let added = try await runGorilla(
                ["events", "add", "--client", "berta", "--at", "2027-03-02 18:00"], home: laptop.home)
            #expect(added.status == 0, "\(added)")
            #expect(try laptop.entities("event").count == 1)

            // Still unregistered after the refresh: refused, and nothing queued.
            let refused = try await runGorilla(["messages", "send", "berta", "Hello"], home: laptop.home)
            #expect(refused.status == 64, "\(refused)")
            #expect(refused.stderr.contains("has not registered yet"), "\(refused)")
            #expect(!refused.stderr.contains("may be old"), "\(refused)")
            #expect(try laptop.cache().queuedCount() == 0)
        }
        // The server is gone: a name the laptop does not know is refused, saying the copy may be old.
        let offline = try await runGorilla(["messages", "send", "carla", "Hello"], home: laptop.home)
        #expect(offline.status == 66, "\(offline)")
        #expect(
            offline.stderr.contains("no client named 'carla'") && offline.stderr.contains("may be old"), "\(offline)")
    }
}
