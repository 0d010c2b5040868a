import Foundation

/// `gym.share` request: share the asking coach's client with a colleague of the gym, until a day or for good.
package struct GymShareBody: Codable, Sendable {
    @WireID package var client: UUID
    /// The colleague's username.
    package var with: String
    /// When the share ends (the end of the day `--until` names, on the asking device's calendar); nil: when it is
    /// ended by `gym.unshare` or by either coach leaving the gym.
    package var until: Date?

    package init(client: UUID, with: String, until: Date? = nil) {
        self.client = client
        self.with = with
        self.until = until
    }
}

/// `gym.unshare` request: end the shares of the asking coach's client, with one colleague or with all.
package struct GymUnshareBody: Codable, Sendable {
    @WireID package var client: UUID
    /// The colleague's username; nil: every colleague the client is shared with.
    package var with: String?

    package init(client: UUID, with: String? = nil) {
        self.client = client
        self.with = with
    }
}

/// `gym.share` and `gym.unshare` reply: the client and the colleagues it is shared with now.
package struct GymShares: Codable, Sendable, Equatable {
    /// The client's full name.
    package var client: String
    /// The colleagues' usernames, sorted.
    package var with: [String]
    /// How many shares the request ended (`gym.unshare`).
    package var ended: Int

    package init(client: String, with: [String], ended: Int = 0) {
        self.client = client
        self.with = with
        self.ended = ended
    }
}

/// A client a colleague of the gym shares with the account, as `sync.updated` and `sync.pull` name it
/// (``UpdatedReply/shared``).
package struct SharedClientEntry: Codable, Sendable, Hashable {
    @WireID package var client: UUID
    /// The sharing coach's username.
    package var by: String

    package init(client: UUID, by: String) {
        self.client = client
        self.by = by
    }
}

/// A coach of a client account, as `profile.get` names them (``Profile/coaches``): the client's own coach, or a
/// colleague the client's data is shared with (`shared`).
package struct ProfileCoach: Codable, Sendable, Equatable {
    /// The coach's account (what a message to them is addressed to).
    @WireID package var id: UUID
    package var username: String
    /// The coach's full name.
    package var name: String
    /// True for a colleague the client is shared with; absent for the client's own coach.
    package var shared: Bool?

    package init(id: UUID, username: String, name: String, shared: Bool? = nil) {
        self.id = id
        self.username = username
        self.name = name
        self.shared = shared
    }
}

/// A client of the account's that it shares with colleagues now, as `sync.updated` and `sync.pull` name it
/// (``UpdatedReply/sharing``).
package struct GivenShare: Codable, Sendable, Hashable {
    @WireID package var client: UUID
    /// The colleagues' usernames, sorted.
    package var with: [String]

    package init(client: UUID, with: [String]) {
        self.client = client
        self.with = with
    }
}
