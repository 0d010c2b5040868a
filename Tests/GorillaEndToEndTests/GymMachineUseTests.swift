import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// A coach's own exercise done on a machine of her gym's library, through the real `gorilla` binary over TLS: the CLI
/// finds the gym's machine by name (her own first on a tie), the server takes the reference, her client sees that the
/// exercise is done on a gym's machine, and when she leaves the gym the exercise keeps working.
@Suite(.hangLimit)
struct GymMachineUseTests {
    /// Runs `gorilla ARGUMENTS` on `device`, requiring success.
    static func run(_ arguments: [String], on device: Device) async throws -> CommandRun {
        let run = try await runGorilla(arguments, home: device.home)
        #expect(run.status == 0, "\(arguments.joined(separator: " ")): \(run)")
        return run
    }

    @Test func aCoachOfTheGymDoesHerExerciseOnTheGymsMachine() async throws {
        try await withTestServer { server in
            let (olga, cora) = try await GymLibraryTests.gym(on: server)
            _ = try await Self.run(["machines", "add", "Leg press", "--gym"], on: olga)
            _ = try await cora.sync()
            let gymPress = try #require(
                try cora.entities(LocalCache.libraryKind("machine")).first {
                    $0.data["name"]?.stringValue == "Leg press"
                })

            // Found by name among the gym's machines; the list marks it as the gym's.
            _ = try await Self.run(["exercises", "add", "Prensa", "--machine", "leg PRESS"], on: cora)
            _ = try await cora.sync()
            let prensa = try #require(try cora.entity("exercise", named: "Prensa"), "the server took it")
            #expect(prensa.data["machine"]?.stringValue == gymPress.id.key)
            let listed = try await Self.run(["exercises", "list"], on: cora)
            #expect(listed.stdout.contains("Leg press (gym)"), "\(listed.stdout)")
            let machines = try await Self.run(["machines", "show", "leg press"], on: cora)
            #expect(machines.stdout.hasPrefix("Leg press (gym)") && machines.stdout.contains("Prensa"), "\(machines)")

            // Her own machine of the same name wins the tie.
            _ = try await Self.run(["machines", "add", "Leg Press"], on: cora)
            _ = try await Self.run(["exercises", "add", "Hack", "--machine", "leg press"], on: cora)
            let own = try #require(try cora.entity("machine", named: "Leg Press"))
            #expect(try cora.entity("exercise", named: "Hack")?.data["machine"]?.stringValue == own.id.key)
            // The gym's, named with its mark as the lists write it.
            _ = try await Self.run(["exercises", "edit", "Hack", "--machine", "Leg press (gym)"], on: cora)
            #expect(try cora.entity("exercise", named: "Hack")?.data["machine"]?.stringValue == gymPress.id.key)

            // Her client reads the exercise, done on a gym's machine they do not see.
            let added = try await cora.app.addClient(name: "Bea", surname: "Puig")
            let code = try #require(added.json.objectValue?["code"]?.stringValue)
            let bea = try Device()
            try await bea.connect(to: server)
            _ = try await bea.app.register(
                SignupBody(
                    username: "bea", email: "bea@example.com", password: Device.password, name: "Bea",
                    surname: "Puig", code: code))
            let seen = try await Self.run(["exercises", "show", "Prensa", "--language", "ca"], on: bea)
            #expect(seen.stdout.contains(CataloguePhrases.machineUnseen.text(in: .ca)), "\(seen.stdout)")

            // She leaves the gym: the exercise keeps its machine, shown as one she no longer sees, and still edits.
            _ = try await Self.run(["gym", "leave"], on: cora)
            let shown = try await Self.run(["exercises", "show", "Prensa"], on: cora)
            #expect(shown.stdout.contains("(a gym's machine, not visible)"), "\(shown.stdout)")
            _ = try await Self.run(["exercises", "edit", "Prensa", "--description", "Slow"], on: cora)
            _ = try await cora.sync()
            let edited = try #require(try cora.entity("exercise", named: "Prensa"))
            #expect(edited.data["description"]?.stringValue == "Slow", "the server took the edit")
            #expect(edited.data["machine"]?.stringValue == gymPress.id.key)
            let refused = try await runGorilla(
                ["exercises", "add", "Other", "--machine", "Leg press"], home: cora.home)
            #expect(
                try cora.entity("exercise", named: "Other")?.data["machine"]?.stringValue == own.id.key, "\(refused)")
        }
    }
}
