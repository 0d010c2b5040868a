import Foundation
import GorillaShared
import Testing

/// Every shared type read back from what it writes: the same value, its ids in lower case, its absent members left
/// out. The types marked `@WireID` keep their synthesised coding; those that still write by hand (their wire form is
/// not their members: a date as text, a rule without empty lists, reps as a number or a list, measures by name,
/// numbered sets, pauses to the millisecond) are here too, so that a change on either side shows.
@Suite struct WireCodingRoundTripTests {
    static let coach = UUID(uuidString: "0193A7C2-0000-7000-8000-0000000000C1")!
    static let client = UUID(uuidString: "0193A7C2-0000-7000-8000-0000000000C2")!
    static let other = UUID(uuidString: "0193A7C2-0000-7000-8000-0000000000E3")!
    static let moment = Date(timeIntervalSince1970: 1_795_000_000.125)

    /// The text `value` writes, and the value read back from it.
    func roundTrip<Value: Codable & Equatable>(_ value: Value) throws -> (text: String, back: Value) {
        let data = try WireCoding.encoder.encode(value)
        return (String(decoding: data, as: UTF8.self), try WireCoding.decoder.decode(Value.self, from: data))
    }

    /// Checks `value` reads back equal, and that no id in its text is in upper case.
    func expectRoundTrip<Value: Codable & Equatable>(
        _ value: Value, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let (text, back) = try roundTrip(value)
        #expect(back == value, "\(text)", sourceLocation: sourceLocation)
        for id in [Self.coach, Self.client, Self.other] {
            #expect(!text.contains(id.uuidString), "upper-case id in \(text)", sourceLocation: sourceLocation)
        }
        return text
    }

    @Test func aMessageWritesItsIDsInLowerCaseAndLeavesAnAbsentSessionOut() throws {
        let message = Message(from: Self.coach, to: Self.client, text: "Hola", sent: Self.moment, client: Self.client)
        let text = try expectRoundTrip(message)
        #expect(text.contains("\"from\":\"\(Self.coach.key)\""))
        #expect(!text.contains("session"))
        #expect(!text.contains("null"))
        var comment = message
        comment.session = Self.other
        comment.read = Self.moment
        #expect(try expectRoundTrip(comment).contains("\"session\":\"\(Self.other.key)\""))
    }

    @Test func anUpperCaseIDIsReadAndAMissingOptionalIDIsAbsent() throws {
        let text = """
            {"from":"\(Self.coach.uuidString)","to":"\(Self.client.uuidString)","text":"x",\
            "sent":"2026-11-28T10:00:00Z","client":"\(Self.client.uuidString)","session":null}
            """
        let message = try WireCoding.decoder.decode(Message.self, from: Data(text.utf8))
        #expect(message.from == Self.coach)
        #expect(message.session == nil)
        let missing = """
            {"to":"\(Self.client.key)","text":"x","sent":"2026-11-28T10:00:00Z","client":"\(Self.client.key)"}
            """
        #expect(throws: DecodingError.self) { try WireCoding.decoder.decode(Message.self, from: Data(missing.utf8)) }
    }

    @Test func catalogueAndCalendarDocumentsReadBackTheSame() throws {
        _ = try expectRoundTrip(Exercise(name: "Press", machine: Self.other, muscles: ["chest"], count: .time))
        _ = try expectRoundTrip(Exercise(name: "Plank"))
        _ = try expectRoundTrip(News(id: Self.other, text: "Tancat dilluns", audience: .all, published: Self.moment))
        var event = Event(client: Self.client, start: Self.moment, zone: "Europe/Madrid", duration: 60)
        _ = try expectRoundTrip(event)
        event.series = Self.other
        event.training = Self.other
        event.recurrence = Recurrence(.weekly, interval: 2, days: [.mo, .th], count: 8)
        event.occurrence = CalendarDate(daysSinceEpoch: 20_700)
        #expect(try expectRoundTrip(event).contains("\"days\":[\"mo\",\"th\"]"))
        var exception = Event.Exception(client: Self.client)
        exception.training = Self.other
        #expect(try expectRoundTrip(exception) == #"{"client":"\#(Self.client.key)","training":"\#(Self.other.key)"}"#)
    }

    @Test func aMeasurementWritesOnlyTheMeasuresItHolds() throws {
        let measurement = GorillaShared.Measurement(
            client: Self.client, date: CalendarDate(daysSinceEpoch: 20_700), values: [.weight: 71.5, .waist: 80],
            note: "matí")
        let text = try expectRoundTrip(measurement)
        #expect(text.contains("\"client\":\"\(Self.client.key)\""))
        #expect(!text.contains("height") && !text.contains("recordedBy"))
    }

    @Test func aRuleWithoutDaysLeavesThemOut() throws {
        let text = try expectRoundTrip(Recurrence(.daily, interval: 1, count: 3))
        #expect(!text.contains("days"))
    }

    @Test func trainingsSessionsDraftsAndConflictsReadBackTheSame() throws {
        let planned = PlannedExercise(
            exercise: Self.other, sets: 4, reps: .perSet([12, 10, 8, 8]), weight: 80, unit: .kg)
        _ = try expectRoundTrip(planned)
        _ = try expectRoundTrip(PlannedExercise(exercise: Self.other, reps: .uniform(10)))
        let set = PerformedSet(type: .warmup, reps: 10, weight: 60, unit: .kg, duration: 31.5, rest: 90)
        let exercise = PerformedExercise(exercise: Self.other, name: "Press", sets: [set, set])
        let text = try expectRoundTrip(exercise)
        #expect(text.contains("\"position\":2"))
        let session = TrainingSession(
            client: Self.client, training: Self.other, mode: .realtime, start: Self.moment,
            end: Self.moment.addingTimeInterval(3600), paused: 61.25, exercises: [exercise])
        _ = try expectRoundTrip(session)
        let draft = TrainingDraft(
            client: Self.client, session: Self.other, state: ["step": 1],
            device: TrainingDraft.Device(id: Self.coach, name: "portàtil"), updated: Self.moment)
        _ = try expectRoundTrip(draft)
    }

    @Test func profilesAndAuthAnswersWriteIDsInLowerCase() throws {
        let profile = Profile(
            id: Self.client, role: .client, username: "nuria", email: "n@example.com", name: "Núria", surname: "Pons",
            nif: nil, language: .ca, coach: Self.coach, photo: nil, created: Self.moment)
        let text = try expectRoundTrip(profile)
        #expect(text.contains("\"coach\":\"\(Self.coach.key)\""))
        #expect(!text.contains("nif"))
        let check = try expectRoundTrip(CheckReply(valid: true, expires: Self.moment, user: Self.client))
        #expect(check.contains("\"user\":\"\(Self.client.key)\""))
    }

    @Test func aDateAndAnErrorCodeAreSingleValues() throws {
        #expect(try expectRoundTrip(CalendarDate(daysSinceEpoch: 20_700)) == "\"2026-09-04\"")
        #expect(try expectRoundTrip(WireErrorCode.invalidReference) == "\(WireErrorCode.invalidReference.rawValue)")
    }
}
