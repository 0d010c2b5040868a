import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

/// `gorilla clients share|unshare` and the colleague's device: a share brings the client's older history, lists mark
/// the client, and the rows leave the device once the share ends (unshared, its day passed) or the client is handed
/// over, said once.
@Suite(.hangLimit)
struct SharedClientSyncTests {
    /// Ada's gym with Bob as a coach, and Bea, Ada's registered client, with a session Ada recorded and synced before
    /// Bob's cursor passed it.
    static func gymWithBea(on server: some RunningServer) async throws -> (ada: Device, bob: Device, bea: Device) {
        let ada = try await Device.coach("ada", on: server)
        _ = try await ada.app.gymCreate("Gorilla Gym")
        let bob = try await Device.coach("bob", on: server)
        let code = try #require(try await ada.app.gymInvite().json["code"]?.stringValue)
        _ = try await bob.app.gymJoin(code)
        let (_, beaCode) = try await ada.invite(name: "Bea", surname: "Puig")
        let bea = try await Device.registered("bea", code: beaCode, on: server)
        try await ada.sync()
        _ = try await ada.app.addExercise(name: "Squat", ExerciseFields(count: "reps"))
        _ = try await ada.app.logSession(
            SessionLogRequest(client: "Bea", date: "2026-11-20 10:00", sets: ["Squat: 5x100kg"]))
        try await ada.sync()
        _ = try await bob.app.addMachine(name: "Bike", imageFile: nil)
        try await bob.sync()
        #expect(try bob.entities("session").isEmpty)
        return (ada, bob, bea)
    }

    /// The client rows of `device`'s `clients list --json`, by name: `shared` and `sharedBy` as listed.
    static func listed(_ device: Device) async throws -> [String: (shared: Bool?, by: String?)] {
        var rows: [String: (Bool?, String?)] = [:]
        for row in try await device.app.listClients().json.arrayValue ?? [] {
            guard let object = row.objectValue, let name = object["name"]?.stringValue else { continue }
            rows[name] = (object["shared"]?.boolValue, object["sharedBy"]?.stringValue)
        }
        return rows
    }

    /// The colleagues Bea is shared with, as her coach's `clients list --json` says (nil: not said).
    static func sharedWith(_ device: Device) async throws -> [String]? {
        let bea = try await device.app.listClients().json.arrayValue?.first { $0["name"] == "Bea" }
        return bea?["sharedWith"]?.arrayValue?.compactMap(\.stringValue)
    }

    /// `gorilla --json ARGUMENTS` run on `device`, which must succeed, decoded.
    static func json(_ arguments: [String], on device: Device) async throws -> [String: JSONValue] {
        let run = try await runGorilla(["--json"] + arguments, home: device.home)
        #expect(run.status == 0, "\(arguments): \(run)")
        return try #require(try run.json().objectValue, "\(run)")
    }

