import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// The web door of a real `gorilla-server` (`--port 0`), read over HTTPS by Python's `http.client` (``WebBrowsing``),
/// which checks the server's certificate: the port in `server.json`, the address in `hello`, signing in, a form
/// without its token, and a password change from the CLI ending the browser's session.
@Suite(.hangLimit, .enabled(if: IndependentPython.isPresent, "these tests read the pages with Python 3, absent here"))
struct WebDoorEndToEndTests {
    @Test func aBrowserSignsInOverHTTPSOnTheWebPortAndAPasswordChangeEndsItsSession() async throws {
        let python = try await IndependentPython.having(module: "ssl", package: "ssl")
        try await withServerProcess { server in
            let webPort = try #require(try server.info().webPort, "server.json names the web port")
            #expect(webPort != server.port && webPort != 8443)
            let web = try await withClient(port: server.port) { client in
                try await client.send(#"{"id":1,"op":"hello","body":{"version":1}}"#).string("value", "web")
            }
            #expect(web == "https://127.0.0.1:\(webPort)")

            let coach = try await Device.coach("ada", on: server)
            let browser = WebBrowsing(python: python, port: webPort, certificate: server.certificatePath)
            let credentials = ["user": "ada", "password": Device.password]
            let answers = try await browser.run([
                .init(path: "/login"),
                .init(method: "POST", path: "/login", form: credentials),
                .init(method: "POST", path: "/login", form: credentials.merging(["csrf": "@token"]) { $1 }),
                .init(path: "/home"),
            ])
            #expect(answers.map(\.status) == [200, 403, 303, 200], "\(answers.map(\.status))")
            #expect(answers[2].location == "/home")
            #expect(answers[3].body.contains("Ada"))
            let headers = answers[3].headers
            #expect(headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
            #expect(headers["strict-transport-security"] != nil && headers["x-content-type-options"] == "nosniff")
            let session = try #require(answers[3].cookies["__Host-gorilla-session"])

            let changed = try await runGorilla(
                ["password", "change", "--password-stdin"], home: coach.home,
                input: "\(Device.password)\na-new-password-for-ada\n")
            #expect(changed.status == 0, "\(changed)")
            let after = try await browser.run([.init(path: "/home")], cookies: ["__Host-gorilla-session": session])
            #expect(after.map(\.status) == [303] && after[0].location == "/login")
        }
    }

    @Test func aTakenWebPortStopsTheStartNamingItAndNoWebLeavesItOut() async throws {
        let folder = try TemporaryFolder()
        try await withTestServer(configure: { $0.webAddress = ListenAddress(port: 0) }) { server in
            let taken = try #require(try server.info().webPort)
            let run = try await runGorillaServer([
                "--port", "0", "--data", folder.url.path, "--web", "127.0.0.1:\(taken)",
            ])
            #expect(run.status == 78, "\(run)")
            #expect(
                run.stderr.contains("cannot listen for the web door on 127.0.0.1:\(taken): address already in use"),
                "\(run)")
        }
        let config = try await runGorillaServer(["config", "--json", "--port", "0", "--data", folder.url.path])
        // `--port 0` lets the system pick the web port too, unless one is given.
        #expect(config.stdout.contains(#""127.0.0.1:0""#), "\(config)")
        let off = try await runGorillaServer(["config", "--json", "--no-web", "--data", folder.url.path])
        #expect(off.stdout.contains(#""off""#), "\(off)")
    }
}
