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
/// server answered (applied or refused). The file is emptied whenever the outbox is. Lines are written inside the
/// cache's write transaction, so writers of several processes append in the outbox's order. It guards against the
/// cache file going away, not against power loss (the cache's own commits are synchronous for that).
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

    /// Records a queued mutation.
    func queued(_ entry: OutboxEntry, createdAt: String) throws {
        var object: [String: JSONValue] = [
            "id": .string(entry.id.key), "kind": .string(entry.kind), "entity": .string(entry.entity.key),
            "action": .string(entry.action.rawValue), "at": .string(createdAt),
        ]
        if let fields = entry.fieldsText { object["fields"] = .string(fields) }
        if let base = entry.base { object["base"] = .number(Double(base)) }
        try append(FastJSON.text(["queued": .object(object)]) + "\n")
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
    /// there is no journal. Unreadable lines (a write cut short) are skipped.
    func pending() throws -> [(entry: OutboxEntry, createdAt: String)]? {
        guard exists else { return nil }
        let text = try String(contentsOf: url, encoding: .utf8)
        var queued: [(entry: OutboxEntry, createdAt: String)] = []
        var done = Set<UUID>()
        for line in text.split(separator: "\n") {
            guard let object = (try? FastJSON.parse(String(line)))?.objectValue else { continue }
            if let ids = object["done"]?.arrayValue {
                for id in ids { if let id = id.stringValue.flatMap(UUID.init(text:)) { done.insert(id) } }
            } else if let entry = object["queued"]?.objectValue,
                let id = entry["id"]?.stringValue.flatMap(UUID.init(text:)), let kind = entry["kind"]?.stringValue,
                let entity = entry["entity"]?.stringValue.flatMap(UUID.init(text:)),
                let action = entry["action"]?.stringValue.flatMap(MutationAction.init(rawValue:))
            {
                let base = entry["base"]?.intValue.map(Int64.init)
                queued.append(
                    (
                        OutboxEntry(
                            seq: 0, id: id, kind: kind, entity: entity, action: action, base: base,
                            fieldsText: entry["fields"]?.stringValue),
                        entry["at"]?.stringValue ?? ISOTime.format(Date())
                    ))
            }
        }
        return queued.filter { !done.contains($0.entry.id) }
    }

    private func append(_ text: String) throws {
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
            written += count
        }
    }
}
