import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension ConversationList: Presentable {
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

extension MessageThread: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard !messages.isEmpty else { return MessagePhrases.noMessagesWith.t(["name": with]) }
        return messages.map {
            Self.line($0, me: me, otherName: with, sessionDay: $0.session.flatMap { sessionDays[$0] })
        }.joined(separator: "\n")
    }
}

extension SentMessage: Presentable {
    package func text(for viewer: Viewer) -> String {
        sent ? MessagePhrases.sentTo.t(["name": to]) : MessagePhrases.queuedFor.t(["name": to])
    }
}

extension ChatClosed: Presentable {
    package func text(for viewer: Viewer) -> String { "" }
}

extension NewsList: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard !items.isEmpty else { return MessagePhrases.noNews.t() }
        return items.map {
            "\(EventFormatting.local($0.published).prefix(10))  \($0.text)"
        }.joined(separator: "\n")
    }
}
