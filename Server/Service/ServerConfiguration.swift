import Foundation
import GorillaShared

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
    /// Time allowed from accepting a connection to its `hello`, TLS handshake included; other lines sent before do not extend it.
    public var handshakeTimeout: TimeInterval = 10
    /// A connection that sends nothing for this long is closed.
    public var idleTimeout: TimeInterval = 300
    /// Most connections open at once; more are refused.
    public var maxConnections = 4096
    /// Most connections open at once from one address; more from it are refused, so that one peer cannot take every slot.
    public var maxConnectionsPerAddress = 64
    /// Sustained requests per second allowed per connection (twice as many in a burst).
    public var requestsPerSecond = 200.0

    /// Fair scheduling (``WorkScheduler``): while several accounts or addresses want the server, each gets its share of
    /// `workCapacity` seconds of work a second; one that owes more than `workAllowance` seconds waits its turn, and
    /// every request is charged `workOverhead` seconds on top of its measured service. Off: every request runs at once.
    public var fairScheduling = true
    public var workCapacity = Double(max(1, ProcessInfo.processInfo.activeProcessorCount))
    public var workAllowance = 0.05
    public var workOverhead = 0.0002

    /// Largest `sync.pull` page, in bytes of JSON: a page ends at its row limit or once it holds this many bytes, whichever
    /// comes first (it always holds at least one change, so it may pass the budget by one document).
    public var pullPageBytes = 2 * 1024 * 1024

    /// Bytes of unfinished image uploads the server keeps (on disk, in the data folder) for one account, and in all.
    public var uploadBytesPerAccount = 8 * 1024 * 1024
    public var uploadBytesTotal = 512 * 1024 * 1024

    /// Longest the integrity check after an unclean stop may take before the server starts unchecked.
    public var integrityCheckTimeout: TimeInterval = 30

    /// Password hashing cost.
    public var passwordHasher = PasswordHasher()
    /// Threads that hash and check passwords (off the event loops and the cooperative pool), and how many requests may
    /// wait for one; more are refused with error 113 and a retry delay.
    public var passwordThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
    public var passwordQueueLength = 32
    /// Signups allowed per address in `signupWindow`.
    public var signupsPerAddress = 20
    public var signupWindow: TimeInterval = 60 * 60
    /// Lifetime of session tokens.
    public var tokenLifetime: TimeInterval = 30 * 86_400
    /// Lifetime of password-reset tokens.
    public var resetTokenLifetime: TimeInterval = 86_400
    /// Lifetime of registration codes.
    public var registrationCodeLifetime = TimeInterval(RegistrationCode.defaultLifetimeDays * 86_400)
    /// Failed logins allowed per account, and per address, in `loginWindow`.
    public var loginFailuresPerAccount = 10
    public var loginFailuresPerAddress = 50
    public var loginWindow: TimeInterval = 15 * 60
    /// Wrong registration codes an address may send before it waits, the first wait (doubled by each further wrong
    /// code), the longest, and how long wrong codes are remembered; a right code clears them (docs/security.md §8).
    public var codeGuessesBeforeWait = 5
    public var codeFirstWait: TimeInterval = 10
    public var codeLongestWait: TimeInterval = 15 * 60
    public var codeGuessMemory: TimeInterval = 24 * 60 * 60

    /// Where the server reads the time of day: token, code and reset-token lifetimes, rate windows, the reuse of
    /// `sync.updated` answers and the times stored with changes. Tests move a clock of their own instead of waiting.
    public var clock = TimeSource.system

    /// Called once the server accepts connections, with the bound port.
    public var onListening: (@Sendable (Int) -> Void)?
    /// Called on a password thread before each hash or check (for tests).
    public var onPasswordWork: (@Sendable () -> Void)?
    /// Called as a `sync.pull` page is about to be built, with the bytes of earlier replies the connection has not yet
    /// handed to the socket (for tests).
    public var onPullPageStart: (@Sendable (_ unsentBytes: Int) -> Void)?
    /// Called on the event loop each time it answers a repeated `sync.updated` without the connection's task (for tests).
    public var onPollAnsweredOnLoop: (@Sendable () -> Void)?
    /// Called with the seconds a request waited for its turn under fair scheduling, when it waited (for tests).
    public var onFairWait: (@Sendable (Double) -> Void)?

    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    /// Where the database lives.
    /// The PostgreSQL database several instances share; nil: SQLite in ``dataDirectory`` (``databasePath``).
    public var database: PostgresLocation?
    /// Most connections to PostgreSQL (each transaction holds one).
    public var databaseConnections = 8

    public var databasePath: String { dataDirectory.appendingPathComponent("gorilla.sqlite").path }
}
