import Foundation
import GorillaShared
import GorillaTesting
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOPosix
import Testing

@testable import GorillaServer

/// The web door's routes through HummingbirdTesting's router client, over a real store on each engine: the security
/// headers, signing in and out with the protocol's check and limits, form tokens, languages, revocation.
@Suite(.hangLimit) struct WebDoorTests {
    static let password = "correct horse battery"

    /// Runs `body` with a browser on the web door's routes over a fresh store on `engine`, with a coach `ada`
    /// (Catalan) in it.
    func withDoor(
        _ engine: TestEngine, configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (WebBrowser, ServerContext, UserRecord) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder("gorilla-web")
        let store = try await engine.makeStore()
        var configuration = ServerConfiguration(dataDirectory: folder.url)
        configuration.passwordHasher = .testing
        configure(&configuration)
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let context = ServerContext(
            store: store, configuration: configuration, logger: Logger(label: "web-test"), passwordPool: pool)
        let ada = UserRecord(
            role: .coach, username: "ada", email: "ada@example.com",
            passwordHash: try PasswordHasher.testing.hash(Self.password), name: "Ada", surname: "Lovelace", nif: nil,
            language: .ca)
        try await store.createUser(ada)
        do {
            try await WebDoor(context: context).application().test(.router) { client in
                try await body(WebBrowser(client), context, ada)
            }
        } catch {
            await store.close()
            try await pool.shutdownGracefully()
            throw error
        }
        await store.close()
        try await pool.shutdownGracefully()
    }

