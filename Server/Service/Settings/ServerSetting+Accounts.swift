import Foundation
import Logging

/// The settings of passwords, rate limits, lifetimes, backups and logs (the rest of ``ServerSetting/all``).
extension ServerSetting {
    // MARK: Passwords

    package static let passwordHashCost = ServerSetting(
        "password-hash-cost", .integer(10...20), valueName: "log2 N",
        help: "scrypt's cost for new password hashes, as log2 of N (each step doubles time and memory).",
        read: { .integer($0.passwordHasher.logN) },
        write: { configuration, value in
            guard case .integer(let logN) = value else { return }
            let hasher = configuration.passwordHasher
            configuration.passwordHasher = PasswordHasher(
                logN: logN, blockSize: hasher.blockSize, parallelism: hasher.parallelism)
        })
    package static let passwordThreads = integer(
        "password-threads", \.passwordThreads, 1...1024, help: "Threads that hash and check passwords.")
    package static let passwordQueue = integer(
        "password-queue", \.passwordQueueLength, 0...Int.max,
        help: "Password requests that may wait for a thread; more get error 113.")

    // MARK: Rate limits

    package static let signupsPerAddress = integer(
        "signups-per-address", \.signupsPerAddress, 1...Int.max, help: "Signups allowed per address per signup window.")
    package static let signupWindow = number(
        "signup-window", \.signupWindow, 1...unbounded, help: "Seconds over which signups per address are counted.")
    package static let loginFailuresPerAccount = integer(
        "login-failures-per-account", \.loginFailuresPerAccount, 1...Int.max,
        help: "Failed logins allowed per account per login window.")
    package static let loginFailuresPerAddress = integer(
        "login-failures-per-address", \.loginFailuresPerAddress, 1...Int.max,
        help: "Failed logins allowed per address per login window.")
    package static let loginWindow = number(
        "login-window", \.loginWindow, 1...unbounded, help: "Seconds over which failed logins are counted.")
    package static let codeGuessesBeforeWait = integer(
        "code-guesses-before-wait", \.codeGuessesBeforeWait, 1...Int.max,
        help: "Wrong registration codes an address may send before it must wait.")
    package static let codeFirstWait = number(
        "code-first-wait", \.codeFirstWait, 0.001...unbounded,
        help: "Seconds of the first wait after too many wrong codes (doubled by each further one).")
    package static let codeLongestWait = number(
        "code-longest-wait", \.codeLongestWait, 0.001...unbounded, help: "Longest wait after wrong codes, in seconds.")
    package static let codeGuessMemory = number(
        "code-guess-memory", \.codeGuessMemory, 1...unbounded, help: "Seconds wrong registration codes are remembered.")

    // MARK: Lifetimes

    package static let tokenLifetime = number(
        "token-lifetime", \.tokenLifetime, 60...unbounded, help: "Seconds a session token lasts.")
    package static let resetTokenLifetime = number(
        "reset-token-lifetime", \.resetTokenLifetime, 60...unbounded, help: "Seconds a password-reset token lasts.")
    package static let registrationCodeLifetime = number(
        "registration-code-lifetime", \.registrationCodeLifetime, 60...unbounded,
        help: "Seconds a client's registration code lasts.")

    // MARK: Backups and logs

    package static let backupEvery = ServerSetting(
        "backup-every", .text, valueName: "interval",
        help: "Back the SQLite database up this often (90m, 6h, 1d; at least a minute) into the backup folder.",
        read: { $0.backupInterval.map { .text("\(SettingValue.number($0))s") } },
        write: { configuration, value in
            guard case .text(let text) = value else { return }
            guard let interval = BackupSchedule.interval(parsing: text) else {
                throw SettingProblem(message: "takes a time of at least a minute: 90m, 6h, 1d (not \(text))")
            }
            configuration.backupInterval = interval
        })
    package static let backupKeep = integer(
        "backup-keep", \.backupsKept, 1...Int.max, aliases: ["keep"],
        help: "How many of the newest scheduled backups to keep.")
    package static let backupDir = ServerSetting(
        "backup-dir", .text, valueName: "dir", help: "Where scheduled backups go (default: DIR/backups).",
        read: { $0.backupDirectory.map { .text($0.path) } },
        write: { configuration, value in
            guard case .text(let path) = value else { return }
            configuration.backupDirectory = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        })
    package static let logLevel = choice(
        "log-level", \.logLevel, valueName: "level", help: "The least severe level logged.")
    package static let logFormat = choice(
        "log-format", \.logFormat, valueName: "format",
        help: "How log lines are written: text, or json (one object a line).")
    package static let metrics = ServerSetting(
        "metrics", .text, valueName: "host:port",
        help: "Serve /metrics (Prometheus), /healthz and /readyz over plain HTTP here (a port alone: loopback).",
        read: { $0.metricsAddress.map { .text($0.description) } },
        write: { configuration, value in
            guard case .text(let text) = value else { return }
            guard let address = ListenAddress(parsing: text) else {
                throw SettingProblem(message: "takes HOST:PORT or a port (0–65535), not \(text)")
            }
            configuration.metricsAddress = address
        })
}
