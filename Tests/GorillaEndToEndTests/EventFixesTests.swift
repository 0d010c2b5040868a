import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Events after a client is removed: what the server refuses is reported as refused, and their future appointments
/// are cancelled.
@Suite(.hangLimit)
struct EventFixesTests {
    /// Runs the built `gorilla` with `GORILLA_HOME=home` in Madrid.
    static func gorilla(_ arguments: [String], home: URL) async throws -> CommandRun {
        try await runGorilla(arguments, home: home, environment: ["TZ": "Europe/Madrid"])
    }

    /// `gorilla events add --client Ana …` in Madrid; the new event's id.
    static func schedule(_ arguments: [String], on device: Device) async throws -> String {
        let added = try await gorilla(["--json", "events", "add", "--client", "Ana"] + arguments, home: device.home)
        #expect(added.status == 0, "\(added)")
        let json = try FastJSON.parse(added.stdout)
        return try #require(json.objectValue?["id"]?.stringValue, "\(added)")
    }

    @Test func cancellingOrEditingARemovedClientsEventIsReportedAsRefusedAndLeavesTheServersState() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")
            let added = try await coach.app.addEvent(client: "Ana", EventFields(at: "2020-11-10 10:00"))
            let id = try #require(added.json.objectValue?["id"]?.stringValue)
            let removed = try await Self.gorilla(["clients", "rm", "Ana", "--yes"], home: coach.home)
            #expect(removed.status == 0, "\(removed)")

            let cancelled = try await Self.gorilla(["events", "cancel", id], home: coach.home)
            #expect(cancelled.status != 0, "\(cancelled)")
            #expect(!cancelled.stdout.contains("now cancelled"), "\(cancelled)")
            #expect(cancelled.stderr.contains("refused"), "\(cancelled)")
            let edited = try await Self.gorilla(["events", "edit", id, "--gym", "Central"], home: coach.home)
            #expect(edited.status != 0, "\(edited)")
            #expect(edited.stderr.contains("refused"), "\(edited)")

