import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

/// Programs end to end: the real CLI against a real server over TLS. A program made and assigned offline on the
/// coach's phone reaches the client's device, the client logs their first week there, and the coach's laptop computes
/// week two's targets from it; two devices editing one program follow the sync rules.
@Suite(.hangLimit)
struct ProgramTests {
    /// `gorilla --json ARGUMENTS` on `device`, required to succeed, as JSON.
    static func json(_ arguments: [String], on device: Device) async throws -> [String: JSONValue] {
        let run = try await runGorilla(["--json"] + arguments, home: device.home)
        #expect(run.status == 0, "\(arguments): \(run)")
        return try #require(try run.json().objectValue, "\(run)")
    }

    /// `gorilla ARGUMENTS` on `device`, required to succeed.
    @discardableResult
    static func run(_ arguments: [String], on device: Device) async throws -> CommandRun {
        let run = try await runGorilla(arguments, home: device.home)
        #expect(run.status == 0, "\(arguments): \(run)")
        return run
    }

    /// Each exercise's target load in a `today --json`, by the exercise's name.
    static func loads(_ today: [String: JSONValue]) -> [String: Double] {
        var loads: [String: Double] = [:]
        for entry in today["exercises"]?.arrayValue ?? [] {
            guard let name = entry.objectValue?["name"]?.stringValue,
                let weight = entry.objectValue?["target"]?.objectValue?["weight"]?.doubleValue
            else { continue }
            loads[name] = weight
        }
        return loads
    }

    /// A coach with a client (Bea) and a training "Legs": squats 3x5 at 100 kg, bench 3x8 at 60 kg.
    static func coachWithLegs(on server: some RunningServer) async throws -> (coach: Device, client: Device) {
        let (coach, client) = try await SessionSyncTests.coachAndClient(on: server)
        try await run(["exercises", "add", "Squat"], on: coach)
        try await run(["exercises", "add", "Bench"], on: coach)
        try await run(
            ["trainings", "add", "Legs", "--plan", "Squat: 3x5@100kg", "--plan", "Bench: 3x8@60kg"], on: coach)
        return (coach, client)
    }

