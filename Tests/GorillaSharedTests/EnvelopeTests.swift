import Foundation
import GorillaShared
import Testing

@Suite struct EnvelopeTests {
    /// 2024-02-29T12:24:56Z, a whole second so that the expected text is exact.
    private let time = Date(timeIntervalSince1970: 1_709_209_496)

    private func encode(_ response: WireResponse) throws -> Data {
        try WireCoding.encoder.encode(response)
    }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func successWithValueCarriesIdTimeResultAndValue() throws {
        let data = try encode(WireResponse(id: 42, time: time, payload: .value(HelloReply(version: 1, server: "test"))))
        let json = try object(data)
        #expect(json["id"] as? Int == 42)
        #expect(json["time"] as? String == "2024-02-29T12:24:56.000Z")
        #expect(json["result"] as? Int == 0)
        let value = try #require(json["value"] as? [String: Any])
        #expect(value["version"] as? Int == 1)
        #expect(value["server"] as? String == "test")
        #expect(json["list"] == nil)
        #expect(json["error"] == nil)
        #expect(json["event"] == nil)
        #expect(!data.contains(UInt8(ascii: "\n")))

        let header = try WireCoding.decoder.decode(ReplyHeader.self, from: data)
        #expect(header.id == 42)
        #expect(header.result == 0)
        #expect(header.event == nil)
        #expect(header.error == nil)
        let reply = try WireCoding.decoder.decode(ReplyValue<HelloReply>.self, from: data)
        #expect(reply.value.version == 1)
        #expect(reply.value.server == "test")
    }

    @Test func successWithListCarriesTheElementsInOrder() throws {
        let items: [any Encodable & Sendable] = [
            HelloReply(version: 1, server: "a"), HelloReply(version: 2, server: "b"),
        ]
        let data = try encode(WireResponse(id: 7, time: time, payload: .list(items)))
        let json = try object(data)
        #expect(json["result"] as? Int == 0)
        let list = try #require(json["list"] as? [[String: Any]])
        #expect(list.map { $0["server"] as? String } == ["a", "b"])
        #expect(json["value"] == nil)

        let reply = try WireCoding.decoder.decode(ReplyList<HelloReply>.self, from: data)
        #expect(reply.list.map(\.version) == [1, 2])
    }

    @Test func emptySuccessHasResultZeroAndNoPayload() throws {
        let json = try object(encode(WireResponse(id: 3, time: time, payload: .none)))
        #expect(json["result"] as? Int == 0)
        #expect(json["id"] as? Int == 3)
        #expect(json["value"] == nil && json["list"] == nil && json["error"] == nil)
    }

    @Test func errorResponseCarriesTheCodeAsResultAndInError() throws {
        let error = WireError(code: .usernameInUse, message: "Username already in use")
        let data = try encode(WireResponse(id: 9, time: time, payload: .error(error)))
        let json = try object(data)
        #expect(json["id"] as? Int == 9)
        #expect(json["result"] as? Int == 3)
        let member = try #require(json["error"] as? [String: Any])
        #expect(member["code"] as? Int == 3)
        #expect(member["message"] as? String == "Username already in use")
        #expect(member["retryAfter"] == nil)
        #expect(json["value"] == nil)

        let header = try WireCoding.decoder.decode(ReplyHeader.self, from: data)
        #expect(header.result == 3)
        #expect(header.error == error)
    }

    @Test func rateLimitErrorCarriesRetryAfter() throws {
        let error = WireError(code: .rateLimited, message: "wait", retryAfter: 30)
        let data = try encode(WireResponse(id: 1, time: time, payload: .error(error)))
        let member = try #require(try object(data)["error"] as? [String: Any])
        #expect(member["retryAfter"] as? Int == 30)
        #expect(try WireCoding.decoder.decode(ReplyHeader.self, from: data).error?.retryAfter == 30)
    }

    @Test func errorForAnUnidentifiedRequestHasNullId() throws {
        let data = try encode(
            WireResponse(id: nil, time: time, payload: .error(WireError(code: .malformedRequest, message: "x"))))
        let json = try object(data)
        #expect(json.keys.contains("id"))
        #expect(json["id"] is NSNull)
        #expect(json["result"] as? Int == 100)
        #expect(try WireCoding.decoder.decode(ReplyHeader.self, from: data).id == nil)
    }

    @Test func pushCarriesEventAndNoId() throws {
        let data = try encode(
            WireResponse(event: "sync.changed", time: time, value: HelloReply(version: 5, server: "p")))
        let json = try object(data)
        #expect(json["event"] as? String == "sync.changed")
        #expect(!json.keys.contains("id"))
        #expect(json["result"] as? Int == 0)
        #expect((json["value"] as? [String: Any])?["version"] as? Int == 5)

        let header = try WireCoding.decoder.decode(ReplyHeader.self, from: data)
        #expect(header.event == "sync.changed")
        #expect(header.id == nil)
        #expect(try WireCoding.decoder.decode(ReplyValue<HelloReply>.self, from: data).value.server == "p")
    }

    @Test func requestHeaderDecodesIdAndOp() throws {
        let header = try WireCoding.decoder.decode(
            RequestHeader.self, from: Data(#"{"id":12,"op":"auth.login","body":{"user":"ada"}}"#.utf8))
        #expect(header.id == 12)
        #expect(header.op == "auth.login")

        let partial = try WireCoding.decoder.decode(RequestHeader.self, from: Data(#"{"op":"hello"}"#.utf8))
        #expect(partial.id == nil)
        #expect(partial.op == "hello")

        // A member of the wrong type reads as missing, so the other one still identifies the request.
        let wrongID = try WireCoding.decoder.decode(
            RequestHeader.self, from: Data(#"{"id":"twelve","op":"hello"}"#.utf8))
        #expect(wrongID.id == nil)
        #expect(wrongID.op == "hello")
        let wrongOp = try WireCoding.decoder.decode(RequestHeader.self, from: Data(#"{"id":7,"op":5}"#.utf8))
        #expect(wrongOp.id == 7)
        #expect(wrongOp.op == nil)
        #expect(throws: (any Error).self) {
            try WireCoding.decoder.decode(RequestHeader.self, from: Data("[1,2]".utf8))
        }
    }

    @Test func typedRequestRoundTrips() throws {
        let request = WireRequest(id: 5, op: Operation.login, body: LoginBody(user: "ada", password: "secret123"))
        let data = try WireCoding.encoder.encode(request)
        let json = try object(data)
        #expect(json["id"] as? Int == 5)
        #expect(json["op"] as? String == "auth.login")
        #expect((json["body"] as? [String: Any])?["user"] as? String == "ada")
        let decoded = try WireCoding.decoder.decode(WireRequest<LoginBody>.self, from: data)
        #expect(decoded.body.password == "secret123")
    }

    @Test func emptyBodyEncodesAsAnEmptyObject() throws {
        let data = try WireCoding.encoder.encode(WireRequest(id: 1, op: Operation.check, body: Empty()))
        #expect(String(decoding: data, as: UTF8.self) == #"{"body":{},"id":1,"op":"auth.check"}"#)
    }
}
