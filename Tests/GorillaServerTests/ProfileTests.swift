import Crypto
import Foundation
import GorillaShared
import GorillaTesting
import GorillaTransport
import Testing

@Suite(.hangLimit)
struct ProfileTests {
    /// A tiny image: the PNG signature and an IHDR chunk header, which is all the server inspects.
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
        + Array(repeating: 0x42, count: 64)

    static func sha256(_ bytes: [UInt8]) -> String { Fingerprint.hex(SHA256.hash(data: bytes)) }

    /// The same exchange in every way the harness reaches a server: the router alone, TLS in process, the binary.
    @Test(arguments: ServerMode.allCases)
    func profileShowsTheAccount(mode: ServerMode) async throws {
        try await withGorillaServer(mode) { server in
            try await server.withSession { session in
                _ = try await session.roundTrip(
                    GorillaShared.Operation.signup,
                    SignupBody(
                        username: "ada", email: "ada@example.com", password: "correct horse", name: "Ada",
                        surname: "Lovelace"))
                // A refused request throws, so a line returned is a success (`result` 0).
                let line = try await session.roundTrip(GorillaShared.Operation.profileGet, [String: String]())
                let profile = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? JSONObject)
                #expect(profile.result == 0)
                #expect(profile.string("value", "username") == "ada")
                #expect(profile.string("value", "email") == "ada@example.com")
                #expect(profile.string("value", "name") == "Ada")
                #expect(profile.string("value", "surname") == "Lovelace")
                #expect(profile.string("value", "role") == "coach")
                #expect(profile.string("value", "language") == "en")
                #expect(profile.string("value", "id").flatMap(UUID.init(uuidString:)) != nil)
                #expect(profile.value?["photo"] == nil)
            }
        }
    }

    @Test func updateChangesFieldsAndTheLanguageOfMessages() async throws {
        try await withTestServer { server in
            let port = server.port
            let token = try await withClient(port: port) { client in
                try await client.hello()
                let token = try await client.signUpCoach("ada")
                let updated = try await client.request(
                    "profile.update", ["name": "Augusta", "nif": "12345678Z", "language": "es"])
                #expect(updated.result == 0)
                #expect(updated.string("value", "name") == "Augusta")
                #expect(updated.string("value", "surname") == "Lovelace")
                #expect(updated.string("value", "nif") == "12345678Z")
                #expect(updated.string("value", "language") == "es")

                let spanish = try await client.request("profile.update", ["email": "no es un correo"])
                #expect(spanish.result == 9)
                #expect(spanish.errorMessage?.hasPrefix(WireErrorCode.invalidField.message(in: .es)) == true)

                #expect(try await client.request("profile.update", ["language": "ca"]).result == 0)
                let catalan = try await client.request("profile.update", ["email": "tampoc"])
                #expect(catalan.result == 9)
                #expect(catalan.errorMessage?.hasPrefix(WireErrorCode.invalidField.message(in: .ca)) == true)

                let profile = try await client.request("profile.get")
                #expect(profile.string("value", "email") == "ada@example.com")
                #expect(profile.string("value", "name") == "Augusta")
                return token
            }
            try await withClient(port: port) { client in
                // A new connection speaks the account's language after login, unless hello asked for another.
                try await client.hello()
                #expect(try await client.resume(token).result == 0)
                #expect(
                    try await client.request("no.such.op").errorMessage?.hasPrefix(
                        WireErrorCode.unknownOperation.message(in: .ca)) == true)
            }
            try await withClient(port: port) { client in
                try await client.hello(language: "en")
                #expect(try await client.resume(token).result == 0)
                #expect(
                    try await client.request("no.such.op").errorMessage?.hasPrefix(
                        WireErrorCode.unknownOperation.message(in: .en)) == true)
            }
        }
    }

    @Test func updateRefusesBadValues() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("bob")
                try await client.signUpCoach("ada")
                #expect(try await client.request("profile.update", ["email": "ada at example"]).result == 9)
                #expect(try await client.request("profile.update", ["email": "BOB@example.com"]).result == 7)
                #expect(try await client.request("profile.update", ["name": "   "]).result == 9)
                #expect(try await client.request("profile.update", ["name": "A\u{0}da"]).result == 9)
                #expect(try await client.request("profile.update", ["language": "fr"]).result == 100)
                #expect(try await client.request("profile.update", ["email": "new@example.com"]).result == 0)
                #expect(try await client.login("new@example.com").result == 0)
            }
        }
    }

    @Test func uploadedImageBecomesThePhotoAndCanBeFetched() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("ada")
                let sha = Self.sha256(Self.png)
                let put = try await client.request(
                    "media.put",
                    [
                        "sha256": sha, "total": Self.png.count, "offset": 0,
                        "data": Data(Self.png).base64EncodedString(),
                    ])
                #expect(put.result == 0)
                #expect(put.value?["complete"] as? Bool == true)
                #expect(put.value?["received"] as? Int == Self.png.count)
                #expect(put.string("value", "type") == "image/png")

                let updated = try await client.request("profile.update", ["photo": sha])
                #expect(updated.result == 0)
                #expect(updated.string("value", "photo") == sha)
                #expect(try await client.request("profile.get").string("value", "photo") == sha)

                let got = try await client.request("media.get", ["sha256": sha, "offset": 0])
                #expect(got.result == 0)
                #expect(got.value?["total"] as? Int == Self.png.count)
                #expect(got.string("value", "type") == "image/png")
                let data = try #require(got.string("value", "data").flatMap { Data(base64Encoded: $0) })
                #expect(Array(data) == Self.png)

                #expect(try await client.request("profile.update", ["photo": ""]).value?["photo"] == nil)
            }
        }
    }

    @Test func imageUploadedInChunksIsReassembled() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("ada")
                let sha = Self.sha256(Self.png)
                let first = Array(Self.png.prefix(30))
                let rest = Array(Self.png.dropFirst(30))
                let part = try await client.request(
                    "media.put",
                    [
                        "sha256": sha, "total": Self.png.count, "offset": 0, "data": Data(first).base64EncodedString(),
                    ])
                #expect(part.value?["complete"] as? Bool == false)
                #expect(part.value?["received"] as? Int == 30)
                let wrongOffset = try await client.request(
                    "media.put",
                    [
                        "sha256": sha, "total": Self.png.count, "offset": 10, "data": Data(rest).base64EncodedString(),
                    ])
                #expect(wrongOffset.result == 0)
                #expect(wrongOffset.value?["received"] as? Int == 30)
                let done = try await client.request(
                    "media.put",
                    [
                        "sha256": sha, "total": Self.png.count, "offset": 30, "data": Data(rest).base64EncodedString(),
                    ])
                #expect(done.value?["complete"] as? Bool == true)
                let got = try await client.request("media.get", ["sha256": sha, "offset": 0])
                #expect(got.string("value", "data").flatMap { Data(base64Encoded: $0) }.map(Array.init) == Self.png)
            }
        }
    }

    @Test func nonImageUploadIsRefused() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("ada")
                let text = Array("#!/bin/sh\necho this is not an image\n".utf8)
                let sha = Self.sha256(text)
                let put = try await client.request(
                    "media.put",
                    [
                        "sha256": sha, "total": text.count, "offset": 0, "data": Data(text).base64EncodedString(),
                    ])
                #expect(put.result == 122)
                #expect(put.errorCode == 122)
                #expect(try await client.request("media.get", ["sha256": sha, "offset": 0]).result == 112)
                #expect(try await client.request("profile.update", ["photo": sha]).result == 124)
            }
        }
    }

    @Test func uploadWhoseHashDoesNotMatchIsRefused() async throws {
        try await withTestServer { server in
            let port = server.port
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.signUpCoach("ada")
                let claimed = Self.sha256(Array("something else".utf8))
                let put = try await client.request(
                    "media.put",
                    [
                        "sha256": claimed, "total": Self.png.count, "offset": 0,
                        "data": Data(Self.png).base64EncodedString(),
                    ])
                #expect(put.result == 9)
                #expect(try await client.request("media.get", ["sha256": claimed, "offset": 0]).result == 112)
            }
        }
    }

    @Test func anotherCoachCannotFetchMyPhoto() async throws {
        try await withTestServer { server in
            let port = server.port
            let sha = Self.sha256(Self.png)
            try await withClient(port: port) { ada in
                try await ada.hello()
                try await ada.signUpCoach("ada")
                try await ada.request(
                    "media.put",
                    [
                        "sha256": sha, "total": Self.png.count, "offset": 0,
                        "data": Data(Self.png).base64EncodedString(),
                    ]
                ).expectSuccess()
            }
            try await withClient(port: port) { bob in
                try await bob.hello()
                try await bob.signUpCoach("bob")
                #expect(try await bob.request("media.get", ["sha256": sha, "offset": 0]).result == 112)
                #expect(try await bob.request("profile.update", ["photo": sha]).result == 124)
            }
        }
    }
}
