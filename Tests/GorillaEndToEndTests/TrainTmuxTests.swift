import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

@Suite(.hangLimit, .requiresTmux)
struct TrainTmuxTests {
    @Test func aSetOfThreeRepsRecordedWithSpaceAndEnterIsSavedWithItsRepTimes() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
            _ = try await coach.app.addExercise(name: "Prensa", ExerciseFields())
            _ = try await coach.app.addExercise(name: "Crunch", ExerciseFields())
            _ = try await coach.app.addTraining(name: "Cames", exercises: ["Prensa", "Crunch"])

            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let done = "train-exited-"
            try await tmux.start(
                "GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' train --client Bea --training Cames; "
                    + "echo \(done)$?; sleep 30")
            let opened = try await tmux.waitFor("Space start")
            #expect(opened.contains("REAL TIME"), "\(opened)")
            #expect(opened.contains("Bea Puig"), "\(opened)")
            #expect(opened.contains("> ") && opened.contains("Prensa"), "\(opened)")
            // Space starts the set's stopwatch, then marks a rep each time: each only once the last shows.
            try await tmux.keys("Space")
            for rep in 0..<3 {
                _ = try await tmux.waitFor("reps \(rep)")
                try await tmux.keys("Space")
            }
            let counting = try await tmux.waitFor("reps 3")
            #expect(counting.contains("stopwatch"), "\(counting)")
            try await tmux.keys("Enter")
            let resting = try await tmux.waitFor("resting")
            #expect(resting.contains("today: 3x0kg"), "\(resting)")
            try await tmux.keys("q")
            let asked = try await tmux.waitFor("Save session?")
            #expect(asked.contains("1 sets, 3 reps"), "\(asked)")
            try await tmux.keys("y")
            let finished = try await tmux.waitFor(done)
            #expect(finished.contains("\(done)0"), "\(finished)")
            #expect(finished.contains("Saved the session of Bea Puig"), "\(finished)")

