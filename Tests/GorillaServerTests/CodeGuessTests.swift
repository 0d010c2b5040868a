import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// A gym's clients share one address: wrong registration codes from it wait seconds, growing with each, and a coach's
/// sign-up from the same address is never held by them.
@Suite(.hangLimit)
struct CodeGuessTests {
    /// A client invited by the coach bound to `coach`; returns its registration code.
    private static func invite(_ coach: TestClient, name: String) async throws -> String {
        let results = try await coach.pushRequiringReply([
            mutation("client", UUID(), fields: ["name": name, "surname": "Serra"])
        ])
        return try #require((results.first?["extra"] as? JSONObject)?["code"] as? String, "\(results)")
    }

    private static func register(_ client: TestClient, _ username: String, code: String) async throws -> JSONObject {
        try await client.request(
            "auth.signup",
            ["username": username, "email": "\(username)@example.com", "password": "correct horse", "code": code])
    }

    @Test func fiveWrongCodesMakeTheAddressWaitARightCodeAfterTheWaitClearsItAndCoachesSignUpThroughout() async throws {
        // A wait of four seconds, so that the test waits it out, and a loaded machine still asks within it; the
        // arithmetic of longer ones is CodeBackoffTests'.
        try await withTestServer(configure: { $0.codeFirstWait = 4 }) { server in
            try await withClient(port: server.port) { gym in
                try await gym.hello()
                _ = try await gym.signUpCoach("ada")
                let code = try await Self.invite(gym, name: "Ana")
                for guess in 0..<5 {
                    let reply = try await Self.register(gym, "guess\(guess)", code: "ZZZZ-ZZ\(guess)\(guess)")
                    #expect(reply.result == WireErrorCode.invalidCode.rawValue, "guess \(guess + 1): \(reply)")
                }
                // Waiting now, even with the right code; a code check too.
                let held = try await Self.register(gym, "ana", code: code)
                #expect(held.result == WireErrorCode.rateLimited.rawValue, "\(held)")
                #expect(((held["error"] as? JSONObject)?["retryAfter"] as? Int).map { (1...4).contains($0) } == true, "\(held)")
                let check = try await gym.request("codes.check", ["code": code])
                #expect(check.result == WireErrorCode.rateLimited.rawValue, "\(check)")
                // A coach signing up from the same address is not held.
                _ = try await gym.signUpCoach("bea")
                // After the wait the right code registers, and clears the wrong ones.
                let registered = try await eventually(every: .milliseconds(100)) {
                    try await Self.register(gym, "ana", code: code).result == 0
                }
                #expect(registered, "the right code after the wait")
                let after = try await Self.register(gym, "joan", code: "ZZZZ-ZZZZ")
                #expect(after.result == WireErrorCode.invalidCode.rawValue, "one wrong code after a right one: \(after)")
                _ = try await gym.signUpCoach("carla")
            }
        }
    }

    @Test func checkingAValidCodeBetweenGuessesDoesNotClearThem() async throws {
        try await withTestServer(configure: { $0.codeFirstWait = 50 }) { server in
            try await withClient(port: server.port) { gym in
                try await gym.hello()
                _ = try await gym.signUpCoach("ada")
                let code = try await Self.invite(gym, name: "Ana")
                for guess in 0..<4 {
                    let reply = try await Self.register(gym, "guess\(guess)", code: "ZZZZ-ZZ\(guess)\(guess)")
                    #expect(reply.result == WireErrorCode.invalidCode.rawValue, "guess \(guess + 1): \(reply)")
                }
                // Looking at one's own valid code spends nothing, so the four wrong codes still count.
                #expect(try await gym.request("codes.check", ["code": code]).result == 0)
                let fifth = try await Self.register(gym, "guess4", code: "ZZZZ-ZZ44")
                #expect(fifth.result == WireErrorCode.invalidCode.rawValue, "\(fifth)")
                let held = try await Self.register(gym, "guess5", code: "ZZZZ-ZZ55")
                #expect(held.result == WireErrorCode.rateLimited.rawValue, "the sixth waits: \(held)")
            }
        }
    }

    @Test func theWaitIsSaidInTheUsersLanguageAndTriesDuringItNeverHoldACoach() async throws {
        // A first wait of fifty seconds, which a loaded machine's tries stay within (the ten of the default would not).
        try await withTestServer(configure: { $0.codeFirstWait = 50 }) { server in
            let code = try await withClient(port: server.port) { coach in
                try await coach.hello()
                _ = try await coach.signUpCoach("ada")
                return try await Self.invite(coach, name: "Ana")
            }
            let expected = [
                "ca": "(torneu-ho a provar d'aquí a SECONDS)", "es": "(vuelva a intentarlo en SECONDS)",
                "en": "(try again in SECONDS)",
            ]
            try await withClient(port: server.port) { guesser in
                try await guesser.hello(language: "ca")
                for guess in 0..<5 { _ = try await Self.register(guesser, "guess\(guess)", code: "ZZZZ-ZZZ\(guess)") }
            }
            for (language, phrase) in expected.sorted(by: { $0.key < $1.key }) {
                try await withClient(port: server.port) { client in
                    try await client.hello(language: language)
                    let reply = try await Self.register(client, "ana", code: code)
                    #expect(reply.result == WireErrorCode.rateLimited.rawValue, "\(reply)")
                    let message = (reply["error"] as? JSONObject)?["message"] as? String ?? ""
                    // At most fifty seconds are left, fewer as the tries take their time.
                    let left = message.components(separatedBy: " ").dropLast().last.flatMap { Int($0) } ?? 0
                    #expect(
                        (1...50).contains(left)
                            && message.hasSuffix(phrase.replacingOccurrences(of: "SECONDS", with: "\(left) s")),
                        "\(language): \(message)")
                }
            }
            // Tries during the wait, more than the coaches' signup limit, neither count nor hold a coach.
            try await withClient(port: server.port) { gym in
                try await gym.hello()
                for guess in 0..<25 { _ = try await Self.register(gym, "late\(guess)", code: "ZZZZ-YYY\(guess % 10)") }
                let coach = try await gym.request(
                    "auth.signup",
                    [
                        "username": "bea", "email": "bea@example.com", "password": "correct horse", "name": "Bea",
                        "surname": "Serra",
                    ])
                #expect(coach.result == 0, "a coach from the gym's address: \(coach)")
            }
        }
    }
}
