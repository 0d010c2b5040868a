import Foundation
import GorillaShared

/// A session stored from `gorilla sessions log`, `gorilla train` or a correction (`gorilla sessions edit`): the
/// session as it stands after the sync.
public struct SessionSaved: Presentable {
    /// How the session was recorded.
    public enum Way: Sendable {
        case logged(start: Date)
        case trained
        /// A finished session corrected (a new revision); `changed` is false when the correction changed nothing.
        case corrected(changed: Bool)
    }

    /// How it was recorded.
    public let way: Way
    /// The session.
    public let id: UUID
    /// The client's display name.
    public let clientName: String
    /// The exercises performed, linked to the catalogue where it has them.
    public let exercises: [PerformedExercise]
    /// The stored session; nil when the server refused it during the sync and it was rolled back.
    public let entity: EntityRecord?
    /// Names of exercises that are not in the catalogue (kept by name only).
    public let unknownExercises: [String]
    /// Why the event the session was logged against already looked trained (shown as a warning), if it did.
    public var eventAlreadyDone: String?
    /// Exercise names typed that the catalogue took as another name (said on standard error, `matched` in JSON).
    public var matched: [Match] = []

    /// A name typed and the catalogue exercise it was taken as.
    public struct Match: Sendable, Equatable {
        public let typed: String
        public let name: String
    }

    /// The session `id`, stored the `way` given.
    public init(
        _ way: Way, id: UUID, clientName: String, exercises: [PerformedExercise], entity: EntityRecord?,
        unknownExercises: [String]
    ) {
        self.way = way
        self.id = id
        self.clientName = clientName
        self.exercises = exercises
        self.entity = entity
        self.unknownExercises = unknownExercises
    }

    public func encode(to encoder: any Encoder) throws {
        if var entity {
            if !matched.isEmpty {
                entity.fields["matched"] = .array(
                    matched.map { .object(["typed": .string($0.typed), "name": .string($0.name)]) })
            }
            try entity.encode(to: encoder)
        } else {
            try JSONValue.object(["id": .string(id.key), "rejected": true]).encode(to: encoder)
        }
    }
}

/// `gorilla sessions list`.
public struct SessionList: Presentable {
    /// One session of the list.
    public struct Row: Sendable {
        /// The session as synced.
        public let session: EntityRecord
        /// The client's display name ("" when unknown).
        public let clientName: String
        /// The training it followed.
        public let trainingName: String?
        /// The exercises performed.
        public let exercises: [PerformedExercise]
        /// Its sets, reps, volume and time under tension.
        public var totals: SessionTotals { SessionTotals(exercises) }
        /// Who recorded it: the coach, or the client themselves (self-logged).
        public var recordedBy: Role { session.recordedBy }
    }

    /// The sessions, newest first.
    public let sessions: [Row]
    /// Whether a range or a client narrowed the list.
    public let narrowed: Bool

    public func encode(to encoder: any Encoder) throws {
        try sessions.map { row -> JSONValue in
            let data = row.session.fields
            let totals = row.totals
            var object: [String: JSONValue] = [
                "id": .string(row.session.id.key), "clientName": .string(row.clientName),
                "exercises": .number(Double(row.exercises.count)), "sets": .number(Double(totals.sets)),
                "reps": .number(Double(totals.reps)), "volume": totals.volumeJSON,
                "recordedBy": .string(row.recordedBy.rawValue), "revision": data["revision"] ?? .number(1),
            ]
            for field in ["client", "mode", "start", "end", "training", "event"] { object[field] = data[field] }
            object["trainingName"] = row.trainingName.map(JSONValue.string)
            return .object(object)
        }.encode(to: encoder)
    }
}

/// `gorilla sessions show`.
public struct SessionDetail: Presentable {
    /// A comment on the session (a message that names it).
    public struct Comment: Sendable {
        /// The message.
        public let message: EntityRecord
        /// Who wrote it: "you", the client's name or the coach's.
        public let author: String
    }

    /// The session as synced.
    public let session: EntityRecord
    /// The client's display name.
    public let clientName: String?
    /// The training it followed.
    public let trainingName: String?
    /// The exercises performed.
    public let exercises: [PerformedExercise]
    /// The comments on it, oldest first.
    public var comments: [Comment] = []
    /// How each catalogue exercise of the session is counted (reps when not listed).
    public var counts: [UUID: CountMode] = [:]
    /// Its sets, reps, volume and time under tension.
    public var totals: SessionTotals { SessionTotals(exercises) }

    public func encode(to encoder: any Encoder) throws {
        let totals = totals
        var record = session
        record.fields["clientName"] = clientName.map(JSONValue.string)
        record.fields["trainingName"] = trainingName.map(JSONValue.string)
        record.fields["recordedBy"] = .string(session.recordedBy.rawValue)
        record.fields["revision"] = session.fields["revision"] ?? .number(1)
        record.fields["comments"] = .array(
            comments.map { comment in
                [
                    "id": .string(comment.message.id.key), "from": comment.message.fields["from"] ?? .null,
                    "author": .string(comment.author), "sent": comment.message.fields["sent"] ?? .null,
                    "text": comment.message.fields["text"] ?? .null,
                ]
            })
        record.fields["totals"] = [
            "sets": .number(Double(totals.sets)), "reps": .number(Double(totals.reps)), "volume": totals.volumeJSON,
            "timeUnderTension": .number(PerformedExercise.rounded(totals.tension)),
        ]
        try record.encode(to: encoder)
    }
}

/// `gorilla sessions rm`: the deleted session as it was, marked deleted.
public struct SessionRemoval: Presentable {
    /// The session as it was, with `deleted: true`.
    public let session: EntityRecord

    public func encode(to encoder: any Encoder) throws {
        try session.encode(to: encoder)
    }
}

/// `gorilla sessions export`: a session as text, CSV or JSON, printed on standard output.
public struct SessionExport: Presentable {
    /// The forms a session is exported in.
    public enum Format: String, Sendable {
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
    public let format: Format
    /// The session as synced.
    public let session: EntityRecord
    /// The client's display name ("" when unknown).
    public let clientName: String
    /// The training it followed.
    public let trainingName: String?
    /// The exercises performed.
    public let exercises: [PerformedExercise]
    /// How each catalogue exercise of the session is counted (reps when not listed).
    public var counts: [UUID: CountMode] = [:]

    public func encode(to encoder: any Encoder) throws {
        switch format {
        case .txt, .csv:
            try JSONValue.object(["format": .string(format.rawValue), "content": .string(content)]).encode(to: encoder)
        case .json:
            try document.encode(to: encoder)
        }
    }

    /// The session as `--format json` writes it: its members with `clientName` and `trainingName`, nothing `null`.
    var document: JSONValue {
        var record = session
        if !clientName.isEmpty { record.fields["clientName"] = .string(clientName) }
        record.fields["trainingName"] = trainingName.map(JSONValue.string)
        return ((try? JSONValue.encode(record)) ?? .object([:])).withoutNulls
    }
}

extension SessionTotals {
    /// The volume per unit the sets were entered in, `{"kg": 1815}`, each to 0.01.
    var volumeJSON: JSONValue {
        .object(
            Dictionary(uniqueKeysWithValues: volume.map { ($0.key.rawValue, .number(Numbers.hundredths($0.value))) }))
    }
}
