import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Inviting, registering, re-inviting, resetting and removing clients, with real devices over TLS.
@Suite(.hangLimit)
struct OnboardingTests {
    /// The client rows `gorilla clients list --json` prints, by display name.
    static func clients(of coach: Device) async throws -> [String: [String: JSONValue]] {
        let listed = try await coach.app.listClients()
        var rows: [String: [String: JSONValue]] = [:]
        for row in listed.json.arrayValue ?? [] {
            guard let object = row.objectValue else { continue }
            let name = [object["name"]?.stringValue, object["surname"]?.stringValue].compactMap { $0 }.joined(
                separator: " ")
            rows[name] = object
        }
        return rows
    }

    /// Runs `body`, which must fail with a server error; returns it.
    static func serverError(_ body: () async throws -> Void) async -> ClientError? {
        do {
            try await body()
            return nil
        } catch let error as ClientError {
            return error
        } catch {
            return ClientError(.local, "unexpected \(error)")
        }
    }

    @Test func aClientJoinsWithTheCodeAndTheCoachSeesThemActive() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let added = try await coach.app.addClient(name: "Ana", surname: "Serra")
            let json = try #require(added.json.objectValue)
            let code = try #require(json["code"]?.stringValue, "\(added.text)")
            #expect(isRegistrationCode(code), "code \(code)")
            let expires = try #require(json["expires"]?.stringValue.flatMap(ISOTime.parse))
            #expect(abs(expires.timeIntervalSinceNow - 14 * 86_400) < 120, "expires \(expires)")
            #expect(added.text.contains(code))
            #expect(added.text.contains("gorilla register client --code \(code)"))
            let invited = try #require(try await Self.clients(of: coach)["Ana Serra"])
            #expect(invited["status"] == "invited")
            #expect(invited["code"]?.stringValue == code)

            // The client types the code in lower case, without names: the coach's names are used.
            let client = try await Device.registered("ana", code: code.lowercased(), on: server)
            let profile = try #require(client.app.home.loadSession()?.profile)
            #expect(profile.role == .client)
            #expect(profile.name == "Ana" && profile.surname == "Serra")
            #expect(profile.coach == (try coach.accountID()))
            #expect(profile.id.uuidString.lowercased() == json["id"]?.stringValue)
            let whoami = try await client.app.whoami()
            #expect(whoami.text.contains("ana (client)"), "\(whoami.text)")

            let active = try #require(try await Self.clients(of: coach)["Ana Serra"])
            #expect(active["status"] == "active")
            #expect(active["username"] == "ana")
            #expect(active["email"] == "ana@example.com")
            #expect(!active.keys.contains("code"), "no code once registered (left out, never null)")
            #expect(active["joined"]?.stringValue.flatMap(ISOTime.parse) != nil)

            // Names the client gives win over the coach's; missing ones come from the coach.
            let (_, pauCode) = try await coach.invite(name: "Pau", surname: "Vila")
            let pau = try await Device.registered("pau", code: pauCode, on: server, name: "Pablo")
            #expect(pau.app.home.loadSession()?.profile.name == "Pablo")
            #expect(pau.app.home.loadSession()?.profile.surname == "Vila")
            #expect(try await Self.clients(of: coach)["Pablo Vila"]?["status"] == "active")

