import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import NIOConcurrencyHelpers

/// A device's commands as the tests run them: each call runs the CLI's service for it as one `gorilla` process
/// would (a new ``DeviceContext``, one connection for the command) and returns its text, JSON and notes.
package struct DeviceCommands: Sendable {
    package let home: ClientHome
    /// Deadlines of every connection the commands open.
    package var deadlines = ConnectionDeadlines.fromEnvironment()
    /// The language of the commands (`--language`); nil: the account's, as the CLI's.
    package var language: Language?

    /// Warnings the commands found (a lost cache), kept until ``takeWarnings()``.
    private let warnings = NIOLockedValueBox<[String]>([])

    package init(home: ClientHome = ClientHome()) {
        self.home = home
    }

    /// Keeps warnings to show with the next ``takeWarnings()``.
    package func keepWarnings(_ more: [String]) {
        warnings.withLockedValue { $0 += more }
    }

    /// The warnings not taken yet; forgets them.
    package func takeWarnings() -> [String] {
        warnings.withLockedValue { pending in
            defer { pending = [] }
            return pending
        }
    }

    /// The device's local cache, opened as a command opens it (a lost cache is taken back, with a warning).
    package func cache() throws -> LocalCache {
        let context = DeviceContext(home: home, deadlines: deadlines)
        defer { keepWarnings(context.takeWarnings()) }
        return try context.cache()
    }
}
