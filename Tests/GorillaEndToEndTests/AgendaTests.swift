import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// `gorilla agenda` and the overview's next appointment and answers, as a coach and as their client see them.
@Suite(.hangLimit)
struct AgendaTests {
    /// `text` ("YYYY-MM-DD HH:MM") in this process's time zone, as the commands read it.
    static func local(_ text: String) throws -> Date { try #require(EventFormatting.parseLocal(text)) }

    /// The id of the event a change printed.
    static func id(_ output: CommandOutput) throws -> String {
        try #require(output.json.objectValue?["id"]?.stringValue, "\(output.text) \(output.notes)")
    }

    /// A coach (ada) with two clients, Ana (registered, on her own device) and Bo (invited); Ana has a session on
    /// 1 December with "Legs A" and another on the 20th, and has written to the coach twice; the coach once to her.
    /// Appointments on 3 December: Bo at 09:00 (45 min), Bo at 12:00 cancelled, Ana at 18:00 at Central with a note;
    /// Ana on 4 December at 10:00. Returns the coach, Ana and the id of the 4 December appointment.
    static func scheduledDay(on server: some RunningServer) async throws -> (Device, Device, String) {
        let coach = try await Device.coach("ada", on: server)
        let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
        let client = try await Device.registered("ana", code: code, on: server)
        _ = try await coach.invite(name: "Bo", surname: "Puig")
        _ = try await coach.app.addExercise(name: "Squat", ExerciseFields())
        _ = try await coach.app.addExercise(name: "Curl", ExerciseFields())
        _ = try await coach.app.addTraining(name: "Legs A", exercises: ["Squat", "Curl"])
        _ = try await coach.app.logSession(
            SessionLogRequest(
                client: "Ana", training: "Legs A", date: "2026-12-01 10:00", sets: ["Squat: 5x100kg", "Curl: 10x20kg"]))
        _ = try await coach.app.logSession(
            SessionLogRequest(client: "Ana", date: "2026-12-20 10:00", sets: ["Squat: 5x100kg"]))
        for text in ["Running late", "See you there"] { _ = try await client.app.sendMessage(to: nil, text: text) }
        _ = try await coach.app.sendMessage(to: "Ana", text: "Bring the belt")
        _ = try await coach.app.addEvent(
            client: "Ana", EventFields(at: "2026-12-03 18:00", gym: "Central", note: "leg day"))
        _ = try await coach.app.addEvent(client: "Bo", EventFields(at: "2026-12-03 09:00", duration: 45))
        let cancelled = try await coach.app.addEvent(client: "Bo", EventFields(at: "2026-12-03 12:00"))
        _ = try await coach.app.setEventStatus(try id(cancelled), status: "cancelled")
        let friday = try id(try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-12-04 10:00")))
        return (coach, client, friday)
    }

    @Test func theCoachsAgendaListsEachAppointmentWithItsClientsLastSessionAndUnreadMessages() async throws {
        try await withTestServer { server in
            let (coach, _, _) = try await Self.scheduledDay(on: server)
            let agenda = try await coach.app.agenda(now: try Self.local("2026-12-03 08:00"))
            let lines = agenda.text.components(separatedBy: "\n")
            #expect(lines.first == "Agenda for today, Thursday 3 December 2026", "\(agenda.text)")
            let starts = lines.filter { $0.hasPrefix("  ") && $0.dropFirst(2).first?.isNumber == true }
            #expect(starts.count == 3, "\(agenda.text)")
            #expect(starts[0].hasPrefix("  09:00–09:45  Bo Puig  scheduled  "), "\(agenda.text)")
            #expect(starts[1].hasPrefix("  12:00–13:00  Bo Puig  cancelled  "), "\(agenda.text)")
            #expect(
                starts[2].hasPrefix("  18:00–19:00  Ana Serra  scheduled  @ Central  — leg day  "), "\(agenda.text)")
            let ana = try #require(lines.firstIndex(of: starts[2]))
            #expect(
                lines[ana + 1] == "               last session 2026-12-01 (Legs A, 2 exercises) · 2 unread messages",
                "the session of the 20th is after now: \(agenda.text)")
            #expect(lines[try #require(lines.firstIndex(of: starts[0])) + 1].hasSuffix("no sessions yet"))
            #expect(!agenda.text.contains("Nothing scheduled"), "\(agenda.text)")

            let json = try #require(agenda.json.objectValue)
            #expect(json["from"] == "2026-12-03" && json["days"] == 1)
            let appointments = json["appointments"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(appointments.map { $0["clientName"]?.stringValue } == ["Bo Puig", "Bo Puig", "Ana Serra"])
            #expect(appointments.map { $0["unread"]?.intValue } == [0, 0, 2])
            #expect(appointments[0]["lastSession"] == nil, "no null: the member is left out")
            let last = try #require(appointments[2]["lastSession"]?.objectValue)
            #expect(last["trainingName"] == "Legs A" && last["exercises"] == 2, "\(last)")
            #expect(last["start"]?.stringValue == ISOTime.format(try Self.local("2026-12-01 10:00")))
            #expect(appointments[2]["gym"] == "Central" && appointments[2]["status"] == "scheduled")

            // Two days: a heading per day, Friday's appointment after Thursday's.
            let two = try await coach.app.agenda(days: 2, now: try Self.local("2026-12-03 08:00"))
            #expect(two.text.hasPrefix("Agenda for 2 days, Thursday 3 December 2026 to Friday 4 December 2026"))
            #expect(two.text.contains("\nThursday 3 December 2026 (today)\n"), "\(two.text)")
            #expect(two.text.contains("\nFriday 4 December 2026\n  10:00–11:00  Ana Serra  scheduled"), "\(two.text)")
            #expect(two.json.objectValue?["appointments"]?.arrayValue?.count == 4)
            let tooMany = await #expect(throws: ClientError.self) {
                _ = try await coach.app.agenda(days: 0)
            }
            #expect(tooMany?.kind == .usage)
        }
    }

