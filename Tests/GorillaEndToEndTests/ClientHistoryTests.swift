import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Clients and their history as a coach reads them: removed clients stay readable, registration codes reach the
/// coach's other devices, and the register command printed for an invitation works as printed.
@Suite(.hangLimit)
struct ClientHistoryTests {
    /// Runs `body`, which must fail with a ``ClientError``; returns it.
    static func failure(_ body: () async throws -> Void) async -> ClientError? {
        do {
            try await body()
            return nil
        } catch let error as ClientError {
            return error
        } catch {
            return ClientError(.local, "unexpected \(error)")
        }
    }

    /// The rows of `clients list --json`, by display name.
    static func rows(_ output: CommandOutput) -> [String: [String: JSONValue]] {
        var rows: [String: [String: JSONValue]] = [:]
        for row in output.json.arrayValue ?? [] {
            guard let object = row.objectValue else { continue }
            let name = [object["name"]?.stringValue, object["surname"]?.stringValue].compactMap { $0 }
                .joined(separator: " ")
            rows[name] = object
        }
        return rows
    }

    @Test func aRemovedClientsHistoryIsFoundByNameAndIdAndListedWithAll() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.app.addExercise(name: "Squat", ExerciseFields())
            let (alexID, code) = try await coach.invite(name: "Alex", surname: "Soler")
            let alex = try await Device.registered("alex", code: code, on: server)
            _ = try await coach.app.logSession(
                SessionLogRequest(client: "alex", date: "2026-11-02 10:00", sets: ["Squat: 10x50kg, 8x60kg"]))
            _ = try await coach.app.sendMessage(to: "Alex", text: "Good session")
            _ = try await coach.app.removeClient("Alex Soler")
            _ = alex

            // Read by name, by a word of it, and by id: statistics, sessions and the profile.
            for name in ["alex", "Soler", "ALEX SOLER", alexID.short] {
                let stats = try await coach.app.stats(StatsRequest(client: name))
                #expect(stats.text.contains("Alex Soler"), "\(name): \(stats.text)")
                let sessions = try await coach.app.listSessions(client: name, from: nil, to: nil)
                #expect(sessions.json.arrayValue?.count == 1, "\(name): \(sessions.text)")
            }
            let shown = try await coach.app.showClient(alexID.short)
            #expect(shown.json.objectValue?["removed"] == true, "\(shown.json)")
            #expect(shown.json.objectValue?["status"] == "removed", "\(shown.json)")
            #expect(shown.text.contains("status:   removed"), "\(shown.text)")
            #expect(shown.text.contains(alexID.key), "\(shown.text)")
            let thread = try await coach.app.showThread("alex", limit: nil)
            #expect(thread.text.contains("Good session"), "\(thread.text)")

            // Lists leave them out unless --all, which marks them.
            #expect(Self.rows(try await coach.app.listClients())["Alex Soler"] == nil)
            let all = try await coach.app.listClients(all: true)
            let row = try #require(Self.rows(all)["Alex Soler"], "\(all.text)")
            #expect(row["removed"] == true && row["status"] == "removed", "\(row)")
            let line = try #require(all.text.split(separator: "\n").first { $0.contains("Alex Soler") })
            #expect(line.contains("removed") && line.contains(alexID.short), "\(all.text)")

