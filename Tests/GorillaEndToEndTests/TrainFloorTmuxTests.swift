import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The real `gorilla train` following a plan, as a hands-free form, and with the catalogue picker, driven in tmux.
@Suite(.hangLimit, .requiresTmux)
struct TrainFloorTmuxTests {
    /// A coach with client Bea Puig and the exercises Prensa, Press de banca and Crunch.
    static func coach(on server: TestServer) async throws -> Device {
        let coach = try await Device.coach("ada", on: server)
        _ = try await coach.app.addClient(name: "Bea", surname: "Puig")
        for name in ["Prensa", "Press de banca", "Crunch"] {
            _ = try await coach.app.addExercise(name: name, ExerciseFields())
        }
        return coach
    }

    static func train(_ arguments: String, _ coach: Device, in tmux: Tmux, done: String) async throws {
        try await tmux.start(
            // The runner itself may run with NO_COLOR set: the hands-free form is checked for its yellow.
            "unset NO_COLOR; GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' train \(arguments); "
                + "echo \(done)$?; sleep 30")
    }

    /// The newest session of the coach, as `sessions show --json` gives it.
    static func lastSession(_ coach: Device) async throws -> [String: JSONValue] {
        let listed = try await runGorilla(["--json", "sessions", "list"], home: coach.home)
        let id = try #require(try listed.json().arrayValue?.first?.objectValue?["id"]?.stringValue, "\(listed)")
        let shown = try await runGorilla(["--json", "sessions", "show", id], home: coach.home)
        return try #require(try shown.json().objectValue, "\(shown)")
    }

    static func sets(_ session: [String: JSONValue]) -> [(String, [String: JSONValue])] {
        (session["exercises"]?.arrayValue ?? []).flatMap { exercise in
            let name = exercise.objectValue?["name"]?.stringValue ?? ""
            return (exercise.objectValue?["sets"]?.arrayValue ?? []).compactMap(\.objectValue).map { (name, $0) }
        }
    }

    @Test func aPlannedTrainingShowsItsTargetsCountsTheRestDownAndRingsTheBell() async throws {
        try await withTestServer { server in
            let coach = try await Self.coach(on: server)
            _ = try await coach.app.addTraining(
                name: "Cames", exercises: [], plans: ["Prensa: 2x3@60kg rest 3s", "Crunch: 1x2"])
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("train-\(UUID()).out")
            defer { try? FileManager.default.removeItem(at: output) }
            let done = "train-exited-"
            try await Self.train("--client Bea --training Cames", coach, in: tmux, done: done)
            let opened = try await tmux.waitFor("Space start")
            try await tmux.record(to: output)
            #expect(opened.contains("0/2") && opened.contains("2x3@60kg rest 3s"), "\(opened)")
            #expect(opened.contains("Set 1 of 2 · Prensa") && opened.contains("target 3 × 60 kg"), "\(opened)")
            // Space starts the set's stopwatch, then marks a rep each time: each only once the last shows.
            try await tmux.keys("Space")
            for rep in 0..<3 {
                _ = try await tmux.waitFor("reps \(rep)")
                try await tmux.keys("Space")
            }
            try await tmux.keys("Enter")
            let resting = try await tmux.waitFor("left of")
            #expect(resting.contains("1/2") && resting.contains("Set 2 of 2 · Prensa"), "\(resting)")
            let over = try await tmux.waitFor("REST OVER")
            #expect(over.contains("past the planned 0:03"), "\(over)")
            let written = try await waitForFile(output) { $0.contains(0x07) }
            #expect(written.contains(0x07), "the terminal bell was written")
            // The second set ends Prensa's plan: Crunch is selected by itself.
            for _ in 0..<4 { try await tmux.keys("Space") }
            try await tmux.keys("Enter")
            let next = try await tmux.waitFor("next: Crunch")
            #expect(next.contains("Set 1 of 1 · Crunch"), "\(next)")
            try await tmux.keys("q")
            _ = try await tmux.waitFor("Save session?")
            try await tmux.keys("Enter")
            let finished = try await tmux.waitFor(done)
            #expect(finished.contains("\(done)0"), "\(finished)")
            let sets = Self.sets(try await Self.lastSession(coach))
            #expect(sets.map(\.0) == ["Prensa", "Prensa"])
            #expect(sets.allSatisfy { $0.1["weight"] == 60 && $0.1["reps"] == 3 })
        }
    }

    @Test func aHandsFreeFormIsConfirmedWithEnterOnly() async throws {
        try await withTestServer { server in
            let coach = try await Self.coach(on: server)
            _ = try await coach.app.addTraining(
                name: "Cames", exercises: [], plans: ["Prensa: 2x10@50kg rest 60s", "Crunch: 1x20"])
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let done = "train-exited-"
            try await Self.train(
                "--client Bea --training Cames --hands-free --start '2026-11-20 10:00' --end 10:45", coach, in: tmux,
                done: done)
            let opened = try await tmux.waitFor("Enter confirm")
            #expect(opened.contains("HANDS-FREE") && opened.contains("10:00–10:45"), "\(opened)")
            #expect(opened.contains("Set 1 of 2 · Prensa") && opened.contains("10 × 50 kg"), "\(opened)")
            #expect(!opened.contains("stopwatch"), "\(opened)")
            let colours = Tmux.colourCodes(try await tmux.screenWithAttributes())
            #expect(colours.contains { $0.split(separator: ";").contains("33") }, "yellow: \(colours)")
            for expected in ["Set 2 of 2 · Prensa", "Set 1 of 1 · Crunch", "Save session?"] {
                try await tmux.keys("Enter")
                let screen = try await tmux.waitFor(expected)
                #expect(screen.contains(expected), "\(screen)")
            }
            try await tmux.keys("Enter")
            let finished = try await tmux.waitFor(done)
            #expect(finished.contains("\(done)0"), "\(finished)")
            let session = try await Self.lastSession(coach)
            #expect(session["mode"] == "handsfree")
            let sets = Self.sets(session)
            #expect(sets.map(\.0) == ["Prensa", "Prensa", "Crunch"])
            #expect(sets.map { $0.1["reps"]?.intValue } == [10, 10, 20])
            #expect(sets.map { $0.1["weight"]?.doubleValue } == [50, 50, 0])
            #expect(sets.allSatisfy { $0.1["duration"] == nil && $0.1["repTimes"] == nil }, "nothing timed")
            let start = try #require(session["start"]?.stringValue.flatMap(ISOTime.parse))
            let end = try #require(session["end"]?.stringValue.flatMap(ISOTime.parse))
            #expect(end.timeIntervalSince(start) == 45 * 60)
            #expect(start == EventFormatting.parseLocal("2026-11-20 10:00"))
        }
    }

