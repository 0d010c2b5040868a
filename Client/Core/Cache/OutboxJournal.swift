import Foundation
import GorillaShared
import GorillaTransport

#if canImport(Glibc)
import Glibc
#endif

/// A write-ahead copy of the outbox in a file of its own beside the cache (`cache.outbox.jsonl`), so that queued
/// changes survive the loss of the cache file (deleted, emptied, replaced).
///
/// One JSON object per line: `{"queued":{…}}` for each mutation as it is queued, `{"done":[ids]}` for mutations the
/// server answered (applied or refused), `{"failed":[ids]}` for a queued line whose cache transaction then failed
/// (the command reported the failure, so the change must never be pushed). The file is emptied whenever the outbox
/// is. Lines are written inside the cache's write transaction, so writers of several processes append in the
/// outbox's order. It guards against the cache file going away, not against power loss (the cache's own commits are
/// synchronous for that).
struct OutboxJournal: Sendable {
    let url: URL

    init(url: URL) {
        self.url = url
    }

    /// The journal beside the cache at `cachePath`: `cache.sqlite` → `cache.outbox.jsonl`.
    init(cachePath: String) {
        let cache = URL(fileURLWithPath: cachePath)
        url = cache.deletingPathExtension().appendingPathExtension("outbox.jsonl")
    }

    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Records a queued mutation; returns where its line lies, for ``retract(_:)`` if the transaction then fails.
    @discardableResult
    func queued(_ entry: OutboxEntry, createdAt: String) throws -> Appended {
        var object: [String: JSONValue] = [
            "id": .string(entry.id.key), "kind": .string(entry.kind), "entity": .string(entry.entity.key),
            "action": .string(entry.action.rawValue), "at": .string(createdAt),
        ]
        if let fields = entry.fieldsText { object["fields"] = .string(fields) }
        if let base = entry.base { object["base"] = .number(Double(base)) }
        return try append(FastJSON.text(["queued": .object(object)]) + "\n")
    }

    /// Records mutations that left the outbox; empties the journal when the outbox is empty.
    func done(_ ids: [UUID], outboxEmpty: Bool) throws {
        if outboxEmpty { return try replace(with: "") }
        guard !ids.isEmpty else { return }
        try append(FastJSON.text(["done": .array(ids.map { .string($0.key) })]) + "\n")
    }

    /// Replaces the journal's contents (atomically, mode 0600).
    func replace(with text: String) throws {
        try SecureFiles.write(Data(text.utf8), to: url)
    }

    /// The mutations queued and not answered, in the order they were queued, with when each was queued; nil when
    /// there is no journal.
    ///
    /// The file is read as bytes, line by line: a line that is not a journal record (a write cut short by a full
    /// disk, even inside a multi-byte character) is skipped, and every complete line around it still counts.
    func pending() throws -> [(entry: OutboxEntry, createdAt: String)]? {
        guard exists else { return nil }
        let bytes = try Data(contentsOf: url)
        var queued: [(entry: OutboxEntry, createdAt: String)] = []
        var done = Set<UUID>()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let text = String(validating: line, as: UTF8.self),
                let object = (try? FastJSON.parse(text))?.objectValue
            else { continue }
            if let ids = object["done"]?.arrayValue ?? object["failed"]?.arrayValue {
                for id in ids { if let id = id.stringValue.flatMap(UUID.init(text:)) { done.insert(id) } }
            } else if let record = Self.queuedRecord(object) {
                queued.append(record)
            }
        }
        return queued.filter { !done.contains($0.entry.id) }
    }

    /// The mutation of a `{"queued":{…}}` record, or nil when the record is not one.
    private static func queuedRecord(_ object: [String: JSONValue]) -> (entry: OutboxEntry, createdAt: String)? {
        guard let entry = object["queued"]?.objectValue,
            let id = entry["id"]?.stringValue.flatMap(UUID.init(text:)), let kind = entry["kind"]?.stringValue,
            let entity = entry["entity"]?.stringValue.flatMap(UUID.init(text:)),
            let action = entry["action"]?.stringValue.flatMap(MutationAction.init(rawValue:))
        else { return nil }
        let base = entry["base"]?.intValue.map(Int64.init)
        // Ids as every reader keeps them (``DocumentForms``), whatever wrote the record.
        let fields = entry["fields"]?.stringValue.map { text in
            EntityKind(rawValue: kind).map { $0.forms.lowerCasingIDs(inText: text) } ?? text
        }
        return (
            OutboxEntry(
                seq: 0, id: id, kind: kind, entity: entity, action: action, base: base,
                fieldsText: fields),
            entry["at"]?.stringValue ?? ISOTime.format(Date())
        )
    }
}
