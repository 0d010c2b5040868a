import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

/// The reminder time of an account (`gorilla profile edit --reminder`): stored by the server, kept in the session of
/// every device, and refused out of range on both sides.
@Suite(.hangLimit)
struct ReminderSettingTests {
    @Test func aReminderSetOnOneDeviceIsStoredByTheServerAndSeenByAnother() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let shown = try await runGorilla(["profile", "show"], home: laptop.home)
            #expect(shown.stdout.contains("reminder: 30 min before (default)"), "\(shown)")

            let edited = try await runGorilla(["profile", "edit", "--reminder", "1h30m"], home: laptop.home)
            #expect(edited.status == 0, "\(edited)")
            #expect(edited.stdout.contains("reminder: 1 h 30 min before"), "\(edited)")
            // The session on this device holds it (what `gorilla watch` reads offline).
            #expect(laptop.app.home.loadSession()?.profile.reminder == 90)
            #expect(laptop.app.home.loadSession()?.profile.reminderMinutes == 90)

            // Another command resumes the session: the server's profile keeps the value.
            let listed = try await runGorilla(["whoami"], home: laptop.home)
            #expect(listed.status == 0, "\(listed)")
            #expect(laptop.app.home.loadSession()?.profile.reminder == 90)

            // A second device logging in gets it with the session.
            let phone = try await Device.loggedIn("ada", on: server)
            #expect(phone.app.home.loadSession()?.profile.reminder == 90)
            let json = try await runGorilla(["--json", "profile", "show"], home: phone.home)
            #expect(try json.json().objectValue?["reminder"] == 90, "\(json)")

            // Plain minutes and "at the start".
            _ = try await phone.app.profileEdit(ProfileUpdateBody(reminder: 0), photoFile: nil)
            let atStart = try await runGorilla(["profile", "show"], home: laptop.home)
            #expect(atStart.stdout.contains("reminder: at the start"), "\(atStart)")
            #expect(laptop.app.home.loadSession()?.profile.reminder == 0)
            let minutes = try await runGorilla(["profile", "edit", "--reminder", "45"], home: laptop.home)
            #expect(minutes.stdout.contains("reminder: 45 min before"), "\(minutes)")
        }
    }

    @Test func aReminderOutOfRangeIsRefusedByTheCommandAndByTheServer() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            for wrong in ["soon", "8d", "1x"] {
                let refused = try await runGorilla(["profile", "edit", "--reminder", wrong], home: coach.home)
                #expect(refused.status == 64, "\(wrong): \(refused)")
                #expect(refused.stderr.contains("--reminder takes 30m, 1h"), "\(wrong): \(refused)")
            }
            await #expect(throws: ClientError.self) {
                _ = try await coach.app.profileEdit(ProfileUpdateBody(reminder: 20_000), photoFile: nil)
            }
            // A peer that skips the command's check gets the server's refusal, and nothing changes.
            let error = await #expect(throws: ClientError.self) {
                try await coach.withConnection { connection in
                    _ = try await connection.request(
                        Operation.profileUpdate, ProfileUpdateBody(reminder: Profile.reminderRange.upperBound + 1),
                        as: Profile.self)
                }
            }
            #expect(error?.wire?.code == .invalidField, "\(String(describing: error))")
            #expect(error?.message.contains("reminder") == true, "\(String(describing: error))")
            let profile = try await coach.withConnection { connection in
                try await connection.request(Operation.profileGet, Empty(), as: Profile.self)
            }
            #expect(profile.reminder == nil)
            #expect(profile.reminderMinutes == Profile.defaultReminder)
        }
    }
}
