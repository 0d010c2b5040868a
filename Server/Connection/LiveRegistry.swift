import Foundation
import GorillaShared

/// The open, authenticated connections that subscribed to live events, by account.
///
/// Pushes are only a shortcut: the data is stored before it is pushed and the next sync delivers it anyway.
/// Each subscriber has a bounded buffer; when a slow peer lets it fill, the oldest pushes are dropped.
///
/// - Important: An actor shared by every connection of a server.
actor LiveRegistry {
    /// How many pushes wait for a subscriber before the oldest are dropped.
    static let bufferSize = 256

    private var subscribers: [UUID: [Int: AsyncStream<WireResponse>.Continuation]] = [:]
    private var nextToken = 0

    /// Registers a subscriber for `user`; returns its token and the stream of pushes to write to it.
    func subscribe(user: UUID) -> (Int, AsyncStream<WireResponse>) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: WireResponse.self,
            bufferingPolicy: .bufferingNewest(Self.bufferSize))
        nextToken += 1
        subscribers[user, default: [:]][nextToken] = continuation
        return (nextToken, stream)
    }

    func unsubscribe(user: UUID, token: Int) {
        subscribers[user]?[token]?.finish()
        subscribers[user]?[token] = nil
        if subscribers[user]?.isEmpty == true { subscribers[user] = nil }
    }

    /// Queues `push` for every subscribed connection of `users`; never waits for a peer.
    func publish(_ push: WireResponse, to users: Set<UUID>) {
        for user in users {
            for continuation in subscribers[user]?.values ?? [:].values {
                continuation.yield(push)
            }
        }
    }

    /// The number of subscribed connections (for tests and metrics).
    var count: Int { subscribers.values.reduce(0) { $0 + $1.count } }
}