    @Test func thePickerFindsAnExerciseTypedWithATypo() async throws {
        try await withTestServer { server in
            let coach = try await Self.coach(on: server)
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let done = "train-exited-"
            try await Self.train("--client Bea --free", coach, in: tmux, done: done)
            _ = try await tmux.waitFor("Space start")
            try await tmux.keys("a")
            _ = try await tmux.waitFor("type to narrow")
            try await tmux.keys("-l", "pres de banka")
            let picking = try await tmux.waitFor("create 'pres de banka'")
            let lines = picking.split(separator: "\n").map(String.init)
            let highlighted = try #require(lines.first { $0.contains("  > ") }, "\(picking)")
            #expect(highlighted.contains("Press de banca"), "\(picking)")
            try await tmux.keys("Enter")
            _ = try await tmux.waitFor("added Press de banca")
            for _ in 0..<3 { try await tmux.keys("Space") }
            try await tmux.keys("Enter")
            _ = try await tmux.waitFor("today: 2x0kg")
            try await tmux.keys("q")
            _ = try await tmux.waitFor("Save session?")
            try await tmux.keys("y")
            let finished = try await tmux.waitFor(done)
            #expect(finished.contains("\(done)0"), "\(finished)")
            let session = try await Self.lastSession(coach)
            let exercise = try #require(session["exercises"]?.arrayValue?.first?.objectValue)
            #expect(exercise["name"] == "Press de banca")
            #expect(exercise["exercise"]?.stringValue != nil, "linked to the catalogue, not kept by name only")
            let catalogue = try await runGorilla(["--json", "exercises", "list"], home: coach.home)
            #expect(try catalogue.json().arrayValue?.count == 3, "no exercise was created: \(catalogue)")
        }
    }
}

extension TrainFloorTmuxTests {
    @Test func theViewOpenedOnAFinishedSessionStoresACorrectionNotASecondSession() async throws {
        try await withTestServer { server in
            let coach = try await Self.coach(on: server)
            let logged = try await runGorilla(
                ["--json", "sessions", "log", "--client", "Bea", "--set", "Prensa: 10x80kg, 8x80kg"], home: coach.home)
            let id = try #require(try logged.json().objectValue?["id"]?.stringValue, "\(logged)")
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let done = "train-exited-"
            try await Self.train("--edit \(id)", coach, in: tmux, done: done)
            let opened = try await tmux.waitFor("CORRECTING")
            #expect(opened.contains("today: 10x80kg, 8x80kg"), "\(opened)")
            try await tmux.keys("e")  // the last set
            _ = try await tmux.waitFor("[8x80kg]")
            try await tmux.keys("Enter")
            _ = try await tmux.waitFor("Set (e.g.")
            for _ in 0..<6 { try await tmux.keys("BSpace") }
            try await tmux.keys("-l", "9x82.5kg")
            try await tmux.keys("Enter")
            _ = try await tmux.waitFor("is now 9x82.5kg")
            try await tmux.keys("Escape")  // (an Escape followed at once by a key would read as Alt and that key)
            _ = try await tmux.waitFor("Enter confirm")
            try await tmux.keys("q")
            _ = try await tmux.waitFor("Save the correction?")
            try await tmux.keys("Enter")
            let finished = try await tmux.waitFor(done)
            #expect(finished.contains("\(done)0"), "\(finished)")
            let listed = try await runGorilla(["--json", "sessions", "list"], home: coach.home)
            #expect(try listed.json().arrayValue?.count == 1, "corrected, not saved twice: \(listed)")
            let sets = Self.sets(try await Self.lastSession(coach))
            #expect(sets.map { $0.1["reps"]?.intValue } == [10, 9])
            #expect(sets.map { $0.1["weight"]?.doubleValue } == [80, 82.5])
            let history = try await runGorilla(["--json", "sessions", "show", id, "--history"], home: coach.home)
            #expect(try history.json().arrayValue?.count == 2, "both revisions are readable: \(history)")
        }
    }
}

/// Waits up to 10 s for `file` to hold bytes that satisfy `condition`; returns what it holds.
func waitForFile(_ file: URL, _ condition: ([UInt8]) -> Bool) async throws -> [UInt8] {
    var bytes: [UInt8] = []
    _ = try await eventually(timeout: .seconds(10), every: .milliseconds(100)) {
        bytes = (try? [UInt8](Data(contentsOf: file))) ?? []
        return condition(bytes)
    }
    return bytes
}
