import Foundation
import GorillaShared

// Prototypes of the JSON fixes recommended in docs/performance.md, measured by `gorilla-bench` against the wire
// coders on the same documents. They live here, in the benchmark, only to put numbers on the recommendations.

/// A byte-level JSON reader and writer for `JSONValue`, without `Codable`.
enum FastJSON {
    struct Malformed: Error {}

    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer)
            let value = try parser.value()
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw Malformed() }
            return value
        }
    }

    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value() throws -> JSONValue {
            skipWhitespace()
            guard index < bytes.count else { throw Malformed() }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ text: StaticString) throws {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw Malformed() }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { throw Malformed() }
            index += count
        }

        mutating func object() throws -> JSONValue {
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Malformed() }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Malformed() }
                index += 1
                members[key] = try value()
                skipWhitespace()
                guard index < bytes.count else { throw Malformed() }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw Malformed()
            }
        }

        mutating func array() throws -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                items.append(try value())
                skipWhitespace()
                guard index < bytes.count else { throw Malformed() }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                throw Malformed()
            }
        }

        mutating func string() throws -> String {
            index += 1
            let start = index
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") { escaped = true; index += 2; continue }
                if byte < 0x20 { throw Malformed() }
                index += 1
            }
            guard index < bytes.count else { throw Malformed() }
            let end = index
            index += 1
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if !escaped { return String(decoding: raw, as: UTF8.self) }
            return try unescape(raw)
        }

        func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws -> String {
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var i = 0
            func hex4(_ at: Int) throws -> UInt32 {
                guard at + 4 <= raw.count else { throw Malformed() }
                var value: UInt32 = 0
                for offset in 0..<4 {
                    let c = raw[at + offset]
                    let digit: UInt32
                    switch c {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
                    default: throw Malformed()
                    }
                    value = value << 4 | digit
                }
                return value
            }
            while i < raw.count {
                let c = raw[i]
                guard c == UInt8(ascii: "\\") else { out.append(c); i += 1; continue }
                guard i + 1 < raw.count else { throw Malformed() }
                let e = raw[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4(i)
                    i += 4
                    if (0xD800..<0xDC00).contains(scalar), i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") {
                        let low = try hex4(i + 2)
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            i += 6
                        }
                    }
                    out.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default: throw Malformed()
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

        mutating func number() throws -> Double {
            let start = index
            var integer = true
            var negative = false
            var mantissa: Int64 = 0
            var digits = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
            while index < bytes.count {
                let c = bytes[index]
                if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                    if integer { mantissa = mantissa &* 10 &+ Int64(c - UInt8(ascii: "0")); digits += 1 }
                    index += 1
                } else if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
                            || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                    integer = false
                    index += 1
                } else {
                    break
                }
            }
            guard index > start else { throw Malformed() }
            if integer && digits > 0 && digits <= 15 { return Double(negative ? -mantissa : mantissa) }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text) else { throw Malformed() }
            return value
        }
    }

    /// Writes `value` as `WireCoding.encoder` does (sorted keys, slashes unescaped).
    static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): writeNumber(number, into: &out)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            var first = true
            for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(members[key]!, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeNumber(_ number: Double, into out: inout [UInt8]) {
        if number.rounded() == number, abs(number) < 1e15 {
            out.append(contentsOf: String(Int64(number)).utf8)
        } else {
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            out.append(contentsOf: text.utf8)
        }
    }

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20: out.append(contentsOf: String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// `JSONValue`'s `Decodable` with the probes reordered (numbers first, then strings, booleans, objects, arrays), so that
/// the commonest values in documents throw no `DecodingError` at all.
struct ReorderedJSONValue: Decodable {
    let value: JSONValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let text = try? container.decode(String.self) {
            value = .string(text)
        } else if let flag = try? container.decode(Bool.self) {
            value = .bool(flag)
        } else if let members = try? container.decode([String: ReorderedJSONValue].self) {
            value = .object(members.mapValues(\.value))
        } else if let items = try? container.decode([ReorderedJSONValue].self) {
            value = .array(items.map(\.value))
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }
}

/// What the prototypes do with one document, against the wire coders.
struct PrototypeFigures {
    var parseMicroseconds: Double
    var writeMicroseconds: Double
    var reorderedDecodeMicroseconds: Double
    /// Whether the byte parser reads back the same `JSONValue` as `JSONDecoder`.
    var parsesAlike: Bool
    /// Whether the writer produces exactly `WireCoding.encoder`'s bytes.
    var writesAlike: Bool
    /// Whether the reordered probes keep `true`/`false` apart from `1`/`0`.
    var reorderedKeepsBooleans: Bool

    static func measure(fields: [String: JSONValue], iterations: Int = 300) throws -> PrototypeFigures {
        let document = JSONValue.object(fields)
        let encoded = try WireCoding.encoder.encode(document)
        let bytes = Array(encoded)
        func perCall(_ body: () throws -> Void) rethrows -> Double {
            try body()
            let start = ContinuousClock.now
            for _ in 0..<iterations { try body() }
            return (ContinuousClock.now - start).seconds * 1e6 / Double(iterations)
        }
        let parse = try perCall { _ = try FastJSON.parse(bytes) }
        let write = perCall {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            FastJSON.write(document, into: &out)
        }
        let reordered = try perCall { _ = try WireCoding.decoder.decode(ReorderedJSONValue.self, from: encoded) }
        let decoded = try WireCoding.decoder.decode(JSONValue.self, from: encoded)
        var written: [UInt8] = []
        FastJSON.write(document, into: &written)
        let probe = Data(#"[true,false,1,0,1.5,"x",null,{"a":[true,1]}]"#.utf8)
        let expected: JSONValue = [true, false, 1, 0, 1.5, "x", nil, ["a": [true, 1]]]
        let reorderedProbe = try WireCoding.decoder.decode(ReorderedJSONValue.self, from: probe).value
        return PrototypeFigures(parseMicroseconds: parse, writeMicroseconds: write, reorderedDecodeMicroseconds: reordered,
                                parsesAlike: try FastJSON.parse(bytes) == decoded && decoded == document,
                                writesAlike: written == bytes, reorderedKeepsBooleans: reorderedProbe == expected)
    }
}