    @Test(arguments: TestEngine.all)
    func everyAnswerCarriesTheSecurityHeaders(engine: TestEngine) async throws {
        try await withDoor(engine) { browser, _, _ in
            for path in ["/login", "/style.css", "/no/such/page", "/home"] {
                let response = try await browser.get(path)
                let policy = try #require(response.headers[.contentSecurityPolicy], "\(path)")
                #expect(policy.contains("default-src 'none'") && !policy.contains("script-src"), "\(path)")
                #expect(policy.contains("frame-ancestors 'none'"), "\(path)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(response.headers[.referrerPolicy] == "no-referrer", "\(path)")
                #expect(response.headers[.strictTransportSecurity]?.hasPrefix("max-age=") == true, "\(path)")
            }
            #expect(try await browser.get("/no/such/page").status == .notFound)
            let page = String(buffer: try await browser.get("/login").body)
            #expect(!page.contains("<script") && !page.contains("style=\""))
            // A HEAD is answered as its GET, headers and all, without the body.
            let head = try await browser.send(.head, "/login")
            #expect(head.status == .ok && head.body.readableBytes == 0)
            #expect(
                head.headers[.contentSecurityPolicy] != nil && head.headers[.contentType] == "text/html; charset=utf-8")
            #expect(try await browser.send(.head, "/no/such/page").status == .notFound)
        }
    }

    @Test(arguments: TestEngine.all)
    func signingInSetsASecureCookieTheStoreKeepsOnlyHashed(engine: TestEngine) async throws {
        try await withDoor(engine) { browser, context, ada in
            #expect(try await browser.get("/home").headers[.location] == "/login")
            let answer = try await browser.signIn("ADA@example.com", Self.password)
            #expect(answer.status == .seeOther)
            #expect(answer.headers[.location] == "/home")
            let cookie = try #require(
                answer.headers[values: .setCookie].first { $0.hasPrefix(WebCookies.session + "=") })
            for attribute in ["Secure", "HttpOnly", "SameSite=Lax", "Path=/"] {
                #expect(
                    cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.contains(attribute))
            }
            let secret = try #require(browser.cookies[WebCookies.session])
            #expect(secret.count >= 43)  // 256 random bits, base64url
            #expect(try await context.store.webSession(hash: Tokens.hash(secret), now: Date())?.id == ada.id)
            #expect(try await context.store.webSession(hash: secret, now: Date()) == nil)
            let home = try await browser.get("/home")
            #expect(home.status == .ok)
            #expect(String(buffer: home.body).contains("Hola, Ada"))  // the account's language, Catalan
        }
    }

    @Test(arguments: TestEngine.all)
    func aFormWithoutItsTokenOrWithAWrongOneIsRefused(engine: TestEngine) async throws {
        try await withDoor(engine) { browser, _, _ in
            let page = try await browser.get("/login")
            let token = try #require(WebBrowser.token(in: page))
            let credentials = ["user": "ada", "password": Self.password]
            #expect(try await browser.post("/login", credentials).status == .forbidden)
            #expect(
                try await browser.post("/login", credentials.merging(["csrf": String(token.reversed())]) { $1 }).status
                    == .forbidden)
            #expect(browser.cookies[WebCookies.session] == nil)
            #expect(try await browser.post("/login", credentials.merging(["csrf": token]) { $1 }).status == .seeOther)
            // Signed in, the session's own token is needed: the sign-in form's is not it.
            #expect(try await browser.post("/logout", ["csrf": token]).status == .forbidden)
            #expect(try await browser.post("/logout", [:]).status == .forbidden)
            #expect(try await browser.get("/home").status == .ok)
        }
    }

    @Test(arguments: TestEngine.all)
    func signingOutEndsTheSessionInTheStore(engine: TestEngine) async throws {
        try await withDoor(engine) { browser, context, _ in
            try await browser.signIn("ada", Self.password)
            let secret = try #require(browser.cookies[WebCookies.session])
            let home = try await browser.get("/home")
            let out = try await browser.post("/logout", ["csrf": try #require(WebBrowser.token(in: home))])
            #expect(out.status == .seeOther)
            #expect(browser.cookies[WebCookies.session] == nil)
            #expect(try await context.store.webSession(hash: Tokens.hash(secret), now: Date()) == nil)
            // The old cookie, kept by someone who copied it, opens nothing.
            browser.cookies[WebCookies.session] = secret
            #expect(try await browser.get("/home").headers[.location] == "/login")
        }
    }

    @Test(arguments: TestEngine.all)
    func aSessionPastItsLifetimeOpensNothing(engine: TestEngine) async throws {
        let clock = try TestClock()
        try await withDoor(
            engine,
            configure: {
                $0.clock = clock.source; $0.webSessionLifetime = 600
            }
        ) { browser, _, _ in
            try await browser.signIn("ada", Self.password)
            try clock.advance(by: 590)
            #expect(try await browser.get("/home").status == .ok)
            try clock.advance(by: 20)
            #expect(try await browser.get("/home").headers[.location] == "/login")
        }
    }

    @Test(arguments: TestEngine.all)
    func aPasswordChangeOrResetEndsEveryWebSession(engine: TestEngine) async throws {
        try await withDoor(engine) { browser, context, ada in
            try await browser.signIn("ada", Self.password)
            #expect(try await browser.get("/home").status == .ok)
            // What `auth.password.change` does once the old password is checked (it keeps the device's own token).
            try await context.store.setPasswordHash(userID: ada.id, hash: try PasswordHasher.testing.hash("new one!"))
            try await context.store.revokeTokens(userID: ada.id, keeping: "the device's own token")
            #expect(try await browser.get("/home").headers[.location] == "/login")
        }
    }

    @Test(arguments: TestEngine.all)
    func wrongPasswordsCountAgainstTheAccountsOneLimit(engine: TestEngine) async throws {
        try await withDoor(engine, configure: { $0.loginFailuresPerAccount = 2 }) { browser, context, ada in
            browser.language = "es-ES,es;q=0.9,en;q=0.5"
            let wrong = try await browser.signIn("ada", "not it")
            #expect(wrong.status == .unauthorized)
            // Said in the reader's language, with no hint whether the account exists.
            #expect(String(buffer: wrong.body).contains(WireErrorCode.wrongCredentials.message(in: .es)))
            #expect(
                String(buffer: try await browser.signIn("nobody", "not it").body).contains(
                    WireErrorCode.wrongCredentials.message(in: .es)))
            try await browser.signIn("ADA", "still not it")
            // The limit is the protocol's own (`auth.login` reads the same one): the right password now waits too.
            let held = try await browser.signIn("ada", Self.password)
            #expect(held.status == .tooManyRequests)
            #expect(held.headers[.retryAfter] != nil)
            #expect(browser.cookies[WebCookies.session] == nil)
            #expect(await context.loginFailures.retryAfter("account:\(ada.id)") != nil)
        }
    }

    @Test func pagesSpeakTheBrowsersFirstLanguageOfOurs() {
        #expect(WebLanguage.preferred(acceptLanguage: "ca-ES,ca;q=0.9,en;q=0.5") == .ca)
        #expect(WebLanguage.preferred(acceptLanguage: "fr-FR, en;q=0.4, es;q=0.8") == .es)
        #expect(WebLanguage.preferred(acceptLanguage: "de") == .en)
        #expect(WebLanguage.preferred(acceptLanguage: "en;q=0, ca;q=0.1") == .ca)
    }

    @Test func textAndAttributesAreEscaped() {
        let html = HTML.element("p", ["title": "\"><script>"], [.text("<b>Tom & 'Jerry'</b>")]).markup
        #expect(html == #"<p title="&quot;&gt;&lt;script&gt;">&lt;b&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;</p>"#)
    }

    @Test(arguments: TestEngine.all)
    func aCoachsPagesOpenEmptyAndAClientsPagesSendHerToHers(engine: TestEngine) async throws {
        try await withDoor(engine) { browser, context, ada in
            try await browser.signIn("ada", Self.password)
            for path in ["/calendar", "/clients", "/codes", "/profile", "/calendar?week=2026-02-30"] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(String(buffer: page.body).contains("<nav>"), "\(path): the navigation")
            }
            let clients = String(buffer: try await browser.get("/clients").body)
            #expect(clients.contains("Encara no hi ha cap client"), "Ada's language: \(clients)")
            #expect(!clients.contains("registrat:"), "no one invited: \(clients)")
            // A client added who has not registered yet is counted, with the way to their link.
            let added = try await context.store.push(
                [PushedMutation(Mutation(kind: "client", entity: UUID(), action: .create, fields: ["name": "Anna"]))],
                principal: ada, configuration: context.configuration
            ).results[0]
            #expect(added.status == .applied, "\(String(describing: added.error))")
            let invited = String(buffer: try await browser.get("/clients").body)
            #expect(
                invited.contains(
                    #"<p>1 client que has afegit encara no s&#39;ha registrat: <a href="/codes">Enllaços de registre</a></p>"#
                ), "\(invited)")
            #expect(!invited.contains("Encara no hi ha cap client"), "\(invited)")
            for path in ["/sessions", "/statistics", "/measurements"] {
                #expect(try await browser.get(path).headers[.location] == "/clients", "\(path)")
            }
            for path in ["/clients/\(UUID())", "/sessions/\(UUID())", "/gym", "/clients/not-an-id"] {
                #expect(try await browser.get(path).status == .notFound, "\(path)")
            }
            // A form larger than the door reads is refused before it is read.
            let large = try await browser.post("/profile", ["language": String(repeating: "x", count: 20_000)])
            #expect(large.status == .contentTooLarge)
            // The language changes through profile.update's own store function.
            let token = try #require(WebBrowser.token(in: try await browser.get("/profile")))
            let saved = try await browser.post("/profile", ["csrf": token, "language": "es"])
            #expect(saved.status == .ok && String(buffer: saved.body).contains("Guardado."))
            #expect(try await browser.post("/profile", ["language": "en"]).status == .forbidden)
        }
    }

    @Test(arguments: TestEngine.all)
    func pagesAreCountedByRouteAndStatusNeverByTheAddressAsked(engine: TestEngine) async throws {
        try await withDoor(engine) { browser, context, _ in
            try await browser.signIn("ada", Self.password)
            _ = try await browser.get("/clients")
            _ = try await browser.get("/clients/\(UUID())")
            _ = try await browser.get("/no-such-page-x1")
            let text = String(decoding: context.metrics.exposition(), as: UTF8.self)
            let lines = text.split(separator: "\n").filter { $0.hasPrefix("gorilla_web_requests_total{") }
            #expect(lines.contains { $0.contains("route=\"/clients\"") && $0.contains("status=\"200\"") }, "\(lines)")
            #expect(lines.contains { $0.contains("route=\"/clients/") && $0.contains("status=\"404\"") }, "\(lines)")
            #expect(lines.contains { $0.contains("route=\"NotFound\"") && $0.contains("status=\"404\"") })
            #expect(lines.contains { $0.contains("route=\"/login\"") && $0.contains("status=\"303\"") })
            #expect(!text.contains("no-such-page-x1"), "an address asked for is never a label")
            #expect(text.contains("gorilla_web_request_duration_seconds_bucket{route=\"/clients\""))
        }
    }

    @Test(arguments: TestEngine.all)
    func aGymsOwnerReadsItsOverviewAndOnlyThoseTheGymTableLetsDo(engine: TestEngine) async throws {
        try await withDoor(engine) { browser, context, ada in
            try await browser.signIn("ada", Self.password)
            #expect(try await browser.get("/gym").status == .notFound, "no gym yet")
            _ = try await context.store.createGym(ada, name: "Gimnàs Sol", now: Date())
            let home = String(buffer: try await browser.get("/home").body)
            #expect(home.contains("href=\"/gym\""), "the owner's navigation names the overview")
            let gym = try await browser.get("/gym")
            let page = String(buffer: gym.body)
            #expect(gym.status == .ok)
            #expect(page.contains("Gimnàs Sol: aquest mes") && page.contains("Ada Lovelace"), "\(page)")
        }
    }

    @Test func aFormWithABrokenEscapeIsNoFormAndALinkFromAnotherSiteIsCrossSite() {
        #expect(WebForm(strictly: "note=%E2%82&weight=70") == nil, "an escape that is not UTF-8")
        #expect(WebForm(strictly: "note=%zz") == nil)
        #expect(WebForm(strictly: "note=caf%C3%A9+ok&weight=70")?["note"] == "café ok")
        func request(_ site: String?) -> Request {
            var head = HTTPRequest(method: .get, scheme: "https", authority: "127.0.0.1", path: "/messages")
            if let site { head.headerFields[HTTPField.Name("Sec-Fetch-Site")!] = site }
            return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        }
        #expect(WebDoor.crossSite(request("cross-site")))
        #expect(!WebDoor.crossSite(request("same-origin")) && !WebDoor.crossSite(request(nil)))
    }

    @Test func aChartEntersAPageWithoutItsDeclarationAndWithItsTextsEscaped() {
        let svg = SVGChart.bars([("<b>", 2), ("a&b", 3)], title: "Sessions \"per\" week", unit: "<u>", language: .ca)
        let html = HTML.element("figure", [:], [.chart(svg)]).markup
        #expect(html.hasPrefix("<figure><svg "), "\(html.prefix(60))")
        #expect(!html.contains("<?xml") && !html.contains("<b>") && html.contains("&lt;b&gt;"))
        #expect(html.contains("Sessions &quot;per&quot; week"))
    }
}
