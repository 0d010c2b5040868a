import Foundation
import GorillaShared

/// `gorilla messages list`.
public struct ConversationList: Presentable {
    /// One conversation: who with, and its last message.
    public struct Row: Sendable {
        /// The other person's name.
        public let with: String
        /// The other person's account (a coach's client row, or a client's coach).
        public let id: UUID
        /// Messages from them not read yet.
        public let unread: Int
        public let last: EntityRecord
        /// Whether the last message was written by the logged-in account.
        public let lastIsMine: Bool
        /// The day of the session the last message comments on, if it is a comment.
        public var sessionDay: String? = nil
    }

    /// The conversations that have messages.
    public let conversations: [Row]

    public func encode(to encoder: any Encoder) throws {
        let rows: [JSONValue] = try conversations.map { row in
            [
                "with": .string(row.with), "id": .string(row.id.key), "unread": .number(Double(row.unread)),
                "last": try JSONValue.encode(row.last),
            ]
        }
        try rows.encode(to: encoder)
    }
}

/// `gorilla messages show`: one conversation, oldest first.
public struct MessageThread: Presentable {
    /// The other person's name.
    public let with: String
    /// The logged-in account's id key (its messages are shown as "you").
    public let me: String
    public let messages: [EntityRecord]
    /// The day (YYYY-MM-DD) of each session a message comments on, by the session's id key.
    public var sessionDays: [String: String] = [:]

    public func encode(to encoder: any Encoder) throws {
        try messages.encode(to: encoder)
    }
}

/// `gorilla messages send`.
public struct SentMessage: Presentable {
    /// The recipient's name.
    public let to: String
    public let id: UUID
    /// The message as this device has it (nil if it is gone).
    public let message: EntityRecord?

    /// Whether the server has it (else it is queued for the next sync).
    public var sent: Bool { message?[string: "sent"] != nil }

    public func encode(to encoder: any Encoder) throws {
        if let message {
            try message.encode(to: encoder)
        } else {
            try JSONValue.object(["id": .string(id.key)]).encode(to: encoder)
        }
    }
}

/// `gorilla chat`: the conversation the chat view showed.
public struct ChatClosed: Presentable {
    /// The other person's name.
    public let with: String

    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(["with": .string(with)]).encode(to: encoder)
    }
}
