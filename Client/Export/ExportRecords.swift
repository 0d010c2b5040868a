import Foundation
import GorillaShared

/// What the export adds to a row of a client's data: the client's display name.
struct ClientNamed: Encodable, Sendable {
    let clientName: String?
}

/// What the export adds to a client: `removed` for one the coach removed.
struct Removed: Encodable, Sendable {
    let removed: Bool?
}

/// A session as `sessions.json` holds it: its document with every set numbered (`position`, from 1, as the server
/// stores them), its `clientName` and `trainingName`.
struct ExportedSession: Encodable, Sendable {
    let row: Stored<TrainingSession>
    let clientName: String?
    let trainingName: String?

    init(_ row: Stored<TrainingSession>, clientName: String?, trainingName: String?) {
        self.row = row
        self.clientName = clientName
        self.trainingName = trainingName
    }

    private enum Key: String, CodingKey { case exercises, clientName, trainingName }

    func encode(to encoder: any Encoder) throws {
        try DocumentRecord(row).encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        // Replaces the document's exercises with the same ones, their sets numbered.
        try container.encode(row.exercises.map(NumberedExercise.init), forKey: .exercises)
        try container.encodeIfPresent(clientName, forKey: .clientName)
        try container.encodeIfPresent(trainingName, forKey: .trainingName)
    }
}

/// A performed exercise whose sets carry their `position`.
struct NumberedExercise: Encodable, Sendable {
    let exercise: PerformedExercise

    private enum Key: String, CodingKey { case exercise, name, sets }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(exercise.exercise?.key, forKey: .exercise)
        try container.encode(exercise.name, forKey: .name)
        try container.encode(
            exercise.sets.enumerated().map { NumberedSet(position: $0.offset + 1, set: $0.element) }, forKey: .sets)
    }
}

/// A performed set and its place in the exercise, from 1.
struct NumberedSet: Encodable, Sendable {
    let position: Int
    let set: PerformedSet

    private enum Key: String, CodingKey { case position }

    func encode(to encoder: any Encoder) throws {
        try set.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(position, forKey: .position)
    }
}
