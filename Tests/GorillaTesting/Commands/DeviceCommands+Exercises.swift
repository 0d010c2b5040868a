import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// Exercises and trainings as the tests call them, through the services the CLI uses.
extension DeviceCommands {
    package func addExercise(name: String, _ given: ExerciseFields) async throws -> CommandOutput {
        try await run { try await ExerciseService($0).add(name: name, given) }
    }

    package func editExercise(_ name: String, _ given: ExerciseFields) async throws -> CommandOutput {
        try await run { try await ExerciseService($0).edit(name, given) }
    }

    package func listExercises(search: String?) async throws -> CommandOutput {
        try await run { try await ExerciseService($0).list(search: search) }
    }

    package func showExercise(_ name: String) async throws -> CommandOutput {
        try await run { try await ExerciseService($0).show(name) }
    }

    package func addTraining(
        name: String, exercises: [String], plans: [String] = []
    ) async throws -> CommandOutput {
        try await run { try await TrainingService($0).add(name: name, exercises: exercises, plans: plans) }
    }

    package func editTraining(
        _ name: String, add: [String], remove: [String], move: String?, to position: Int?, plans: [String] = []
    ) async throws -> CommandOutput {
        try await run {
            try await TrainingService($0).edit(name, add: add, remove: remove, move: move, to: position, plans: plans)
        }
    }

    package func duplicateTraining(_ name: String, as newName: String) async throws -> CommandOutput {
        try await run { try await TrainingService($0).duplicate(name, as: newName) }
    }

    package func listTrainings() async throws -> CommandOutput {
        try await run { try await TrainingService($0).list() }
    }

    package func showTraining(_ name: String) async throws -> CommandOutput {
        try await run { try await TrainingService($0).show(name) }
    }
}