            // Writing for them is refused, saying why.
            let logged = await Self.failure {
                _ = try await coach.app.logSession(SessionLogRequest(client: "alex", sets: ["Squat: 5x50kg"]))
            }
            #expect(logged?.kind == .usage, "\(String(describing: logged))")
            #expect(logged?.message.contains("Alex Soler was removed") == true, "\(String(describing: logged))")
            let scheduled = await Self.failure {
                _ = try await coach.app.addEvent(client: "alex", EventFields(at: "2030-01-07 10:00"))
            }
            #expect(
                scheduled?.message.contains("not schedule events for them") == true, "\(String(describing: scheduled))")
            let sent = await Self.failure { _ = try await coach.app.sendMessage(to: "alex", text: "Hello?") }
            #expect(sent?.message.contains("not send messages to them") == true, "\(String(describing: sent))")
            let trained = await Self.failure {
                _ = try await coach.app.startTraining(TrainRequest(client: "alex", free: true))
            }
            #expect(trained?.message.contains("not train them") == true, "\(String(describing: trained))")

            // The same through the binary.
            let cli = try await runGorilla(["stats", "--client", "alex"], home: coach.home)
            #expect(cli.status == 0 && cli.stdout.contains("Alex Soler"), "\(cli)")
            let listed = try await runGorilla(["--json", "clients", "list", "--all"], home: coach.home)
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stdout.contains(#""removed":true"#), "\(listed)")
        }
    }

    @Test func theCoachsOtherDeviceShowsTheRegistrationCodeOnDemand() async throws {
        try await withTestServer { server in
            let laptop = try await Device.coach("ada", on: server)
            let (_, first) = try await laptop.invite(name: "Bea", surname: "Puig")
            #expect(Self.rows(try await laptop.app.listClients())["Bea Puig"]?["code"]?.stringValue == first)

            let phone = try await Device.loggedIn("ada", on: server)
            let listed = try await phone.app.listClients()
            let listedRow = try #require(Self.rows(listed)["Bea Puig"], "\(listed.json)")
            #expect((listedRow["code"] ?? .null) == .null, "no code on a device that does not hold it: \(listed.json)")
            #expect(listed.text.contains("(other device)"), "\(listed.text)")
            #expect(listed.text.contains("gorilla clients show C --code"), "\(listed.text)")
            let plain = try await phone.app.showClient("bea")
            #expect(plain.text.contains("issued on another of your devices"), "\(plain.text)")
            #expect(!plain.text.contains(first))

            let shown = try await phone.app.showClient("bea", code: true)
            let second = try #require(shown.json.objectValue?["code"]?.stringValue, "\(shown.json)")
            #expect(second != first)
            #expect(shown.text.contains("code:     \(second)"), "\(shown.text)")
            #expect(shown.text.contains("gorilla register client --code \(second)"), "\(shown.text)")
            #expect(shown.notes.contains { $0.contains("no longer works") }, "\(shown.notes)")
            // Asked again, the phone shows the code it holds: nothing new is issued.
            let again = try await phone.app.showClient("bea", code: true)
            #expect(again.json.objectValue?["code"]?.stringValue == second)
            #expect(again.notes.isEmpty, "\(again.notes)")
            #expect(Self.rows(try await phone.app.listClients())["Bea Puig"]?["code"]?.stringValue == second)

            // The laptop no longer shows the code that stopped working.
            let laptopList = try await laptop.app.listClients()
            let laptopListRow = try #require(Self.rows(laptopList)["Bea Puig"], "\(laptopList.json)")
            #expect(
                (laptopListRow["code"] ?? .null) == .null,
                "no code on a device that does not hold it: \(laptopList.json)")
            #expect(!laptopList.text.contains(first), "\(laptopList.text)")
            #expect(laptopList.text.contains("(other device)"), "\(laptopList.text)")

            let stale = await Self.failure { _ = try await Device.registered("bea", code: first, on: server) }
            #expect(stale?.wire?.code == .invalidCode, "\(String(describing: stale))")
            let bea = try await Device.registered("bea", code: second, on: server)
            #expect(bea.app.home.loadSession()?.profile.name == "Bea")
            let registered = await Self.failure { _ = try await phone.app.showClient("bea", code: true) }
            #expect(registered?.message.contains("has already registered") == true, "\(String(describing: registered))")
        }
    }

    /// The `gorilla register client …` command in `text`, with its placeholders filled in.
    static func registerCommand(in text: String) throws -> [String] {
        let start = try #require(text.range(of: "gorilla register client"), "\(text)")
        let command = text[start.lowerBound...].prefix { $0 != "\"" && $0 != "\n" }
        let filled = [
            "YOUR@EMAIL": "nina@example.com", "YOU": "nina", "SURNAME": "Soler", "NAME": "Nina",
        ]
        return command.split(separator: " ").dropFirst().map { word in filled[String(word)] ?? String(word) }
    }

    @Test func thePrintedRegisterCommandWorksForAClientInvitedWithoutAName() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let nameless = try await coach.app.addClient(name: nil, surname: nil)
            #expect(nameless.text.contains("--name NAME --surname SURNAME"), "\(nameless.text)")
            let named = try await coach.app.addClient(name: "Pau", surname: nil)
            #expect(named.text.contains("--surname SURNAME") && !named.text.contains("--name NAME"), "\(named.text)")
            let full = try await coach.app.addClient(name: "Ona", surname: "Roig")
            #expect(!full.text.contains("--name") && !full.text.contains("--surname"), "\(full.text)")
            let reissued = try await coach.app.newClientCode(
                try #require(nameless.json.objectValue?["id"]?.stringValue))
            #expect(reissued.text.contains("--name NAME --surname SURNAME"), "\(reissued.text)")

            let arguments = try Self.registerCommand(in: reissued.text)
            let home = try TemporaryFolder("gorilla-e2e-register")
            let connected = try await runGorilla(["connect", "127.0.0.1:\(server.port)", "--trust"], home: home.url)
            #expect(connected.status == 0, "\(connected)")
            let registered = try await runGorilla(
                arguments + ["--password-stdin"], home: home.url, input: Device.password + "\n")
            #expect(registered.status == 0, "\(arguments): \(registered)")
            let whoami = try await runGorilla(["whoami"], home: home.url)
            #expect(whoami.stdout.contains("nina (client)"), "\(whoami)")
            #expect(Self.rows(try await coach.app.listClients())["Nina Soler"]?["status"] == "active")

            // Without the names, the refusal says what to add.
            let (_, code) = try await coach.invite(name: nil, surname: nil)
            let other = try TemporaryFolder("gorilla-e2e-register")
            _ = try await runGorilla(["connect", "127.0.0.1:\(server.port)", "--trust"], home: other.url)
            let refused = try await runGorilla(
                [
                    "register", "client", "--code", code, "--username", "max", "--email", "max@example.com",
                    "--password-stdin",
                ], home: other.url, input: Device.password + "\n")
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("add --name NAME --surname SURNAME"), "\(refused)")
        }
    }
}
