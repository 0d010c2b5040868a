import Foundation
import GRDB
import GorillaShared

extension EntityKinds {
    /// Longest message text, in characters.
    static let maximumMessageLength = 2000

    /// A message between a coach and one of their clients: never edited or deleted; the recipient may mark it read.
    ///
    /// The server sets `from` and `sent`; `client` names the conversation's client (for scoping).
    static let message = EntityKind(
        name: "message", scope: .client, writers: [.coach, .client], deleters: [], appendOnly: true,
        validate: { document, context in
            try FieldRules.only(["from", "to", "text", "sent", "read", "client"], in: document)
            let principal = context.principal
            if context.creating {
                // A new message: the sender is whoever pushed it, the time is the server's.
                document["from"] = .string(principal.id.key)
                document["sent"] = .string(ISOTime.format(context.now))
                guard let text = document["text"]?.stringValue else { throw StoreError(.missingFields, "text") }
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty, trimmed.count <= maximumMessageLength else {
                    throw StoreError.invalid("text (1–\(maximumMessageLength) characters)")
                }
                guard !Validation.containsControlCharacters(trimmed, allowNewline: true) else {
                    throw StoreError.invalid("text (no control characters other than newline)")
                }
                document["text"] = .string(trimmed)
                guard let to = document["to"]?.stringValue.flatMap(UUID.init(uuidString:)) else {
                    throw StoreError(.missingFields, "to")
                }
                if principal.role == .coach {
                    // Only to one of the coach's own clients.
                    guard try context.liveReference(to, kind: "client") != nil else { throw StoreError(.invalidReference, "to (not your client)") }
                    document["client"] = .string(to.key)
                } else {
                    guard to == principal.coachID else { throw StoreError(.forbidden, "clients write to their own coach") }
                    document["client"] = .string(principal.id.key)
                }
                document["to"] = .string(to.key)
                document["read"] = nil
            } else if let read = document["read"], !read.isNull {
                guard let text = read.stringValue, let date = ISOTime.parse(text) else { throw StoreError.invalid("read (a time)") }
                document["read"] = .string(ISOTime.format(date))
            }
        },
        updateRule: { row, fields, principal in
            fields == ["read"] && row.data["to"]?.stringValue == principal.id.key
        }
    )
}
