import Foundation
import GorillaClientCore
import GorillaShared

/// A message as this device holds it: the server's ``GorillaShared/Message`` once synced, or one still queued here,
/// which has no `sent` time or conversation `client` yet and carries the time it was queued instead.
///
/// The type reads both, so that a queued message shows in its thread at once (marked as queued).
package struct DeviceMessage: EntityDocument {
    package static let kind = EntityKind.message

    /// The sender's account (set by the server; this device notes its own on a queued message).
    @WireID package var from: UUID?
    /// The recipient's account.
    @WireID package var to: UUID
    package var text: String
    /// When the server received it; nil while queued here.
    package var sent: Date?
    /// When the recipient read it.
    package var read: Date?
    /// The conversation's client (set by the server).
    @WireID package var client: UUID?
    /// The training session the message comments on.
    @WireID package var session: UUID?
    /// When this device queued it (a note of this device's own, until the server's copy replaces it).
    package var queued: Date?

    package init(
        from: UUID? = nil, to: UUID, text: String, sent: Date? = nil, read: Date? = nil, client: UUID? = nil,
        session: UUID? = nil, queued: Date? = nil
    ) {
        self.from = from
        self.to = to
        self.text = text
        self.sent = sent
        self.read = read
        self.client = client
        self.session = session
        self.queued = queued
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case from, to, text, sent, read, client, session, queued
    }

    package static let forms = Message.forms

    /// Whether it is to `account` and not read yet.
    package func isUnread(by account: UUID) -> Bool { to == account && read == nil }

    /// When it happened for a thread's order: the server's time once known, else the time it was queued.
    package var when: Date? { sent ?? queued }
}
