import Foundation
import GorillaShared

extension EntityKinds {
    /// An unfinished session's draft (``TrainingDraft``): written and deleted by the account that records it (a coach
    /// for one of their clients, a client for themselves) and seen by no one else (``GorillaShared/Access/table``);
    /// one device holds it at a time (``heldByWriter(_:fields:base:)``).
    static let draft = KindRules(
        TrainingDraft.self,
        check: { draft, context in
            // The draft names its client, whoever records it (a client records their own training).
            if let owner = context.owner {
                draft.client = owner
            } else {
                try context.requireLive(draft.client, .client, field: "client")
            }
            draft = try draft.normalised()
        },
        beforeWrite: { row, fields, base in try heldByWriter(row, fields: fields, base: base) }
    )

    /// One device at a time. An update or delete that names the device holding the draft (in `fields.device`) goes
    /// through; any other write, a take-over by another device included, must be based on the latest hand-over: its
    /// `base` is at least the version that last changed `device`. So a device that has not seen the draft move on can
    /// neither take it back nor overwrite or delete the new holder's recording.
    static func heldByWriter(_ row: EntityRow, fields: [String: JSONValue], base: Int64?) throws {
        let held = try? TrainingDraft(document: row.data)
        let writer = try? DocumentReader.read(HandOver.self, from: fields).device?.id
        if let writer, writer == held?.device.id { return }
        if let base, base >= row.fieldVersions[TrainingDraft.CodingKeys.device.rawValue] ?? row.version { return }
        let name = held.map { "'\($0.device.name)'" } ?? "another device"
        let since = held.map { " since \(ISOTime.format($0.updated))" } ?? ""
        throw ServerError(.forbidden, "the session continues on \(name)\(since)")
    }

    /// The device a write to a draft names, if it names one.
    private struct HandOver: Decodable {
        let device: TrainingDraft.Device?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: TrainingDraft.CodingKeys.self)
            device = try? container.decodeIfPresent(TrainingDraft.Device.self, forKey: .device)
        }
    }
}