    @Test func aColleagueSyncsASharedClientsOlderHistoryAndDropsItOnceUnshared() async throws {
        try await withTestServer { server in
            let (ada, bob, _) = try await Self.gymWithBea(on: server)

            let shared = try await Self.json(["clients", "share", "Bea", "--with", "bob"], on: ada)
            #expect(shared["client"] == "Bea Puig" && shared["with"] == ["bob"] && shared["ended"] == 0, "\(shared)")
            // Bob's cursor is past Bea's session: the share still brings it, and her, marked in his list.
            try await bob.sync()
            #expect(try bob.entities("session").count == 1)
            let listed = try await Self.listed(bob)
            #expect(listed["Bea"]?.shared == true && listed["Bea"]?.by == "ada", "\(listed)")
            #expect(try await bob.app.listClients().text.contains("shared by ada"))
            #expect(try await Self.listed(ada)["Bea"]?.shared == nil, "Ada's own client is not marked")
            try await ada.sync()
            #expect(try await Self.sharedWith(ada) == ["bob"])

            // A coach of the gym Bea is not shared with pulls nothing of hers, even asking for her by id.
            let carl = try await Device.coach("carl", on: server)
            let code = try #require(try await ada.app.gymInvite().json["code"]?.stringValue)
            _ = try await carl.app.gymJoin(code)
            let beaID = try #require(try ada.entities("client").first?.id)
            let asked = try await carl.withConnection { connection in
                try SyncEngine.decodePull(
                    try await connection.roundTrip(.syncPull, PullBody(since: 0, sharedClient: beaID)))
            }
            #expect(asked.changes.isEmpty && asked.shared.isEmpty, "\(asked.changes.map(\.kind))")

            let unshared = try await Self.json(["clients", "unshare", "Bea"], on: ada)
            #expect(unshared["with"] == [] && unshared["ended"] == 1, "\(unshared)")
            try await ada.sync()
            #expect(try await Self.sharedWith(ada) == nil)
            let dropped = try await bob.sync()
            #expect(
                dropped.notices == [SharePhrases.sharedLost.text(in: .en, ["client": "Bea Puig"])], "\(dropped)")
            #expect(try bob.entities("session").isEmpty && bob.entities("client").isEmpty)
            #expect(try await bob.sync().notices.isEmpty, "said once")
            #expect(try await Self.listed(bob).isEmpty)
        }
    }

    @Test func aShareEndsAtTheEndOfItsDayAndAPastDayIsRefused() async throws {
        let clock = try TestClock()
        try await withGorillaServer(.tls, clock: clock) { gorilla in
            let server = try gorilla.requireListening()
            let (ada, bob, _) = try await Self.gymWithBea(on: server)

            for language in ["en", "ca", "es"] {
                let past = try await runGorilla(
                    ["--language", language, "clients", "share", "Bea", "--with", "bob", "--until", "2020-01-31"],
                    home: ada.home)
                #expect(past.status != 0, "\(past)")
                let said = SharePhrases.untilPassed.text(in: Language(rawValue: language)!, ["day": "2020-01-31"])
                #expect(past.stderr.contains(said), "\(past)")
            }
            let tomorrow = CalendarDate.today().adding(days: 1).description
            let shared = try await ada.app.shareClient("Bea", with: "bob", until: tomorrow)
            #expect(shared.text == "Bea Puig is shared with bob until \(tomorrow) (included).", "\(shared.text)")
            try await bob.sync()
            #expect(try bob.entities("session").count == 1)

            try clock.advance(by: 3 * 86_400)
            let dropped = try await bob.sync()
            #expect(
                dropped.notices == [SharePhrases.sharedLost.text(in: .en, ["client": "Bea Puig"])], "\(dropped)")
            #expect(try bob.entities("session").isEmpty)
        }
    }

    @Test func aTransferredClientLeavesTheOldCoachsDeviceAndStaysWithTheColleagueSheWasSharedWith() async throws {
        try await withTestServer { server in
            let (ada, bob, bea) = try await Self.gymWithBea(on: server)
            _ = try await ada.app.shareClient("Bea", with: "bob")
            try await bob.sync()

            // Bea sees both her coaches.
            let whoami = try await bea.app.whoami()
            let coaches = whoami.json["coaches"]?.arrayValue?.compactMap { $0.objectValue } ?? []
            #expect(coaches.map { $0["username"]?.stringValue } == ["ada", "bob"], "\(whoami.json)")
            #expect(coaches.map { $0["shared"]?.boolValue } == [nil, true], "\(whoami.json)")
            #expect(whoami.text.contains("Coaches: ada (Ada Tester), bob (Bob Tester) (shared)"), "\(whoami.text)")
            #expect(try await bea.app.profileShow().text.contains("bob (Bob Tester)"))
            #expect(try await ada.app.whoami().json.objectValue?.keys.contains("coaches") == false, "a coach has none")

            let moved = try await ada.app.transferClient("Bea", to: "bob")
            let told = moved.notes + (try await ada.sync()).notices
            let gone = SharePhrases.clientGone.text(in: .en, ["client": "Bea Puig"])
            #expect(told.filter { $0 == gone }.count == 1, "\(told)")
            #expect(try await ada.sync().notices.isEmpty, "said once")
            #expect(try await Self.listed(ada).isEmpty)
            #expect(try ada.entities("session").isEmpty)

            // Bob had her shared; now she is his own: kept, unmarked, and nothing said.
            let adopted = try await bob.sync()
            #expect(adopted.notices.isEmpty, "\(adopted)")
            #expect(try await Self.listed(bob)["Bea"].map { $0.shared == nil } == true)
            #expect(try bob.entities("session").count == 1)
            let after = try await bea.app.whoami().json["coaches"]?.arrayValue?.compactMap {
                $0.objectValue?["username"]?.stringValue
            }
            #expect(after == ["bob"])
        }
    }
}

extension JSONValue {
    /// The member `key` of an object.
    fileprivate subscript(key: String) -> JSONValue? { objectValue?[key] }
}
