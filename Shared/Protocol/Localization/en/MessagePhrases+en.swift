extension MessagePhrases {
    package var en: String {
        switch self {
        // gorilla messages list
        case .noMessagesYet: "No messages yet. Write one with: {command}"
        case .tableHeaderWith: "WITH"
        case .tableHeaderUnread: "UNREAD"
        case .tableHeaderLast: "LAST"
        case .tableHeaderMessage: "MESSAGE"
        case .unreadCount: "{count} unread"
        // gorilla messages show
        case .noMessagesWith: "No messages with {name} yet."
        case .queued: "queued"
        case .you: "you"
        case .onTheSessionOf: "on the session of {day}"
        case .onASession: "on a session"
        // gorilla messages send
        case .sentTo: "Sent to {name}."
        case .queuedFor: "Queued for {name}; it is sent on the next sync."
        case .messageLength: "a message has 1–{limit} characters"
        case .messageControlCharacters: "a message cannot contain control characters other than newlines"
        case .yourCoach: "your coach"
        case .accountHasNoCoach: "this account has no coach"
        case .notOneOfYourCoaches: "{name} is not one of your coaches; you can write to: {coaches}."
        case .nameTheClient: "name the client"
        case .clientNotRegistered: "{name} has not registered yet; messages need a registered client"
        // gorilla chat
        case .chatTitle: "Chat with {name} — Enter sends, Esc leaves, PgUp/PgDn scroll — {status}"
        case .chatScrolledBack: "scrolled back, PgDn returns"
        case .chatConnecting: "connecting…"
        case .chatConnected: "connected"
        case .chatOfflineReconnecting: "offline — reconnecting…"
        case .chatConnectionLostReconnecting: "connection lost — reconnecting…"
        case .chatNotAnsweringReconnecting: "server not answering — reconnecting…"
        case .chatNotAnsweringStillTrying: "server not answering — still trying"
        case .chatMessageNotKept: "message not kept: {error}"
        case .chatNeedsTerminalHint: "use gorilla messages show and gorilla messages send without one"
        // gorilla news
        case .noNews: "No news."
        // Help
        case .helpMessages: "Messages between a coach and their clients."
        case .helpMessagesList: "One line per conversation with its last message and unread count."
        case .helpMessagesShow: "A conversation, oldest first; marks the shown messages read."
        case .helpMessagesShowWith: "The client (a client's own coach needs no name)."
        case .helpMessagesShowLimit: "Only the last N messages."
        case .helpMessagesSend: "Send a message (works offline; delivered once on the next sync)."
        case .helpMessagesSendDiscussion: "Without TEXT the message is read from standard input."
        case .helpMessagesSendTo: "The client (clients write to their coach: any word, e.g. 'coach')."
        case .helpMessagesSendText: "The text (1–{limit} characters)."
        case .helpChat: "A live chat: new messages appear as they arrive; Enter sends; Esc or Ctrl-C leaves."
        case .helpChatWith: "The client (a client chats with their coach and needs no name)."
        case .helpNews: "News from the server's operator."
        }
    }
}
