import Foundation
import GorillaShared
import GorillaTransport

#if canImport(Glibc)
import Glibc
#endif

/// The outbox: the queued mutations, in a file of their own beside the cache (`cache.outbox.jsonl`), so that they
/// survive the loss of the cache file (deleted, emptied, replaced). The cache holds no other copy.
///
/// One JSON object per line: `{"queued":{…}}` for each mutation as it is queued, its `fields` the JSON object as it
/// was written when queued (pushed as it is), `{"done":[ids]}` for mutations the server answered (applied or
/// refused), `{"failed":[ids]}` for a queued line whose cache transaction then failed (the command reported the
/// failure, so the change must never be pushed). The file is emptied when a sync leaves nothing queued. Lines are
/// written inside the cache's write transaction, so writers of several processes append in order. A line cut short
/// (a full disk) is skipped, and every complete line around it still counts.
///
/// Records written before the outbox moved here carry `fields` as a string holding the JSON text; they are still read.
package struct OutboxJournal: Sendable {
    package let url: URL

    init(url: URL) {
        self.url = url
    }

    /// The journal beside the cache at `cachePath`: `cache.sqlite` → `cache.outbox.jsonl`.
    package init(cachePath: String) {
        let cache = URL(fileURLWithPath: cachePath)
        url = cache.deletingPathExtension().appendingPathExtension("outbox.jsonl")
    }

    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Records a queued mutation; returns where its line lies, for ``retract(_:id:)`` if the transaction then fails.
    @discardableResult
    func queued(_ entry: OutboxEntry, createdAt: String) throws -> Appended {
        var line: [UInt8] = []
        Self.writeRecord(entry, createdAt: createdAt, into: &line)
        return try append(line, durable: true)
    }

    /// Records mutations that left the outbox.
    func done(_ ids: [UUID]) throws {
        guard !ids.isEmpty else { return }
        try append(Array((FastJSON.text(["done": .array(ids.map { .string($0.key) })]) + "\n").utf8))
    }

    /// Replaces the journal's contents (atomically, mode 0600).
    func replace(with text: String) throws {
        try SecureFiles.write(Data(text.utf8), to: url)
    }

    /// Replaces the journal with exactly `entries` (atomically, mode 0600): lines cut short and answered mutations go.
    func rewrite(_ entries: [(entry: OutboxEntry, createdAt: String)]) throws {
        var bytes: [UInt8] = []
        for (entry, createdAt) in entries { Self.writeRecord(entry, createdAt: createdAt, into: &bytes) }
        try SecureFiles.write(Data(bytes), to: url)
    }

    /// The `{"queued":{…}}` line of `entry`, its fields copied as they were written.
    private static func writeRecord(_ entry: OutboxEntry, createdAt: String, into out: inout [UInt8]) {
        out += #"{"queued":"#.utf8
        var object = FastJSON.ObjectWriter()
        object.member("action", into: &out)
        FastJSON.writeString(entry.action.rawValue, into: &out)
        object.member("at", into: &out)
        FastJSON.writeString(createdAt, into: &out)
        if let base = entry.base {
            object.member("base", into: &out)
            out += String(base).utf8
        }
        object.member("entity", into: &out)
        entry.entity.writeJSON(into: &out, uppercase: false)
        if let fields = entry.fieldsText {
            object.member("fields", into: &out)
            // Text that is not one readable object (never written so, but damaged) keeps the string form.
            if entry.fieldsChecked { out += fields.utf8 } else { FastJSON.writeString(fields, into: &out) }
        }
        object.member("id", into: &out)
        entry.id.writeJSON(into: &out, uppercase: false)
        object.member("kind", into: &out)
        FastJSON.writeString(entry.kind, into: &out)
        object.close(into: &out)
        out += "}\n".utf8
    }
}
