import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension ImportSummary: Presentable {
    /// ``status(of:)`` for a person, in the current language.
    func statusText(of session: Session) -> String {
        if session.alreadyImported { return DataPhrases.statusAlreadyImported.t() }
        if rejected.contains(session.id) { return DataPhrases.statusRefused.t() }
        return dryRun ? DataPhrases.statusNew.t() : DataPhrases.statusImported.t()
    }

    package func text(for viewer: Viewer) -> String {
        let fresh = fresh
        let sets = fresh.reduce(0) { $0 + $1.workout.exercises.reduce(0) { $0 + $1.sets.count } }
        let already = sessions.count - fresh.count - rejected.count
        let source = DataPhrases.importSource.t(["file": (file as NSString).lastPathComponent, "format": format])
        var lines: [String] = []
        if dryRun {
            lines.append(
                DataPhrases.dryRunSummary.t([
                    "source": source, "sessions": sessions.count, "client": clientName, "fresh": fresh.count,
                    "sets": sets,
                ]) + (already > 0 ? ", " + DataPhrases.dryRunAlreadyImported.t(["count": already]) + "." : "."))
            let rows = sessions.map { session -> [String] in
                let workout = session.workout
                return [
                    EventFormatting.local(workout.start), workout.title.isEmpty ? "-" : workout.title,
                    "\(workout.exercises.count)", "\(workout.exercises.reduce(0) { $0 + $1.sets.count })",
                    statusText(of: session), session.id.short,
                ]
            }
            let header: [DataPhrases] = [
                .tableHeaderWhen, .tableHeaderWorkout, .tableHeaderExercises, .tableHeaderSets, .tableHeaderStatus,
                .tableHeaderID,
            ]
            lines.append(Table(header.map { $0.t() }, rows).render())
        } else if fresh.isEmpty && rejected.isEmpty {
            let nothingNew: DataPhrases = sessions.count == 1 ? .nothingNewOne : .nothingNewMany
            lines.append(nothingNew.t(["source": source, "count": sessions.count, "client": clientName]))
        } else {
            lines.append(
                DataPhrases.importedSummary.t([
                    "sessions": fresh.count, "client": clientName, "source": source, "sets": sets,
                ]) + (already > 0 ? "; " + DataPhrases.importedAlreadySkipped.t(["count": already]) + "." : "."))
        }
        if !mapped.isEmpty {
            let pairs = mapped.map { DataPhrases.matchedAs.t(["name": $0.name, "exercise": $0.exercise]) }
            lines.append(DataPhrases.mappedList.t(["list": pairs.joined(separator: ", ")]))
        }
        if !matched.isEmpty {
            let pairs = matched.map { DataPhrases.matchedAs.t(["name": $0.name, "exercise": $0.exercise]) }
            lines.append(DataPhrases.matchedList.t(["list": pairs.joined(separator: ", ")]))
        }
        if !unknown.isEmpty {
            let names = unknown.joined(separator: ", ")
            switch (handling, dryRun) {
            case (.stop, _): lines.append(DataPhrases.unknownStops.t(["names": names]))
            case (.create, true): lines.append(DataPhrases.unknownWouldBeAdded.t(["names": names]))
            case (.keep, true): lines.append(DataPhrases.unknownWouldBeKept.t(["names": names]))
            case (.create, false):
                if !created.isEmpty {
                    lines.append(DataPhrases.unknownAdded.t(["names": created.joined(separator: ", ")]))
                }
            case (.keep, false): lines.append(DataPhrases.unknownKept.t(["names": names]))
            }
        }
        return lines.joined(separator: "\n")
    }

    package func notes(for viewer: Viewer) -> [String] {
        var notes: [String] = []
        if skippedRows > 0 { notes.append(DataPhrases.noteSkippedRows.t(["count": skippedRows])) }
        if !rejected.isEmpty { notes.append(DataPhrases.refusedByServer.t(["count": rejected.count])) }
        return notes
    }
}
