import Foundation
import GorillaShared

/// What a push reads of the server's settings: where "now" comes from, and how long the registration codes it issues
/// (a coach's new client) last. The server's ``ServerConfiguration`` is one; tests may pass it as it is.
protocol SyncSettings: Sendable {
    /// Where the push reads the time it stores with its changes.
    var clock: TimeSource { get }
    /// Lifetime of the registration code a new client gets.
    var registrationCodeLifetime: TimeInterval { get }
}
