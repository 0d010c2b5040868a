import Foundation
import Logging
import NIOPosix

/// What every connection of one server shares: the store, the configuration, the rate limiters and the bounded workers.
struct ServerContext: Sendable {
    let store: ServerStore
    let configuration: ServerConfiguration
    let logger: Logger
    let loginFailures: RateLimiter
    let addressFailures: RateLimiter
    /// Wrong registration codes per address: a wait that doubles with each (``RateLimiter/Backoff``).
    let codeGuesses: RateLimiter
    let signups: RateLimiter
    let passwords: PasswordWork
    let uploads: UploadSpool
    let live: LiveRegistry
    let feed: LiveFeed
    /// What the server counts (`--metrics`).
    let metrics: ServerMetrics
    /// The web door's address, once it listens (sent in the `hello` reply).
    let webAddress = WebDoorAddress()

    /// - Parameters:
    ///   - passwordPool: the threads that hash passwords (``PasswordWork``); the caller starts and stops them.
    ///   - metrics: where the requests are counted (a registry of its own unless given).
    init(
        store: ServerStore, configuration: ServerConfiguration, logger: Logger, passwordPool: NIOThreadPool,
        metrics: ServerMetrics = ServerMetrics()
    ) {
        self.store = store
        self.metrics = metrics
        let live = LiveRegistry(store: store, clock: configuration.clock)
        self.live = live
        self.feed = LiveFeed(store: store, live: live)
        self.configuration = configuration
        self.logger = logger
        self.loginFailures = RateLimiter(
            limit: configuration.loginFailuresPerAccount, window: configuration.loginWindow, name: "login-account",
            store: store, clock: configuration.clock)
        self.addressFailures = RateLimiter(
            limit: configuration.loginFailuresPerAddress, window: configuration.loginWindow, name: "login-address",
            store: store, clock: configuration.clock)
        self.codeGuesses = RateLimiter(
            limit: configuration.codeGuessesBeforeWait, window: configuration.codeGuessMemory,
            backoff: RateLimiter.Backoff(
                free: configuration.codeGuessesBeforeWait, first: configuration.codeFirstWait,
                longest: configuration.codeLongestWait, memory: configuration.codeGuessMemory),
            name: "code", store: store, clock: configuration.clock)
        self.signups = RateLimiter(
            limit: configuration.signupsPerAddress, window: configuration.signupWindow, name: "signup", store: store,
            clock: configuration.clock)
        self.passwords = PasswordWork(
            hasher: configuration.passwordHasher, pool: passwordPool,
            threads: configuration.passwordThreads, queueLength: configuration.passwordQueueLength,
            onWork: configuration.onPasswordWork)
        self.uploads = UploadSpool(
            directory: configuration.dataDirectory.appendingPathComponent("uploads", isDirectory: true),
            bytesPerAccount: configuration.uploadBytesPerAccount, bytesTotal: configuration.uploadBytesTotal)
    }
}
