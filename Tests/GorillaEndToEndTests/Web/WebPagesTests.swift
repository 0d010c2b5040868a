import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// The client's and the coach's pages on a real server's web door, over the account of ``PopulatedAccount`` (Ada
/// coaches Bea; Bob, another coach, has a client of his own): what each page shows, what a client writes there reaching
/// the coach's device by its sync, and every address of one tenant answering 404 to the other.
@Suite(.hangLimit, .enabled(if: IndependentPython.isPresent, "these tests read the pages with Python 3, absent here"))
struct WebPagesTests {
    @Test func aClientReadsSessionsStatisticsAndMeasurementsAndWritesAMeasurementARequestAndALanguage() async throws {
        let python = try await IndependentPython.having(module: "ssl", package: "ssl")
        try await withServerProcess { server in
            let browser = WebBrowsing(
                python: python, port: try #require(try server.info().webPort), certificate: server.certificatePath)
            let account = try await PopulatedAccount.make(on: server)
            let session = account.session.lowercased()
            let ahead = Date().addingTimeInterval(3 * 86_400)
            let day = ahead.formatted(.iso8601.year().month().day().dateSeparator(.dash))

            let pages = try await browser.run(
                WebAppointmentTests.signIn("bea") + [
                    .init(path: "/sessions"),
                    .init(path: "/sessions/\(session)"),
                    .init(path: "/statistics"),
                    .init(path: "/measurements"),
                    .init(
                        method: "POST", path: "/measurements",
                        form: ["csrf": "@token", "date": "2026-11-29", "weight": "69,8", "waist": "79"]),
                    .init(method: "POST", path: "/measurements", form: ["csrf": "@token", "weight": "heavy"]),
                    .init(path: "/home"),
                    .init(
                        method: "POST", path: "/appointments/request",
                        form: ["csrf": "@token", "start": "\(day)T17:30", "minutes": "45", "zone": "Europe/Madrid"]),
                    .init(path: "/home"),
                    .init(path: "/profile"),
                    .init(method: "POST", path: "/profile", form: ["csrf": "@token", "language": "ca"]),
                    .init(path: "/sessions"),
                    // What is not what it says is refused, not read as something else.
                    .init(method: "POST", path: "/measurements", form: ["csrf": "@token", "weight": "0x10"]),
                    .init(
                        method: "POST", path: "/measurements",
                        form: ["csrf": "@token", "date": "2026-02-30", "weight": "70"]),
                    .init(
                        method: "POST", path: "/appointments/request",
                        form: ["csrf": "@token", "start": "\(day)T17:30", "zone": "Mars/Olympus"]),
                    .init(
                        method: "POST", path: "/appointments/request",
                        form: ["csrf": "@token", "start": "\(day)T17:30", "minutes": "99999999999999999999"]),
                    .init(
                        method: "POST", path: "/appointments/request",
                        form: ["csrf": "@token", "start": "\(day)T17:30:99"]),
                ])
            #expect(
                pages.map(\.status)
                    == [
                        200, 303, 200, 200, 200, 200, 200, 303, 400, 200, 303, 200, 200, 200, 200, 400, 400, 400, 400,
                        400,
                    ],
                "\(pages.map(\.status))")
            #expect(pages[3].body.contains("href=\"/sessions/\(session)\""), "the list links the session")
            let detail = pages[4].body
            #expect(detail.contains("Leg press") && detail.contains("85.5 kg") && detail.contains("Great depth"))
            #expect(detail.contains("Good one, &quot;solid&quot;"), "the notes, escaped")
            #expect(pages[5].body.contains("<svg") && pages[5].body.contains("Sessions per week"))
            #expect(pages[5].body.contains("Leg press — estimated 1RM"), "a line for the exercise of two sessions")
            #expect(pages[5].body.contains("2 sessions in 12 weeks"), "sessions before joining count in the chart")
            #expect(pages[6].body.contains("70.4") && pages[6].body.contains("70.1"), "the coach's and her own")
            #expect(pages[7].location == "/measurements")
            #expect(pages[8].body.contains("not a figure that can be recorded"), "\(pages[8].body)")
            #expect(pages[9].body.contains("Request a time") && pages[9].body.contains("name=\"zone\""))
            #expect(pages[10].location == "/home", "\(pages[10].body)")
            #expect(pages[11].body.contains("Requested: waiting for your coach"))
            #expect(pages[12].body.contains("/cal/"), "the profile shows the calendar feed's address")
            #expect(pages[13].body.contains("lang=\"ca\"") && pages[13].body.contains("Desat."))
            #expect(pages[14].body.contains("Sessions d&#39;entrenament"), "the next page is in Catalan")
            #expect(pages[15].body.contains("no és una xifra que es pugui desar"), "\(pages[15].body)")
            #expect(pages[16].body.contains("Escriu la data com a AAAA-MM-DD."))

            // The coach's device receives what the client wrote on the web.
            _ = try await account.coach.sync()
            let measurements = try await account.coach.app.listMeasurements(client: "Bea")
            #expect(measurements.text.contains("69.8") || measurements.text.contains("69,8"), "\(measurements.text)")
            let requests = try account.coach.entities("event").filter {
                $0.data["status"]?.stringValue == "requested"
            }
            #expect(requests.count == 1, "\(requests.map(\.data))")
        }
    }

