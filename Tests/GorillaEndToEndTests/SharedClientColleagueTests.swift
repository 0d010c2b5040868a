import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

/// What a colleague's `gorilla` says of a client shared with her: no registration code (it is the client's coach's
/// to give), the writes the access table refuses her turned down before they are queued, and the appointments she
/// schedules marked as hers on every coach's device.
@Suite(.hangLimit)
struct SharedClientColleagueTests {
    /// Ada's gym with Cora as a coach, and Bea Puig, Ada's invited client (Ada's device holds her code), shared with
    /// Cora, whose device has synced her.
    static func gymWithBeaShared(
        on server: some RunningServer
    ) async throws -> (ada: Device, cora: Device, beaCode: String) {
        let ada = try await Device.coach("ada", on: server)
        _ = try await ada.app.gymCreate("Gorilla Gym")
        let cora = try await Device.coach("cora", on: server)
        let code = try #require(try await ada.app.gymInvite().json.objectValue?["code"]?.stringValue)
        _ = try await cora.app.gymJoin(code)
        let (_, beaCode) = try await ada.invite(name: "Bea", surname: "Puig")
        let shared = try await runGorilla(["clients", "share", "Bea", "--with", "cora"], home: ada.home)
        #expect(shared.status == 0, "\(shared)")
        try await cora.sync()
        return (ada, cora, beaCode)
    }

    /// `gorilla --language LANGUAGE ARGUMENTS` on `device`.
    static func run(_ arguments: [String], _ language: String = "en", on device: Device) async throws -> CommandRun {
        try await runGorilla(["--language", language] + arguments, home: device.home)
    }

