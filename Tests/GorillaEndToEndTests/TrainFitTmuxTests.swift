import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The real `gorilla train` on small terminals, driven in tmux: at 80×24 the table's columns keep their spaces, at
/// 60×20 the header does not wrap and the whole view (the help included) fits.
@Suite(.hangLimit, .requiresTmux)
struct TrainFitTmuxTests {
    @Test func theViewFitsEightyAndSixtyColumns() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addClient(name: "Núria", surname: "Ferrer i Casals")
            let names = [
                "Press de banca", "Rem amb barra", "Sentadilla", "Pes mort", "Crunch", "Fons", "Curl", "Planxa",
            ]
            for name in names { _ = try await coach.app.addExercise(name: name, ExerciseFields()) }
            let plans = names.map { "\($0): 3x10@30kg rest 90s group A" }
            _ = try await coach.app.addTraining(name: "Tren superior complet", exercises: [], plans: plans)
            _ = try await coach.app.logSession(
                SessionLogRequest(
                    client: "Núria", training: "Tren superior complet", date: "2026-03-02 18:30",
                    sets: names.map { "\($0): 10x30kg, 10x30kg, 8x30kg" }))
            let tmux = Tmux()
            defer { Task { await tmux.stop() } }
            let done = "train-exited-"
            try await tmux.start(
                "GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' train --client Núria "
                    + "--training 'Tren superior complet'; echo \(done)$?; sleep 30", columns: 80, rows: 24)
            let wide = try await tmux.waitFor("Space start")
            let wideLines = wide.components(separatedBy: "\n")
            let row = try #require(wideLines.first { $0.contains("Press de banca") }, "\(wide)")
            #expect(row.contains("group A  10 × 30 kg"), "the plan and last time keep their spaces: \(row)")
            #expect(wideLines.allSatisfy { $0.count <= 80 }, "\(wide)")
            #expect(wideLines[0].contains("Tren superior complet"), "\(wide)")

            try await tmux.resize(columns: 60, rows: 20)
            // Redrawn for 60 columns: the training's name, last on the first line, is cut.
            var narrow = ""
            let redrawn = try await eventually(timeout: .seconds(20)) {
                narrow = try await tmux.screen()
                return narrow.contains("Esc cancel") && !narrow.contains("Tren superior complet")
            }
            #expect(redrawn, "\(narrow)")
            let lines = narrow.components(separatedBy: "\n")
            #expect(lines[0].contains("REAL TIME") && lines[0].contains("Núria"), "\(narrow)")
            #expect(lines[0].contains("session 0:"), "the time stays on the first line: \(narrow)")
            #expect(lines.count >= 2 && lines[1].trimmingCharacters(in: .whitespaces).isEmpty, "no wrap: \(narrow)")
            #expect(narrow.contains("> ") && narrow.contains("Press de banca"), "the selected row shows: \(narrow)")
            #expect(narrow.contains("Set 1 of 3 · Press de banca"), "\(narrow)")
            #expect(lines.prefix(20).joined().contains("Esc cancel"), "the help fits in 20 rows: \(narrow)")
            try await tmux.keys("Escape")
            _ = try await tmux.waitFor("[y/n]")
            try await tmux.keys("y")
            let finished = try await tmux.waitFor(done)
            #expect(finished.contains("\(done)0"), "\(finished)")
        }
    }
}
