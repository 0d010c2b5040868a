import Foundation
import GorillaClientCore
import GorillaShared

/// `gorilla import`: what a file held and what became of it (or, with `--dry-run`, what would).
package struct ImportSummary {
    /// One workout of the file, as a session of the client.
    package struct Session: Sendable {
        /// The session's id (derived from the client and the start).
        package let id: UUID
        package let workout: ImportedWorkout
        /// Whether the history already has it (an earlier import of the same workout).
        package let alreadyImported: Bool
    }

    /// What is done with exercise names the catalogue does not have.
    package enum Handling: String, Sendable {
        /// The import stops (the default).
        case stop
        /// They are added to the catalogue (`--create-exercises`).
        case create
        /// They are kept by name only (`--allow-new`).
        case keep
    }

    package let file: String
    /// `Strong` or `Hevy`.
    package let format: String
    package let clientID: UUID
    package let clientName: String
    package let dryRun: Bool
    /// Every workout of the file, oldest first.
    package let sessions: [Session]
    /// Rows without a set (rest timers, empty sets).
    package let skippedRows: Int
    /// Names of the file picked as a catalogue exercise of another name ("Bench Press (Barbell)" → "Bench press").
    package let matched: [(name: String, exercise: String)]
    /// Names of the file that `--map`/`--map-file` sent to a catalogue exercise (its name, or the name asked for when
    /// the catalogue does not have it).
    package var mapped: [(name: String, exercise: String)] = []
    /// Names the catalogue does not have.
    package let unknown: [String]
    package let handling: Handling
    /// Exercises added to the catalogue.
    package var created: [String] = []
    /// Sessions the server refused during the sync (rolled back on this device).
    package var rejected: [UUID] = []

    /// The sessions new to the history (imported now, or to be with `--dry-run`).
    package var fresh: [Session] { sessions.filter { !$0.alreadyImported && !rejected.contains($0.id) } }

    /// A name of the file and the catalogue exercise it became.
    package struct Pair: Encodable {
        let name: String
        let exercise: String
    }

    /// One workout in `--json`.
    package struct SessionJSON: Encodable {
        @WireID var id: UUID
        let title: String
        let start: String
        let end: String?
        let exercises: [String]
        let sets: Int
        let status: String
    }

    /// What `--json` prints: the file, the client, the counts (`toImport` with `--dry-run`, else `imported`), each
    /// workout, the names matched, mapped and unknown, and the sessions refused (when any were).
    package struct JSONForm: Encodable {
        let file: String
        let format: String
        @WireID var client: UUID
        let clientName: String
        let dryRun: Bool
        let toImport: Int?
        let imported: Int?
        let alreadyImported: Int
        let sets: Int
        let skippedRows: Int
        let sessions: [SessionJSON]
        let matched: [Pair]
        let mapped: [Pair]
        let unknownExercises: [String]
        let unknownHandling: String
        let createdExercises: [String]
        let rejected: [String]?
    }

    package var jsonForm: JSONForm {
        let fresh = fresh
        return JSONForm(
            file: file, format: format, client: clientID, clientName: clientName, dryRun: dryRun,
            toImport: dryRun ? fresh.count : nil, imported: dryRun ? nil : fresh.count,
            alreadyImported: sessions.filter(\.alreadyImported).count,
            sets: fresh.reduce(0) { $0 + $1.workout.setCount }, skippedRows: skippedRows,
            sessions: sessions.map { session in
                SessionJSON(
                    id: session.id, title: session.workout.title, start: ISOTime.format(session.workout.start),
                    end: session.workout.end.map(ISOTime.format), exercises: session.workout.exercises.map(\.name),
                    sets: session.workout.setCount, status: status(of: session))
            },
            matched: matched.map { Pair(name: $0.name, exercise: $0.exercise) },
            mapped: mapped.map { Pair(name: $0.name, exercise: $0.exercise) }, unknownExercises: unknown,
            unknownHandling: handling.rawValue, createdExercises: created,
            rejected: rejected.isEmpty ? nil : rejected.map(\.key))
    }

    /// `new` (to import), `imported`, `already imported` or `refused`: the machine value of `--json`.
    package func status(of session: Session) -> String {
        if session.alreadyImported { return "already imported" }
        if rejected.contains(session.id) { return "refused" }
        return dryRun ? "new" : "imported"
    }
}
