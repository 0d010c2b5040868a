import Foundation
import Logging

/// What every connection of one server shares: the store, the configuration and the rate limiters.
struct ServerContext: Sendable {
    let store: ServerStore
    let configuration: ServerConfiguration
    let logger: Logger
    let loginFailures: RateLimiter
    let addressFailures: RateLimiter
    let codeAttempts: RateLimiter
    let live = LiveRegistry()

    init(store: ServerStore, configuration: ServerConfiguration, logger: Logger) {
        self.store = store
        self.configuration = configuration
        self.logger = logger
        self.loginFailures = RateLimiter(limit: configuration.loginFailuresPerAccount, window: configuration.loginWindow)
        self.addressFailures = RateLimiter(limit: configuration.loginFailuresPerAddress, window: configuration.loginWindow)
        self.codeAttempts = RateLimiter(limit: configuration.codeAttemptsPerMinute, window: 60)
    }

    var hasher: PasswordHasher { configuration.passwordHasher }
}
