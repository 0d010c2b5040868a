import Foundation
import GorillaShared
import Testing

/// Each document type checks and normalises itself (``DocumentProblem``): the rules the server applies to a pushed
/// document and the CLI may apply to refuse early.
@Suite struct DocumentRulesTests {
    private let client = UUID()
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    private func problem(_ body: () throws -> Void) -> DocumentProblem? {
        do {
            try body()
            return nil
        } catch let problem as DocumentProblem {
            return problem
        } catch {
            return DocumentProblem(.invalid, "not a document problem: \(error)")
        }
    }

    @Test func theCatalogueTypesRefuseWhatTheyCannotHoldAndStoreTheRestClean() throws {
        #expect(problem { _ = try Machine(name: "  \n ").normalised() }?.reason == .invalid)
        let machine = try Machine(name: "  Prensa ", image: String(repeating: "A", count: 64)).normalised()
        #expect(machine.name == "Prensa" && machine.image == String(repeating: "a", count: 64))

        let tooMany = Array(repeating: "x", count: Exercise.maxMuscles + 1).enumerated().map { "m\($0.offset)" }
        #expect(problem { _ = try Exercise(name: "Press", muscles: tooMany).normalised() }?.reason == .invalid)
        let exercise = try Exercise(name: "Press", description: "  ", muscles: ["Quads", "quads", " Glutes "])
            .normalised()
        #expect(exercise.muscles == ["Quads", "Glutes"] && exercise.description == nil)

        let uneven = PlannedExercise(exercise: UUID(), sets: 2, reps: .perSet([12, 10, 8]))
        let refused = problem { _ = try Training(name: "Pierna", exercises: [uneven]).normalised() }
        #expect(refused?.reason == .invalid && refused?.detail.hasPrefix("exercises[0].reps") == true, "\(refused!)")
        let planned = try PlannedExercise(exercise: UUID(), reps: .perSet([12, 10]), weight: 80).normalised()
        #expect(planned.sets == 2 && planned.unit == .kg)
        #expect(try PlannedExercise(exercise: UUID(), sets: 3, rpe: 7.5).normalised().rpe == 7.5)
        for rpe in [5.5, 10.5, 8.2, .nan] {
            let effort = problem { _ = try PlannedExercise(exercise: UUID(), sets: 3, rpe: rpe).normalised() }
            #expect(effort?.reason == .invalid && effort?.detail.hasPrefix("rpe") == true, "\(rpe)")
        }
    }

    @Test func aClientsRecordAMeasurementAndAMessageRefuseWhatTheyCannotHold() throws {
        #expect(problem { _ = try Client(name: "Ana", perWeek: 15).normalised() }?.detail.hasPrefix("perWeek") == true)
        #expect(try Client(name: " Ana ", notes: "").normalised() == Client(name: "Ana"))

        let empty = problem { _ = try Measurement(client: client, date: CalendarDate(year: 2026, month: 3, day: 2)!).normalised() }
        #expect(empty?.reason == .missing)
        let heavy = Measurement(client: client, date: CalendarDate(year: 2026, month: 3, day: 2)!, values: [.weight: 701])
        #expect(problem { _ = try heavy.normalised() }?.detail.hasPrefix("weight") == true)

        let blank = Message.Outgoing(text: " \n ", to: client)
        #expect(problem { _ = try blank.normalised() }?.detail.hasPrefix("text") == true)
        #expect(try Message.Outgoing(text: " Hola\n", to: client).normalised().text == "Hola")
    }

    @Test func anAppointmentAndAnExceptionOfASeriesRefuseWhatTheyCannotHold() throws {
        var event = Event(client: client, start: start)
        event.zone = "Mars/Olympus"
        #expect(problem { _ = try event.normalised() }?.detail.hasPrefix("zone") == true)
        event = Event(client: client, start: start, duration: Int(Event.durationRange.upperBound) + 1)
        #expect(problem { _ = try event.normalised() }?.detail.hasPrefix("duration") == true)

        var exception = Event.Exception(series: UUID(), occurrence: CalendarDate(year: 2026, month: 3, day: 2)!)
        exception.recurrence = Recurrence(.weekly)
        #expect(problem { _ = try exception.normalised() }?.detail.hasPrefix("recurrence") == true)
        exception.recurrence = nil
        exception.occurrence = nil
        #expect(problem { _ = try exception.normalised() }?.detail.hasPrefix("occurrence") == true)
    }

    @Test func aSessionAndADraftRefuseWhatTheyCannotHold() throws {
        let backwards = TrainingSession(client: client, start: start, end: start.addingTimeInterval(-60))
        #expect(problem { _ = try backwards.normalised() }?.detail.hasPrefix("end") == true)
        let session = TrainingSession(
            client: client, start: start,
            exercises: [PerformedExercise(name: "Press", sets: [PerformedSet(reps: 10), PerformedSet(reps: 5000)])])
        let refused = problem { _ = try session.normalised() }
        #expect(refused?.detail.hasPrefix("exercises[0].sets[1].reps") == true, "\(String(describing: refused))")

        let device = TrainingDraft.Device(id: UUID(), name: "Mòbil")
        let huge: JSONValue = ["notes": .string(String(repeating: "x", count: TrainingDraft.maxStateBytes))]
        let draft = TrainingDraft(client: client, session: UUID(), state: huge, device: device, updated: start)
        #expect(problem { _ = try draft.normalised() }?.reason == .tooLarge)
        let list = TrainingDraft(client: client, session: UUID(), state: [1, 2], device: device, updated: start)
        #expect(problem { _ = try list.normalised() }?.reason == .invalid)
    }

    @Test func readingADocumentNamesTheMemberItsTypeRefuses() throws {
        func reading<Document: EntityDocument>(_ type: Document.Type, _ document: [String: JSONValue]) -> DocumentProblem? {
            problem { _ = try Document(checking: document) }
        }
        #expect(reading(Machine.self, ["name": "Prensa", "colour": "red"]) == .invalid("unknown field 'colour'"))
        #expect(reading(Machine.self, ["image": "x"]) == .missing("name"))
        let set: JSONValue = ["reps": 10, "tempo": "3-1-1"]
        let session: [String: JSONValue] = [
            "client": .string(client.key), "start": "2026-03-02T18:30:00Z",
            "exercises": [["name": "Press", "sets": [set]]],
        ]
        #expect(
            reading(TrainingSession.self, session) == .invalid("unknown field 'exercises[0].sets[0].tempo'"))
        let noReps: [String: JSONValue] = [
            "client": .string(client.key), "start": "2026-03-02T18:30:00Z",
            "exercises": [["name": "Press", "sets": [["weight": 80]]]],
        ]
        #expect(reading(TrainingSession.self, noReps) == .missing("exercises[0].sets[0].reps"))
        #expect(reading(Client.self, ["perWeek": "often"])?.reason == .invalid)
        // A client's own document names them when it does not say.
        let owned = try Measurement(checking: ["date": "2026-03-02", "weight": 70], owner: client)
        #expect(owned.client == client)
        #expect(problem { _ = try Measurement(checking: ["date": "2026-03-02", "weight": 70]) } == .missing("client"))
    }
}
