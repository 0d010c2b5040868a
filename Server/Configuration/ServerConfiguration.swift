import Foundation
import GorillaShared
import Logging

/// Everything a server needs to start; defaults are the embedded ones (SQLite, self-signed certificate).
package struct ServerConfiguration: SyncSettings {
    package var host = "127.0.0.1"
    /// The TCP port; 0 lets the system choose.
    package var port = 7443
    /// The data folder: database, certificate and key, `server.json`.
    package var dataDirectory: URL
    /// PEM certificate and key to use instead of the self-signed pair.
    package var certificatePath: String?
    package var keyPath: String?

    /// Where the web door (HTTPS pages and the calendar feed, `--web`) listens; nil: no web door (`--no-web`). Port 0
    /// lets the system choose; `server.json` says which (`webPort`).
    package var webAddress: ListenAddress? = ListenAddress(port: 8443)
    /// The address people use to reach the web door (`--web-url`), sent in the `hello` reply; nil:
    /// `https://HOST:WEBPORT` with the bound port.
    package var webURL: String?
    /// How long a web sign-in lasts before the browser must sign in again.
    package var webSessionLifetime: TimeInterval = 12 * 60 * 60

    /// Where the plain-HTTP listener for `/metrics`, `/healthz` and `/readyz` binds (`--metrics`); nil: none.
    package var metricsAddress: ListenAddress?

    /// Longest request line accepted, in bytes.
    package var maxLineLength = 1024 * 1024
    /// Time allowed from accepting a connection to its `hello`, TLS handshake included; other lines sent before do not extend it.
    package var handshakeTimeout: TimeInterval = 10
    /// A connection that sends nothing for this long is closed.
    package var idleTimeout: TimeInterval = 300
    /// Most connections open at once; more are refused.
    package var maxConnections = 4096
    /// Most connections open at once from one address; more from it are refused, so that one peer cannot take every slot.
    package var maxConnectionsPerAddress = 64
    /// Sustained requests per second allowed per connection (twice as many in a burst).
    package var requestsPerSecond = 200.0

    /// Fair scheduling (``WorkScheduler``): while several accounts or addresses want the server, each gets its share of
    /// `workCapacity` seconds of work a second; one that owes more than `workAllowance` seconds waits its turn, and
    /// every request is charged `workOverhead` seconds on top of its measured service. Off: every request runs at once.
    package var fairScheduling = true
    package var workCapacity = Double(max(1, ProcessInfo.processInfo.activeProcessorCount))
    package var workAllowance = 0.05
    package var workOverhead = 0.0002

    /// Largest `sync.pull` page, in bytes of JSON: a page ends at its row limit or once it holds this many bytes, whichever
    /// comes first (it always holds at least one change, so it may pass the budget by one document).
    package var pullPageBytes = 2 * 1024 * 1024

    /// Bytes of unfinished image uploads the server keeps (on disk, in the data folder) for one account, and in all.
    package var uploadBytesPerAccount = 8 * 1024 * 1024
    package var uploadBytesTotal = 512 * 1024 * 1024

    /// Longest the integrity check after an unclean stop may take before the server starts unchecked.
    package var integrityCheckTimeout: TimeInterval = 30

    /// Password hashing cost.
    package var passwordHasher = PasswordHasher()
    /// Threads that hash and check passwords (off the event loops and the cooperative pool), and how many requests may
    /// wait for one; more are refused with error 113 and a retry delay.
    package var passwordThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
    package var passwordQueueLength = 32
    /// Signups allowed per address in `signupWindow`.
    package var signupsPerAddress = 20
    package var signupWindow: TimeInterval = 60 * 60
    /// Lifetime of session tokens.
    package var tokenLifetime: TimeInterval = 30 * 86_400
    /// Lifetime of password-reset tokens.
    package var resetTokenLifetime: TimeInterval = 86_400
    /// Lifetime of registration codes.
    package var registrationCodeLifetime = TimeInterval(RegistrationCode.defaultLifetimeDays * 86_400)
    /// Failed logins allowed per account, and per address, in `loginWindow`.
    package var loginFailuresPerAccount = 10
    package var loginFailuresPerAddress = 50
    package var loginWindow: TimeInterval = 15 * 60
    /// Wrong registration codes an address may send before it waits, the first wait (doubled by each further wrong
    /// code), the longest, and how long wrong codes are remembered; a right code clears them (docs/security.md §8).
    package var codeGuessesBeforeWait = 5
    package var codeFirstWait: TimeInterval = 10
    package var codeLongestWait: TimeInterval = 15 * 60
    package var codeGuessMemory: TimeInterval = 24 * 60 * 60

    /// Where the server reads the time of day: token, code and reset-token lifetimes, rate windows, the reuse of
    /// `sync.updated` answers and the times stored with changes. Tests move a clock of their own instead of waiting.
    package var clock = TimeSource.system

    /// The least severe level the server logs.
    package var logLevel = Logger.Level.info
    /// How the server's log lines are written (`--log-format`).
    package var logFormat = LogFormat.text

    /// Called once the server accepts connections, with the bound port.
    package var onListening: (@Sendable (Int) -> Void)?
    /// Called on a password thread before each hash or check (for tests).
    package var onPasswordWork: (@Sendable () -> Void)?
    /// Called as a `sync.pull` page is about to be built, with the bytes of earlier replies the connection has not yet
    /// handed to the socket (for tests).
    package var onPullPageStart: (@Sendable (_ unsentBytes: Int) -> Void)?
    /// Called on the event loop each time it answers a repeated `sync.updated` without the connection's task (for tests).
    package var onPollAnsweredOnLoop: (@Sendable () -> Void)?
    /// Called with the seconds a request waited for its turn under fair scheduling, when it waited (for tests).
    package var onFairWait: (@Sendable (Double) -> Void)?

    package init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    /// Where the database lives.
    /// The PostgreSQL database several instances share; nil: SQLite in ``dataDirectory`` (``databasePath``).
    package var database: PostgresLocation?
    /// The file the PostgreSQL password is read from when ``database``'s address has none (else `$PGPASSWORD`).
    package var databasePasswordFile: String?
    /// Most connections to PostgreSQL (each transaction holds one).
    package var databaseConnections = 8

    package var databasePath: String { dataDirectory.appendingPathComponent("gorilla.sqlite").path }

    /// How often the running server backs its SQLite database up (`--backup-every`); nil: never.
    package var backupInterval: TimeInterval?
    /// How many of the newest backups are kept (`--keep`).
    package var backupsKept = 14
    /// Where the backups go (`--backup-dir`); nil: `backups/` in the data folder.
    package var backupDirectory: URL?
    /// The folder scheduled backups are written into.
    package var backupFolder: URL { backupDirectory ?? dataDirectory.appendingPathComponent("backups") }
}

extension WorkScheduler {
    /// A scheduler with the shares of `configuration`; nil when fair scheduling is off.
    convenience init?(_ configuration: ServerConfiguration) {
        guard configuration.fairScheduling else { return nil }
        self.init(
            settings: WorkLedger.Settings(
                capacity: configuration.workCapacity, allowance: configuration.workAllowance,
                overhead: configuration.workOverhead, window: 1),
            onWait: configuration.onFairWait)
    }
}
