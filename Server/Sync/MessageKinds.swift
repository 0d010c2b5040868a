import Foundation
import GorillaShared

extension EntityKinds {
    /// A message between a coach and one of their clients: never edited or deleted; the recipient may mark it read.
    ///
    /// The server sets `from` and `sent`; `client` names the conversation's client (for scoping). A message that names
    /// a `session` comments on it: a live session of that client.
    static let message = KindRules(
        .message,
        validate: { document, context in
            try FieldRules.only(Message.fieldNames, in: document)
            let principal = context.principal
            if context.creating {
                // A new message: the sender is whoever pushed it, the time is the server's.
                document["from"] = .string(principal.id.key)
                document["sent"] = .string(ISOTime.format(context.now))
                guard let text = document["text"]?.stringValue else { throw ServerError(.missingFields, "text") }
                guard let clean = Message.cleanText(text) else {
                    throw ServerError.invalid(
                        "text (1–\(Message.maxLength) characters, no control characters other than newline)")
                }
                document["text"] = .string(clean)
                guard let to = document["to"]?.stringValue.flatMap(UUID.init(uuidString:)) else {
                    throw ServerError(.missingFields, "to")
                }
                if principal.role == .coach {
                    // Only to one of the coach's own clients.
                    guard try context.liveReference(to, kind: .client) != nil else {
                        throw ServerError(.invalidReference, "to (not your client)")
                    }
                    document["client"] = .string(to.key)
                } else {
                    guard to == principal.coachID else {
                        throw ServerError(.forbidden, "clients write to their own coach")
                    }
                    document["client"] = .string(principal.id.key)
                }
                document["to"] = .string(to.key)
                document["read"] = nil
                // A comment on a training session: a live session of the conversation's client.
                if let value = document["session"], !value.isNull {
                    guard let text = value.stringValue, let id = UUID(uuidString: text),
                        let session = try context.liveReference(id, kind: .session),
                        session.clientID == document["client"]?.stringValue
                    else {
                        throw ServerError(.invalidReference, "session (no such session of this client)")
                    }
                    document["session"] = .string(id.key)
                } else {
                    document["session"] = nil
                }
            } else if let read = document["read"], !read.isNull {
                guard let text = read.stringValue, let date = ISOTime.parse(text) else {
                    throw ServerError.invalid("read (a time)")
                }
                document["read"] = .string(ISOTime.format(date))
            }
        }
    )
}
