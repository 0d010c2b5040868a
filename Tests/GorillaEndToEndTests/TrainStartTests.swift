import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// `gorilla train --next`, `--event` alone and `--repeat last` through the real binary: the view under tmux, the
/// refusals with `runGorilla`.
@Suite(.hangLimit)
struct TrainStartEndToEndTests {
    /// `date` as the CLI reads local times ("YYYY-MM-DD HH:MM").
    static func local(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    @Test(.requiresTmux)
    func nextOpensTheViewOnTheClientOfTheEventInProgressAndAnEmptyFinishSavesNothing() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
            _ = try await coach.app.addClient(name: "Joan", surname: "Vidal")
            let fields = EventFields(at: Self.local(Date().addingTimeInterval(-600)), duration: 60)
            let added = try await coach.app.addEvent(client: "Joan", fields)
            let event = try #require(added.json.objectValue?["id"]?.stringValue)
            let later = EventFields(at: Self.local(Date().addingTimeInterval(7200)))
            _ = try await coach.app.addEvent(client: "Bea", later)

            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            try await tmux.start(
                "GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' train --next; "
                    + "echo train-exit-$?; sleep 30")
            let opened = try await tmux.waitFor("Space start")
            #expect(opened.contains("Joan Vidal"), "\(opened)")
            #expect(opened.contains("press a to add"), "events name no training: free mode\n\(opened)")
            try await tmux.keys("q")
            let asked = try await tmux.waitFor("Leave? [Y/n]")
            #expect(asked.contains("Nothing recorded"), "\(asked)")
            try await tmux.keys("y")
            let end = try await tmux.waitFor("train-exit-")
            #expect(end.contains("train-exit-0") && end.contains("Nothing recorded; no session saved."), "\(end)")
            #expect(try coach.entities("session").isEmpty)
            let shown = try await runGorilla(["--json", "events", "show", event], home: coach.home)
            #expect(try shown.json().objectValue?["status"] == "scheduled", "\(shown)")
            #expect(throws: ClientError.self) { try coach.app.resumeTraining() }
        }
    }

    @Test(.requiresTmux) func repeatLastOpensTheViewOnThePreviousSessionsExercisesWithLastTimesSets() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
            for name in ["Prensa", "Crunch", "Curl"] {
                _ = try await coach.app.addExercise(name: name, ExerciseFields())
            }
            _ = try await coach.app.logSession(
                SessionLogRequest(client: "Bea", date: "2026-01-10 10:00", sets: ["Curl: 8x30kg"]))
            _ = try await coach.app.logSession(
                SessionLogRequest(
                    client: "Bea", date: "2026-01-12 10:00", sets: ["Prensa: 12x80kg, 10x85kg", "Crunch: 20x0kg"]))

            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            try await tmux.start(
                "GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' train --client Bea --repeat last; "
                    + "echo train-exit-$?; sleep 30")
            let opened = try await tmux.waitFor("Space start")
            #expect(opened.contains("Bea Puig"), "\(opened)")
            let rows = opened.split(separator: "\n").map(String.init)
            let prensa = try #require(rows.first { $0.contains("Prensa") && $0.contains("Last") == false })
            #expect(prensa.hasPrefix("> ") && prensa.contains("12 × 80 kg, 10 × 85 kg"), "last time's sets\n\(opened)")
            #expect(rows.contains { $0.contains("Crunch") && $0.contains("20 reps") }, "\(opened)")
            #expect(!opened.contains("Curl"), "\(opened)")
            #expect(opened.contains("Normal  80 kg"), "the last weight is prefilled\n\(opened)")
            #expect(!opened.contains("press a to add"), "the exercises are set\n\(opened)")
            try await tmux.keys("Escape")
            _ = try await tmux.waitFor("Discard this session?")
            try await tmux.keys("y")
            let end = try await tmux.waitFor("train-exit-")
            #expect(end.contains("train-exit-0") && end.contains("Session discarded."), "\(end)")
        }
    }

    @Test func trainRefusesWhatItCannotStartBeforeNeedingATerminal() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
            _ = try await coach.app.addClient(name: "Joan", surname: "Vidal")
            func train(_ arguments: [String]) async throws -> CommandRun {
                try await runGorilla(["train"] + arguments, home: coach.home)
            }
            let noEvent = try await train(["--next"])
            #expect(noEvent.status == 66, "\(noEvent)")
            #expect(noEvent.stderr.contains("no scheduled event"), "\(noEvent)")
            #expect(noEvent.stderr.contains("gorilla events add"), "\(noEvent)")

            let nothingToRepeat = try await train(["--client", "Bea", "--repeat", "last"])
            #expect(nothingToRepeat.status == 66, "\(nothingToRepeat)")
            #expect(nothingToRepeat.stderr.contains("Bea Puig has no previous session"), "\(nothingToRepeat)")

            let badRepeat = try await train(["--client", "Bea", "--repeat", "first"])
            #expect(badRepeat.status == 64, "\(badRepeat)")
            #expect(badRepeat.stderr.contains("--repeat takes last, not 'first'"), "\(badRepeat)")

            for combination in [
                ["--next", "--client", "Bea"], ["--next", "--event", "abc"], ["--next", "--resume"],
                ["--client", "Bea", "--repeat", "last", "--free"], [],
            ] {
                let refused = try await train(combination)
                #expect(refused.status == 64, "\(combination): \(refused)")
            }

            let added = try await coach.app.addEvent(client: "Bea", EventFields(at: "2030-03-04 10:00"))
            let event = try #require(added.json.objectValue?["id"]?.stringValue)
            let otherClient = try await train(["--event", event, "--client", "Joan"])
            #expect(otherClient.status == 64, "\(otherClient)")
            #expect(otherClient.stderr.contains("is with another client"), "\(otherClient)")
            #expect(throws: ClientError.self) { try coach.app.resumeTraining() }
        }
    }

    @Test func trainWithoutATerminalLeavesNothingToResumeAndNothingOnStandardOutput() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
            let added = try await coach.app.addEvent(client: "Bea", EventFields(at: "2030-03-04 10:00"))
            let event = try #require(added.json.objectValue?["id"]?.stringValue)
            let folder = try TemporaryFolder("gorilla-e2e-train-no-terminal")
            var environment = ProcessInfo.processInfo.environment
            environment["GORILLA_HOME"] = coach.home.path
            environment.merge(TestDeadlines.environment) { $1 }
            for (index, arguments) in [["--client", "Bea"], ["--event", event], ["--next"]].enumerated() {
                let out = folder.url.appendingPathComponent("\(index).out").path
                let err = folder.url.appendingPathComponent("\(index).err").path
                // setsid: a session without a controlling terminal, whatever terminal the tests run in.
                let child = try ChildProcess(
                    "/usr/bin/setsid", ["-w", Products.gorilla.path, "--json", "train"] + arguments,
                    environment: environment, stdin: .null, stdout: .file(out), stderr: .file(err))
                let (status, _) = await child.wait()
                let stdout = try String(contentsOfFile: out, encoding: .utf8)
                let stderr = try String(contentsOfFile: err, encoding: .utf8)
                #expect(stdout.isEmpty, "\(arguments) wrote on standard output: \(stdout.debugDescription)")
                if arguments == ["--next"] {
                    // The next appointment is not today: without a terminal to ask on, it says what to pass.
                    #expect(status == 64 && stderr.contains("--event"), "\(arguments): \(stderr)")
                } else {
                    #expect(status == 73, "\(arguments): \(stderr)")
                    #expect(stderr.contains("gorilla train needs a terminal"), "\(arguments): \(stderr)")
                }
                #expect(throws: ClientError.self, "\(arguments) left a session to resume") {
                    try coach.app.resumeTraining()
                }
            }
        }
    }
}
