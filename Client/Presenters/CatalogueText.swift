import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Lines of `label: value` with the values aligned after the longest label, as `show` commands print a row
/// ("machine:     Leg press").
enum CatalogueDetailLines {
    static func lines(_ fields: [(label: String, value: String)]) -> [String] {
        let width = (fields.map(\.label.cells).max() ?? 0) + 2
        return fields.map { label(padded: $0.label, to: width) + $0.value }
    }

    /// `label` and its colon, padded with spaces to `width` cells.
    static func label(padded label: String, to width: Int) -> String {
        let text = label + ":"
        return text + String(repeating: " ", count: max(1, width - text.cells))
    }
}

extension CountMode {
    /// How lists show the mode in the current language.
    var shownInCatalogue: String {
        switch self {
        case .reps: CataloguePhrases.countReps.t()
        case .time: CataloguePhrases.countTime.t()
        case .distance: CataloguePhrases.countDistance.t()
        }
    }
}

extension EntityChange: Presentable {
    package func text(for viewer: Viewer) -> String {
        let phrase: CataloguePhrases
        switch action {
        case .added:
            phrase = kind.catalogue(.machineAdded, .exerciseAdded, .trainingAdded)
        case .renamed(let old):
            return kind.catalogue(.machineRenamed, .exerciseRenamed, .trainingRenamed).t(["name": name, "old": old])
        case .updated:
            phrase = kind.catalogue(.machineUpdated, .exerciseUpdated, .trainingUpdated)
        case .deleted:
            phrase = kind.catalogue(.machineDeleted, .exerciseDeleted, .trainingDeleted)
        }
        return phrase.t(["name": name])
    }
}

extension MachineList: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard !machines.isEmpty else {
            guard viewer.may(.create, .machine) else { return CataloguePhrases.noMachinesForClient.t() }
            return CataloguePhrases.noMachinesForCoach.t()
        }
        let rows = machines.map { row -> [String] in
            [
                row.machine.name.markedAsLibrary(row.gym),
                row.uses == 0 ? "" : CataloguePhrases.usedByExercises.t(["count": row.uses]),
                row.machine.image == nil ? "" : CataloguePhrases.hasImage.t(),
                row.machine.id.short,
            ]
        }
        let header = [
            CataloguePhrases.tableHeaderMachine.t(), CataloguePhrases.tableHeaderUsedBy.t(),
            CataloguePhrases.tableHeaderImage.t(), "ID",
        ]
        return Table(header, rows).render()
    }
}

extension MachineDetail: Presentable {
    package func text(for viewer: Viewer) -> String {
        var fields = [
            (
                CataloguePhrases.labelExercises.t(),
                exercises.isEmpty ? CataloguePhrases.noItems.t() : exercises.joined(separator: ", ")
            )
        ]
        if let sha = machine.image {
            fields.append((CataloguePhrases.labelImage.t(), "\(sha.prefix(12))…"))
        }
        var lines = ["\(machine.name.markedAsLibrary(gym))  (\(machine.id.key))"] + CatalogueDetailLines.lines(fields)
        if machine.image != nil, let savedImage {
            lines.append(CataloguePhrases.imageSaved.t(["path": savedImage]))
        }
        return lines.joined(separator: "\n")
    }
}

extension ExerciseList: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard !exercises.isEmpty else {
            guard let search else {
                guard viewer.may(.create, .exercise) else { return CataloguePhrases.noExercisesForClient.t() }
                return CataloguePhrases.noExercisesForCoach.t()
            }
            return CataloguePhrases.noExerciseMatches.t(["search": search])
        }
        let rows = exercises.map { row -> [String] in
            [
                row.exercise.name.markedAsLibrary(row.gym).marked(ofColleague: row.colleague),
                row.machineUnseen
                    ? CataloguePhrases.machineUnseen.t() : (row.machine ?? "").markedAsLibrary(row.machineOfGym),
                row.muscles.joined(separator: ", "),
                row.exercise.count.shownInCatalogue, row.exercise.id.short,
            ]
        }
        let header = [
            CataloguePhrases.tableHeaderExercise.t(), CataloguePhrases.tableHeaderMachine.t(),
            CataloguePhrases.tableHeaderMuscles.t(), CataloguePhrases.tableHeaderCount.t(), "ID",
        ]
        return Table(header, rows).render()
    }
}

