import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// A coach's account with something in every section, for tests that read all of it (`--json` of every command,
/// `gorilla export`): Ada coaches Bea (registered, on her own device) and Carles (invited); a second coach, Bob, keeps
/// data of his own that Ada must never see.
struct PopulatedAccount {
    let coach: Device
    let client: Device
    let other: Device
    /// A session of Bea with notes, a comment, a correction, a weight in pounds and a timed exercise.
    let session: String
    /// Bea's event on 2026-11-25 18:00.
    let event: String
    /// What only Bob has: names that must appear nowhere in Ada's output.
    static let othersNames = ["Smith machine", "Bob's squat", "Bob's legs", "Dora", "Bob's secret note"]

    /// Runs the built `gorilla` on `device` in Madrid's time zone; the test fails unless it exits 0.
    @discardableResult
    static func gorilla(_ device: Device, _ arguments: String..., input: String? = nil) async throws -> CommandRun {
        let run = try await runGorilla(arguments, home: device.home, input: input, environment: ["TZ": "Europe/Madrid"])
        #expect(run.status == 0, "gorilla \(arguments.joined(separator: " ")): \(run)")
        return run
    }

    static func make(on server: some RunningServer) async throws -> PopulatedAccount {
        let coach = try await Device.coach("ada", on: server)
        _ = try await coach.app.addMachine(name: "Leg press", imageFile: nil)
        _ = try await coach.app.addExercise(
            name: "Leg press", ExerciseFields(machine: "Leg press", description: "Feet high", muscles: ["quadriceps"]))
        _ = try await coach.app.addExercise(name: "Curl", ExerciseFields(muscles: ["biceps"]))
        _ = try await coach.app.addExercise(name: "Plank", ExerciseFields(muscles: ["abs"], count: "time"))
        _ = try await coach.app.addExercise(name: "Rower", ExerciseFields(count: "distance"))
        _ = try await coach.app.addTraining(
            name: "Legs A", exercises: ["Leg press"], plans: ["Curl: 3x10@12kg rest 60s", "Plank: 3x45s"])
        let invited = try await coach.app.addClient(name: "Bea", surname: "Puig")
        let code = try #require(invited.json.objectValue?["code"]?.stringValue, "\(invited.json)")
        _ = try await coach.app.addClient(name: "Carles", surname: "Vives")
        let client = try await Device.registered("bea", code: code, on: server)
        try await coach.sync()

        let event = try #require(
            try await coach.app.addEvent(
                client: "Bea", EventFields(at: "2026-11-25 18:00", duration: 45, gym: "Downtown", note: "Legs")
            ).json.objectValue?["id"]?.stringValue)
        let cancelled = try #require(
            try await coach.app.addEvent(client: "Bea", EventFields(at: "2026-11-27 18:00")).json.objectValue?["id"]?
                .stringValue)
        _ = try await coach.app.setEventStatus(cancelled, status: "cancelled")
        // Logged in Madrid, as a coach there types the times.
        let logged = try await gorilla(
            coach, "--json", "sessions", "log", "--client", "Bea", "--training", "Legs A", "--event", event,
            "--date", "2026-11-20 10:00", "--set", "Leg press: 12x80kg@40.1s, 10x85.5kg@38.2s",
            "--set", "Curl: 8x33lb, 6x35lb drop", "--set", "Plank: 1@45s", "--set", "Rower: 2000m@7:30",
            "--notes", "Good one, \"solid\"\nknees fine")
        let session = try #require(try logged.json().objectValue?["id"]?.stringValue, "\(logged)")
        try await gorilla(
            coach, "sessions", "log", "--client", "Bea", "--date", "2026-11-22 09:00", "--set",
            "Leg press: 8x90kg, 6x95kg")
        try await gorilla(coach, "sessions", "edit", session, "--set", "Curl: 8x33lb, 7x35lb drop")
        _ = try await coach.app.commentSession(session, text: "Great depth")
        _ = try await coach.app.sendMessage(to: "Bea", text: "See you Wednesday")
        _ = try await client.app.sendMessage(to: "coach", text: "Thanks!")
        try await gorilla(
            coach, "measurements", "add", "--client", "Bea", "--date", "2026-11-20", "--weight", "70.4",
            "--height", "170", "--waist", "80")
        try await gorilla(client, "measurements", "add", "--date", "2026-11-22", "--weight", "70.1")
        let tools = try await server.operatorTools()
        _ = try await tools.addNews("Maintenance on Sunday", audience: "all")

        // Bob, another coach, with a client and a session of his own.
        let other = try await Device.coach("bob", on: server)
        _ = try await other.app.addMachine(name: "Smith machine", imageFile: nil)
        _ = try await other.app.addExercise(name: "Bob's squat", ExerciseFields(machine: "Smith machine"))
        _ = try await other.app.addTraining(name: "Bob's legs", exercises: ["Bob's squat"])
        _ = try await other.app.addClient(name: "Dora", surname: "Mar")
        _ = try await other.app.logSession(
            SessionLogRequest(
                client: "Dora", date: "2026-11-21 08:00", sets: ["Bob's squat: 5x100kg"], notes: "Bob's secret note"))

        try await coach.sync()
        try await client.sync()
        return PopulatedAccount(coach: coach, client: client, other: other, session: session, event: event)
    }
}
