import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// The web door of a real server (`--port 0`) in a real browser (``RealBrowser``: headless Chromium driven by
/// Selenium), beside the real `gorilla` CLI: a client joins from her coach's link, answers an appointment and writes
/// to a coach whose `gorilla chat` is open under tmux; a form without its token is refused; a coach of another tenant
/// finds none of it; the coach's calendar feed carries the appointment; and the pages are photographed at a phone's
/// size and a desktop's (``Screenshots``).
@Suite(.hangLimit, .requiresTmux, .requiresRealBrowser)
struct WebRealBrowserTests {
    /// What the web door's pages say in English.
    static func says(_ phrase: WebPhrases, _ values: [String: String] = [:]) -> String {
        phrase.text(in: .en, values)
    }

    @Test func aClientJoinsAnswersAndWritesInChromiumAndAnotherTenantFindsNothing() async throws {
        try #require(
            RealBrowser.isInstalled,
            "\(RealBrowser.chromium) or \(RealBrowser.chromedriver) is missing: apt-get install chromium-driver")
        let python = try await IndependentPython.having(module: "selenium", package: "selenium")
        let calendarPython = try await IndependentPython.having(module: "icalendar", package: "icalendar")
        let started = ContinuousClock.now
        try await withServerProcess { server in
            let port = try #require(try server.info().webPort)
            let carla = try await Device.coach("carla", on: server)
            _ = try await Device.coach("dan", on: server)
            let client = try await Self.gorilla(["clients", "add", "--name", "Bea", "--surname", "Roca"], carla)
            let clientID = try #require(client.objectValue?["id"]?.stringValue).lowercased()
            let issued = try await Self.gorilla(["clients", "code", "Bea", "--link"], carla)
            let code = try #require(issued.objectValue?["code"]?.stringValue)
            #expect(issued.objectValue?["link"]?.stringValue == "https://127.0.0.1:\(port)/join/\(code)", "\(issued)")
            let shots = try Screenshots()

            let appointment = try await RealBrowser.with(
                python: python, port: port, certificate: server.certificatePath
            ) { browser, version in
                print("WebRealBrowserTests: Chromium \(version)")
                let appointment = try await Self.joinAndConfirm("/join/\(code)", browser, carla, shots)
                try await Self.writeToTheCoachsChat(browser, carla, shots)
                try await Self.photographTheOtherPages(browser, carla, clientID: clientID, shots)
                try await Self.anotherTenantFindsNothing(browser, carla, clientID: clientID, appointment: appointment)
                return appointment
            }

            // Nothing the refused forms carried arrived, and the other tenant's decline left the answer as it was.
            _ = try await Self.gorilla(["sync"], carla)
            let messages = try await Self.gorilla(["messages", "show", "Bea"], carla)
            let texts = (messages.arrayValue ?? []).compactMap { $0.objectValue?["text"]?.stringValue }
            #expect(texts == ["Welcome aboard", Self.typed], "\(messages)")
            let answered = try await Self.gorilla(["events", "show", appointment], carla)
            #expect(answered.objectValue?["answer"]?.stringValue == "confirmed", "\(answered)")

            // (e) The coach's calendar feed, read by Python's icalendar: the appointment, and 304 for its ETag.
            let feed = try #require(try await Self.gorilla(["feed"], carla).objectValue?["url"]?.stringValue)
            let fetched = try await CalendarFeedTests().fetch(feed, python: calendarPython, server: server)
            #expect(fetched.status == 200 && fetched.summaries == ["Training: Bea Roca"], "\(fetched)")
            #expect(fetched.locations == ["Sala 2"] && fetched.again == 304, "\(fetched)")

            print(shots.summary)
            #expect(shots.taken.count >= 8, "\(shots.summary)")
        }
        print("WebRealBrowserTests: \(ContinuousClock.now - started)")
    }

    /// (a) and (d): the client opens the coach's link `join`, registers and is signed in; the coach schedules an
    /// appointment with the CLI; the confirm form without its token is refused, then with it confirms, and the coach's
    /// CLI reads the answer after a sync. Returns the appointment's id.
    static func joinAndConfirm(
        _ join: String, _ browser: RealBrowser, _ carla: Device, _ shots: Screenshots
    ) async throws -> String {
        try await shots.take("/login", as: "signed-out", in: browser, required: true)
        try await shots.take(join, as: "signed-out", in: browser, required: true)
        let form = try await browser.open(join)
        #expect(form.status == 200 && form.text.contains("Bea Roca"), "\(form)")
        let home = try await browser.submit(
            join, ["username": "bea", "email": "bea@example.com", "password": Device.password])
        #expect(home.status == 200 && home.path == "/home", "\(home)")
        #expect(home.heading == says(.greeting, ["name": "Bea"]), "\(home)")
        // The session cookie the door sets is for HTTPS only, and out of the page's reach.
        let session = try await browser.cookies().first { $0.name == "__Host-gorilla-session" }
        #expect(session?.secure == true && session?.httpOnly == true, "\(String(describing: session))")
        #expect(try await browser.open(join).status == 404, "the code is spent")

        let added = try await gorilla(
            [
                "events", "add", "--client", "Bea", "--at", "\(day(daysAgo: -1)) 10:00", "--duration", "45", "--gym",
                "Sala 2",
            ],
            carla)
        let appointment = try #require(added.objectValue?["id"]?.stringValue).lowercased()
        _ = try await gorilla(["sync"], carla)
        let confirm = "/appointments/\(appointment)/confirm"
        let offered = try await browser.open("/home")
        #expect(offered.forms.contains(confirm) && offered.text.contains(says(.unanswered)), "\(offered)")
        try await shots.take("/home", as: "client", in: browser, required: true)

        let refused = try await browser.submit(confirm, token: false)
        #expect(refused.status == 403 && refused.heading == says(.forbiddenTitle), "\(refused)")
        #expect(try await browser.open("/home").text.contains(says(.unanswered)), "the refused form changed nothing")

        let confirmed = try await browser.submit(confirm)
        #expect(confirmed.path == "/home" && confirmed.text.contains(says(.confirmed)), "\(confirmed)")
        #expect(!confirmed.forms.contains(confirm), "\(confirmed.forms)")
        _ = try await gorilla(["sync"], carla)
        let shown = try await gorilla(["events", "show", appointment], carla)
        #expect(shown.objectValue?["answer"]?.stringValue == "confirmed", "\(shown)")
        return appointment
    }

    /// What the client types to her coach.
    static let typed = "See you tomorrow at ten"

    /// (b) and (d): a message typed in the client's conversation form appears in the coach's open `gorilla chat`
    /// (under tmux) within 2 s; the form without its token is refused.
    static func writeToTheCoachsChat(_ browser: RealBrowser, _ carla: Device, _ shots: Screenshots) async throws {
        #expect(try await runGorilla(["messages", "send", "Bea", "Welcome aboard"], home: carla.home).status == 0)
        let carlaID = try #require(try await gorilla(["whoami"], carla).objectValue?["id"]?.stringValue)
        let conversation = "/messages/\(carlaID.lowercased())"
        #expect(try await browser.open("/messages").links.contains(conversation))
        let tmux = Tmux()
        let heard: Result<(screen: String, after: Duration), any Error>
        do {
            try await tmux.start("GORILLA_HOME='\(carla.home.path)' '\(Products.gorilla.path)' chat Bea; sleep 30")
            let opened = try await tmux.waitFor("connected")
            #expect(opened.contains("Welcome aboard"), "\(opened)")
            _ = try await browser.open(conversation)
            let refused = try await browser.submit(conversation, ["text": "Sent without a token"], token: false)
            #expect(refused.status == 403, "\(refused)")
            _ = try await browser.open(conversation)
            let sent = try await browser.submit(conversation, ["text": typed])
            #expect(sent.path == conversation && sent.text.contains(typed), "\(sent)")
            let posted = ContinuousClock.now
            let screen = try await tmux.waitFor(typed, within: .seconds(10))
            heard = .success((screen, ContinuousClock.now - posted))
        } catch {
            heard = .failure(error)
        }
        await tmux.stop()
        let (screen, after) = try heard.get()
        #expect(screen.contains("Bea Roca: \(typed)"), "\(screen)")
        #expect(after < .seconds(2), "the chat showed the message \(after) after the page said it was sent")
        print("WebRealBrowserTests: the coach's chat showed the message \(after) after the page said it was sent")
        try await shots.take(conversation, as: "client", in: browser, required: true)
    }

    /// (f): the client's other pages, with a few weeks of history, then the coach's and the gym owner's, where they
    /// are served yet.
    static func photographTheOtherPages(
        _ browser: RealBrowser, _ carla: Device, clientID: String, _ shots: Screenshots
    ) async throws {
        for (weeksAgo, press) in [(3, 70), (2, 75), (1, 80), (0, 85)] {
            let day = day(daysAgo: weeksAgo * 7 + 1)
            _ = try await gorilla(
                [
                    "sessions", "log", "--client", "Bea", "--date", "\(day) 18:00", "--duration", "50", "--set",
                    "Leg press: 12x\(press)kg, 10x\(press + 5)kg", "--set", "Squat: 8x\(press - 20)kg", "--allow-new",
                ], carla)
            _ = try await gorilla(
                ["measurements", "add", "--client", "Bea", "--date", day, "--weight", "\(68 + weeksAgo)"]
                    + (weeksAgo == 3 ? ["--height", "170"] : []), carla)
        }
        // A second client, invited and not registered yet, for the page of registration links.
        _ = try await gorilla(["clients", "add", "--name", "Joan", "--surname", "Puig"], carla)
        _ = try await gorilla(["sync"], carla)
        for path in ["/sessions", "/statistics", "/measurements", "/profile"] {
            try await shots.take(path, as: "client", in: browser)
        }
        #expect(try await browser.signIn("carla").path == "/home")
        for path in ["/calendar", "/clients", "/clients/\(clientID)", "/codes"] {
            try await shots.take(path, as: "coach", in: browser)
        }
        _ = try await gorilla(["gym", "create", "Gorilla Gym"], carla)
        try await shots.take("/gym", as: "gym-owner", in: browser)
    }

    /// (c): the addresses the coach reaches (her conversation with Bea, Bea's page, a session of Bea's), then another
    /// coach, signed in, gets the same 404 as for an address that does not exist on each, and for the forms posted to
    /// the appointment and the conversation.
    static func anotherTenantFindsNothing(
        _ browser: RealBrowser, _ carla: Device, clientID: String, appointment: String
    ) async throws {
        #expect(try await browser.signIn("carla").path == "/home")
        let conversations = try await browser.open("/messages").links.filter { $0.hasPrefix("/messages/") }
        let theirs = try #require(conversations.first, "the coach's /messages lists Bea")
        let sessions = try await gorilla(["sessions", "list"], carla).arrayValue ?? []
        let session = try #require(sessions.first?.objectValue?["id"]?.stringValue).lowercased()
        var owner: [String: Int] = [:]
        for path in [theirs, "/clients/\(clientID)", "/sessions/\(session)"] {
            owner[path] = try await browser.open(path).status
        }
        #expect(owner[theirs] == 200, "the coach reads her conversation: \(owner)")

        #expect(try await browser.signIn("dan").path == "/home")
        let nowhere = try await browser.open("/messages/\(UUID().uuidString.lowercased())")
        #expect(nowhere.status == 404, "\(nowhere)")
        for path in owner.keys.sorted() {
            let foreign = try await browser.open(path)
            #expect(foreign.status == 404 && foreign.heading == nowhere.heading, "\(path): \(foreign)")
        }
        let posts: [(String, [String: String])] = [
            ("/appointments/\(appointment)/confirm", [:]),
            ("/appointments/\(appointment)/decline", ["reason": "Not mine"]),
            (theirs, ["text": "Hello from another gym"]),
        ]
        for (path, fields) in posts {
            _ = try await browser.open("/home")
            let posted = try await browser.post(path, fields)
            #expect(posted.status == 404 && posted.heading == nowhere.heading, "POST \(path): \(posted)")
        }
        let seen = owner.sorted { $0.key < $1.key }.map { "\($0.key) (the owner: \($0.value))" }
        print("WebRealBrowserTests: another tenant got 404 for \(seen.joined(separator: ", ")) and the posts")
    }

    /// The day `days` days before today (after it, for a negative number), `YYYY-MM-DD`.
    static func day(daysAgo days: Int) -> String {
        Date().addingTimeInterval(-86_400 * Double(days)).formatted(.iso8601.year().month().day().dateSeparator(.dash))
    }

    /// `gorilla --json ARGUMENTS` on `device`, which must succeed; its output.
    static func gorilla(_ arguments: [String], _ device: Device) async throws -> JSONValue {
        let run = try await runGorilla(["--json"] + arguments, home: device.home)
        #expect(run.status == 0, "gorilla \(arguments.joined(separator: " ")): \(run)")
        return try run.json()
    }
}

