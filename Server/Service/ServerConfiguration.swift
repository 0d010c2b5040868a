import Foundation

/// Everything a server needs to start; defaults are the embedded ones (SQLite, self-signed certificate).
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// The TCP port; 0 lets the system choose.
    public var port = 7443
    /// The data folder: database, certificate and key, `server.json`.
    public var dataDirectory: URL
    /// PEM certificate and key to use instead of the self-signed pair.
    public var certificatePath: String?
    public var keyPath: String?

    /// Longest request line accepted, in bytes.
    public var maxLineLength = 1024 * 1024
    /// Time allowed for a TLS handshake.
    public var handshakeTimeout: TimeInterval = 10
    /// A connection that sends nothing for this long is closed.
    public var idleTimeout: TimeInterval = 300
    /// Most connections open at once; more are refused.
    public var maxConnections = 4096
    /// Sustained requests per second allowed per connection (twice as many in a burst).
    public var requestsPerSecond = 200.0

    /// Longest the integrity check after an unclean stop may take before the server starts unchecked.
    public var integrityCheckTimeout: TimeInterval = 30

    /// Password hashing cost.
    public var passwordHasher = PasswordHasher()
    /// Lifetime of session tokens.
    public var tokenLifetime: TimeInterval = 30 * 86_400
    /// Lifetime of password-reset tokens.
    public var resetTokenLifetime: TimeInterval = 86_400
    /// Lifetime of registration codes.
    public var registrationCodeLifetime: TimeInterval = 14 * 86_400
    /// Failed logins allowed per account, and per address, in `loginWindow`.
    public var loginFailuresPerAccount = 10
    public var loginFailuresPerAddress = 50
    public var loginWindow: TimeInterval = 15 * 60
    /// Registration-code attempts allowed per address per minute.
    public var codeAttemptsPerMinute = 10

    /// Called once the server accepts connections, with the bound port.
    public var onListening: (@Sendable (Int) -> Void)?
    /// Called on the event loop each time it answers a repeated `sync.updated` without the connection's task (for tests).
    public var onPollAnsweredOnLoop: (@Sendable () -> Void)?

    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    /// Where the database lives.
    public var databasePath: String { dataDirectory.appendingPathComponent("gorilla.sqlite").path }
}