    @Test func aProgramAssignedOfflineRaisesWeekTwoWhereTheClientMetTheTargetAndHoldsWhereNot() async throws {
        try await withTestServer { server in
            let (phone, client) = try await Self.coachWithLegs(on: server)
            await server.stop()
            try await Self.run(
                [
                    "programs", "add", "Strength", "--weeks", "4", "--day", "mon: Legs", "--progress",
                    "Squat: +2.5kg/week", "--progress", "Bench: +2.5kg/week",
                ], on: phone)
            try await Self.run(
                ["programs", "assign", "Strength", "--client", "Bea", "--start", "2026-12-07"], on: phone)
            #expect(try phone.cache().queuedCount() == 2, "the program and its assignment wait offline")
            let offline = try await Self.json(
                ["today", "--client", "Bea", "--date", "2026-12-07"], on: phone)
            #expect(Self.loads(offline) == ["Squat": 100, "Bench": 60], "week 1 is the plan, offline: \(offline)")
            try await server.start()
            try await phone.sync()

            // The client's device sees their own program and today's workout, and they log week one themselves:
            // every squat set met, the bench fell short.
            try await client.sync()
            let first = try await Self.json(["today", "--date", "2026-12-07"], on: client)
            #expect(first["week"]?.intValue == 1 && first["day"]?.intValue == 1, "\(first)")
            #expect(first["program"]?.stringValue == "Strength" && first["training"]?.stringValue == "Legs")
            #expect(Self.loads(first) == ["Squat": 100, "Bench": 60], "\(first)")
            let squat = try #require(first["exercises"]?.arrayValue?.first?.objectValue?["target"]?.objectValue)
            #expect(squat["sets"]?.intValue == 3 && squat["reps"]?.intValue == 5 && squat["unit"]?.stringValue == "kg")
            #expect(squat["rpe"] == nil, "absent members are left out: \(squat)")
            try await Self.run(
                [
                    "sessions", "log", "--date", "2026-12-07 18:00", "--set", "Squat: 5x100kg, 5x100kg, 6x100kg",
                    "--set", "Bench: 8x60kg, 7x60kg, 6x60kg",
                ], on: client)

            // The coach's laptop, a device that never saw any of it, computes week two from the client's week one.
            let laptop = try await Device.loggedIn("ada", on: server)
            let second = try await Self.json(["today", "--client", "Bea", "--date", "2026-12-14"], on: laptop)
            #expect(second["week"]?.intValue == 2, "\(second)")
            #expect(Self.loads(second) == ["Squat": 102.5, "Bench": 60], "\(second)")
            // `train --today` on the laptop starts week two's training with those targets as its plan, and the session
            // records them beside what was done.
            var time = try #require(EventFormatting.parseLocal("2026-12-14 10:00"))
            var today = TrainRequest(client: "Bea")
            today.today = true
            var recorder = try await laptop.app.startTraining(today, at: time)
            #expect(recorder.trainingName == "Legs")
            #expect(recorder.items.map { $0.plan?.weight } == [102.5, 60])
            #expect(recorder.items.map { $0.plan?.notation } == ["3x5@102.5kg", "3x8@60kg"])
            #expect(recorder.items.first?.performed.target?.weight == 102.5)
            try TrainingDraftTests.recordSet(5, on: &recorder, at: &time, device: laptop)
            TrainingDraftTests.save(&recorder, at: time)
            let saved = try await laptop.app.finishTraining(recorder)
            let session = try #require(saved.json.objectValue?["id"]?.stringValue, "\(saved.json)")
            let shown = try await Self.json(["sessions", "show", session], on: laptop)
            let done = try #require(shown["exercises"]?.arrayValue?.first?.objectValue, "\(shown)")
            #expect(done["target"]?.objectValue?["weight"]?.doubleValue == 102.5, "\(done)")
            #expect(done["target"]?.objectValue?["reps"]?.intValue == 5, "\(done)")
            try await client.sync()
            let kept = try #require(try client.entities("session").first { $0.id.uuidString.lowercased() == session })
            #expect(kept.data["exercises"]?.arrayValue?.first?.objectValue?["target"] != nil, "the server keeps it")
            let alone = try await runGorilla(
                ["train", "--client", "Bea", "--today", "--training", "Legs"], home: laptop.home)
            #expect(alone.status == 64 && alone.stderr.contains("--today trains the day's workout"), "\(alone)")

            // A day without training, and the day after the last week.
            let rest = try await Self.json(["today", "--client", "Bea", "--date", "2026-12-15"], on: laptop)
            #expect(rest["training"] == nil && rest["week"]?.intValue == 2, "\(rest)")
            let after = try await Self.json(["today", "--client", "Bea", "--date", "2027-01-04"], on: laptop)
            #expect(after["ended"]?.boolValue == true && after["exercises"] == nil, "\(after)")
            let ended = try await Self.run(["today", "--client", "Bea", "--date", "2027-01-04"], on: laptop)
            #expect(ended.stdout.contains("The program 'Strength' has ended."), "\(ended)")
        }
    }

    /// The planned days of `calendar MONTH --json` on `device`: each as `date training week`.
    static func planned(_ month: String, on device: Device) async throws -> [String] {
        let run = try await runGorilla(["--json", "calendar", month], home: device.home)
        let planned = try run.json().objectValue?["planned"]?.arrayValue ?? []
        return planned.compactMap(\.objectValue).map {
            "\($0["date"]?.stringValue ?? "?") \($0["training"]?.stringValue ?? "?") \($0["week"]?.intValue ?? 0)"
        }
    }

