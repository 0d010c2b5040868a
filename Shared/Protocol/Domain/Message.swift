import Foundation

/// A message between a coach and one of their clients: never edited or deleted; the recipient marks it read.
///
/// A message that names a `session` is a comment on that training session (`gorilla sessions comment`).
package struct Message: EntityDocument {
    package static let kind = EntityKind.message
    /// Longest text, in characters.
    package static let maxLength = 2000

    /// The sender's account (set by the server).
    @WireID package var from: UUID
    /// The recipient's account.
    @WireID package var to: UUID
    package var text: String
    /// When the server received it.
    package var sent: Date
    /// When the recipient read it.
    package var read: Date?
    /// The conversation's client (the scope of the row).
    @WireID package var client: UUID
    /// The training session (of the same client) the message comments on.
    @WireID package var session: UUID?

    package init(
        from: UUID, to: UUID, text: String, sent: Date, read: Date? = nil, client: UUID, session: UUID? = nil
    ) {
        self.from = from
        self.to = to
        self.text = text
        self.sent = sent
        self.read = read
        self.client = client
        self.session = session
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case from, to, text, sent, read, client, session
    }

    package static let forms = DocumentForms([CodingKeys.from: .id, .to: .id, .client: .id, .session: .id])

    /// What keeps a text from being a message.
    package enum TextProblem: Error, Sendable, Equatable {
        /// Empty once trimmed, or longer than ``maxLength``.
        case length
        /// Control characters other than newline.
        case controlCharacters
    }

    /// The text as stored (trimmed), or why it cannot be a message.
    package static func checkedText(_ text: String) -> Result<String, TextProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= maxLength else { return .failure(.length) }
        guard !Validation.containsControlCharacters(trimmed, allowNewline: true) else {
            return .failure(.controlCharacters)
        }
        return .success(trimmed)
    }

    /// The text as stored: trimmed; nil when empty, too long or holding control characters other than newline.
    package static func cleanText(_ text: String) -> String? { try? checkedText(text).get() }
}
