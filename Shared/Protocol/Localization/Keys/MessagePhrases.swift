/// Messages, the chat view and news.
package enum MessagePhrases: String, Phrases {
    // MARK: gorilla messages list
    case noMessagesYet
    case tableHeaderWith
    case tableHeaderUnread
    case tableHeaderLast
    case tableHeaderMessage
    /// The unread column: how many messages from the other person are not read yet.
    case unreadCount

    // MARK: gorilla messages show (and the chat's thread)
    case noMessagesWith
    /// Instead of the time of a message the server does not have yet.
    case queued
    /// Who wrote a message of the logged-in account.
    case you
    /// Before a comment on a session, with the session's day.
    case onTheSessionOf
    /// Before a comment on a session whose day this device does not know.
    case onASession

    // MARK: gorilla messages send
    case sentTo
    case queuedFor
    case messageLength
    case messageControlCharacters
    /// A client's coach when this device does not know the coach's name.
    case yourCoach
    case accountHasNoCoach
    /// A client named someone who is none of their coaches (`messages show|send NAME`).
    case notOneOfYourCoaches
    case nameTheClient
    case clientNotRegistered

    // MARK: gorilla chat
    /// The title bar: who with, the keys, and the status.
    case chatTitle
    /// Added to the title while the thread is scrolled back.
    case chatScrolledBack
    case chatConnecting
    case chatConnected
    case chatOfflineReconnecting
    case chatConnectionLostReconnecting
    case chatNotAnsweringReconnecting
    case chatNotAnsweringStillTrying
    case chatMessageNotKept
    /// What to use instead of the chat without a terminal.
    case chatNeedsTerminalHint

    // MARK: gorilla news
    case noNews

    // MARK: Help
    case helpMessages
    case helpMessagesList
    case helpMessagesShow
    case helpMessagesShowWith
    case helpMessagesShowLimit
    case helpMessagesSend
    case helpMessagesSendDiscussion
    case helpMessagesSendTo
    case helpMessagesSendText
    case helpChat
    case helpChatWith
    case helpNews
}
