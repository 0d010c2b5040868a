import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Appointments carry a training (`events add|edit --training`), which every view names and `train --next` follows;
/// `train --next` opens the appointment under way or the next one, and asks (or says what to pass) when that is not
/// certain.
@Suite(.hangLimit)
struct AppointmentTrainingTests {
    /// `date` as the commands read local times ("YYYY-MM-DD HH:MM").
    static func local(_ date: Date) -> String { EventFormatting.local(date) }

    /// A whole minute at least `seconds` from now.
    static func minute(in seconds: TimeInterval) -> Date {
        Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 + seconds) / 60).rounded(.up) * 60)
    }

    /// A coach with clients Ana Serra and Joan Vidal, an exercise and the trainings Legs and Arms.
    static func coach(_ username: String, on server: some RunningServer) async throws -> Device {
        let coach = try await Device.coach(username, on: server)
        _ = try await coach.app.addClient(name: "Ana", surname: "Serra")
        _ = try await coach.app.addClient(name: "Joan", surname: "Vidal")
        _ = try await coach.app.addExercise(name: "Squat", ExerciseFields())
        _ = try await coach.app.addTraining(name: "Legs", exercises: ["Squat"])
        _ = try await coach.app.addTraining(name: "Arms", exercises: ["Squat"])
        return coach
    }

    /// `gorilla --json ARGUMENTS` on `device`, which must succeed.
    static func json(_ arguments: [String], on device: Device) async throws -> JSONValue {
        let run = try await runGorilla(["--json"] + arguments, home: device.home)
        #expect(run.status == 0, "\(arguments): \(run)")
        return try run.json()
    }

    @Test func anAppointmentCarriesATrainingThatTheListsTheAgendaTheHomeScreenAndTheExportName() async throws {
        try await withTestServer { server in
            let coach = try await Self.coach("ada", on: server)
            let legs = try #require(try coach.entity("training", named: "Legs")?.id.key)
            let start = Self.minute(in: 2 * 3600)
            let added = try await Self.json(
                ["events", "add", "--client", "Ana", "--at", Self.local(start), "--training", "legs"], on: coach)
            let single = try #require(added.objectValue?["id"]?.stringValue)
            #expect(added.objectValue?["training"]?.stringValue == legs, "\(added)")

            let shown = try await Self.json(["events", "show", single], on: coach)
            #expect(shown.objectValue?["trainingName"] == "Legs", "\(shown)")
            let text = try await runGorilla(["events", "show", single], home: coach.home)
            #expect(text.stdout.contains("training:") && text.stdout.contains("Legs"), "\(text)")
            let catalan = try await runGorilla(["--language", "ca", "events", "show", single], home: coach.home)
            #expect(catalan.stdout.contains("entrenament:") && catalan.stdout.contains("Legs"), "\(catalan)")

            // A series follows Arms as a whole, one of its occurrences Legs; clearing the single's leaves none.
            let series = try #require(
                try await Self.json(
                    [
                        "events", "add", "--client", "Joan", "--at", "2027-01-04 18:00", "--every", "week", "--count",
                        "3", "--training", "Legs",
                    ], on: coach
                ).objectValue?["id"]?.stringValue)
            _ = try await Self.json(["events", "edit", series, "--training", "Arms"], on: coach)
            _ = try await Self.json(
                ["events", "edit", series, "--occurrence", "2027-01-11", "--training", "Legs"], on: coach)
            let listed = try await Self.json(["events", "list", "--from", "2027-01-01", "--to", "2027-01-31"], on: coach)
            let names = (listed.arrayValue ?? []).map { $0.objectValue?["trainingName"]?.stringValue ?? "-" }
            #expect(names == ["Arms", "Legs", "Arms"], "\(listed)")
            let table = try await runGorilla(["events", "list", "--from", "2027-01-01", "--to", "2027-01-31"], home: coach.home)
            #expect(table.stdout.contains("TRAINING") && table.stdout.contains("Arms"), "\(table)")

            // The agenda, the home screen and the .ics export name it.
            let now = start.addingTimeInterval(-600)
            let agenda = try await coach.app.agenda(days: 2, now: now)
            #expect(agenda.text.contains("Ana Serra") && agenda.text.contains("· Legs"), "\(agenda.text)")
            let home = try await coach.app.overview(now: now)
            let next = home.text.components(separatedBy: "\n").first { $0.contains("Ana Serra") } ?? ""
            #expect(next.contains("Legs"), "\(home.text)")
            #expect(home.json.objectValue?["next"]?.objectValue?["trainingName"] == "Legs", "\(home.json)")
            let file = coach.home.appendingPathComponent("calendar.ics").path
            let exported = try await runGorilla(
                ["events", "export", "--ics", file, "--to", "2027-01-31"], home: coach.home)
            #expect(exported.status == 0, "\(exported)")
            let ics = try String(contentsOfFile: file, encoding: .utf8)
            #expect(ics.contains("DESCRIPTION:Training: Legs"), "\(ics)")
            #expect(ics.contains("DESCRIPTION:Training: Arms"), "\(ics)")

            _ = try await Self.json(["events", "edit", single, "--training", ""], on: coach)
            let cleared = try await Self.json(["events", "show", single], on: coach)
            #expect(cleared.objectValue?["training"] == nil && cleared.objectValue?["trainingName"] == nil)
        }
    }

    @Test func theServerTakesOnlyOneOfTheCoachsOwnTrainings() async throws {
        try await withTestServer { server in
            let coach = try await Self.coach("ada", on: server)
            let other = try await Self.coach("bob", on: server)
            let own = try #require(try coach.entity("training", named: "Legs")?.id)
            let foreign = try #require(try other.entity("training", named: "Legs")?.id)
            let client = try #require(try coach.entities("client").first { $0[string: "name"] == "Ana" }?.id)
            func create(_ training: UUID) -> Mutation {
                Mutation(
                    id: UUID.v7(), kind: "event", entity: UUID.v7(), action: .create,
                    fields: [
                        "client": .string(client.key), "start": "2027-02-01T10:00:00.000Z", "duration": .number(60),
                        "training": .string(training.key),
                    ])
            }
            let results = try await coach.push([create(foreign), create(UUID.v7()), create(own)])
            #expect(results.map { $0.error?.code } == [.invalidReference, .invalidReference, nil], "\(results)")
        }
    }

    @Test func nextAsksWhichOfTwoAppointmentsStartingTogetherOrSaysWhatToPass() async throws {
        try await withTestServer { server in
            let coach = try await Self.coach("ada", on: server)
            let start = Self.minute(in: 2 * 86_400)
            _ = try await coach.app.addEvent(client: "Ana", EventFields(at: Self.local(start), training: "Legs"))
            _ = try await coach.app.addEvent(client: "Joan", EventFields(at: Self.local(start), training: "Arms"))

            // Without a terminal it opens nothing and says what to pass, naming both.
            let run = try await runGorilla(["train", "--next"], home: coach.home)
            #expect(run.status == 64, "\(run)")
            #expect(
                run.stderr.contains("--event") && run.stderr.contains("Ana Serra") && run.stderr.contains("Joan Vidal"),
                "\(run)")
            let catalan = try await runGorilla(["--language", "ca", "train", "--next"], home: coach.home)
            #expect(catalan.status == 64 && catalan.stderr.contains("Digues quina amb --event"), "\(catalan)")
            #expect(try coach.entities("session").isEmpty)

            // Asked, the person picks Joan: his appointment opens with its training, the header names it.
            var request = TrainRequest(next: true)
            let offered = Offered()
            request.chooseNext = { title, lines in
                offered.keep(title, lines)
                return lines.firstIndex { $0.contains("Joan Vidal") }
            }
            let recorder = try await coach.app.startTraining(request)
            #expect(offered.title.hasPrefix("2 appointments start together at \(Self.local(start))"), "\(offered.title)")
            #expect(offered.lines.count == 2 && offered.lines.contains { $0.contains("· Legs") }, "\(offered.lines)")
            #expect(recorder.clientName == "Joan Vidal" && recorder.trainingName == "Arms", "\(recorder)")
            #expect(recorder.appointment == "appointment \(Self.local(start))", "\(String(describing: recorder.appointment))")
        }
    }

    @Test(.requiresTmux) func nextAsksOnTheTerminalAndTheViewsHeaderNamesTheAppointmentChosen() async throws {
        try await withTestServer { server in
            let coach = try await Self.coach("ada", on: server)
            let start = Self.minute(in: 2 * 86_400)
            _ = try await coach.app.addEvent(client: "Ana", EventFields(at: Self.local(start), training: "Legs"))
            _ = try await coach.app.addEvent(client: "Joan", EventFields(at: Self.local(start), training: "Arms"))

            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            try await tmux.start(
                "GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' train --next; "
                    + "echo train-exit-$?; sleep 30")
            let asked = try await tmux.waitFor("Which one? (1–2")
            #expect(asked.contains("2 appointments start together at \(Self.local(start))"), "\(asked)")
            let line = asked.components(separatedBy: "\n").first { $0.contains("Joan Vidal") } ?? ""
            let joan = String(line.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
            #expect(!joan.isEmpty, "\(asked)")
            try await tmux.keys(joan, "Enter")
            let opened = try await tmux.waitFor("Space start")
            let header = opened.components(separatedBy: "\n").first { $0.contains("GorillaCoach") } ?? ""
            #expect(
                header.contains("Joan Vidal") && header.contains("Arms")
                    && header.contains("appointment \(Self.local(start))"), "\(opened)")
            try await tmux.keys("q")
            _ = try await tmux.waitFor("Leave? [Y/n]")
            try await tmux.keys("y")
            let end = try await tmux.waitFor("train-exit-")
            #expect(end.contains("train-exit-0"), "\(end)")
        }
    }

    @Test func nextOpensTheAppointmentUnderWayWithItsTrainingWithoutAsking() async throws {
        try await withTestServer { server in
            let coach = try await Self.coach("ada", on: server)
            let started = Self.minute(in: -600)
            _ = try await coach.app.addEvent(client: "Ana", EventFields(at: Self.local(started), training: "Legs"))
            _ = try await coach.app.addEvent(client: "Joan", EventFields(at: Self.local(started.addingTimeInterval(7200))))
            var request = TrainRequest(next: true)
            request.chooseNext = { _, _ in Issue.record("asked, though the appointment under way is certain"); return nil }
            let recorder = try await coach.app.startTraining(request)
            #expect(recorder.clientName == "Ana Serra" && recorder.trainingName == "Legs", "\(recorder)")
            #expect(recorder.items.map(\.performed.name) == ["Squat"], "the appointment's training is followed")
            let clock = String(Self.local(started).suffix(5))
            let sameDay = Calendar.current.isDate(started, inSameDayAs: Date())
            #expect(
                recorder.appointment == "appointment \(sameDay ? clock : Self.local(started))",
                "\(String(describing: recorder.appointment))")
        }
    }
}

/// What `train --next` offered to choose from (kept from a `@Sendable` closure).
private final class Offered: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (String, [String]) = ("", [])

    func keep(_ title: String, _ lines: [String]) { lock.withLock { kept = (title, lines) } }
    var title: String { lock.withLock { kept.0 } }
    var lines: [String] { lock.withLock { kept.1 } }
}