    @Test func assignedDaysShowInTheCalendarTheAgendaAndTheExportAndMoveWhenPostponed() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachWithLegs(on: server)
            try await Self.run(
                ["programs", "add", "Strength", "--weeks", "2", "--day", "mon: Legs", "--day", "dj: Legs"], on: coach)
            try await Self.run(
                ["programs", "assign", "Strength", "--client", "Bea", "--start", "2026-12-07", "--at", "18:00"],
                on: coach)
            let weeks = ["2026-12-07 Legs 1", "2026-12-10 Legs 1", "2026-12-14 Legs 2", "2026-12-17 Legs 2"]
            #expect(try await Self.planned("2026-12", on: coach) == weeks)
            try await client.sync()
            #expect(try await Self.planned("2026-12", on: client) == weeks, "the client's calendar has them too")
            let text = try await Self.run(["calendar", "2026-12"], on: coach)
            #expect(
                text.stdout.contains("Planned workouts:") && text.stdout.contains("Bea Puig · Legs (Strength, week 1)"))

            let folder = try TemporaryFolder("gorilla-programs-ics")
            let ics = folder.child("december.ics").path
            try await Self.run(
                ["events", "export", "--ics", ics, "--from", "2026-12-01", "--to", "2026-12-31"], on: coach)
            let exported = try String(contentsOfFile: ics, encoding: .utf8)
            #expect(exported.components(separatedBy: "BEGIN:VEVENT").count - 1 == 4, "\(exported)")
            #expect(
                exported.contains("SUMMARY:Legs (Bea Puig)") && exported.contains("STATUS:TENTATIVE"), "\(exported)")

            // Ill for two days: from the 10th on, the remaining days move two days later.
            try await Self.run(
                ["programs", "shift", "--client", "Bea", "--days", "2", "--from", "2026-12-10"], on: coach)
            #expect(
                try await Self.planned("2026-12", on: coach)
                    == ["2026-12-07 Legs 1", "2026-12-12 Legs 1", "2026-12-16 Legs 2", "2026-12-19 Legs 2"])

            // Booked, the days are appointments with their training instead; unassigned, they go.
            try await Self.run(
                [
                    "programs", "assign", "Strength", "--client", "Bea", "--start", "2026-12-07", "--at", "18:00",
                    "--book",
                ], on: coach)
            #expect(try await Self.planned("2026-12", on: coach).isEmpty)
            let events = try await runGorilla(
                ["--json", "events", "list", "--from", "2026-12-01", "--to", "2026-12-31"], home: coach.home)
            let booked = try events.json().arrayValue?.compactMap(\.objectValue) ?? []
            #expect(booked.count == 4, "\(events)")
            let legs = try #require(try coach.entity("training", named: "Legs"))
            #expect(booked.allSatisfy { $0["training"]?.stringValue == legs.id.uuidString.lowercased() }, "\(booked)")
            try await client.sync()
            #expect(try client.entities("event").count == 4, "the client's device has the appointments")
            try await Self.run(["programs", "unassign", "Strength", "--client", "Bea"], on: coach)
            let left = try coach.entities("event")
            #expect(left.isEmpty, "\(left.map(\.data))")
            #expect(try coach.entities("assignment").isEmpty)

            // A program that began today: the agenda lists its workout, and the client's record says where they are.
            try await Self.run(
                ["programs", "add", "Daily", "--cycle", "1", "--weeks", "3", "--day", "1: Legs"], on: coach)
            try await Self.run(
                ["programs", "assign", "Daily", "--client", "Bea", "--start", CalendarDate.today().description],
                on: coach)
            let agenda = try await Self.json(["agenda"], on: coach)
            #expect(agenda["planned"]?.arrayValue?.count == 1, "\(agenda)")
            let shown = try await Self.json(["clients", "show", "Bea"], on: coach)
            let standing = try #require(shown["programs"]?.arrayValue?.first?.objectValue, "\(shown)")
            #expect(standing["program"]?.stringValue == "Daily" && standing["week"]?.intValue == 1, "\(standing)")
            let said = try await Self.run(["clients", "show", "Bea"], on: coach)
            #expect(said.stdout.contains("Program: Daily, week 1, day 1"), "\(said)")

            // Deleting a booked program asks first, then takes its assignments and its appointments to come with it.
            let tomorrow = CalendarDate.today().adding(days: 1).description
            try await Self.run(
                ["programs", "assign", "Daily", "--client", "Bea", "--start", tomorrow, "--at", "07:00", "--book"],
                on: coach)
            #expect(try coach.entities("event").count == 3, "three one-day cycles")
            let unasked = try await runGorilla(["programs", "rm", "Daily"], home: coach.home)
            let kept = try coach.names("program")
            #expect(
                unasked.status != 0 && kept.contains("Daily"), "without a terminal to ask on, nothing goes: \(unasked)")
            try await Self.run(["programs", "rm", "Daily", "--yes"], on: coach)
            #expect(try coach.entities("event").isEmpty && coach.entities("assignment").isEmpty)
        }
    }

    @Test func twoDevicesEditingOneProgramFollowTheSyncRules() async throws {
        try await withTestServer { server in
            let (phone, _) = try await Self.coachWithLegs(on: server)
            try await Self.run(["programs", "add", "Strength", "--weeks", "4", "--day", "mon: Legs"], on: phone)
            let laptop = try await Device.loggedIn("ada", on: server)
            try await laptop.sync()
            await server.stop()
            // Offline, each changes another field; both changes survive.
            try await Self.run(["programs", "edit", "Strength", "--deload", "4:50%"], on: phone)
            try await Self.run(["programs", "edit", "Strength", "--weeks", "8"], on: laptop)
            try await server.start()
            try await phone.sync()
            try await laptop.sync()
            try await phone.sync()
            for device in [phone, laptop] {
                let shown = try await Self.json(["programs", "show", "Strength"], on: device)
                #expect(shown["weeks"]?.intValue == 8, "\(shown)")
                #expect(shown["deload"]?.objectValue?["share"]?.doubleValue == 0.5, "\(shown)")
            }
            // A delete wins over a concurrent edit.
            await server.stop()
            try await Self.run(["programs", "rm", "Strength", "--yes"], on: phone)
            try await Self.run(["programs", "edit", "Strength", "--weeks", "6"], on: laptop)
            try await server.start()
            try await phone.sync()
            try await laptop.sync()
            for device in [phone, laptop] {
                #expect(try device.names("program").isEmpty, "the delete wins")
            }
        }
    }

    @Test func whatDoesNotReadIsRefusedInTheUsersLanguageAndClientsOnlyRead() async throws {
        try await withTestServer { server in
            let (coach, client) = try await Self.coachWithLegs(on: server)
            let refusals = [
                ("en", "--day \"funday: Legs\": expected \"WEEKDAY: TRAINING\""),
                ("ca", "--day \"funday: Legs\": s'esperava \"DIA: ENTRENAMENT\""),
                ("es", "--day \"funday: Legs\": se esperaba \"DÍA: ENTRENAMIENTO\""),
            ]
            for (language, message) in refusals {
                let refused = try await runGorilla(
                    ["programs", "add", "P", "--weeks", "4", "--day", "funday: Legs", "--language", language],
                    home: coach.home)
                #expect(refused.status == 64 && refused.stderr.contains(message), "\(refused)")
            }
            let progress = try await runGorilla(
                [
                    "programs", "add", "P", "--weeks", "4", "--day", "mon: Legs", "--progress",
                    "Squat: +2.5kg/fortnight",
                ],
                home: coach.home)
            #expect(progress.status == 64 && progress.stderr.contains("/week or /N weeks"), "\(progress)")
            let noWeeks = try await runGorilla(["programs", "add", "P", "--day", "mon: Legs"], home: coach.home)
            #expect(noWeeks.status == 64 && noWeeks.stderr.contains("--weeks"), "\(noWeeks)")
            #expect(try coach.names("program").isEmpty)

            try await Self.run(["programs", "add", "P", "--weeks", "4", "--day", "mon: Legs"], on: coach)
            try await client.sync()
            let listed = try await runGorilla(["--json", "programs", "list"], home: client.home)
            #expect(listed.status == 0 && listed.stdout.contains("\"name\":\"P\""), "a client reads it: \(listed)")
            let refused = try await runGorilla(
                ["programs", "add", "Mine", "--weeks", "4", "--day", "mon: Legs"], home: client.home)
            #expect(refused.status != 0, "\(refused)")
            let none = try await runGorilla(["today"], home: client.home)
            #expect(none.status != 0 && none.stderr.contains("follows no program"), "\(none)")
        }
    }
}
