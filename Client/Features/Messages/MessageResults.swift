import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `gorilla messages list`.
package struct ConversationList {
    /// One conversation: who with, and its last message.
    package struct Row: Sendable {
        /// The other person's name.
        package let with: String
        /// The other person's account (a coach's client row, or a client's coach).
        package let id: UUID
        /// Messages from them not read yet.
        package let unread: Int
        package let last: Stored<DeviceMessage>
        /// Whether the last message was written by the logged-in account.
        package let lastIsMine: Bool
        /// The day of the session the last message comments on, if it is a comment.
        package var sessionDay: String? = nil
    }

    /// The conversations that have messages.
    package let conversations: [Row]

    /// A conversation as `--json` shows it.
    private struct Shown: Encodable {
        let with: String
        let id: String
        let unread: Int
        let last: DocumentRecord<DeviceMessage, NoExtra>
    }

    package var jsonForm: some Encodable {
        conversations.map {
            Shown(with: $0.with, id: $0.id.key, unread: $0.unread, last: DocumentRecord($0.last))
        }
    }
}

/// `gorilla messages show`: one conversation, oldest first.
package struct MessageThread {
    /// The other person's name.
    package let with: String
    /// The logged-in account (its messages are shown as "you").
    package let me: UUID
    package let messages: [Stored<DeviceMessage>]
    /// The day (YYYY-MM-DD) of each session a message comments on, by the session's id.
    package var sessionDays: [UUID: String] = [:]

    package var jsonForm: some Encodable { messages.map { DocumentRecord($0) } }
}

/// `gorilla messages send`.
package struct SentMessage {
    /// The recipient's name.
    package let to: String
    package let id: UUID
    /// The message as this device has it (nil if it is gone).
    package let message: Stored<DeviceMessage>?

    init(to: String, id: UUID, message: Stored<DeviceMessage>?) {
        self.to = to
        self.id = id
        self.message = message
    }

    /// Whether the server has it (else it is queued for the next sync).
    package var sent: Bool { message?.sent != nil }

    /// The message; a message this device no longer has (the server refused it) is its id, marked rejected.
    package var jsonForm: ChangedRow<DocumentRecord<DeviceMessage, NoExtra>> {
        ChangedRow(message.map { DocumentRecord($0) }, id: id)
    }
}

/// `gorilla chat`: the conversation the chat view showed.
package struct ChatClosed {
    /// The other person's name.
    package let with: String

    /// What `--json` prints: who the conversation was with.
    package struct JSONForm: Encodable {
        let with: String
    }

    package var jsonForm: JSONForm { JSONForm(with: with) }
}
