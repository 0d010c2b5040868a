import Foundation
import GorillaClient
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// A client joins from the link their coach's `gorilla clients code C --link` prints, in a browser (Python's
/// `http.client` over HTTPS against a real server's web door): the form greets them by the name the coach gave, a form
/// without its token is refused, a weak password is said in the page's language, and the right fields register the
/// client, sign them in and spend the code; the coach's device sees the client registered after a sync.
@Suite(.hangLimit, .enabled(if: IndependentPython.isPresent, "these tests read the pages with Python 3, absent here"))
struct WebJoinTests {
    @Test func aClientRegistersInTheBrowserFromTheCoachsLink() async throws {
        let python = try await IndependentPython.having(module: "ssl", package: "ssl")
        try await withServerProcess { server in
            let port = try #require(try server.info().webPort)
            let browser = WebBrowsing(python: python, port: port, certificate: server.certificatePath)
            let coach = try await Device.coach("carla", on: server)
            _ = try await coach.invite(name: "Bea", surname: "Roca")
            let issued = try await runGorilla(["--json", "clients", "code", "Bea", "--link"], home: coach.home)
            #expect(issued.status == 0, "\(issued)")
            let json = try #require(try issued.json().objectValue)
            let code = try #require(json["code"]?.stringValue)
            let link = try #require(json["link"]?.stringValue)
            #expect(link == "https://127.0.0.1:\(port)/join/\(code)", "\(link)")
            let text = try await runGorilla(["clients", "code", "Bea", "--link"], home: coach.home)
            #expect(text.stdout.contains("/join/"), "the text names the link too: \(text)")
            let newCode = try #require(text.stdout.split(separator: "/join/").last?.prefix(9)).description
            let path = "/join/\(newCode)"

            let answers = try await browser.run([
                .init(path: path),
                .init(method: "POST", path: path, form: ["username": "bea", "email": "bea@example.com"]),
                .init(
                    method: "POST", path: path,
                    form: ["csrf": "@token", "username": "bea", "email": "bea@example.com", "password": "short"]),
                .init(
                    method: "POST", path: path,
                    form: [
                        "csrf": "@token", "username": "bea", "email": "bea@example.com", "password": Device.password,
                    ]),
                .init(path: "/home"),
                .init(path: path),
            ])
            #expect(answers.map(\.status) == [200, 403, 400, 303, 200, 404], "\(answers.map(\.status))")
            #expect(answers[0].body.contains("Bea Roca") && answers[0].body.contains("name=\"password\""))
            #expect(!answers[0].body.contains("name=\"surname\""), "the coach gave the names")
            #expect(answers[2].body.contains("role=\"alert\""), "\(answers[2].body)")
            #expect(answers[3].location == "/home")
            #expect(answers[4].body.contains("Bea"), "signed in")
            #expect(answers[5].body.contains("role=\"alert\""), "the code is spent")

            _ = try await coach.sync()
            let shown = try await runGorilla(["--json", "clients", "show", "Bea"], home: coach.home)
            #expect(try shown.json().objectValue?["status"]?.stringValue == "active", "\(shown)")
            // The account works from the CLI as well.
            _ = try await Device.loggedIn("bea", on: server)
        }
    }
}
