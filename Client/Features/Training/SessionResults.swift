import Foundation
import GorillaClientCore
import GorillaShared

/// A session stored from `gorilla sessions log`, `gorilla train` or a correction (`gorilla sessions edit`): the
/// session as it stands after the sync.
package struct SessionSaved {
    /// How the session was recorded.
    package enum Way: Sendable {
        case logged(start: Date)
        case trained
        /// A finished session corrected (a new revision); `changed` is false when the correction changed nothing.
        case corrected(changed: Bool)
    }

    /// How it was recorded.
    package let way: Way
    /// The session.
    package let id: UUID
    /// The client's display name.
    package let clientName: String
    /// The exercises performed, linked to the catalogue where it has them.
    package let exercises: [PerformedExercise]
    /// The stored session; nil when the server refused it during the sync and it was rolled back.
    package let session: Stored<TrainingSession>?
    /// Names of exercises that are not in the catalogue (kept by name only).
    package let unknownExercises: [String]
    /// Why the event the session was logged against already looked trained (shown as a warning), if it did.
    package var eventAlreadyDone: String?
    /// Exercise names typed that the catalogue took as another name (said on standard error, `matched` in JSON).
    package var matched: [Match] = []

    /// A name typed and the catalogue exercise it was taken as.
    package struct Match: Sendable, Equatable, Encodable {
        package let typed: String
        package let name: String
    }

    /// The session `id`, stored the `way` given.
    package init(
        _ way: Way, id: UUID, clientName: String, exercises: [PerformedExercise], session: Stored<TrainingSession>?,
        unknownExercises: [String]
    ) {
        self.way = way
        self.id = id
        self.clientName = clientName
        self.exercises = exercises
        self.session = session
        self.unknownExercises = unknownExercises
    }

    /// The names taken as others, beside the session's members (left out when there are none).
    package struct Matches: Encodable, Sendable {
        let matched: [Match]?
    }

    /// What `--json` prints: the stored session with `matched` (``jsonForm``).
    package typealias JSONForm = ChangedRow<DocumentRecord<TrainingSession, Matches>>

    /// The stored session with `matched`; `{"id", "rejected": true}` when the server refused it.
    package var jsonForm: JSONForm {
        let matches = Matches(matched: matched.isEmpty ? nil : matched)
        return ChangedRow(session.map { DocumentRecord($0, adding: matches) }, id: id)
    }
}

/// `gorilla sessions list`.
package struct SessionList {
    /// One session of the list.
    package struct Row: Sendable {
        /// The session as synced.
        package let session: Stored<TrainingSession>
        /// The client's display name ("" when unknown).
        package let clientName: String
        /// The training it followed.
        package let trainingName: String?
        /// The exercises performed.
        package var exercises: [PerformedExercise] { session.exercises }
        /// Its sets, reps, volume and time under tension.
        package var totals: SessionTotals { SessionTotals(exercises) }
        /// Who recorded it: the coach, or the client themselves (self-logged).
        package var recordedBy: Role { session.recordedBy ?? .coach }
    }

    /// The sessions, newest first.
    package let sessions: [Row]
    /// Whether a range or a client narrowed the list.
    package let narrowed: Bool

    /// One session of the list in `--json`: its members that say what it was, and its counts.
    private struct Record: Encodable {
        let id: String
        let client: String
        let clientName: String
        let mode: SessionMode
        let start: Date
        let end: Date?
        let training: String?
        let trainingName: String?
        let event: String?
        let exercises: Int
        let sets: Int
        let reps: Int
        let volume: [String: Double]
        let recordedBy: Role
        /// The colleague who recorded it, for a client shared with her (``GorillaShared/TrainingSession/recorder``).
        let recorder: String?
        let revision: Int

        init(_ row: Row) {
            let session = row.session
            let totals = row.totals
            id = session.id.key
            client = session.client.key
            clientName = row.clientName
            mode = session.mode
            start = session.start
            end = session.end
            training = session.training?.key
            trainingName = row.trainingName
            event = session.event?.key
            exercises = row.exercises.count
            sets = totals.sets
            reps = totals.reps
            volume = totals.volumeByUnit
            recordedBy = row.recordedBy
            recorder = session.recorder
            revision = session.revision ?? 1
        }
    }

    package var jsonForm: some Encodable { sessions.map(Record.init) }
}

