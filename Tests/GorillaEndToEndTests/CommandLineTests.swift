import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The built `gorilla` binary, run as a person would, against a real server.
@Suite(.hangLimit)
struct CommandLineTests {
    @Test func aCoachConnectsRegistersLogsOutAndBackInFromTheCommandLine() async throws {
        try await withTestServer { server in
            let home = try TemporaryFolder("gorilla-e2e-cli")
            func gorilla(_ arguments: String..., input: String? = nil) async throws -> CommandRun {
                try await runGorilla(arguments, home: home.url, input: input)
            }

            let connected = try await gorilla("connect", "127.0.0.1:\(server.port)", "--trust")
            #expect(connected.status == 0, "\(connected)")
            #expect(connected.stdout.contains(try server.info().fingerprint), "\(connected)")

            let registered = try await gorilla(
                "register", "coach", "--username", "ada", "--email", "ada@example.com",
                "--name", "Ada", "--surname", "Lovelace", "--password-stdin",
                input: "analytical-engine\n")
            #expect(registered.status == 0, "\(registered)")

            let whoami = try await gorilla("whoami")
            #expect(whoami.status == 0, "\(whoami)")
            #expect(whoami.stdout.contains("ada (coach)"), "\(whoami)")
            #expect(whoami.stdout.contains("127.0.0.1:\(server.port)"), "\(whoami)")

            let loggedOut = try await gorilla("logout")
            #expect(loggedOut.status == 0, "\(loggedOut)")
            let anonymous = try await gorilla("whoami")
            #expect(anonymous.status != 0, "\(anonymous)")
            #expect(anonymous.stderr.contains("gorilla login"), "\(anonymous)")

            let wrong = try await gorilla("login", "--user", "ada", "--password-stdin", input: "difference-engine\n")
            #expect(wrong.status != 0, "\(wrong)")
            let loggedIn = try await gorilla(
                "login", "--user", "ada@example.com", "--password-stdin", input: "analytical-engine\n")
            #expect(loggedIn.status == 0, "\(loggedIn)")
            // The account may also come first, without --user; one of the two is needed.
            #expect(try await gorilla("logout").status == 0)
            let nobody = try await gorilla("login", "--password-stdin", input: "analytical-engine\n")
            #expect(nobody.status != 0 && nobody.stderr.contains("username or email"), "\(nobody)")
            let byName = try await gorilla("login", "ada", "--password-stdin", input: "analytical-engine\n")
            #expect(byName.status == 0, "\(byName)")
            #expect(try await gorilla("whoami").stdout.contains("ada (coach)"))

            let empty = try await gorilla("--json", "machines", "list")
            #expect(empty.status == 0, "\(empty)")
            #expect(try empty.json() == .array([]))

            let added = try await gorilla("machines", "add", "Leg press")
            #expect(added.status == 0, "\(added)")
            #expect(added.stderr.isEmpty, "\(added)")
            let listed = try await gorilla("--json", "machines", "list")
            let machines = try #require(try listed.json().arrayValue)
            #expect(machines.compactMap { $0.objectValue?["name"]?.stringValue } == ["Leg press"])

            let status = try await gorilla("sync", "--status", "--json")
            #expect(status.status == 0, "\(status)")
            #expect(try status.json().objectValue?["queued"] == 0)

            // The saved address now answers with another certificate: refused, not trusted silently. (The impostor
            // listens on a port of its own and the saved address is pointed at it: rebinding the same port races
            // with the servers of tests running alongside.)
            await server.stop()
            let impostorFolder = try TemporaryFolder("gorilla-e2e-impostor")
            let impostor = TestServer(dataDirectory: impostorFolder.child("data"))
            try await impostor.start()
            defer { withExtendedLifetime(impostorFolder) {} }
            let clientHome = ClientHome(environment: ["GORILLA_HOME": home.url.path])
            var config = clientHome.loadConfig()
            config.server?.port = impostor.port
            try clientHome.saveConfig(config)

            // whoami works on the account saved here and says the server was refused; sync needs the server.
            let refusedWhoami = try await gorilla("whoami")
            #expect(refusedWhoami.status == 0, "\(refusedWhoami)")
            #expect(refusedWhoami.stdout.contains("ada (coach)"), "\(refusedWhoami)")
            #expect(refusedWhoami.stderr.contains("server refused"), "\(refusedWhoami)")
            #expect(refusedWhoami.stderr.contains("certificate changed"), "\(refusedWhoami)")
            let refusedSync = try await gorilla("sync")
            #expect(refusedSync.status != 0, "\(refusedSync)")
            #expect(refusedSync.stderr.contains("certificate changed"), "\(refusedSync)")
            let refusedJSON = try await gorilla("--json", "sync")
            #expect(refusedJSON.status != 0, "\(refusedJSON)")
            #expect(refusedJSON.stdout.isEmpty, "\(refusedJSON)")
            #expect(refusedJSON.stderr.contains("certificateChanged"), "\(refusedJSON)")
            await impostor.stop()
        }
    }

    @Test func emptyListsNameTheCommandThatAddsTheFirstItem() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            for (section, command) in [
                ("machines", "gorilla machines add"), ("exercises", "gorilla exercises add"),
                ("trainings", "gorilla trainings add"),
            ] {
                let listed = try await runGorilla([section, "list"], home: device.home)
                #expect(listed.status == 0, "\(listed)")
                #expect(listed.stdout.contains(command), "\(listed)")
            }
        }
    }
}
