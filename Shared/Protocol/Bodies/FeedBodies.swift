/// `feed.get` request: the account's calendar feed address; `reset` makes a new one first (the old one stops answering).
package struct FeedBody: Codable, Sendable, Equatable {
    package var reset: Bool?

    package init(reset: Bool? = nil) {
        self.reset = reset
    }
}

/// `feed.get` reply: the address calendar apps subscribe to (`WEB-URL/cal/ID/MAC.ics`): a secret, as a password is.
package struct FeedReply: Codable, Sendable, Equatable {
    package var url: String

    package init(url: String) {
        self.url = url
    }
}