/// The screenshots of the web door's pages, at a phone's size (390×844) and a desktop's (1280×800), kept as PNG in
/// `$GORILLA_ARTEFACTS/web`, or `.build/artefacts/web` under the package's folder.
final class Screenshots: @unchecked Sendable {
    static let sizes = [(width: 390, height: 844), (width: 1280, height: 800)]

    let folder: URL
    private(set) var taken: [String] = []
    private(set) var skipped: [String] = []

    init() throws {
        let root =
            ProcessInfo.processInfo.environment["GORILLA_ARTEFACTS"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/artefacts")
        folder = root.appendingPathComponent("web", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Photographs `path` as `reader` sees it at each size: `reader-page-WIDTHxHEIGHT.png`, ids in the path written
    /// `id`. A page that does not answer 200 is listed as skipped, or fails the test where `required`.
    func take(_ path: String, as reader: String, in browser: RealBrowser, required: Bool = false) async throws {
        let page = path.split(separator: "/").map { part in
            UUID(uuidString: String(part)) != nil
                ? "id" : part.count == 9 && part.dropFirst(4).first == "-" ? "code" : part
        }.joined(separator: "-")
        for size in Self.sizes {
            let file = folder.appendingPathComponent("\(reader)-\(page)-\(size.width)x\(size.height).png")
            let shown = try await browser.screenshot(path, to: file, width: size.width, height: size.height)
            if required { #expect(shown.status == 200, "\(path) as \(reader): \(shown)") }
            guard shown.status == 200 else {
                skipped.append("\(path) as \(reader) (\(shown.status))")
                return
            }
            taken.append(file.lastPathComponent)
        }
    }

    var summary: String {
        "WebRealBrowserTests: \(taken.count) screenshots in \(folder.path): \(taken.joined(separator: ", "))\n"
            + "WebRealBrowserTests: not served yet, so not photographed: "
            + (skipped.isEmpty ? "none" : skipped.joined(separator: ", "))
    }
}
