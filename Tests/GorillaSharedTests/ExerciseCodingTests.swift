import Foundation
import GorillaShared
import Testing

/// An exercise written as the store holds it and read back: ids in lower case, every member kept.
@Suite struct ExerciseCodingTests {
    @Test func anExerciseRoundTripsWithItsMachineIDInLowerCase() throws {
        let machine = try #require(UUID(uuidString: "0193A7C2-0000-7000-8000-00000000AC01"))
        let exercise = Exercise(
            name: "Leg press", description: "Feet high", machine: machine, muscles: ["quadriceps"], count: .time)
        let document = exercise.document
        #expect(document["machine"] == .string(machine.key))
        #expect(document["machine"]?.stringValue == "0193a7c2-0000-7000-8000-00000000ac01")
        #expect(try Exercise(document: document) == exercise)
        let bare = try Exercise(document: ["name": "Plank"])
        #expect(bare.document == ["name": "Plank", "muscles": [], "count": "reps"])
    }
}
