import Foundation

/// A section of synced data: the `kind` of a mutation, of a stored row and of a pulled change.
package enum EntityKind: String, Codable, Sendable, CaseIterable {
    case machine, exercise, training, client, event, message, measurement, session, draft, conflict
    case program, assignment

    /// Who reads rows of the kind: a coach's catalogue is read by all their clients; the rest belongs to one client.
    package enum Scope: Sendable {
        /// Belongs to the coach; their clients read it.
        case catalogue
        /// Belongs to one client of the coach; that client and the coach see it.
        case client
    }

    /// How rows of the kind are scoped.
    package var scope: Scope {
        switch self {
        case .machine, .exercise, .training, .program: .catalogue
        case .client, .event, .message, .measurement, .session, .draft, .conflict, .assignment: .client
        }
    }

    /// Whether the server takes a create of an id that exists already (another device created the same derived id)
    /// as an update of that row.
    package var mergesCreates: Bool { self == .event }

    /// Whether the server stores a change of this kind as the device wrote it, so that the device takes the push
    /// reply's version instead of pulling its change back: the catalogue's machines, exercises, trainings and
    /// programs. The server writes fields of its own in the other kinds (a message's `sent`, a session's `revision`
    /// and `recordedBy`, a client's code, an appointment's state) or merges their creates.
    package var storedAsPushed: Bool {
        switch self {
        case .machine, .exercise, .training, .program: true
        case .client, .event, .message, .measurement, .session, .draft, .conflict, .assignment: false
        }
    }

    /// The type whose JSON a row of this kind holds.
    package var documentType: any EntityDocument.Type {
        switch self {
        case .machine: Machine.self
        case .exercise: Exercise.self
        case .training: Training.self
        case .client: Client.self
        case .event: Event.self
        case .message: Message.self
        case .measurement: Measurement.self
        case .session: TrainingSession.self
        case .draft: TrainingDraft.self
        case .conflict: SyncConflict.self
        case .program: Program.self
        case .assignment: Assignment.self
        }
    }

    /// The fields a document of this kind may hold.
    package var fields: Set<String> { documentType.fieldNames }

    /// The fields that name the client a coach's row of this kind is about, in the order they are asked: its `client`;
    /// a message a coach writes names them as its recipient (`to`). Empty for the catalogue and for the client's row.
    package var clientFields: [String] {
        switch self {
        case .message: ["client", "to"]
        case .event, .measurement, .session, .draft, .conflict, .assignment: ["client"]
        case .machine, .exercise, .training, .program, .client: []
        }
    }

    /// The field that must be unique per coach, by its key (``NameMatch/key(_:)``: case and accents aside).
    package var uniqueNameField: String? { scope == .catalogue ? "name" : nil }

    /// What deleting a row of this kind does to the rows that refer to it (the same on the server and the device).
    package var deleteRule: DeleteRule? {
        switch self {
        case .machine: .refuseWhileUsed(by: .exercise, field: "machine")
        case .exercise: .removeFromTrainings
        default: nil
        }
    }
}

/// The JSON document of a synced row, as a type: its members are its coding keys.
package protocol EntityDocument: Codable, Sendable, Equatable {
    associatedtype CodingKeys: CodingKey & CaseIterable & RawRepresentable<String>
    /// The kind of rows that hold this document.
    static var kind: EntityKind { get }
    /// Which members hold ids and which counts (``DocumentForms``): how every reader takes them.
    static var forms: DocumentForms { get }
}

extension EntityDocument {
    /// Every member the document may hold.
    package static var fieldNames: Set<String> { Set(CodingKeys.allCases.map(\.rawValue)) }

    /// Reads a stored or pushed document (already validated by the server).
    package init(document: [String: JSONValue]) throws {
        self = try JSONValue.object(document).decode(Self.self)
    }

    /// The document's JSON members.
    package var document: [String: JSONValue] {
        // Encoding a value type of strings, numbers and dates cannot fail.
        (try? JSONValue.encode(self).objectValue) ?? [:]
    }
}

/// What deleting a catalogue row does to the rows that name it; deletes leave history readable (tombstones).
package enum DeleteRule: Sendable, Equatable {
    /// Refused while a live row of `kind` names the deleted one in `field` (a machine used by exercises).
    case refuseWhileUsed(by: EntityKind, field: String)
    /// The deleted exercise is taken out of every training that lists it.
    case removeFromTrainings

    /// The message of a refused delete: `'Leg press' is used by: Hack squat, Prensa`.
    package static func inUseMessage(name: String, users: [String]) -> String {
        "'\(name)' is used by: \(users.sorted { $0.lowercased() < $1.lowercased() }.joined(separator: ", "))"
    }
}