            // The device shows what the server keeps, and nothing stays queued.
            let shown = try await Self.gorilla(["--json", "events", "show", id], home: coach.home)
            #expect(shown.stdout.contains("\"scheduled\""), "\(shown)")
            #expect(!shown.stdout.contains("Central"), "\(shown)")
            #expect(try coach.cache().queuedCount() == 0)
            let stored = try await coach.pullEverything().first { $0.id.key == id }
            #expect(stored?.data?.objectValue?["status"] == "scheduled")
        }
    }

    @Test func removingAClientCancelsTheirFutureAppointmentsOnEveryDeviceAndSaysHowMany() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")
            _ = try await coach.invite(name: "Bo", surname: "Puig")
            var ids: [String: String] = [:]
            for (label, client, at) in [
                ("past", "Ana", "2020-01-10 10:00"), ("next", "Ana", "2030-01-10 10:00"),
                ("later", "Ana", "2030-02-10 10:00"), ("third", "Ana", "2030-03-10 10:00"),
                ("bo", "Bo", "2030-01-11 10:00"),
            ] {
                let added = try await coach.app.addEvent(client: client, EventFields(at: at))
                ids[label] = try #require(added.json.objectValue?["id"]?.stringValue)
            }
            let removed = try await Self.gorilla(["clients", "rm", "Ana", "--yes"], home: coach.home)
            #expect(removed.status == 0, "\(removed)")
            #expect(removed.stdout.contains("Removed Ana Serra; 3 future appointments were cancelled."), "\(removed)")

            // The server's copy: Ana's future events cancelled, her past one and Bo's as they were.
            let events = try await coach.pullEverything().filter { $0.kind == "event" }
            func status(_ label: String) -> String? {
                events.first { $0.id.key == ids[label] }?.data?.objectValue?["status"]?.stringValue
            }
            #expect(["next", "later", "third"].map(status) == ["cancelled", "cancelled", "cancelled"])
            #expect(status("past") == "scheduled" && status("bo") == "scheduled")
            // Another device of the coach pulls them cancelled.
            let other = try await Device.loggedIn("ada", on: server)
            let listed = try await Self.gorilla(["--json", "events", "list"], home: other.home)
            let rows = (try listed.json().arrayValue ?? []).compactMap(\.objectValue)
            #expect(rows.filter { $0["status"] == "cancelled" }.count == 3, "\(listed)")
        }
    }

    @Test func showPrintsOnlyWhatIsSetAndTheEndTime() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")
            let plainID = try await Self.schedule(["--at", "2026-11-10 10:00", "--duration", "90"], on: coach)
            let shown = try await Self.gorilla(["events", "show", plainID], home: coach.home)
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.stdout.contains("when:     2026-11-10 10:00 – 11:30 (Europe/Madrid"), "\(shown)")
            #expect(!shown.stdout.contains("gym:") && !shown.stdout.contains("note:"), "\(shown)")

            // Past midnight, the end says its day; a gym and a note show.
            let lateID = try await Self.schedule(
                ["--at", "2026-11-10 23:30", "--gym", "Central", "--note", "Bring water"], on: coach)
            let full = try await Self.gorilla(["events", "show", lateID], home: coach.home)
            #expect(full.stdout.contains("when:     2026-11-10 23:30 – 2026-11-11 00:30 ("), "\(full)")
            #expect(
                full.stdout.contains("gym:      Central") && full.stdout.contains("note:     Bring water"), "\(full)")
        }
    }

    @Test func theClientsCalendarExportTitlesEventsWithTheCoachsName() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            _ = try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-11-10 10:00"))
            let folder = try TemporaryFolder("gorilla-e2e-ics")
            for (device, title, other) in [
                (client, "Training with Ada Tester", "Ana Serra"), (coach, "Training: Ana Serra", "Ada Tester"),
            ] {
                let file = folder.url.appendingPathComponent("\(title).ics")
                let written = try await Self.gorilla(["events", "export", "--ics", file.path], home: device.home)
                #expect(written.status == 0, "\(written)")
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(text.contains("SUMMARY:\(title)\r\n"), "\(text)")
                // The other side is named as organizer or attendee, never in the title.
                let summaries = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY") }
                #expect(!summaries.isEmpty && summaries.allSatisfy { !$0.contains(other) }, "\(text)")
            }
        }
    }

    // MARK: Daylight saving

    @Test func aLocalTimeThatDoesNotExistOrHappensTwiceNamesTheTwoChoices() throws {
        let madrid = try #require(TimeZone(identifier: "Europe/Madrid"))
        #expect(EventFormatting.parseLocal("2026-03-29 02:30", zone: madrid) == nil)
        #expect(
            EventFormatting.dateProblem("2026-03-29 02:30", zone: madrid)
                == "2026-03-29 02:30 does not exist in Europe/Madrid (clocks go from 02:00 to 03:00): use 01:30 or 03:30"
        )
        #expect(EventFormatting.parseLocal("2026-10-25 02:30", zone: madrid) == nil)
        #expect(
            EventFormatting.dateProblem("2026-10-25 02:30", zone: madrid)
                == "2026-10-25 02:30 happens twice in Europe/Madrid (clocks go back from 03:00 to 02:00): use "
                + "2026-10-25 02:30+02:00 (the first) or 2026-10-25 02:30+01:00 (the second)")
        // Either choice is taken as written.
        let first = try #require(EventFormatting.parseLocal("2026-10-25 02:30+02:00", zone: madrid))
        let second = try #require(EventFormatting.parseLocal("2026-10-25T02:30+01:00", zone: madrid))
        #expect(
            ISOTime.format(first) == "2026-10-25T00:30:00.000Z" && ISOTime.format(second) == "2026-10-25T01:30:00.000Z")
        // Times either side of the changes, and ordinary days, have no problem.
        for text in [
            "2026-03-29 01:59", "2026-03-29 03:00", "2026-10-25 01:59", "2026-10-25 03:00", "2026-07-01 02:30",
        ] {
            #expect(EventFormatting.parseLocal(text, zone: madrid) != nil, "\(text)")
            #expect(EventFormatting.dateProblem(text, zone: madrid) == nil, "\(text)")
        }
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(
            EventFormatting.dateProblem("2026-03-08 02:15", zone: newYork)
                == "2026-03-08 02:15 does not exist in America/New_York (clocks go from 02:00 to 03:00): use 01:15 or 03:15"
        )
        #expect(EventFormatting.dateProblem("2026-11-01 01:15", zone: newYork)?.contains("happens twice") == true)
    }

    @Test func schedulingAtANonExistentLocalTimeIsRefusedWithTheTwoChoices() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")
            let refused = try await Self.gorilla(
                ["events", "add", "--client", "Ana", "--at", "2026-03-29 02:30"], home: coach.home)
            #expect(refused.status == 64, "\(refused)")
            #expect(
                refused.stderr.contains(
                    "--at: 2026-03-29 02:30 does not exist in Europe/Madrid (clocks go from 02:00 to 03:00): use 01:30 or 03:30"
                ),
                "\(refused)")
            let twice = try await Self.gorilla(
                ["events", "add", "--client", "Ana", "--at", "2026-10-25 02:30"], home: coach.home)
            #expect(twice.status == 64 && twice.stderr.contains("happens twice"), "\(twice)")
            _ = try await Self.schedule(["--at", "2026-10-25 02:30+01:00"], on: coach)
            let listed = try await Self.gorilla(["--json", "events", "list"], home: coach.home)
            #expect(listed.stdout.contains("2026-10-25T01:30:00.000Z"), "\(listed)")
            #expect(try coach.cache().queuedCount() == 0)
        }
    }

    // MARK: Warnings

    @Test func schedulingInThePastAndASecondSessionForOneEventWarnButGoAhead() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")
            let past = try await Self.gorilla(
                ["events", "add", "--client", "Ana", "--at", "2020-05-04 10:00"], home: coach.home)
            #expect(past.status == 0, "\(past)")
            #expect(past.stderr.contains("warning: 2020-05-04 10:00 is in the past"), "\(past)")
            let future = try await Self.gorilla(
                ["events", "add", "--client", "Ana", "--at", "2030-05-04 10:00"], home: coach.home)
            #expect(future.status == 0 && !future.stderr.contains("in the past"), "\(future)")
            let id = try await Self.schedule(["--at", "2030-06-04 10:00"], on: coach)
            let moved = try await Self.gorilla(["events", "edit", id, "--at", "2021-06-04 10:00"], home: coach.home)
            #expect(moved.status == 0 && moved.stderr.contains("2021-06-04 10:00 is in the past"), "\(moved)")

            let log = ["sessions", "log", "--client", "Ana", "--event", id, "--set", "Squat: 10x60kg", "--allow-new"]
            let first = try await Self.gorilla(log, home: coach.home)
            #expect(first.status == 0 && !first.stderr.contains("warning"), "\(first)")
            let second = try await Self.gorilla(log, home: coach.home)
            #expect(second.status == 0, "\(second)")
            #expect(second.stderr.contains("warning: event \(id.suffix(8)) already has a session"), "\(second)")
        }
    }
}
