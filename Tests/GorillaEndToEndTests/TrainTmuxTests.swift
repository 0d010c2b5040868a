import Dispatch
import Foundation
import GorillaClient
import GorillaShared
import GorillaTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A tmux server of its own, driving the real `gorilla train` full screen.
final class Tmux: Sendable {
    let socket = "gorilla-train-\(UUID().uuidString.prefix(8))"

    /// Runs one tmux command and returns what it printed.
    ///
    /// Through `system(3)` on a dispatch thread rather than `Process`: the tmux server that `new-session`
    /// forks inherits the descriptor `Process` watches for the child's exit, so `Process` never sees it end.
    @discardableResult
    func run(_ arguments: [String]) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command =
            (["tmux", "-L", socket] + arguments).map(quote).joined(separator: " ")
            + " </dev/null >\(quote(file.path)) 2>&1"
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                _ = system(command)
                continuation.resume()
            }
        }
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    /// Starts `command` in a detached session named `main`, 120×40 unless told.
    func start(_ command: String, columns: Int = 120, rows: Int = 40) async throws {
        try await run(["new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)", command])
    }

    /// Makes the session's window `columns`×`rows` (the program sees SIGWINCH).
    func resize(columns: Int, rows: Int) async throws {
        try await run(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
    }

    func keys(_ keys: String...) async throws { try await run(["send-keys", "-t", "main"] + keys) }

    func screen() async throws -> String { try await run(["capture-pane", "-p", "-t", "main"]) }

    /// The screen with its attributes and colours as escape sequences (`capture-pane -e`).
    func screenWithAttributes() async throws -> String { try await run(["capture-pane", "-e", "-p", "-t", "main"]) }

    /// The SGR colour parameters (foreground or background, 8, 16, 256 or true colours) in a captured screen.
    static func colourCodes(_ screen: String) -> [String] {
        var codes: [String] = []
        var rest = Substring(screen)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !$0.isNumber && $0 != ";" && $0 != ":" }) else { break }
            if rest[end] == "m" {
                let parameters = rest[..<end].split(whereSeparator: { $0 == ";" || $0 == ":" }).compactMap { Int($0) }
                if parameters.contains(where: {
                    (30...38).contains($0) || (40...48).contains($0) || (90...107).contains($0)
                }) {
                    codes.append(String(rest[..<end]))
                }
            }
            rest = rest[end...]
        }
        return codes
    }

    /// Waits until the screen shows `text`; returns the screen.
    func waitFor(_ text: String) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(20)
        var last = try await screen()
        while !last.contains(text), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            last = try await screen()
        }
        return last
    }

    /// Copies everything the pane's program writes, escape codes and bells included, to `file`.
    func record(to file: URL) async throws {
        try await run(["pipe-pane", "-o", "-t", "main", "cat >> '\(file.path)'"])
    }

    func stop() async { _ = try? await run(["kill-server"]) }
}

@Suite(.hangLimit)
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
            for _ in 0..<4 {
                try await tmux.keys("Space")
                try await Task.sleep(for: .milliseconds(150))
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
            try await Task.sleep(for: .milliseconds(100))
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
