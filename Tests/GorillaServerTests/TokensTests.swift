import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

@Suite struct TokensTests {
    @Test func tokensAreLongURLSafeAndDistinct() {
        let tokens = (0..<200).map { _ in Tokens.make() }
        #expect(Set(tokens).count == tokens.count)
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for token in tokens {
            #expect(token.count == 43)  // 32 bytes, base64url without padding
            #expect(token.allSatisfy(alphabet.contains))
        }
    }

    @Test func hashIsHexSHA256AndStable() {
        // FIPS 180-2 test vector.
        #expect(Tokens.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let token = Tokens.make()
        #expect(Tokens.hash(token) == Tokens.hash(token))
        #expect(Tokens.hash(token) != Tokens.hash(token + "x"))
        #expect(Tokens.hash(token).count == 64)
    }
}

/// A session token lasts `tokenLifetime` on the server's clock, moved here rather than waited for.
@Suite(.hangLimit)
struct TokenLifetimeTests {
    @Test func aTokenPastItsLifetimeEndsTheSessionAndCannotResume() async throws {
        let clock = try TestClock()
        try await withGorillaServer(.inProcess, clock: clock) { server in
            let lifetime = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/")).tokenLifetime
            let token = try await server.withSession { session in
                let signedUp = try await session.request(
                    GorillaShared.Operation.signup,
                    SignupBody(
                        username: "ada", email: "ada@example.com", password: "correct horse", name: "Ada",
                        surname: "Lovelace"),
                    as: SessionReply.self)
                #expect(abs(signedUp.expires.timeIntervalSince(clock.now) - lifetime) < 60)
                try clock.advance(by: lifetime - 60)
                _ = try await session.roundTrip(GorillaShared.Operation.profileGet, [String: String]())
                try clock.advance(by: 61)
                // The connection that holds it loses the session at its next request.
                let refused = try await session.refusal(GorillaShared.Operation.profileGet, [String: String]())
                #expect(refused?.code == .notAuthenticated, "\(String(describing: refused))")
                return signedUp.token
            }
            try await server.withSession { session in
                let refused = try await session.refusal(GorillaShared.Operation.resume, ResumeBody(token: token))
                #expect(refused?.code == .notAuthenticated, "\(String(describing: refused))")
            }
        }
    }
}
