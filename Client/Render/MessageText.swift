import Foundation
import GorillaShared

extension ConversationList {
    package func text(for viewer: Viewer) -> String {
        guard !conversations.isEmpty else {
            let hint = viewer.keepsClients ? "gorilla messages send CLIENT TEXT" : "gorilla messages send coach TEXT"
            return MessagePhrases.noMessagesYet.t(["command": hint])
        }
        let rows = conversations.map { row -> [String] in
            let text =
                MessageThread.commentPrefix(row.last, day: row.sessionDay)
                + row.last.text.replacingOccurrences(of: "\n", with: " ")
            return [
                row.with, row.unread == 0 ? "" : MessagePhrases.unreadCount.t(["count": row.unread]),
                row.last.sent.map { EventFormatting.local($0) } ?? MessagePhrases.queued.t(),
                (row.lastIsMine ? MessagePhrases.you.t() + ": " : "")
                    + (text.count > 50 ? String(text.prefix(49)) + "…" : text),
            ]
        }
        let header: [MessagePhrases] = [.tableHeaderWith, .tableHeaderUnread, .tableHeaderLast, .tableHeaderMessage]
        return Table(header.map { $0.t() }, rows).render()
    }
}

extension MessageThread {
    package func text(for viewer: Viewer) -> String {
        guard !messages.isEmpty else { return MessagePhrases.noMessagesWith.t(["name": with]) }
        return messages.map {
            Self.line($0, me: me, otherName: with, sessionDay: $0.session.flatMap { sessionDays[$0] })
        }.joined(separator: "\n")
    }

    /// "on the session of 2026-03-02: " before a comment on a session (without its day when this device lacks it).
    static func commentPrefix(_ message: Stored<DeviceMessage>, day: String?) -> String {
        guard message.session != nil else { return "" }
        return (day.map { MessagePhrases.onTheSessionOf.t(["day": $0]) } ?? MessagePhrases.onASession.t()) + ": "
    }

    /// One message as the thread and the chat show it: when, who, whether it was delivered and read, the text (a
    /// comment on a session says which).
    static func line(
        _ message: Stored<DeviceMessage>, me: UUID, otherName: String, sessionDay: String? = nil
    ) -> String {
        let mine = message.from == me
        let sent = message.sent
        let when = sent.map { EventFormatting.local($0) } ?? MessagePhrases.queued.t()
        var mark = ""
        if mine { mark = message.read != nil ? " ✓✓" : (sent != nil ? " ✓" : " …") }
        let text =
            commentPrefix(message, day: sessionDay)
            + message.text.replacingOccurrences(of: "\n", with: "\n    ")
        return "[\(when)] \(mine ? MessagePhrases.you.t() : otherName)\(mark): \(text)"
    }
}

extension SentMessage {
    package func text(for viewer: Viewer) -> String {
        sent ? MessagePhrases.sentTo.t(["name": to]) : MessagePhrases.queuedFor.t(["name": to])
    }
}

extension ChatClosed {
    package func text(for viewer: Viewer) -> String { "" }
}

extension NewsList {
    package func text(for viewer: Viewer) -> String {
        guard !items.isEmpty else { return MessagePhrases.noNews.t() }
        return items.map {
            "\(EventFormatting.local($0.published).prefix(10))  \($0.text)"
        }.joined(separator: "\n")
    }
}