    @Test func aCoachReadsHerWeekClientsAClientAndIssuesALinkAndAnotherCoachGets404() async throws {
        let python = try await IndependentPython.having(module: "ssl", package: "ssl")
        try await withServerProcess { server in
            let browser = WebBrowsing(
                python: python, port: try #require(try server.info().webPort), certificate: server.certificatePath)
            let account = try await PopulatedAccount.make(on: server)
            let bea = try #require(try account.coach.entity("client", named: "Bea")).id.key
            let carles = try #require(try account.coach.entity("client", named: "Carles")).id.key
            let session = account.session.lowercased()

            let pages = try await browser.run(
                WebAppointmentTests.signIn("ada") + [
                    .init(path: "/calendar?week=2026-11-25"),
                    .init(path: "/clients"),
                    .init(path: "/clients/\(bea)"),
                    .init(path: "/sessions/\(session)"),
                    .init(path: "/codes"),
                    .init(method: "POST", path: "/codes/\(carles)", form: ["csrf": "@token"]),
                    .init(method: "POST", path: "/codes/\(bea)", form: ["csrf": "@token"]),
                    .init(path: "/gym"),
                ])
            #expect(
                pages.map(\.status) == [200, 303, 200, 200, 200, 200, 200, 200, 200, 404, 404], "\(pages.map(\.status))"
            )
            #expect(pages[3].body.contains("Bea Puig") && pages[3].body.contains("href=\"/calendar?week=2026-11-16\""))
            #expect(pages[4].body.contains("href=\"/clients/\(bea)\"") && !pages[4].body.contains("Dora"))
            #expect(
                pages[5].body.contains("<svg") && pages[5].body.contains("2026-11-20"), "statistics and measurements")
            #expect(pages[5].body.contains("href=\"/sessions/\(session)\""))
            #expect(pages[6].body.contains("Great depth"))
            #expect(pages[7].body.contains("Carles Vives") && !pages[7].body.contains(">Bea Puig<"))
            #expect(pages[8].body.contains("/join/"), "the new link is shown")
            let link = try #require(
                pages[8].body.range(of: #"https://[^<"]*/join/[A-Za-z0-9-]+"#, options: .regularExpression))
            let code = String(pages[8].body[link].split(separator: "/").last ?? "")
            let joined = try await browser.run([.init(path: "/join/\(code)")])
            #expect(joined.first?.status == 200 && joined.first?.body.contains("Carles") == true)

            // Bob, another tenant's coach, signed in: every address of Ada's answers 404.
            let foreign = try await browser.run(
                WebAppointmentTests.signIn("bob") + [
                    .init(path: "/clients/\(bea)"),
                    .init(path: "/sessions/\(session)"),
                    .init(path: "/messages/\(bea)"),
                    .init(method: "POST", path: "/codes/\(carles)", form: ["csrf": "@token"]),
                    .init(path: "/clients"),
                ])
            #expect(foreign.map(\.status) == [200, 303, 200, 404, 404, 404, 404, 200], "\(foreign.map(\.status))")
            #expect(!foreign[7].body.contains("Bea"), "Bob's clients page shows none of Ada's")
        }
    }

    @Test func aClientsHomeShowsTodaysWorkoutWithItsTargetsAndTheirCoachsPlan() async throws {
        let python = try await IndependentPython.having(module: "ssl", package: "ssl")
        try await withServerProcess { server in
            let browser = WebBrowsing(
                python: python, port: try #require(try server.info().webPort), certificate: server.certificatePath)
            let (coach, client) = try await ProgramTests.coachWithLegs(on: server)
            // Every day of the week is a day of Legs, from today (the server's day, in UTC: the client has no
            // appointment whose zone would say otherwise).
            let today = Date().formatted(.iso8601.year().month().day().dateSeparator(.dash))
            try await ProgramTests.run(
                ["programs", "add", "Daily", "--weeks", "4"]
                    + ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].flatMap { ["--day", "\($0): Legs"] },
                on: coach)
            try await ProgramTests.run(["programs", "assign", "Daily", "--client", "Bea", "--start", today], on: coach)
            _ = try await coach.sync()

            let home = try await browser.run(WebAppointmentTests.signIn("bea"))
            #expect(home.map(\.status) == [200, 303, 200], "\(home.map(\.status))")
            let page = home[2].body
            #expect(page.contains("Today&#39;s workout") && page.contains("Legs — Daily, week 1"), "\(page)")
            #expect(page.contains("Squat <strong>3x5@100kg</strong>"), "\(page)")
            #expect(page.contains("Bench <strong>3x8@60kg</strong>"), "\(page)")
            let coachHome = try await browser.run(WebAppointmentTests.signIn("ada"))
            #expect(!coachHome[2].body.contains("Today&#39;s workout"), "a coach's home has no workout of hers")

            // The client's calendar feed carries the planned workouts as whole days, read by Python's icalendar.
            let icalendar = try await IndependentPython.having(module: "icalendar", package: "icalendar")
            let feeds = CalendarFeedTests()
            let fetched = try await feeds.fetch(try await feeds.feed(client), python: icalendar, server: server)
            #expect(fetched.status == 200 && fetched.again == 304, "\(fetched)")
            let planned = fetched.summaries.filter { $0.hasPrefix("Legs — Daily, week ") }
            #expect(planned.count == 28, "four weeks of every day: \(fetched.summaries)")
            #expect(planned.filter { $0.hasSuffix("week 4") }.count == 7)
        }
    }
}
