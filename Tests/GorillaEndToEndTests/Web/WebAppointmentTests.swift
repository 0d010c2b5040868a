import Foundation
import GorillaClient
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// A client answers an appointment on the web door of a real server (`--port 0`, the web port read from
/// `server.json`), and the coach's device sees the answer after a sync; another tenant's account, signed in on the
/// web, gets 404 for the same address, and a form without its token gets 403.
@Suite(.hangLimit, .enabled(if: IndependentPython.isPresent, "these tests read the pages with Python 3, absent here"))
struct WebAppointmentTests {
    @Test func aClientConfirmsOnTheWebAndTheCoachsDeviceSeesItAfterSync() async throws {
        let python = try await IndependentPython.having(module: "ssl", package: "ssl")
        try await withServerProcess { server in
            let browser = WebBrowsing(
                python: python, port: try #require(try server.info().webPort), certificate: server.certificatePath)
            let coach = try await Device.coach("carla", on: server)
            let (_, code) = try await coach.invite(name: "Bea", surname: "Roca")
            _ = try await Device.registered("bea", code: code, on: server)
            let dan = try await Device.coach("dan", on: server)
            let (_, other) = try await dan.invite(name: "Eli", surname: "Mas")
            _ = try await Device.registered("eli", code: other, on: server)
            let tomorrow = Date().addingTimeInterval(86_400)
            let day = tomorrow.formatted(.iso8601.year().month().day().dateSeparator(.dash))
            let added = try await coach.app.addEvent(client: "Bea", EventFields(at: "\(day) 10:00", duration: 45))
            let id = try #require(added.json.objectValue?["id"]?.stringValue).lowercased()
            _ = try await coach.sync()
            let path = "/appointments/\(id)/confirm"

            // Another tenant's client and coach, signed in, get the same 404 as for an address that does not exist.
            for username in ["eli", "dan"] {
                let foreign = try await browser.run(
                    Self.signIn(username) + [.init(method: "POST", path: path, form: ["csrf": "@token"])])
                #expect(foreign.map(\.status) == [200, 303, 200, 404], "\(username): \(foreign.map(\.status))")
            }

            let answers = try await browser.run(
                Self.signIn("bea") + [
                    .init(method: "POST", path: path, form: [:]),
                    .init(path: "/home"),
                    .init(method: "POST", path: path, form: ["csrf": "@token"]),
                    .init(path: "/home"),
                ])
            #expect(answers.map(\.status) == [200, 303, 200, 403, 200, 303, 200], "\(answers.map(\.status))")
            #expect(answers[2].body.contains("action=\"\(path)\""), "the home page offers the answer")
            #expect(answers[2].body.contains("Not answered yet"))
            #expect(answers[5].location == "/home")
            #expect(answers[6].body.contains("Confirmed") && !answers[6].body.contains("action=\"\(path)\""))

            _ = try await coach.sync()
            let shown = try await coach.app.showEvent(id)
            #expect(shown.json.objectValue?["answer"]?.stringValue == "confirmed", "\(shown.text)")
        }
    }

    @Test func aClientDeclinesAnOccurrenceOfASeriesWithAReasonAndTheCoachReadsIt() async throws {
        let python = try await IndependentPython.having(module: "ssl", package: "ssl")
        try await withServerProcess { server in
            let browser = WebBrowsing(
                python: python, port: try #require(try server.info().webPort), certificate: server.certificatePath)
            let coach = try await Device.coach("carla", on: server)
            let (_, code) = try await coach.invite(name: "Bea", surname: "Roca")
            _ = try await Device.registered("bea", code: code, on: server)
            let tomorrow = Date().addingTimeInterval(86_400)
            let day = tomorrow.formatted(.iso8601.year().month().day().dateSeparator(.dash))
            let added = try await coach.app.addEvent(
                client: "Bea", EventFields(at: "\(day) 10:00", repeating: RepeatFields(every: "week", count: 3)))
            let series = try #require(added.json.objectValue?["id"]?.stringValue.flatMap(UUID.init(uuidString:)))
            _ = try await coach.sync()
            let first = Event.exceptionID(series: series, occurrence: try #require(CalendarDate(day)))
            let path = "/appointments/\(first.uuidString.lowercased())/decline"

            let answers = try await browser.run(
                Self.signIn("bea") + [
                    .init(method: "POST", path: path, form: ["csrf": "@token", "reason": "A fever <b>"]),
                    .init(path: "/home"),
                ])
            #expect(answers.map(\.status) == [200, 303, 200, 303, 200], "\(answers.map(\.status))")
            // Three occurrences listed; the first declined, its reason escaped; the others still to answer.
            #expect(answers[2].body.components(separatedBy: "<li>").count == 4, "\(answers[2].body)")
            #expect(answers[4].body.contains("Declined: A fever &lt;b&gt;"), "\(answers[4].body)")
            #expect(answers[4].body.components(separatedBy: "Not answered yet").count == 3)

            _ = try await coach.sync()
            let shown = try await coach.app.showEvent(series.uuidString, occurrence: day)
            #expect(shown.json.objectValue?["answer"]?.stringValue == "declined", "\(shown.text)")
            #expect(shown.json.objectValue?["answerNote"]?.stringValue == "A fever <b>", "\(shown.text)")
        }
    }

    /// Opens the sign-in page and signs in as `username` with the devices' password, then opens the home page.
    static func signIn(_ username: String) -> [WebBrowsing.Step] {
        [
            .init(path: "/login"),
            .init(method: "POST", path: "/login", form: ["csrf": "@token", "user": username, "password": Device.password]),
            .init(path: "/home"),
        ]
    }
}
