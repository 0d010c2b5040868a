import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension MessageThread {
    /// One message as the thread and the chat show it: when, who, whether it was delivered and read, the text (a
    /// comment on a session says which).
    package static func line(
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

    /// "on the session of 2026-03-02: " before a comment on a session (without its day when this device lacks it).
    package static func commentPrefix(_ message: Stored<DeviceMessage>, day: String?) -> String {
        guard message.session != nil else { return "" }
        return (day.map { MessagePhrases.onTheSessionOf.t(["day": $0]) } ?? MessagePhrases.onASession.t()) + ": "
    }
}
