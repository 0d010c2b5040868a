import Foundation
import GorillaClient
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// Messages on the web door of a real server (`--port 0`): a client reads their coach's message (which marks it read)
/// and answers in the browser; the coach's subscribed connection receives the answer at once and her device reads it
/// after a sync; another coach gets 404 for the conversation's address, and a form without its token gets 403.
@Suite(.hangLimit, .enabled(if: IndependentPython.isPresent, "these tests read the pages with Python 3, absent here"))
struct WebMessageTests {
    /// The account id `gorilla --json whoami` names on `device`.
    func accountID(_ device: Device) async throws -> String {
        let run = try await runGorilla(["--json", "whoami"], home: device.home)
        return try #require(try run.json().objectValue?["id"]?.stringValue).lowercased()
    }

    @Test func aClientAnswersOnTheWebAndTheCoachHearsItAtOnce() async throws {
        let python = try await IndependentPython.having(module: "ssl", package: "ssl")
        try await withServerProcess { server in
            let browser = WebBrowsing(
                python: python, port: try #require(try server.info().webPort), certificate: server.certificatePath)
            let coach = try await Device.coach("carla", on: server)
            let (_, code) = try await coach.invite(name: "Bea", surname: "Roca")
            let bea = try await Device.registered("bea", code: code, on: server)
            _ = try await Device.coach("dan", on: server)
            try await coach.sync()
            #expect(try await runGorilla(["messages", "send", "Bea", "Welcome aboard"], home: coach.home).status == 0)
            let carla = try await accountID(coach)
            let beaID = try await accountID(bea)
            let path = "/messages/\(carla)"

            try await withClient(port: server.port) { listener in
                try await listener.hello()
                _ = try await listener.login("carla", password: Device.password).expectSuccess()
                try await listener.request("events.subscribe").expectSuccess()
                let answers = try await browser.run(
                    WebAppointmentTests.signIn("bea") + [
                        .init(path: "/messages"),
                        .init(path: path),
                        .init(method: "POST", path: path, form: ["text": "No token"]),
                        .init(method: "POST", path: path, form: ["csrf": "@token", "text": "See you Monday"]),
                        .init(path: path),
                    ])
                let done = ContinuousClock.now
                #expect(answers.map(\.status) == [200, 303, 200, 200, 200, 403, 303, 200], "\(answers.map(\.status))")
                #expect(answers[3].body.contains("href=\"\(path)\"") && answers[3].body.contains("Carla Tester"))
                #expect(answers[4].body.contains("Welcome aboard"))
                #expect(answers[6].location == path)
                #expect(answers[7].body.contains("See you Monday") && answers[7].body.contains("Welcome aboard"))
                // The answer reaches the coach's live connection (pushed before the page's redirect).
                var heard = false
                while !heard {
                    let line = try await listener.readObject()
                    let data = (line["value"] as? JSONObject)?["data"] as? JSONObject
                    heard = line["event"] as? String == "message" && data?["text"] as? String == "See you Monday"
                }
                #expect(ContinuousClock.now - done < .seconds(2))
            }

            // Another coach, signed in, finds no such conversation, to read or to write.
            let foreign = try await browser.run(
                WebAppointmentTests.signIn("dan") + [
                    .init(path: "/messages/\(beaID)"),
                    .init(method: "POST", path: "/messages/\(beaID)", form: ["csrf": "@token", "text": "Hi"]),
                ])
            #expect(foreign.map(\.status) == [200, 303, 200, 404, 404], "\(foreign.map(\.status))")

            try await coach.sync()
            let shown = try await runGorilla(["--json", "messages", "show", "Bea"], home: coach.home)
            let texts = (try shown.json().arrayValue ?? []).compactMap { $0.objectValue?["text"]?.stringValue }
            #expect(texts == ["Welcome aboard", "See you Monday"], "\(shown)")
            let welcome = try shown.json().arrayValue?.first?.objectValue
            #expect(welcome?["read"] != nil, "reading it on the web marked it read: \(welcome ?? [:])")
        }
    }
}
