import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

@Suite(.hangLimit)
struct AuthenticationTests {
    @Test func coachSignsUpAndGetsASession() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                let reply = try await client.request(
                    "auth.signup",
                    [
                        "username": "ada", "email": "ada@example.com", "password": "correct horse",
                        "name": "Ada", "surname": "Lovelace",
                    ])
                #expect(reply.result == 0)
                let token = try reply.requireString("value", "token")
                #expect(token.count >= 40)
                #expect(reply.string("value", "profile", "username") == "ada")
                #expect(reply.string("value", "profile", "email") == "ada@example.com")
                #expect(reply.string("value", "profile", "role") == "coach")
                #expect(reply.string("value", "profile", "name") == "Ada")
                #expect(reply.string("value", "profile", "surname") == "Lovelace")
                let expires = try #require(reply.string("value", "expires").flatMap(ISOTime.parse))
                #expect(expires > Date().addingTimeInterval(86_400))
                #expect(try await client.request("profile.get").string("value", "username") == "ada")
            }
        }
    }

    @Test func loginWorksByUsernameAndByEmail() async throws {
        try await withTestServer { server in
            let port = server.port
            let signupToken = try await withClient(port: port) { client in
                try await client.hello()
                return try await client.signUpCoach("Ada", email: "ada@example.com")
            }
            try await withClient(port: port) { client in
                try await client.hello()
                let byName = try await client.login("ada")
                #expect(byName.result == 0)
                #expect(byName.string("value", "profile", "username") == "Ada")
                let byEmail = try await client.login("ADA@example.com")
                #expect(byEmail.result == 0)
                let tokens = [
                    signupToken, try byName.requireString("value", "token"),
                    try byEmail.requireString("value", "token"),
                ]
                #expect(Set(tokens).count == 3)
                #expect(try await client.request("profile.get").result == 0)
            }
        }
    }

    @Test func wrongPasswordAndUnknownUserGetTheSameAnswer() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("ada")
            }
            try await withClient(port: port) { client in
                try await client.hello()
                let wrongPassword = try await client.login("ada", password: "wrong horse")
                let unknownUser = try await client.login("nobody", password: "wrong horse")
                #expect(wrongPassword.result == 1)
                #expect(unknownUser.result == 1)
                #expect(wrongPassword.errorCode == 1)
                #expect(wrongPassword.errorMessage == WireErrorCode.wrongCredentials.message(in: .en))
                #expect(wrongPassword.errorMessage == unknownUser.errorMessage)
                #expect(try await client.request("profile.get").result == 110)
            }
        }
    }

    @Test func takenUsernameOrEmailIsRefusedInAnyCase() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("ada", email: "ada@example.com")
                let sameName = try await client.request(
                    "auth.signup",
                    [
                        "username": "ADA", "email": "other@example.com", "password": "correct horse", "name": "A",
                        "surname": "B",
                    ])
                #expect(sameName.result == 3)
                #expect(sameName.errorCode == 3)
                let sameEmail = try await client.request(
                    "auth.signup",
                    [
                        "username": "bob", "email": "Ada@Example.com", "password": "correct horse", "name": "B",
                        "surname": "C",
                    ])
                #expect(sameEmail.result == 7)
            }
        }
    }

    @Test func signupChecksItsFields() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                func signup(_ overrides: JSONObject) async throws -> Int? {
                    var body: JSONObject = [
                        "username": "ada", "email": "ada@example.com", "password": "correct horse",
                        "name": "Ada", "surname": "Lovelace",
                    ]
                    body.merge(overrides) { _, new in new }
                    return try await client.request("auth.signup", body).result
                }
                #expect(try await signup(["email": "not-an-email"]) == 9)
                #expect(try await signup(["username": "a"]) == 9)
                #expect(try await signup(["username": "ada lovelace"]) == 9)
                #expect(try await signup(["password": "short"]) == 8)
                #expect(try await signup(["name": "  "]) == 4)
                #expect(try await signup(["username": ""]) == 4)
                #expect(try await signup(["name": "Ada\u{7}"]) == 9)
                #expect(try await signup([:]) == 0)
            }
        }
    }

    @Test func resumeAndCheckOnAnotherConnection() async throws {
        try await withTestServer { server in
            let port = server.port
            let (token, userID) = try await withClient(port: port) { client in
                try await client.hello()
                let reply = try await client.request(
                    "auth.signup",
                    [
                        "username": "ada", "email": "ada@example.com", "password": "correct horse", "name": "Ada",
                        "surname": "L",
                    ]
                ).expectSuccess()
                return (try reply.requireString("value", "token"), try reply.requireString("value", "profile", "id"))
            }
            try await withClient(port: port) { client in
                try await client.hello()
                let resumed = try await client.resume(token)
                #expect(resumed.result == 0)
                #expect(resumed.string("value", "profile", "username") == "ada")
                #expect(resumed.string("value", "token") == "")
                let check = try await client.request("auth.check")
                #expect(check.result == 0)
                #expect(check.value?["valid"] as? Bool == true)
                #expect(check.string("value", "user") == userID)
                #expect(check.string("value", "expires").flatMap(ISOTime.parse) != nil)
                #expect(try await client.request("profile.get").string("value", "id") == userID)
            }
            try await withClient(port: port) { client in
                try await client.hello()
                #expect(try await client.resume("not-a-token").result == 110)
                #expect(try await client.resume("").result == 110)
                #expect(try await client.request("profile.get").result == 110)
            }
        }
    }

    @Test func logoutEndsTheSession() async throws {
        try await withTestServer { server in
            let port = server.port
            let token = try await withClient(port: port) { client in
                try await client.hello()
                let token = try await client.signUpCoach("ada")
                #expect(try await client.request("auth.logout").result == 0)
                #expect(try await client.request("profile.get").result == 110)
                #expect(try await client.request("auth.check").result == 110)
                return token
            }
            try await withClient(port: port) { client in
                try await client.hello()
                let resumed = try await client.resume(token)
                #expect(resumed.result == 110)
                #expect(resumed.errorCode == 110)
                #expect(try await client.login("ada").result == 0)
            }
        }
    }

    @Test func passwordChangeRevokesTheOtherSessions() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { current in
                try await current.hello()
                let currentToken = try await current.signUpCoach("ada", password: "first password")
                let otherToken = try await withClient(port: port) { other in
                    try await other.hello()
                    return try await other.login("ada", password: "first password").requireString("value", "token")
                }

                let wrongOld = try await current.request(
                    "auth.password.change", ["old": "not it at all", "new": "second password"])
                #expect(wrongOld.result == 1)
                let tooShort = try await current.request(
                    "auth.password.change", ["old": "first password", "new": "short"])
                #expect(tooShort.result == 8)
                let changed = try await current.request(
                    "auth.password.change", ["old": "first password", "new": "second password"])
                #expect(changed.result == 0)

                #expect(try await current.request("profile.get").result == 0)
                #expect(try await current.request("auth.check").result == 0)
                try await withClient(port: port) { again in
                    try await again.hello()
                    #expect(try await again.resume(otherToken).result == 110)
                    #expect(try await again.resume(currentToken).result == 0)
                    #expect(try await again.login("ada", password: "first password").result == 1)
                    #expect(try await again.login("ada", password: "second password").result == 0)
                }
            }
        }
    }

    @Test func resetTokenFromTheOperatorWorksOnce() async throws {
        try await withTestServer { server in
            let port = server.port
            let dataDirectory = server.dataDirectory
            let sessionToken = try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("bob")
                return try await client.signUpCoach("ada", password: "forgotten one")
            }
            let output = try await server.operatorTools().issueResetToken(for: "ada")
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines.count >= 2)
            let resetToken = try #require(lines.dropFirst().first).trimmingCharacters(in: .whitespaces)
            #expect(!resetToken.isEmpty && !resetToken.contains(" "))

            try await withClient(port: port) { client in
                try await client.hello()
                let wrongAccount = try await client.request(
                    "auth.password.reset",
                    ["user": "bob", "token": resetToken, "password": "bob steals it"])
                #expect(wrongAccount.result == 12)
                let reset = try await client.request(
                    "auth.password.reset",
                    ["user": "ada", "token": resetToken, "password": "remembered now"])
                #expect(reset.result == 0)
                let again = try await client.request(
                    "auth.password.reset",
                    ["user": "ada", "token": resetToken, "password": "another one"])
                #expect(again.result == 12)
                #expect(again.errorCode == 12)
                #expect(try await client.login("ada", password: "forgotten one").result == 1)
                #expect(try await client.login("ada", password: "another one").result == 1)
                #expect(try await client.login("ada", password: "remembered now").result == 0)
                #expect(try await client.login("bob").result == 0)
            }
            try await withClient(port: port) { client in
                try await client.hello()
                #expect(try await client.resume(sessionToken).result == 110)
            }
        }
    }

    @Test func revokedSessionLosesAccessOnConnectionsAlreadyOpen() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { owner in
                try await owner.hello()
                try await owner.signUpCoach("ada", password: "first password")
                try await withClient(port: port) { intruder in
                    try await intruder.hello()
                    #expect(try await intruder.login("ada", password: "first password").result == 0)
                    #expect(
                        try await owner.request(
                            "auth.password.change", ["old": "first password", "new": "second password"]
                        ).result == 0)
                    #expect(
                        try await intruder.request("profile.update", ["email": "intruder@example.com"]).result == 110)
                    #expect(try await intruder.request("profile.get").result == 110)
                    #expect(try await intruder.request("auth.check").result == 110)
                }
                #expect(try await owner.request("profile.get").string("value", "email") == "ada@example.com")
            }
        }
    }

    @Test func repeatedFailedLoginsAreRateLimitedPerAccount() async throws {
        try await withTestServer(configure: { $0.loginFailuresPerAccount = 3 }) { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("bob")
                try await client.signUpCoach("ada")
                for _ in 0..<3 {
                    #expect(try await client.login("ada", password: "guess guess").result == 1)
                }
                let limited = try await client.login("ADA")
                #expect(limited.result == 113)
                #expect(((limited.error?["retryAfter"] as? Int) ?? 0) > 0)
                #expect(try await client.login("bob").result == 0)
            }
        }
    }
}
