import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

/// `gorilla settings`: the device's unit kept in `config.json`, the account's language and reminder stored by the
/// server and brought to the account's other devices by a sync; a bad name or value refused in the user's language.
@Suite(.hangLimit)
struct SettingsCommandTests {
    /// The rows of `gorilla --json settings list`, by name.
    static func listed(_ home: URL) async throws -> [String: [String: JSONValue]] {
        let run = try await runGorilla(["--json", "settings", "list"], home: home)
        try #require(run.status == 0, "\(run)")
        let rows = try #require(try run.json().arrayValue, "\(run)")
        var byName: [String: [String: JSONValue]] = [:]
        for row in rows {
            let object = try #require(row.objectValue)
            byName[try #require(object["name"]?.stringValue)] = object
        }
        return byName
    }

    @Test func theUnitIsThisDevicesAndPersistsInItsConfigurationFile() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            #expect(try await Self.listed(laptop.home)["unit"] == ["name": "unit", "value": "kg", "scope": "device",
                "default": true])

            let set = try await runGorilla(["settings", "set", "unit", "lb"], home: laptop.home)
            #expect(set.status == 0, "\(set)")
            #expect(set.stdout.contains("unit is now lb (this device)"), "\(set)")
            #expect(laptop.app.home.loadConfig().unit == "lb")
            // The pinned server is kept beside it.
            #expect(laptop.app.home.loadConfig().server?.port == server.port)
            let json = try await runGorilla(["--json", "settings", "set", "unit", "kg"], home: laptop.home)
            #expect(try json.json() == ["name": "unit", "value": "kg", "scope": "device"], "\(json)")
            _ = try await runGorilla(["settings", "set", "unit", "LB"], home: laptop.home)
            #expect(try await Self.listed(laptop.home)["unit"] == ["name": "unit", "value": "lb", "scope": "device"])

            // Another device of the account keeps its own unit, even after a sync.
            let synced = try await runGorilla(["sync"], home: phone.home)
            #expect(synced.status == 0, "\(synced)")
            #expect(phone.app.home.loadConfig().unit == nil)
            #expect(try await Self.listed(phone.home)["unit"]?["value"] == "kg")
        }
    }

    @Test func theLanguageAndReminderAreTheAccountsAndReachTheServerAndAnotherDevice() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            #expect(try await Self.listed(phone.home)["reminder"] == ["name": "reminder", "value": "30",
                "scope": "account", "default": true])

            let language = try await runGorilla(["settings", "set", "language", "es"], home: laptop.home)
            #expect(language.status == 0, "\(language)")
            #expect(language.stdout.contains("language"), "\(language)")
            let reminder = try await runGorilla(["--json", "settings", "set", "reminder", "1h30m"], home: laptop.home)
            #expect(try reminder.json() == ["name": "reminder", "value": "90", "scope": "account"], "\(reminder)")

            // The server stores both, as `profile edit` would.
            let profile = try await laptop.withConnection { connection in
                try await connection.request(Operation.profileGet, Empty(), as: Profile.self)
            }
            #expect(profile.language == .es && profile.reminder == 90)

            // The other device has them after a sync.
            let synced = try await runGorilla(["sync"], home: phone.home)
            #expect(synced.status == 0, "\(synced)")
            let listed = try await Self.listed(phone.home)
            #expect(listed["language"] == ["name": "language", "value": "es", "scope": "account"])
            #expect(listed["reminder"] == ["name": "reminder", "value": "90", "scope": "account"])
            let text = try await runGorilla(["settings", "list"], home: phone.home)
            #expect(text.stdout.contains("reminder: 90  (cuenta)"), "\(text)")
        }
    }

    @Test func offlineTheUnitIsSetAndTheAccountsSettingsFailAsProfileEditDoes() async throws {
        var device: Device?
        try await withTestServer { server in
            device = try await Device.coach("ada", on: server)
        }
        // The server is gone.
        let laptop = try #require(device)
        let unit = try await runGorilla(["settings", "set", "unit", "lb"], home: laptop.home)
        #expect(unit.status == 0, "\(unit)")
        #expect(laptop.app.home.loadConfig().unit == "lb")
        let edit = try await runGorilla(["profile", "edit", "--reminder", "45"], home: laptop.home)
        let set = try await runGorilla(["settings", "set", "reminder", "45"], home: laptop.home)
        #expect(edit.status != 0 && set.status == edit.status, "profile edit: \(edit)\nsettings set: \(set)")
        #expect(!set.stderr.isEmpty, "\(set)")
        #expect(laptop.app.home.loadSession()?.profile.reminder == nil)
        // The list reads this device alone.
        let listed = try await Self.listed(laptop.home)
        #expect(listed["unit"]?["value"] == "lb" && listed["reminder"]?["value"] == "30", "\(listed)")
    }

    @Test func aBadNameOrValueIsAUsageErrorInTheUsersLanguageListingWhatIsAllowed() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let cases: [([String], String)] = [
                (["--language", "es", "settings", "set", "colour", "red"],
                    "no hay ningún ajuste 'colour': los ajustes son unit, language y reminder"),
                (["--language", "ca", "settings", "set", "unit", "stone"], "unit admet kg o lb; no 'stone'"),
                (["settings", "set", "language", "fr"], "language takes ca, es or en; not 'fr'"),
                (["settings", "set", "reminder", "soon"], "reminder takes 30m, 1h"),
            ]
            for (arguments, said) in cases {
                let refused = try await runGorilla(arguments, home: coach.home)
                #expect(refused.status == 64, "\(arguments): \(refused)")
                #expect(refused.stderr.contains(said), "\(arguments): \(refused)")
            }
            // Nothing changed.
            #expect(coach.app.home.loadConfig().unit == nil)
            #expect(coach.app.home.loadSession()?.profile.language == .en)
            #expect(coach.app.home.loadSession()?.profile.reminder == nil)
        }
    }
}