    @Test func aClientsAgendaNamesTheCoachAndAnEmptyDaySaysSoAndWhenTheNextAppointmentIs() async throws {
        try await withTestServer { server in
            let (_, client, _) = try await Self.scheduledDay(on: server)
            let day = try await client.app.agenda(now: try Self.local("2026-12-03 08:00"))
            let lines = day.text.components(separatedBy: "\n")
            let ana = try #require(lines.firstIndex { $0.hasPrefix("  18:00–19:00  ") }, "\(day.text)")
            #expect(lines[ana].hasPrefix("  18:00–19:00  with Ada Tester  scheduled  @ Central"), "\(day.text)")
            #expect(lines[ana + 1].hasSuffix("(Legs A, 2 exercises) · 1 unread message from your coach"), "\(day.text)")
            #expect(!day.text.contains("Bo Puig"), "a client sees only their own appointments")
            let only = try #require(day.json.objectValue?["appointments"]?.arrayValue?.first?.objectValue)
            #expect(only["coachName"] == "Ada Tester" && only["clientName"] == nil && only["unread"] == 1)

            let now = try Self.local("2026-12-02 08:00")
            let empty = try await client.app.agenda(now: now)
            #expect(empty.text.contains("\nNothing scheduled today.\n"), "\(empty.text)")
            #expect(
                empty.text.contains("Next: tomorrow 18:00, with Ada Tester (in 1 day 10 h), "), "\(empty.text)")
            let json = try #require(empty.json.objectValue)
            #expect(json["appointments"]?.arrayValue?.isEmpty == true)
            #expect(
                json["next"]?.objectValue?["start"]?.stringValue == ISOTime.format(try Self.local("2026-12-03 18:00")))

            // After the last appointment there is nothing next.
            let later = try await client.app.agenda(now: try Self.local("2026-12-05 08:00"))
            #expect(later.text.contains("Nothing scheduled today.\nNo appointments ahead."), "\(later.text)")
        }
    }

    @Test func theOverviewCountsDownToTheNextAppointmentAndListsWhatWaitsForAnAnswer() async throws {
        try await withTestServer { server in
            let (coach, client, friday) = try await Self.scheduledDay(on: server)
            // Ana declines Friday's appointment and asks for another one.
            _ = try await client.app.run { try await EventService($0).decline(friday, reason: "travelling") }
            let request = try await client.app.run {
                try await EventService($0).request(EventFields(at: "2026-12-10 17:00", note: "knee rehab"))
            }
            let requested = try Self.id(request)
            let now = try Self.local("2026-12-03 15:45")

            let forCoach = try await coach.app.overview(now: now)
            #expect(forCoach.text.contains("next: Ana Serra, today 18:00 — in 2 h 15 min"), "\(forCoach.text)")
            #expect(forCoach.text.contains("Requests waiting for you (gorilla events accept|decline ID):"))
            #expect(forCoach.text.contains("Declined by clients:"), "\(forCoach.text)")
            #expect(forCoach.text.contains("(declined by client)") && forCoach.text.contains("— travelling"))
            let json = try #require(forCoach.json.objectValue)
            for key in ["user", "role", "queued", "unread", "nextEvents", "news"] {
                #expect(json[key] != nil, "\(key) is kept")
            }
            let next = try #require(json["next"]?.objectValue)
            #expect(next["startsIn"] == 8100 && next["clientName"] == "Ana Serra", "\(next)")
            #expect(json["requests"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } == [requested])
            #expect(json["requests"]?.arrayValue?.first?.objectValue?["clientName"] == "Ana Serra")
            #expect(json["declined"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } == [friday])
            #expect(json["unanswered"]?.arrayValue?.isEmpty == true)

            // Ana has not answered Thursday's appointment; her request waits for the coach.
            let forClient = try await client.app.overview(now: now)
            #expect(
                forClient.text.contains("next: training with Ada Tester, today 18:00 — in 2 h 15 min"),
                "\(forClient.text)")
            #expect(forClient.text.contains("Not answered yet (gorilla events confirm|decline ID):"))
            #expect(forClient.text.contains("Your requests waiting for your coach:"))
            let mine = try #require(forClient.json.objectValue)
            let unanswered = mine["unanswered"]?.arrayValue?.compactMap { $0.objectValue?["start"]?.stringValue }
            #expect(unanswered == [ISOTime.format(try Self.local("2026-12-03 18:00"))], "not Friday: declined")
            #expect(mine["requests"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } == [requested])
            #expect(mine["declined"]?.arrayValue?.isEmpty == true)

            // The coach declines the request: the client sees it among their declined requests.
            _ = try await coach.app.run { try await EventService($0).decline(requested, reason: "fully booked") }
            let declined = try await client.app.overview(now: now)
            #expect(declined.text.contains("Requests your coach declined:"), "\(declined.text)")
            #expect(declined.text.contains("note: fully booked"), "\(declined.text)")
            #expect(declined.json.objectValue?["requests"]?.arrayValue?.isEmpty == true)

            // An appointment under way stays next until it ends.
            let during = try await coach.app.overview(now: try Self.local("2026-12-03 18:10"))
            #expect(during.text.contains("next: Ana Serra, today 18:00 — started 10 min ago"), "\(during.text)")
        }
    }
}
