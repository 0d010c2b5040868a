import Foundation

/// The version of the wire protocol this build speaks.
package enum ProtocolVersion {
    package static let current = 1
    package static let supported: ClosedRange<Int> = 1...1
}

/// The identifying part of a request line: `{"id": <int>, "op": "<name>", ...}`.
///
/// Decoded first, so that a request with a bad body can still be answered with its own `id`.
package struct RequestHeader: Decodable, Sendable {
    package let id: Int?
    package let op: String?

    enum CodingKeys: String, CodingKey { case id, op }

    package init(id: Int?, op: String?) {
        self.id = id
        self.op = op
    }

    /// Lenient: a member of the wrong type reads as missing, so the other one still identifies the request.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try? container.decodeIfPresent(Int.self, forKey: .id)
        op = try? container.decodeIfPresent(String.self, forKey: .op)
    }

    /// The integer a JSON number's text stands for, written as one (`7`, `-3`, `9223372036854775807`): no fraction,
    /// no exponent, within `Int`. Nil for anything else (`1e2`, `7.0`, `1e-400`, `"7"`): ids are integers.
    package static func integer(_ text: String) -> Int? {
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")),
            text.utf8.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") })
        else { return nil }
        return Int(text)
    }
}

/// A request line with its typed body: `{"id": <int>, "op": "<name>", "body": {...}}`.
package struct WireRequest<Body: Codable & Sendable>: Codable, Sendable {
    package let id: Int
    package let op: String
    package let body: Body

    package init(id: Int, op: String, body: Body) {
        self.id = id
        self.op = op
        self.body = body
    }

    /// A request for operation `op`, which goes on the wire as its raw value.
    package init(id: Int, op: Operation, body: Body) {
        self.init(id: id, op: op.rawValue, body: body)
    }
}

/// A body with no fields, for operations that take none.
package struct Empty: Codable, Sendable, Equatable {
    package init() {}
    package init(from decoder: any Decoder) throws {}
    package func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: AnyKey.self)
    }
}

/// The error member of a failed response: a catalogue code and a message in the user's language.
package struct WireError: Codable, Sendable, Error, Equatable, CustomStringConvertible {
    package let code: WireErrorCode
    package let message: String
    /// Seconds to wait before trying again, for rate-limit errors.
    package let retryAfter: Int?

    package init(code: WireErrorCode, message: String, retryAfter: Int? = nil) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    package var description: String { message }
}

/// What a response carries besides its header.
package enum ResponsePayload: Sendable {
    case none
    case value(any Encodable & Sendable)
    case list([any Encodable & Sendable])
    case error(WireError)
}

/// A response or push line, ready to encode.
///
/// Success: `{"id", "time", "result": 0, "value" | "list"}`; failure: `{"id", "time", "result": code, "error": {...}}`;
/// a push carries `"event"` instead of `"id"`.
package struct WireResponse: Encodable, Sendable {
    package let id: Int?
    package let event: String?
    package let time: Date
    package let payload: ResponsePayload

    package init(id: Int?, time: Date = Date(), payload: ResponsePayload) {
        self.id = id
        self.event = nil
        self.time = time
        self.payload = payload
    }

    package init(event: String, time: Date = Date(), value: any Encodable & Sendable) {
        self.id = nil
        self.event = event
        self.time = time
        self.payload = .value(value)
    }

    enum CodingKeys: String, CodingKey { case id, event, time, result, value, list, error }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let event {
            try container.encode(event, forKey: .event)
        } else {
            try container.encode(id, forKey: .id)
        }
        try container.encode(time, forKey: .time)
        switch payload {
        case .none:
            try container.encode(0, forKey: .result)
        case .value(let value):
            try container.encode(0, forKey: .result)
            try value.encode(to: container.superEncoder(forKey: .value))
        case .list(let items):
            try container.encode(0, forKey: .result)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            for item in items { try item.encode(to: list.superEncoder()) }
        case .error(let error):
            try container.encode(error.code.rawValue, forKey: .result)
            try container.encode(error, forKey: .error)
        }
    }
}

/// The header of a response or push as a client reads it, before decoding the typed payload.
package struct ReplyHeader: Decodable, Sendable {
    package let id: Int?
    package let event: String?
    package let result: Int
    package let error: WireError?

    package init(id: Int?, event: String?, result: Int, error: WireError?) {
        self.id = id
        self.event = event
        self.result = result
        self.error = error
    }

    /// Reads the header of a reply line with the byte parser. The server writes keys in sorted order, so once
    /// `result` is known the `value` (a megabyte for a pull page) is not even scanned: whoever decodes it checks
    /// it. Nil if the line is not a reply.
    package static func read(_ line: [UInt8]) -> ReplyHeader? {
        struct ReachedValue: Error {}
        var id: Int?, event: String?, result: Int?, errorRange: Range<Int>?
        do {
            try FastJSON.withParser(line) { parser in
                try parser.members { key, parser in
                    switch key {
                    case "id":
                        if case .number(let number) = try parser.value() { id = Int(exactly: number) }
                    case "result": result = Int(exactly: try parser.number())
                    case "event": event = try parser.string()
                    case "error": errorRange = try parser.skipValue()
                    case "value" where result != nil: throw ReachedValue()
                    default: try parser.skipValue()
                    }
                }
            }
        } catch is ReachedValue {
            // The header is complete.
        } catch {
            return nil
        }
        guard let result else { return nil }
        let error = errorRange.flatMap { try? WireCoding.decoder.decode(WireError.self, from: Data(line[$0])) }
        return ReplyHeader(id: id, event: event, result: result, error: error)
    }
}

/// A reply's typed `value`.
package struct ReplyValue<Value: Decodable & Sendable>: Decodable, Sendable {
    package let value: Value
}

/// A reply's typed `list`.
package struct ReplyList<Element: Decodable & Sendable>: Decodable, Sendable {
    package let list: [Element]
}

/// A coding key made from any string, for dynamic containers.
package struct AnyKey: CodingKey {
    package var stringValue: String
    package var intValue: Int?
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
