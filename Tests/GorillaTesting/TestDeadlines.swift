import GorillaClient
import GorillaClientCore
import NIOCore

/// Connection deadlines for tests that are not about deadlines: wide enough that a test machine busy with every
/// suite at once (a server answering `hello` seconds late) never looks like a hung server. The tests of the deadlines
/// set their own.
package enum TestDeadlines {
    /// For the in-process clients (``Device``).
    package static let patient = ConnectionDeadlines(
        connect: .seconds(30), handshake: .seconds(60), reply: .seconds(120))

    /// The same for the `gorilla` binary, as environment variables.
    package static let environment = ["GORILLA_TIMEOUT": "60"]
}