            let listed = try await runGorilla(["--json", "sessions", "list"], home: coach.home)
            let row = try #require(try listed.json().arrayValue?.first?.objectValue, "\(listed)")
            #expect(row["mode"] == "realtime")
            let id = try #require(row["id"]?.stringValue)
            let shown = try await runGorilla(["--json", "sessions", "show", id], home: coach.home)
            let session = try #require(try shown.json().objectValue, "\(shown)")
            let exercises = try #require(session["exercises"]?.arrayValue)
            #expect(exercises.count == 1)
            let set = try #require(exercises.first?.objectValue?["sets"]?.arrayValue?.first?.objectValue)
            let repTimes = try #require(set["repTimes"]?.arrayValue)
            let times = repTimes.compactMap(\.doubleValue)
            #expect(times.count == 3)
            #expect(times == times.sorted() && times.allSatisfy { $0 > 0 })
            #expect(set["reps"] == 3)
            #expect(set["unit"] == "kg")
            #expect((set["duration"]?.doubleValue ?? 0) >= times.last!)
            // Reached the server (the coach's device was online).
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("session") == 1)
        }
    }

    @Test func ctrlCRestoresTheTerminalAndResumeContinuesTheSession() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let base = "GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' train"
            // The shell waits for Enter between the two runs, so that the normal screen can be read in between.
            try await tmux.start(
                "\(base) --client Bea --free; echo first-exit-$?; read -r _; \(base) --resume; echo second-exit-$?; sleep 30"
            )
            _ = try await tmux.waitFor("press a to add")
            try await tmux.keys("a")
            try await tmux.keys("-l", "Dominada")
            try await tmux.keys("Enter")
            let added = try await tmux.waitFor("added Dominada")
            #expect(added.contains("added Dominada (new: added to the catalogue when saved)"), "\(added)")
            try await tmux.keys("Space")
            _ = try await tmux.waitFor("reps 0")
            try await tmux.keys("Space")
            _ = try await tmux.waitFor("reps 1")
            try await tmux.keys("C-c")
            // Back on the normal screen, the session kept, then the unfinished session resumes.
            let interrupted = try await tmux.waitFor("first-exit-")
            #expect(interrupted.contains("gorilla train --resume"), "\(interrupted)")
            #expect(!interrupted.contains("Enter end set"), "the train view is still on screen: \(interrupted)")
            try await tmux.keys("Enter")
            _ = try await tmux.waitFor("Dominada")
            try await tmux.keys("Space")
            _ = try await tmux.waitFor("reps 2")
            try await tmux.keys("Escape")
            _ = try await tmux.waitFor("Discard this session?")
            try await tmux.keys("y")
            let end = try await tmux.waitFor("second-exit-0")
            #expect(end.contains("Session discarded."), "\(end)")
            #expect(try coach.entities("session").isEmpty)
        }
    }

    @Test func noColorDrawsTheTrainViewWithoutColours() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
            _ = try await coach.app.addExercise(name: "Prensa", ExerciseFields())
            _ = try await coach.app.addTraining(name: "Cames", exercises: ["Prensa"])
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let base =
                "GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' train --client Bea --training Cames"
            // The same view twice: with colours (so that the check below can see them), then under NO_COLOR.
            // (The test runner itself may run with NO_COLOR set.)
            try await tmux.start(
                "unset NO_COLOR; \(base); echo first-exit-$?; NO_COLOR=1 \(base); echo second-exit-$?; sleep 30")
            _ = try await tmux.waitFor("Space start")
            try await tmux.keys("Space")
            _ = try await tmux.waitFor("stopwatch")
            let coloured = try await tmux.screenWithAttributes()
            #expect(!Tmux.colourCodes(coloured).isEmpty, "no colours without NO_COLOR: \(coloured.debugDescription)")
            try await tmux.keys("Escape")
            _ = try await tmux.waitFor("Discard this session?")
            try await tmux.keys("y")
            _ = try await tmux.waitFor("first-exit-0")

            _ = try await tmux.waitFor("Space start")
            try await tmux.keys("Space")
            _ = try await tmux.waitFor("stopwatch")
            let plain = try await tmux.screenWithAttributes()
            #expect(plain.contains("Prensa") && plain.contains("stopwatch"), "\(plain)")
            #expect(Tmux.colourCodes(plain).isEmpty, "colour codes under NO_COLOR: \(Tmux.colourCodes(plain))")
            #expect(
                plain.contains("\u{1B}[7m") || plain.contains(";7m"),
                "the selected exercise is no longer marked: \(plain.debugDescription)")
            try await tmux.keys("Escape")
            _ = try await tmux.waitFor("Discard this session?")
            try await tmux.keys("y")
            let end = try await tmux.waitFor("second-exit-0")
            #expect(end.contains("second-exit-0"), "\(end)")
        }
    }

    @Test func sigtermRestoresTheTerminalAndKeepsTheSessionForResume() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let pidFile = coach.home.appendingPathComponent("train.pid").path
            // The shell records the view's process id, then reports its exit status and whether echo is back on.
            try await tmux.start(
                "sh -c 'echo $$ > \(pidFile); exec env GORILLA_HOME=\"\(coach.home.path)\" \"\(Products.gorilla.path)\" "
                    + "train --client Bea --free'; echo exit-$?; stty -a | tr ' ' '\\n' | grep -x -- '-*echo'; echo stty-done; sleep 30"
            )
            _ = try await tmux.waitFor("press a to add")
            let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines)
            let pid = try #require(pid_t(text))
            #expect(kill(pid, SIGTERM) == 0)
            // The echo line comes after the exit status: wait for the end of the shell's report.
            let after = try await tmux.waitFor("stty-done")
            #expect(after.contains("exit-143"), "\(after)")
            #expect(!after.contains("press a to add"), "the train view is still on screen: \(after)")
            let lines = after.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(lines.contains("echo") && !lines.contains("-echo"), "echo is not back on: \(after)")
            // Every step was saved: the session is there to resume.
            _ = try coach.app.resumeTraining()
        }
    }

    @Test func aServerThatNeverAnswersDoesNotKeepTheTrainViewFromOpening() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
            let listener = try SilentListener()
            defer { withExtendedLifetime(listener) {} }
            let port = listener.port
            var config = coach.app.home.loadConfig()
            config.server?.port = port
            try coach.app.home.saveConfig(config)
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let started = ContinuousClock.now
            try await tmux.start(
                "GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' train --client Bea --free; "
                    + "echo train-exit-$?; sleep 30")
            let opened = try await tmux.waitFor("press a to add")
            #expect(opened.contains("press a to add"), "\(opened)")
            #expect(
                ContinuousClock.now - started < .seconds(10), "the view took \(ContinuousClock.now - started) to open")
            try await tmux.keys("Escape")
            _ = try await tmux.waitFor("Discard this session?")
            try await tmux.keys("y")
            let end = try await tmux.waitFor("train-exit-")
            #expect(end.contains("train-exit-0") && end.contains("Session discarded."), "\(end)")
        }
    }
}