            // A client invited without names must give them; the refusal does not spend the code.
            let (_, namelessCode) = try await coach.invite(name: nil, surname: nil)
            let missing = try Device()
            try await missing.connect(to: server)
            let refused = await Self.serverError {
                _ = try await missing.app.register(
                    SignupBody(
                        username: "nina", email: "nina@example.com", password: Device.password,
                        name: nil, surname: nil, code: namelessCode))
            }
            #expect(refused?.wire?.code == .missingFields, "\(String(describing: refused))")
            _ = try await missing.app.register(
                SignupBody(
                    username: "nina", email: "nina@example.com", password: Device.password,
                    name: "Nina", surname: "Soler", code: namelessCode))
            #expect(try await Self.clients(of: coach)["Nina Soler"]?["username"] == "nina")
        }
    }

    @Test func usedUnknownAndExpiredCodesAreRefusedWithTheirOwnCodesAndMessages() async throws {
        var messages: [WireErrorCode: String] = [:]
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            _ = try await Device.registered("ana", code: code, on: server)

            let latecomer = try Device()
            try await latecomer.connect(to: server)
            func register(_ code: String) async -> ClientError? {
                await Self.serverError {
                    _ = try await latecomer.app.register(
                        SignupBody(
                            username: "eve", email: "eve@example.com", password: Device.password,
                            name: "Eve", surname: "Mallory", code: code))
                }
            }
            let used = await register(code)
            #expect(used?.kind == .server)
            #expect(used?.wire?.code == .codeUsed, "\(String(describing: used))")
            let unknown = await register("ZZZZ-ZZZZ")
            #expect(unknown?.wire?.code == .invalidCode, "\(String(describing: unknown))")
            let malformed = await register("ABC-12")
            #expect(malformed?.kind == .usage, "a malformed code is refused before any connection")
            messages[.codeUsed] = used?.message
            messages[.invalidCode] = unknown?.message
            #expect(latecomer.app.home.loadSession() == nil)
        }
        // The server's clock is moved past the code's lifetime (the default) rather than waited for: in process, and
        // in the server's own process through the clock's file.
        for mode in [ServerMode.tls, .process] {
            let clock = try TestClock()
            try await withGorillaServer(mode, clock: clock) { gorilla in
                let server = try gorilla.requireListening()
                let coach = try await Device.coach("ada", on: server)
                let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
                try clock.advance(by: TimeInterval(RegistrationCode.defaultLifetimeDays * 86_400) + 1)
                let late = try Device()
                try await late.connect(to: server)
                let expired = await Self.serverError {
                    _ = try await late.app.register(
                        SignupBody(
                            username: "ana", email: "ana@example.com", password: Device.password,
                            name: nil, surname: nil, code: code))
                }
                #expect(expired?.wire?.code == .codeExpired, "\(mode): \(String(describing: expired))")
                #expect(messages[.codeExpired] == nil || messages[.codeExpired] == expired?.message, "\(mode)")
                messages[.codeExpired] = expired?.message
            }
        }
        #expect(messages[.codeUsed] == WireErrorCode.codeUsed.message(in: .en))
        #expect(messages[.invalidCode] == WireErrorCode.invalidCode.message(in: .en))
        #expect(messages[.codeExpired] == WireErrorCode.codeExpired.message(in: .en))
        #expect(Set(messages.values).count == 3, "\(messages)")
    }

    @Test func afterFiveWrongCodesFromOneAddressEvenTheRightOneWaitsAndTheCLISaysHowLong() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let guesser = try Device()
            try await guesser.connect(to: server)
            func attempt(_ code: String) async -> ClientError? {
                await Self.serverError {
                    _ = try await guesser.app.register(
                        SignupBody(
                            username: "ana", email: "ana@example.com", password: Device.password,
                            name: nil, surname: nil, code: code))
                }
            }
            for guess in 0..<5 {
                let error = await attempt(String(format: "ZZZZ-ZZ%02d", guess))
                #expect(error?.wire?.code == .invalidCode, "attempt \(guess + 1): \(String(describing: error))")
            }
            // Even the right code is refused while the address waits: ten seconds after the fifth wrong one.
            let limited = await attempt(code)
            let wire = try #require(limited?.wire, "\(String(describing: limited))")
            #expect(wire.code == .rateLimited)
            let wait = try #require(wire.retryAfter)
            #expect((1...10).contains(wait))
            #expect(limited?.message.hasSuffix("(try again in \(wait) s)") == true, "\(wire.message)")
            #expect(guesser.app.home.loadSession() == nil)
            #expect(try await Self.clients(of: coach)["Ana Serra"]?["status"] == "invited")
        }
    }

    @Test func removingAClientEndsTheirSessionsAndLoginButTheCoachKeepsTheirHistory() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (anaID, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            _ = try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-12-01 10:00", gym: "Central"))
            let session = UUID.v7()
            let pushed = try await coach.push([
                Mutation(
                    kind: "session", entity: session, action: .create,
                    fields: [
                        "client": .string(anaID.uuidString.lowercased()), "start": "2026-11-20T10:00:00Z",
                        "end": "2026-11-20T11:00:00Z",
                    ])
            ])
            #expect(pushed.first?.status == .applied)
            _ = try await client.app.sendMessage(to: nil, text: "See you Monday")
            let (_, otherCode) = try await coach.invite(name: "Bo", surname: "Invited")

            // An open connection of the client stops working as soon as the coach removes them.
            let afterRemoval = try await client.withConnection { connection in
                _ = try await coach.app.removeClient("Ana Serra")
                return await Self.serverError {
                    _ = try await connection.request(Operation.profileGet, Empty(), as: Profile.self)
                }
            }
            #expect(afterRemoval?.wire?.code == .notAuthenticated, "\(String(describing: afterRemoval))")

            let sync = await Self.serverError { _ = try await client.app.sync() }
            #expect(sync?.kind == .notLoggedIn, "\(String(describing: sync))")
            #expect(sync?.message.contains("revoked") == true, "\(String(describing: sync))")
            let whoami = await Self.serverError { _ = try await client.app.whoami() }
            #expect(whoami?.kind == .notLoggedIn, "\(String(describing: whoami))")
            // With the right password they are told the coach closed the account; a wrong password, or an account
            // that does not exist, learns nothing.
            let login = await Self.serverError {
                _ = try await client.app.login(user: "ana", password: Device.password)
            }
            #expect(login?.wire?.code == .accountDisabled, "\(String(describing: login))")
            #expect(login?.message == "Your coach has closed this account", "\(String(describing: login))")
            // A Catalan account is told in Catalan, even by a device that does not know its language yet.
            let (_, catalanCode) = try await coach.invite(name: "Núria", surname: "Vila")
            let nuria = try await Device.registered("nuria", code: catalanCode, on: server)
            _ = try await runGorilla(["profile", "edit", "--language", "ca"], home: nuria.home)
            try await coach.sync()
            _ = try await coach.app.removeClient("Núria Vila")
            let newDevice = try Device()
            try await newDevice.connect(to: server)
            let told = await Self.serverError {
                _ = try await newDevice.app.login(user: "nuria", password: Device.password)
            }
            #expect(told?.message == "El vostre entrenador ha tancat aquest compte", "\(String(describing: told))")
            let guessed = await Self.serverError {
                _ = try await client.app.login(user: "ana", password: "not-her-password")
            }
            let nobody = await Self.serverError {
                _ = try await client.app.login(user: "nobody-here", password: Device.password)
            }
            #expect(guessed?.wire?.code == .wrongCredentials, "\(String(describing: guessed))")
            #expect(guessed?.message == nobody?.message, "\(String(describing: guessed)) \(String(describing: nobody))")

            // The coach is unaffected and keeps the client's history.
            #expect(try await coach.app.whoami().text.contains("ada (coach)"))
            #expect(try await Self.clients(of: coach)["Ana Serra"] == nil)
            let rows = try await coach.pullEverything()
            func live(_ kind: String) -> [Change] { rows.filter { $0.kind == kind && !$0.deleted } }
            #expect(live("event").count == 1)
            #expect(live("session").map(\.id) == [session])
            #expect(live("message").count == 1)
            #expect(rows.first { $0.id == anaID }?.deleted == true)
            let database = try ServerDatabase(dataDirectory: server.dataDirectory)
            #expect(try database.count("event", liveOnly: true) == 1)
            #expect(try database.count("session", liveOnly: true) == 1)
            let events = try await coach.app.listEvents(from: nil, to: nil, client: nil)
            #expect(events.json.arrayValue?.count == 1)
            #expect(events.text.contains("Ana Serra"))

            // Removing an invited client retires their unused code.
            _ = try await coach.app.removeClient("Bo Invited")
            let retired = await Self.serverError {
                _ = try await Device.registered("boris", code: otherCode, on: server)
            }
            #expect(retired?.wire?.code == .codeExpired, "\(String(describing: retired))")
        }
    }

    @Test func aNewCodeForAnInvitedClientReplacesTheOldOne() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, first) = try await coach.invite(name: "Ana", surname: "Serra")
            let issued = try await coach.app.newClientCode("Ana")
            let json = try #require(issued.json.objectValue)
            let second = try #require(json["code"]?.stringValue)
            #expect(second != first)
            #expect(isRegistrationCode(second))
            let expires = try #require(json["expires"]?.stringValue.flatMap(ISOTime.parse))
            #expect(abs(expires.timeIntervalSinceNow - 14 * 86_400) < 120)
            #expect(try await Self.clients(of: coach)["Ana Serra"]?["code"]?.stringValue == second)

            let stale = await Self.serverError { _ = try await Device.registered("ana", code: first, on: server) }
            #expect(stale?.wire?.code == .invalidCode, "\(String(describing: stale))")
            let client = try await Device.registered("ana", code: second, on: server)
            #expect(client.app.home.loadSession()?.profile.role == .client)

            // Once registered there is nothing to re-issue.
            let again = await Self.serverError { _ = try await coach.app.newClientCode("Ana") }
            #expect(again?.kind == .usage, "\(String(describing: again))")
            let raw = await Self.serverError {
                try await coach.withConnection { connection in
                    _ = try await connection.request(
                        Operation.clientCode, ClientBody(client: try client.accountID()), as: IssuedSecret.self)
                }
            }
            #expect(raw?.wire?.code == .invalidField, "\(String(describing: raw))")
        }
    }

    @Test func aResetTokensExpiryIsShownInTheViewersTime() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            _ = try await Device.registered("ana", code: code, on: server)
            try await coach.sync()
            // Tokyo is 9 hours ahead of UTC all year: a time left in UTC would be 9 hours off.
            let run = try await runGorilla(
                ["clients", "reset-password", "Ana"], home: coach.home, environment: ["TZ": "Asia/Tokyo"])
            let shown = try #require(
                run.stdout.firstMatch(of: /valid until (\d{4}-\d{2}-\d{2} \d{2}:\d{2})/).map { String($0.1) }, "\(run)")
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
            let parts = shown.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
            let until = try #require(
                calendar.date(
                    from: DateComponents(
                        year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])))
            #expect(abs(until.timeIntervalSinceNow - 86_400) < 180, "\(shown) is a day from now in Tokyo")
        }
    }

    @Test func aResetTokenFromTheCoachLetsTheClientChooseANewPassword() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            try await coach.sync()

            let issued = try await coach.app.clientResetPassword("Ana")
            let json = try #require(issued.json.objectValue)
            let token = try #require(json["token"]?.stringValue)
            #expect(json["user"] == "ana")
            let expires = try #require(json["expires"]?.stringValue.flatMap(ISOTime.parse))
            #expect(abs(expires.timeIntervalSinceNow - 86_400) < 120)
            #expect(issued.text.contains("gorilla password reset --user ana --token \(token)"))

            let newPassword = "a whole new secret"
            _ = try await client.app.resetPassword(user: "ana", token: token, password: newPassword)
            // Every session of the account was revoked.
            let revoked = await Self.serverError { _ = try await client.app.whoami() }
            #expect(revoked?.kind == .notLoggedIn, "\(String(describing: revoked))")
            let old = await Self.serverError { _ = try await client.app.login(user: "ana", password: Device.password) }
            #expect(old?.wire?.code == .wrongCredentials)
            _ = try await client.app.login(user: "ana", password: newPassword)
            #expect(try await client.app.whoami().text.contains("ana (client)"))
            let reused = await Self.serverError {
                _ = try await client.app.resetPassword(user: "ana", token: token, password: "yet another one")
            }
            #expect(reused?.wire?.code == .invalidResetToken, "\(String(describing: reused))")
        }
    }
}
