import Foundation
import GorillaShared
import Testing

/// A session encoded from its type is the document the history stores: sets numbered from 1 (`position`), and it
/// reads back as the same session.
@Suite struct PerformedExerciseCodingTests {
    static let session = TrainingSession(
        client: UUID(), start: Date(timeIntervalSince1970: 1_800_000_000),
        end: Date(timeIntervalSince1970: 1_800_003_600), paused: 12.5, notes: "RPE 8",
        exercises: [
            PerformedExercise(
                exercise: UUID(), name: "Leg press",
                sets: [PerformedSet(reps: 12, weight: 80), PerformedSet(type: .drop, reps: 8, weight: 60, rest: 90)]),
            PerformedExercise(name: "Plank", sets: [PerformedSet(reps: 1, duration: 60)]),
        ])

    @Test func setsAreEncodedWithTheirPositionAsTheStoredDocumentHoldsThem() throws {
        let document = try #require(try JSONValue.encode(Self.session).objectValue)
        let exercises = try #require(document["exercises"]?.arrayValue)
        for (exercise, performed) in zip(exercises, Self.session.exercises) {
            #expect(exercise == performed.document)
            let positions = exercise.objectValue?["sets"]?.arrayValue?.map { $0.objectValue?["position"] }
            #expect(positions == performed.sets.indices.map { .number(Double($0 + 1)) })
        }
    }

    @Test func anEncodedSessionReadsBackAsTheSameSession() throws {
        let text = try WireCoding.encoder.encode(Self.session)
        #expect(try WireCoding.decoder.decode(TrainingSession.self, from: text) == Self.session)
    }
}
