import Foundation
import GorillaClient
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// The calendar feed of a real server (`--port 0`, the web door's port read from `server.json`), read as a calendar app
/// would: `gorilla feed` prints the address; Python's `icalendar` (a parser written by others) reads it; the ETag is
/// answered 304; the titles are the reader's side; `--reset` and `gorilla logout --all` end the old address.
@Suite(.hangLimit, .enabled(if: IndependentPython.isPresent, "these tests read the feed with Python 3, absent here"))
struct CalendarFeedTests {
    /// What Python found at a feed address: the status, the headers by lower-case name, the events' summaries,
    /// locations and statuses, the calendar's refresh interval, and the status of the same request with the ETag.
    struct Fetched: Decodable {
        var status: Int
        var headers: [String: String]
        var summaries: [String]
        var locations: [String]
        var statuses: [String]
        var refresh: String?
        var again: Int?
    }

    static let script = #"""
        import http.client, json, ssl, sys, urllib.parse
        import icalendar
        url, cafile = urllib.parse.urlsplit(sys.argv[1]), sys.argv[2]
        context = ssl.create_default_context(cafile=cafile)
        context.check_hostname = False
        def get(headers):
            connection = http.client.HTTPSConnection(url.hostname, url.port, context=context, timeout=60)
            connection.request("GET", url.path, headers=headers)
            response = connection.getresponse()
            return response, response.read()
        response, body = get({})
        found = {"status": response.status, "headers": {k.lower(): v for k, v in response.getheaders()},
                 "summaries": [], "locations": [], "statuses": [], "refresh": None, "again": None}
        if response.status == 200:
            calendar = icalendar.Calendar.from_ical(body)
            found["refresh"] = str(calendar.get("REFRESH-INTERVAL").to_ical().decode()) if calendar.get("REFRESH-INTERVAL") else None
            for event in calendar.walk("VEVENT"):
                found["summaries"].append(str(event.get("SUMMARY")))
                found["locations"].append(str(event.get("LOCATION", "")))
                found["statuses"].append(str(event.get("STATUS", "")))
            again, _ = get({"If-None-Match": response.getheader("ETag")})
            found["again"] = again.status
        print(json.dumps(found))
        """#

    func fetch(_ url: String, python: String, server: ServerProcess) async throws -> Fetched {
        let output = try await IndependentPython.run(python, script: Self.script, [url, server.certificatePath])
        return try JSONDecoder().decode(Fetched.self, from: output)
    }

    /// `gorilla --json feed [--reset]` on `device`: the address.
    func feed(_ device: Device, reset: Bool = false) async throws -> String {
        let run = try await runGorilla(["--json", "feed"] + (reset ? ["--reset"] : []), home: device.home)
        #expect(run.status == 0, "\(run)")
        return try #require(try run.json().objectValue?["url"]?.stringValue)
    }

    @Test func aPhoneSubscribesToTheFeedAndTheOldAddressEndsWithAResetOrLogoutAll() async throws {
        let python = try await IndependentPython.having(module: "icalendar", package: "icalendar")
        try await withServerProcess { server in
            let coach = try await Device.coach("carla", on: server)
            let (_, code) = try await coach.invite(name: "Bea", surname: "Roca")
            let bea = try await Device.registered("bea", code: code, on: server)
            let tomorrow = Date().addingTimeInterval(86_400)
            let day = tomorrow.formatted(.iso8601.year().month().day().dateSeparator(.dash))
            _ = try await coach.app.addEvent(client: "Bea", EventFields(at: "\(day) 10:00", duration: 45, gym: "Sala 2"))
            _ = try await coach.app.addEvent(
                client: "Bea", EventFields(at: "\(day) 18:00", repeating: RepeatFields(every: "week", count: 3)))
            _ = try await coach.sync()

            let coachURL = try await feed(coach)
            let port = try #require(try server.info().webPort)
            #expect(coachURL.hasPrefix("https://127.0.0.1:\(port)/cal/"), "\(coachURL)")
            #expect(try await feed(coach) == coachURL, "the address stays until it is reset")
            let seen = try await fetch(coachURL, python: python, server: server)
            #expect(seen.status == 200 && seen.headers["content-type"]?.hasPrefix("text/calendar") == true, "\(seen)")
            #expect(seen.headers["cache-control"]?.contains("max-age") == true && seen.headers["etag"] != nil)
            #expect(seen.again == 304, "an unchanged feed answers its ETag with 304")
            #expect(seen.refresh == "PT15M", "\(seen)")
            #expect(seen.summaries.count == 4 && Set(seen.summaries) == ["Training: Bea Roca"], "\(seen.summaries)")
            #expect(seen.locations.contains("Sala 2"))
            #expect(Set(seen.statuses) == ["CONFIRMED"], "\(seen.statuses)")

            // The client's own feed, titled from her side; her address is not the coach's.
            let beaURL = try await feed(bea)
            #expect(beaURL != coachURL)
            let hers = try await fetch(beaURL, python: python, server: server)
            #expect(hers.summaries.count == 4 && Set(hers.summaries) == ["Training with Carla Tester"], "\(hers)")

            // Another account's id with this MAC, and a made-up MAC, are not found.
            let mac = try #require(coachURL.split(separator: "/").last)
            let beaID = try #require(beaURL.split(separator: "/").dropLast().last)
            let base = coachURL.components(separatedBy: "/cal/")[0]
            for url in ["\(base)/cal/\(beaID)/\(mac)", "\(base)/cal/\(beaID)/\(String(repeating: "0", count: 32)).ics"] {
                #expect(try await fetch(url, python: python, server: server).status == 404, "\(url)")
            }

            let reset = try await feed(coach, reset: true)
            #expect(reset != coachURL)
            #expect(try await fetch(coachURL, python: python, server: server).status == 404, "reset ends the old one")
            #expect(try await fetch(reset, python: python, server: server).status == 200)

            // Logging out everywhere ends the address, this device's session and the other devices'.
            let phone = try await Device.loggedIn("carla", on: server)
            let out = try await runGorilla(["logout", "--all"], home: coach.home)
            #expect(out.status == 0 && out.stdout.contains("everywhere"), "\(out)")
            #expect(try await fetch(reset, python: python, server: server).status == 404, "logout --all ends it")
            let whoami = try await runGorilla(["--json", "whoami"], home: coach.home)
            #expect(whoami.status != 0, "\(whoami)")
            let synced = try await runGorilla(["sync"], home: phone.home)
            #expect(synced.status != 0, "the other device's session ended: \(synced)")
            #expect(try await fetch(beaURL, python: python, server: server).status == 200, "bea's feed is hers")
        }
    }
}