/// `gorilla sessions show`.
package struct SessionDetail {
    /// A comment on the session (a message that names it).
    package struct Comment: Sendable {
        /// The message.
        package let id: UUID
        /// The account that wrote it (nil for one only this device has, before the server names it).
        package let from: UUID?
        /// When the server received it (nil while it waits to be sent).
        package let sent: Date?
        package let text: String
        /// Who wrote it: "you", the client's name or the coach's.
        package let author: String
    }

    /// The session as synced.
    package let session: Stored<TrainingSession>
    /// The client's display name.
    package let clientName: String?
    /// The training it followed.
    package let trainingName: String?
    /// The comments on it, oldest first.
    package var comments: [Comment] = []
    /// How each catalogue exercise of the session is counted (reps when not listed).
    package var counts: [UUID: CountMode] = [:]
    /// The exercises performed.
    package var exercises: [PerformedExercise] { session.exercises }
    /// Its sets, reps, volume and time under tension.
    package var totals: SessionTotals { SessionTotals(exercises) }

    /// What `--json` adds to the session's members.
    private struct Extra: Encodable {
        struct CommentRecord: Encodable {
            let id: String
            let from: String?
            let author: String
            let sent: Date?
            let text: String
        }

        struct Totals: Encodable {
            let sets: Int
            let reps: Int
            let volume: [String: Double]
            let timeUnderTension: Double
        }

        let clientName: String?
        let trainingName: String?
        let comments: [CommentRecord]
        let totals: Totals
    }

    /// The session's members (with who recorded it and its revision, also when the document leaves them out), its
    /// client's and training's names, its comments and its totals.
    package var jsonForm: some Encodable {
        let totals = totals
        var shown = session
        shown.value.recordedBy = session.recordedBy ?? .coach
        shown.value.revision = session.revision ?? 1
        let extra = Extra(
            clientName: clientName, trainingName: trainingName,
            comments: comments.map {
                Extra.CommentRecord(id: $0.id.key, from: $0.from?.key, author: $0.author, sent: $0.sent, text: $0.text)
            },
            totals: Extra.Totals(
                sets: totals.sets, reps: totals.reps, volume: totals.volumeByUnit,
                timeUnderTension: PerformedExercise.rounded(totals.tension)))
        return DocumentRecord(shown, adding: extra)
    }
}

/// `gorilla sessions rm`: the deleted session as it was, marked deleted.
package struct SessionRemoval {
    /// The session as it was.
    package let session: Stored<TrainingSession>

    /// `deleted: true` beside the session's members.
    private struct Deleted: Encodable {
        var deleted = true
    }

    package var jsonForm: some Encodable { DocumentRecord(session, adding: Deleted()) }
}

/// `gorilla sessions export`: a session as text, CSV or JSON, printed on standard output.
package struct SessionExport {
    /// The forms a session is exported in.
    package enum Format: String, Sendable {
        case txt, csv, json

        /// `txt` (or `text`), `csv` or `json`, in any case.
        init?(_ text: String) {
            switch text.lowercased() {
            case "txt", "text": self = .txt
            case "csv": self = .csv
            case "json": self = .json
            default: return nil
            }
        }
    }

    /// The form asked for.
    package let format: Format
    /// The session as synced.
    package let session: Stored<TrainingSession>
    /// The client's display name ("" when unknown).
    package let clientName: String
    /// The training it followed.
    package let trainingName: String?
    /// How each catalogue exercise of the session is counted (reps when not listed).
    package var counts: [UUID: CountMode] = [:]
    /// The exercises performed.
    package var exercises: [PerformedExercise] { session.exercises }

    /// The text or CSV form in `--json`.
    package struct Content: Encodable {
        let format: String
        let content: String
    }

    /// The client's and training's names beside the session's members.
    package struct Names: Encodable, Sendable {
        let clientName: String?
        let trainingName: String?
    }

    /// `{format, content}` for text and CSV; the document for JSON.
    package var jsonForm: OneOf<Content, DocumentRecord<TrainingSession, Names>> {
        switch format {
        case .txt, .csv: .first(Content(format: format.rawValue, content: content))
        case .json: .second(document)
        }
    }

    /// The session as `--format json` writes it: its members with `clientName` (when known) and `trainingName`.
    var document: DocumentRecord<TrainingSession, Names> {
        DocumentRecord(
            session, adding: Names(clientName: clientName.isEmpty ? nil : clientName, trainingName: trainingName))
    }
}

extension SessionTotals {
    /// The volume per unit the sets were entered in, `{"kg": 1815}`, each to 0.01.
    var volumeByUnit: [String: Double] {
        Dictionary(uniqueKeysWithValues: volume.map { ($0.key.rawValue, Numbers.hundredths($0.value)) })
    }
}
