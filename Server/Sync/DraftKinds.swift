import Foundation
import GorillaShared

extension EntityKinds {
    /// An unfinished session's draft (``TrainingDraft``): written and deleted by the account that records it (a coach
    /// for one of their clients, a client for themselves) and seen by no one else (``GorillaShared/Access/table``);
    /// one device holds it at a time (``heldByWriter(_:fields:base:)``).
    static let draft = KindRules(
        .draft,
        validate: { document, context in
            try FieldRules.only(TrainingDraft.fieldNames, in: document)
            // The draft names its client, whoever records it (a client records their own training).
            if context.principal.role == .client {
                document["client"] = .string(context.principal.id.key)
            } else {
                try FieldRules.reference("client", kind: .client, in: &document, context: context, required: true)
            }
            guard let session = document["session"], !session.isNull else {
                throw ServerError(.missingFields, "session")
            }
            guard let id = session.stringValue.flatMap(UUID.init(uuidString:)) else {
                throw ServerError.invalid("session (the id the session will have)")
            }
            document["session"] = .string(id.key)
            guard let state = document["state"], !state.isNull else { throw ServerError(.missingFields, "state") }
            if let problem = TrainingDraft.stateProblem(state) {
                if case .tooLarge = problem { throw ServerError(.tooLarge, problem.description) }
                throw ServerError.invalid(problem.description)
            }
            try device(in: &document)
            guard let updated = document["updated"], !updated.isNull else {
                throw ServerError(.missingFields, "updated")
            }
            guard let date = updated.stringValue.flatMap(ISOTime.parse) else {
                throw ServerError.invalid("updated (ISO-8601 time)")
            }
            document["updated"] = .string(ISOTime.format(date))
        },
        beforeWrite: { row, fields, base in try heldByWriter(row, fields: fields, base: base) }
    )

    /// The device holding the draft: `{id, name}`, the id normalised, the name a clean display string.
    private static func device(in document: inout [String: JSONValue]) throws {
        guard let value = document["device"], !value.isNull else { throw ServerError(.missingFields, "device") }
        guard var device = value.objectValue else { throw ServerError.invalid("device must be an object {id, name}") }
        try FieldRules.only(Set(TrainingDraft.Device.CodingKeys.allCases.map(\.rawValue)), in: device)
        guard let id = device["id"]?.stringValue.flatMap(UUID.init(uuidString:)) else {
            throw ServerError.invalid("device.id (an id)")
        }
        device["id"] = .string(id.key)
        do {
            try FieldRules.name("name", in: &device, max: TrainingDraft.maxDeviceNameLength)
        } catch let error as ServerError {
            throw ServerError(error.code, "device.\(error.detail ?? "name")")
        }
        document["device"] = .object(device)
    }

    /// One device at a time. An update or delete that names the device holding the draft (in `fields.device`) goes
    /// through; any other write, a take-over by another device included, must be based on the latest hand-over: its
    /// `base` is at least the version that last changed `device`. So a device that has not seen the draft move on can
    /// neither take it back nor overwrite or delete the new holder's recording.
    static func heldByWriter(_ row: EntityRow, fields: [String: JSONValue], base: Int64?) throws {
        let holder = row.data["device"]?.objectValue
        let holderID = holder?["id"]?.stringValue.flatMap(UUID.init(uuidString:))
        let writer = fields["device"]?.objectValue?["id"]?.stringValue.flatMap(UUID.init(uuidString:))
        if let writer, writer == holderID { return }
        if let base, base >= row.fieldVersions["device"] ?? row.version { return }
        let name = holder?["name"]?.stringValue.map { "'\($0)'" } ?? "another device"
        let since = row.data["updated"]?.stringValue.map { " since \($0)" } ?? ""
        throw ServerError(.forbidden, "the session continues on \(name)\(since)")
    }
}