    @Test func aColleagueSeesNoCodeOfASharedClientAndCannotAskForOne() async throws {
        try await withTestServer { server in
            let (ada, cora, beaCode) = try await Self.gymWithBeaShared(on: server)
            #expect(try await Self.run(["clients", "list"], on: ada).stdout.contains(beaCode))

            for language in ["en", "ca", "es"] {
                let lang = try #require(Language(rawValue: language))
                let listed = try await Self.run(["clients", "list"], language, on: cora)
                #expect(listed.status == 0, "\(listed)")
                #expect(listed.stdout.contains("Bea Puig"), "\(listed)")
                #expect(!listed.stdout.contains(CataloguePhrases.codeOnOtherDevice.text(in: lang)), "\(listed)")
                #expect(!listed.stdout.contains("--code"), "\(listed)")

                let shown = try await Self.run(["clients", "show", "Bea"], language, on: cora)
                #expect(shown.status == 0, "\(shown)")
                #expect(shown.stdout.contains(SharePhrases.sharedBy.text(in: lang, ["user": "ada"])), "\(shown)")
                #expect(!shown.stdout.contains("--code"), "\(shown)")

                let asked = try await Self.run(["clients", "show", "Bea", "--code"], language, on: cora)
                #expect(asked.status != 0, "\(asked)")
                let said = SharePhrases.sharedCodeRefused.text(in: lang, ["client": "Bea Puig", "coach": "ada"])
                #expect(asked.stderr.contains(said), "\(asked)")
            }
            let json = try #require(
                try await runGorilla(["--json", "clients", "show", "Bea"], home: cora.home).json().objectValue)
            #expect(json["sharedBy"] == "ada" && json["code"] == nil, "\(json)")

            // Nothing was asked of the server: the code Ada's device holds still registers Bea.
            _ = try await Device.registered("bea", code: beaCode, on: server)
        }
    }

    @Test func writesTheAccessTableRefusesAColleagueAreRefusedBeforeTheyAreQueued() async throws {
        try await withTestServer { server in
            let (ada, cora, beaCode) = try await Self.gymWithBeaShared(on: server)
            // Bea registers (messages need a registered client).
            _ = try await Device.registered("bea", code: beaCode, on: server)
            try await ada.sync()
            try await cora.sync()
            for setUp in [
                ["exercises", "add", "Squat"], ["trainings", "add", "Legs", "--exercise", "Squat"],
                ["programs", "add", "Base", "--weeks", "4", "--day", "mon: Legs"],
            ] {
                let run = try await Self.run(setUp, on: cora)
                #expect(run.status == 0, "\(setUp): \(run)")
            }
            let refused: [[String]] = [
                ["clients", "edit", "Bea", "--per-week", "3"],
                ["clients", "rm", "Bea", "--yes"],
                ["measurements", "add", "--client", "Bea", "--weight", "60"],
                ["programs", "assign", "Base", "--client", "Bea", "--start", CalendarDate.today().description],
            ]
            for (arguments, language) in zip(refused, ["en", "ca", "es", "ca"]) {
                let lang = try #require(Language(rawValue: language))
                let run = try await Self.run(arguments, language, on: cora)
                #expect(run.status != 0, "\(arguments): \(run)")
                let said = SharePhrases.sharedWriteRefused.text(in: lang, ["client": "Bea Puig", "coach": "ada"])
                #expect(run.stderr.contains(said), "\(arguments): \(run)")
            }
            let synced = try await runGorilla(["--json", "sync"], home: cora.home)
            let summary = try synced.json().decode(SyncSummary.self)
            #expect(summary.pushed == 0 && summary.rejected.isEmpty, "nothing was queued: \(synced)")

            // What the table grants her still passes.
            let at = EventFormatting.local(Date().addingTimeInterval(3 * 86_400))
            let scheduled = try await Self.run(["events", "add", "--client", "Bea", "--at", at], on: cora)
            #expect(scheduled.status == 0, "\(scheduled)")
        }
    }

    /// Cora writes to Bea, who answers her as she answers Ada: two conversations on Bea's device, one on each coach's.
    @Test func aColleagueAndASharedClientWriteToEachOtherApartFromTheClientsCoach() async throws {
        try await withTestServer { server in
            let (ada, cora, beaCode) = try await Self.gymWithBeaShared(on: server)
            let bea = try await Device.registered("bea", code: beaCode, on: server)
            try await cora.sync()
            for (device, arguments) in [
                (ada, ["messages", "send", "Bea", "From Ada"]), (cora, ["messages", "send", "Bea", "From Cora"]),
                (bea, ["messages", "send", "cora", "To Cora"]), (bea, ["messages", "send", "entrenador", "To Ada"]),
            ] {
                let sent = try await Self.run(arguments, "ca", on: device)
                #expect(sent.status == 0, "\(arguments): \(sent)")
            }
            for device in [ada, cora, bea] { try await device.sync() }

            let listed = try await runGorilla(["--json", "messages", "list"], home: bea.home).json()
            let partners = (listed.arrayValue ?? []).compactMap { $0.objectValue?["with"]?.stringValue }
            #expect(partners.count == 2 && partners.contains { $0.contains("Cora") }, "\(listed)")
            let withCora = try await Self.run(["messages", "show", "cora"], on: bea)
            #expect(withCora.stdout.contains("From Cora") && withCora.stdout.contains("To Cora"), "\(withCora)")
            #expect(!withCora.stdout.contains("Ada"), "\(withCora)")

            let adas = try await Self.run(["messages", "show", "Bea"], on: ada)
            #expect(adas.stdout.contains("From Ada") && adas.stdout.contains("To Ada"), "\(adas)")
            #expect(!adas.stdout.contains("Cora"), "Ada never reads Cora's conversation: \(adas)")
            let coras = try await Self.run(["messages", "show", "Bea"], on: cora)
            #expect(coras.stdout.contains("From Cora") && coras.stdout.contains("To Cora"), "\(coras)")
            #expect(!coras.stdout.contains("Ada"), "Cora never reads Ada's conversation: \(coras)")
        }
    }

    /// Cora records a session for Bea with Ada's exercise (she has none of that name): her list shows it as Ada's, the
    /// session names it on both coaches' devices, and it goes from Cora's device with the share.
    @Test func aColleagueRecordsForASharedClientWithTheCoachsExercises() async throws {
        try await withTestServer { server in
            let (ada, cora, _) = try await Self.gymWithBeaShared(on: server)
            #expect(try await Self.run(["exercises", "add", "Press banca"], on: ada).status == 0)
            try await ada.sync()
            try await cora.sync()
            let adas = try #require(try await ada.cache().all(Exercise.self).first { $0.name == "Press banca" })

            for language in ["en", "ca", "es"] {
                let lang = try #require(Language(rawValue: language))
                let listed = try await Self.run(["exercises", "list"], language, on: cora)
                let mark = SharePhrases.colleagueMark.text(in: lang, ["coach": "ada"])
                #expect(listed.stdout.contains("Press banca \(mark)"), "\(listed)")
            }
            let json = try await runGorilla(["--json", "exercises", "list"], home: cora.home).json()
            let row = json.arrayValue?.compactMap(\.objectValue).first { $0["name"] == "Press banca" }
            #expect(row?["colleague"] == "ada", "\(json)")

            let logged = try await Self.run(
                ["sessions", "log", "--client", "Bea", "--set", "Press banca: 8x50kg"], "ca", on: cora)
            #expect(logged.status == 0, "\(logged)")
            try await cora.sync()
            try await ada.sync()
            let sessions = try ada.cache().all(TrainingSession.self)
            #expect(sessions.count == 1 && sessions.first?.exercises.first?.exercise == adas.id, "\(sessions)")
            // Ada's list is hers alone.
            #expect(!(try await Self.run(["exercises", "list"], on: ada).stdout.contains("(ada's)")))

            #expect(try await runGorilla(["clients", "unshare", "Bea"], home: ada.home).status == 0)
            try await cora.sync()
            let after = try await Self.run(["exercises", "list"], on: cora)
            #expect(!after.stdout.contains("Press banca"), "\(after)")
        }
    }

    @Test func anAppointmentAColleagueScheduledSaysWhoScheduledIt() async throws {
        try await withTestServer { server in
            let (ada, cora, _) = try await Self.gymWithBeaShared(on: server)
            let at = EventFormatting.local(Date().addingTimeInterval(2 * 86_400))
            let scheduled = try await Self.run(["events", "add", "--client", "Bea", "--at", at], on: cora)
            #expect(scheduled.status == 0, "\(scheduled)")
            _ = try await Self.run(["events", "add", "--client", "Bea", "--at", at], on: ada)
            try await ada.sync()
            try await cora.sync()

            let events = try await runGorilla(["--json", "events", "list"], home: ada.home).json()
            let recorders = (events.arrayValue ?? []).map { $0.objectValue?["recorder"]?.stringValue }
            #expect(recorders.sorted { ($0 ?? "") < ($1 ?? "") } == [nil, "cora"], "\(events)")
            let coras = events.arrayValue?.compactMap(\.objectValue).first { $0["recorder"] == "cora" }
            let id = try #require(coras?["id"]?.stringValue)
            for language in ["en", "ca", "es"] {
                let lang = try #require(Language(rawValue: language))
                let said = SharePhrases.scheduledBy.text(in: lang, ["user": "cora"])
                for device in [ada, cora] {
                    let listed = try await Self.run(["events", "list"], language, on: device)
                    #expect(listed.stdout.components(separatedBy: said).count == 2, "once: \(listed)")
                    let shown = try await Self.run(["events", "show", id], language, on: device)
                    #expect(shown.stdout.contains(said), "\(shown)")
                    let agenda = try await Self.run(["agenda", "--days", "3"], language, on: device)
                    #expect(agenda.stdout.components(separatedBy: said).count == 2, "once: \(agenda)")
                }
            }
        }
    }
}
