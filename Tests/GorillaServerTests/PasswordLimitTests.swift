import Foundation
import GorillaServer
import GorillaTesting
import NIOConcurrencyHelpers
import NIOPosix
import Testing

/// Password work is bounded and kept apart from serving, and every way to guess a password meets the same limit.
@Suite(.hangLimit)
struct PasswordLimitTests {
    @Test func signupsAreLimitedPerAddress() async throws {
        try await withTestServer(configure: { $0.signupsPerAddress = 3 }) { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                for name in ["ada", "bob", "cleo"] { try await client.signUpCoach(name) }
                let refused = try await client.request(
                    "auth.signup",
                    [
                        "username": "dora", "email": "dora@example.com", "password": "correct horse", "name": "D",
                        "surname": "E",
                    ])
                #expect(refused.result == 113)
                #expect(((refused.error?["retryAfter"] as? Int) ?? 0) > 0)
                #expect(try await client.login("dora").result == 1)
                #expect(try await client.login("ada").result == 0)
            }
        }
    }

    /// One thread and no queue: while a login's hash is held on the password thread, a second is refused at once with
    /// 113 and a delay, and another account's requests are served.
    @Test func passwordWorkRunsOnItsOwnBoundedThreads() async throws {
        let open = NIOLockedValueBox(true)
        let places = NIOLockedValueBox<[String]>([])
        try await withTestServer(configure: {
            $0.passwordThreads = 1
            $0.passwordQueueLength = 0
            $0.onPasswordWork = {
                let onLoop = MultiThreadedEventLoopGroup.currentEventLoop != nil
                let inTask = withUnsafeCurrentTask { $0 != nil }
                places.withLockedValue { $0.append(onLoop ? "event loop" : inTask ? "task" : "own thread") }
                while !open.withLockedValue({ $0 }) { usleep(2000) }
            }
        }) { server in
            let port = server.port
            defer { open.withLockedValue { $0 = true } }
            try await withClient(port: port) { other in
                try await other.hello()
                try await other.signUpCoach("bob")
                try await withClient(port: port) { held in
                    try await held.hello()
                    try await held.signUpCoach("ada")
                    let before = places.withLockedValue { $0.count }
                    open.withLockedValue { $0 = false }
                    try await held.write(
                        #"{"id":50,"op":"auth.login","body":{"user":"ada","password":"correct horse"}}"# + "\n")
                    _ = try await eventually(timeout: .seconds(20)) { places.withLockedValue { $0.count } != before }
                    let refused = try await other.login("bob")
                    #expect(refused.result == 113)
                    #expect(((refused.error?["retryAfter"] as? Int) ?? 0) > 0)
                    #expect(try await other.request("profile.get").result == 0)
                    open.withLockedValue { $0 = true }
                    #expect(try await held.readObject().result == 0)
                    #expect(try await other.login("bob").result == 0)
                }
            }
        }
        #expect(Set(places.withLockedValue { $0 }) == ["own thread"])
    }

    @Test func aLoginNameWithAControlCharacterIsRefused() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("ada")
                for name in ["ada\u{0}zzz", "ada\u{0}", "ada\u{7}", "ada@example.com\u{0}x", "ad\u{1B}a"] {
                    let reply = try await client.login(name)
                    #expect(reply.result == 9, "\(name.debugDescription): \(reply)")
                    #expect(reply.errorMessage?.contains("user") == true)
                }
                #expect(try await client.login(" ADA ").result == 0)
            }
        }
    }

    @Test func failedLoginsUnderEveryNameOfAnAccountShareOneLimit() async throws {
        try await withTestServer(configure: { $0.loginFailuresPerAccount = 3 }) { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("ada")
                for name in ["ada", "ADA@example.com", "ada\u{0}zzz", " Ada "] {
                    let reply = try await client.login(name, password: "guess guess")
                    #expect(reply.result == (name.contains("\u{0}") ? 9 : 1))
                }
                let limited = try await client.login("ada@EXAMPLE.com")
                #expect(limited.result == 113)
                #expect(((limited.error?["retryAfter"] as? Int) ?? 0) > 0)
            }
        }
    }

    @Test func wrongOldPasswordsInAPasswordChangeAreLimitedLikeLogins() async throws {
        try await withTestServer(configure: { $0.loginFailuresPerAccount = 3 }) { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("ada")
                for _ in 0..<3 {
                    let wrong = try await client.request(
                        "auth.password.change", ["old": "guess guess", "new": "new horse battery"])
                    #expect(wrong.result == 1)
                }
                let limited = try await client.request(
                    "auth.password.change", ["old": "correct horse", "new": "new horse battery"])
                #expect(limited.result == 113)
                #expect(((limited.error?["retryAfter"] as? Int) ?? 0) > 0)
                try await withClient(port: port) { other in
                    try await other.hello()
                    #expect(try await other.login("ada").result == 113)
                }
            }
        }
    }
}
