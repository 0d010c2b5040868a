import Foundation
import GorillaShared

extension OutboxJournal {
    /// The mutations queued and not answered, in the order they were queued (their `seq` counts from 1), with when
    /// each was queued; nil when there is no journal.
    ///
    /// The file is read as bytes, line by line: a line that is not a journal record (a write cut short by a full
    /// disk, even inside a multi-byte character) is skipped, and every complete line around it still counts. Each
    /// record's fields are delimited, not parsed: their text is what a push sends.
    func pending() throws -> [(entry: OutboxEntry, createdAt: String)]? {
        try pendingAndEnd()?.pending
    }

    /// ``pending()``, and how many bytes of the file were read (where a later ``queues(after:)`` starts).
    func pendingAndEnd() throws -> (pending: [(entry: OutboxEntry, createdAt: String)], end: Int)? {
        guard exists else { return nil }
        let bytes = try Data(contentsOf: url)
        var queued: [(entry: OutboxEntry, createdAt: String)] = []
        var done = Set<UUID>()
        Self.forEachLine(of: bytes) { line in
            switch Self.record(line) {
            case .queued(let entry, let createdAt)?: queued.append((entry, createdAt))
            case .answered(let ids)?: done.formUnion(ids)
            case nil: break
            }
        }
        var seq: Int64 = 0
        let pending = queued.compactMap { entry, createdAt -> (entry: OutboxEntry, createdAt: String)? in
            guard !done.contains(entry.id) else { return nil }
            seq += 1
            var entry = entry
            entry.seq = seq
            return (entry, createdAt)
        }
        return (pending, bytes.count)
    }

    /// Whether a mutation was queued in the file after its first `offset` bytes (a file shorter than that was
    /// replaced meanwhile, and is taken to).
    func queues(after offset: Int) throws -> Bool {
        let bytes = try Data(contentsOf: url)
        guard bytes.count >= offset else { return true }
        var queues = false
        Self.forEachLine(of: bytes, from: offset) { line in
            if !queues, case .queued? = Self.record(line) { queues = true }
        }
        return queues
    }

    /// Calls `body` with each non-empty line of `bytes` from `offset` on, without its newline and without copying it.
    private static func forEachLine(
        of bytes: Data, from offset: Int = 0, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Void in
            let all = raw.bindMemory(to: UInt8.self)
            guard let base = all.baseAddress else { return }
            var start = offset
            while start < all.count {
                let end: Int
                if let newline = memchr(base + start, 0x0A, all.count - start) {
                    end = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
                } else {
                    end = all.count
                }
                if end > start { body(UnsafeBufferPointer(rebasing: all[start..<end])) }
                start = end + 1
            }
        }
    }

    /// What one line records.
    private enum Record {
        case queued(OutboxEntry, createdAt: String)
        /// Mutations that left the outbox (`done`) or never entered it (`failed`).
        case answered([UUID])
    }

    /// The record of `line`, or nil when it is not one. Read at the depth a push carries fields at (the record's
    /// fields sit two levels in, a push's four), so that fields that pass here pass in a push; a record that only
    /// reads deeper is read again and its fields checked when pushed (``OutboxEntry/write(into:)``).
    private static func record(_ line: UnsafeBufferPointer<UInt8>) -> Record? {
        if let record = try? read(line, maxDepth: OutboxEntry.maxFieldsDepth + 2, checked: true) { return record }
        return try? read(line, maxDepth: FastJSON.maxDepth, checked: false)
    }

    private static func read(_ line: UnsafeBufferPointer<UInt8>, maxDepth: Int, checked: Bool) throws -> Record? {
        try FastJSON.withParser(line, maxDepth: maxDepth) { parser in
            var record: Record?
            try parser.members { key, parser in
                switch key {
                case "queued": record = try queued(&parser, checked: checked)
                case "done", "failed":
                    var ids: [UUID] = []
                    try parser.elements { parser in
                        if let id = UUID(text: try parser.string()) { ids.append(id) }
                    }
                    record = .answered(ids)
                default: try parser.skipValue()
                }
            }
            return record
        }
    }

    /// A `{"queued":{…}}` record's mutation, or nil when it lacks a member a mutation needs.
    private static func queued(_ parser: inout FastJSON.Parser, checked: Bool) throws -> Record? {
        var id: UUID?, kind: String?, entity: UUID?, action: MutationAction?, base: Int64?, at: String?
        var fields: String?, fieldsChecked = false
        try parser.members { key, parser in
            switch key {
            case "id": id = UUID(text: try parser.string())
            case "kind": kind = try parser.string()
            case "entity": entity = UUID(text: try parser.string())
            case "action": action = MutationAction(rawValue: try parser.string())
            case "base": base = try parser.value().intValue.map(Int64.init)
            case "at": at = try parser.string()
            case "fields":
                if parser.objectFollows() {
                    // Delimited as a push delimits it; the server reads it in full.
                    fields = parser.text(try parser.skipBalanced())
                    fieldsChecked = checked
                } else if try !parser.skipNull() {
                    fields = try parser.string()
                }
            default: try parser.skipValue()
            }
        }
        guard let id, let kind, let entity, let action else { return nil }
        if let text = fields, !fieldsChecked {
            // The form of the records written before: the fields' text as a string, ids in any case.
            fields = EntityKind(rawValue: kind).map { $0.forms.lowerCasingIDs(inText: text) } ?? text
        }
        return .queued(
            OutboxEntry(
                seq: 0, id: id, kind: kind, entity: entity, action: action, base: base, fieldsText: fields,
                fieldsChecked: fieldsChecked),
            createdAt: at ?? ISOTime.format(Date()))
    }
}
