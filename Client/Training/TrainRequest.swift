import Foundation

/// What `gorilla train` starts: who trains (`--client`, the client of `--event`, or of the `--next` event) and
/// what (`--training`, `--free`, or `--repeat last`: the client's previous session again).
public struct TrainRequest: Sendable {
    /// What `--repeat` starts from.
    public enum Repeat: String, Sendable, CaseIterable {
        /// The client's previous session (the newest by start).
        case last
    }

    /// The client (name, username or id); taken from the event when nil.
    public var client: String?
    /// The training (routine) to follow.
    public var training: String?
    /// `--free`: exercises are added as the session goes.
    public var free: Bool
    /// The event this session fulfils (marked done when saved).
    public var event: String?
    /// `--next`: the coach's event in progress now, else the next scheduled one.
    public var next: Bool
    /// `--repeat`: the exercises and last values of an earlier session.
    public var repeating: Repeat?
    /// Reps typed after each set instead of marked one by one.
    public var handsFree: Bool

    /// A request; give at least one of `client`, `event` or `next`.
    public init(
        client: String? = nil, training: String? = nil, free: Bool = false, event: String? = nil, next: Bool = false,
        repeating: Repeat? = nil, handsFree: Bool = false
    ) {
        self.client = client
        self.training = training
        self.free = free
        self.event = event
        self.next = next
        self.repeating = repeating
        self.handsFree = handsFree
    }

    /// Refuses options that cannot go together.
    /// - Throws: ``ClientError`` `.usage`.
    public func validate() throws {
        if next, client != nil || event != nil {
            throw ClientError(
                .usage, "--next picks the client and the event itself: give it without --client or --event")
        }
        if client == nil, event == nil, !next {
            throw ClientError(.usage, "give --client C, --event ID or --next (or --resume)")
        }
        if training != nil, free { throw ClientError(.usage, "give --training T or --free, not both") }
        if repeating != nil, training != nil || free {
            throw ClientError(
                .usage, "--repeat takes the exercises from an earlier session: give it without --training or --free")
        }
    }
}