extension ExerciseDetail: Presentable {
    package func text(for viewer: Viewer) -> String {
        let muscles = exercise.muscles
        let machineName =
            machineUnseen
            ? CataloguePhrases.machineUnseen.t()
            : machine.map {
                $0.name.markedAsLibrary(machineOfGym)
                    + (machineDeleted ? " " + CataloguePhrases.machineDeletedMark.t() : "")
            } ?? CataloguePhrases.noItemsFeminine.t()
        let fields = [
            (CataloguePhrases.labelMachine.t(), machineName),
            (CataloguePhrases.labelMuscles.t(), muscles.joined(separator: ", ")),
            (CataloguePhrases.labelCount.t(), exercise.count.shownInCatalogue),
            (CataloguePhrases.labelDescription.t(), exercise.description ?? ""),
            (
                CataloguePhrases.labelTrainings.t(),
                trainings.isEmpty ? CataloguePhrases.noItems.t() : trainings.joined(separator: ", ")
            ),
        ]
        return (["\(exercise.name)  (\(exercise.id.key))"] + CatalogueDetailLines.lines(fields)).joined(separator: "\n")
    }
}

extension TrainingChange: Presentable {
    package func text(for viewer: Viewer) -> String {
        switch action {
        case .added(let count):
            CataloguePhrases.trainingAddedWithExercises.t(["name": change.name, "count": count])
        case .updated:
            change.text(for: viewer)
        case .duplicated(let original):
            CataloguePhrases.trainingDuplicated.t(["original": original, "name": change.name])
        }
    }
}

extension TrainingList: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard !trainings.isEmpty else {
            guard viewer.may(.create, .training) else { return CataloguePhrases.noTrainingsForClient.t() }
            return CataloguePhrases.noTrainingsForCoach.t()
        }
        let rows = trainings.map { row -> [String] in
            [
                row.training.name.markedAsLibrary(row.gym), "\(row.exerciseCount)",
                row.lastUsed.map { String(ISOTime.format($0).prefix(10)) } ?? CataloguePhrases.never.t(),
                row.training.id.short,
            ]
        }
        let header = [
            CataloguePhrases.tableHeaderTraining.t(), CataloguePhrases.tableHeaderExercises.t(),
            CataloguePhrases.tableHeaderLastUsed.t(), "ID",
        ]
        return Table(header, rows).render()
    }
}

extension TrainingDetail: Presentable {
    package func text(for viewer: Viewer) -> String {
        var lines = ["\(training.name.markedAsLibrary(gym))  (\(training.id.key))"]
        for (index, entry) in entries.enumerated() {
            let plan = entry.plan
            lines.append("  \(index + 1). \(entry.name ?? "?")\(plan.isEmpty ? "" : "  " + plan)")
        }
        if entries.isEmpty {
            lines.append(
                "  "
                    + (viewer.may(.update, .training) && !gym
                        ? CataloguePhrases.trainingHasNoExercisesHint.t(["name": training.name])
                        : CataloguePhrases.trainingHasNoExercises.t()))
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The name as a list shows it, followed by `(gym)` when the row is of the gym's library.
    func markedAsLibrary(_ gym: Bool) -> String { gym ? "\(self) \(GymPhrases.libraryMark.t())" : self }

    /// The name followed by `(ada's)` when the row is of the catalogue of the colleague `coach`.
    func marked(ofColleague coach: String?) -> String {
        coach.map { "\(self) \(SharePhrases.colleagueMark.t(["coach": $0]))" } ?? self
    }
}
