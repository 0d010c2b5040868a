import Foundation
import Logging

/// Every setting of the server, each declared once (docs/operations.md, "Configuration" lists them).
///
/// A new setting is a `static let` here (or in a file of its own beside this one), listed in ``all`` (and in
/// ``storage`` when the operator commands read it too), and one `@Option` in `gorilla-server`'s `ServeOptions` that
/// names it.
extension ServerSetting {
    /// Every setting, in the order `gorilla-server config` prints them.
    package static let all: [ServerSetting] =
        storage + [
            databaseConnections, host, port, cert, key, maxLineLength, helloTimeout, idleTimeout, maxConnections,
            maxConnectionsPerAddress,
            requestsPerSecond, fairScheduling, workCapacity, workAllowance, workOverhead, pullPageBytes,
            uploadBytesPerAccount, uploadBytesTotal, integrityCheckTimeout, passwordHashCost, passwordThreads,
            passwordQueue, signupsPerAddress, signupWindow, loginFailuresPerAccount, loginFailuresPerAddress,
            loginWindow, tokenLifetime, resetTokenLifetime, registrationCodeLifetime, codeGuessesBeforeWait,
            codeFirstWait, codeLongestWait, codeGuessMemory, backupEvery, backupKeep, backupDir, logLevel,
            logFormat, metrics, web, webURL, webSessionLifetime,
        ]

    /// Where the data lives: what the operator commands (`users`, `backup`, `check`, …) read as well as the server.
    package static let storage: [ServerSetting] = [data, database, databasePasswordFile]

    // MARK: Where it listens and keeps its data

    package static let host = ServerSetting(
        "host", .text, valueName: "address", help: "Address to listen on; 0.0.0.0 for every IPv4 interface.",
        read: { .text($0.host) }, write: { if case .text(let text) = $1 { $0.host = text } })
    package static let port = integer(
        "port", \.port, 0...65535, help: "TCP port; 0 picks a free one (see DIR/server.json).")
    package static let data = ServerSetting(
        "data", .text, valueName: "dir", help: "The data folder: database, certificate and key, server.json.",
        read: { .text($0.dataDirectory.path) },
        write: { configuration, value in
            guard case .text(let path) = value else { return }
            configuration.dataDirectory = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        })
    package static let database = ServerSetting(
        "database", .text, valueName: "url", secret: true,
        help:
            "A PostgreSQL database several instances share, postgres://USER@HOST:PORT/DB (else SQLite in the data"
            + " folder).",
        read: { $0.database.map { .text($0.description) } },
        write: { configuration, value in
            guard case .text(let url) = value, !url.isEmpty else { return }
            guard let location = PostgresLocation(url: url) else {
                throw SettingProblem(message: "is not a postgres://USER@HOST:PORT/DATABASE address")
            }
            configuration.database = location
        })
    package static let databasePasswordFile = text(
        "database-password-file", \.databasePasswordFile, valueName: "file",
        help: "A file holding the PostgreSQL password (else the address's own, or $PGPASSWORD).")
    package static let databaseConnections = integer(
        "database-connections", \.databaseConnections, 1...10_000, help: "Most connections to PostgreSQL.")
    package static let cert = text(
        "cert", \.certificatePath, valueName: "pem", help: "PEM certificate to use instead of the self-signed one.")
    package static let key = text("key", \.keyPath, valueName: "pem", help: "PEM private key for --cert.")

    // MARK: Connections

    package static let maxLineLength = integer(
        "max-line-length", \.maxLineLength, 1024...(1 << 30), valueName: "bytes",
        help: "Longest request line accepted; a longer one gets error 102 and the connection is closed.")
    package static let helloTimeout = number(
        "hello-timeout", \.handshakeTimeout, 0.001...unbounded,
        help: "Seconds a new connection has for its TLS handshake and hello.")
    package static let idleTimeout = number(
        "idle-timeout", \.idleTimeout, 0.001...unbounded,
        help: "Seconds a connection may send nothing before it is closed.")
    package static let maxConnections = integer(
        "max-connections", \.maxConnections, 1...Int.max, help: "Most connections open at once.")
    package static let maxConnectionsPerAddress = integer(
        "max-connections-per-address", \.maxConnectionsPerAddress, 1...Int.max,
        help: "Most connections open at once from one address.")
    package static let requestsPerSecond = number(
        "requests-per-second", \.requestsPerSecond, 0.001...unbounded, valueName: "n",
        help: "Sustained requests per second per connection (twice as many in a burst).")

    // MARK: Fair scheduling

    package static let fairScheduling = ServerSetting(
        "fair-scheduling", .toggle, valueName: "true|false",
        help: "Share the server's work fairly between the accounts and addresses that want it at once.",
        read: { .toggle($0.fairScheduling) }, write: { if case .toggle(let on) = $1 { $0.fairScheduling = on } })
    package static let workCapacity = number(
        "work-capacity", \.workCapacity, 0.001...unbounded,
        help: "Seconds of work a second the server shares out (default: the number of cores).")
    package static let workAllowance = number(
        "work-allowance", \.workAllowance, 0.001...unbounded,
        help: "Seconds of work one account or address may owe before it waits its turn.")
    package static let workOverhead = number(
        "work-overhead", \.workOverhead, 0...unbounded, help: "Seconds charged to every request on top of its work.")

    // MARK: Sync and uploads

    package static let pullPageBytes = integer(
        "pull-page-bytes", \.pullPageBytes, 1...Int.max, valueName: "bytes", help: "Largest sync.pull page.")
    package static let uploadBytesPerAccount = integer(
        "upload-bytes-per-account", \.uploadBytesPerAccount, 1...Int.max, valueName: "bytes",
        help: "Bytes of unfinished image uploads kept per account.")
    package static let uploadBytesTotal = integer(
        "upload-bytes-total", \.uploadBytesTotal, 1...Int.max, valueName: "bytes",
        help: "Bytes of unfinished image uploads kept in all.")
    package static let integrityCheckTimeout = number(
        "integrity-check-timeout", \.integrityCheckTimeout, 0.001...unbounded,
        help: "Longest the check after an unclean stop may take before the server starts unchecked.")
}
