import Foundation
import GorillaShared
import GorillaTesting
import Testing

/// The byte-level reader and writer must agree with the wire coders on every valid text and refuse what
/// `JSONDecoder` refuses, since stored documents and sync pages go through them.
@Suite struct FastJSONTests {
    private static let documents: [String] = [
        #"{}"#, #"[]"#, #"null"#, #"true"#, #"false"#, #"0"#, #"-0.5"#, #"12"#, #"1e3"#, #"2.5E-3"#,
        #"123456789012345"#,
        #"1234567890123456789"#, #"-9007199254740993"#, #"0.1"#, #""""#,
        #"{"name":"Prensa","weight":80.5,"reps":12,"tags":["a","b"],"nested":{"deep":[1,[2,[3]]]},"none":null}"#,
        #"{"text":"quote \" backslash \\ slash \/ tab \t newline \n unicode \u00e9 \ud83d\udcaa control \u0001"}"#,
        #"{"català":"això és una prova","emoji":"💪","cjk":"健身"}"#,
        #"  { "spaced" : [ 1 , 2 ] , "b" : { } }  "#,
        #"{"sql":"'; DROP TABLE entities; --","shell":"$(rm -rf /) `id` | ; &&"}"#,
    ]

    @Test(arguments: documents)
    func readsWhatJSONDecoderReads(_ text: String) throws {
        let expected = try WireCoding.decoder.decode(JSONValue.self, from: Data(text.utf8))
        #expect(try FastJSON.parse(text) == expected)
        #expect(try FastJSON.parse(Array(text.utf8)) == expected)
    }

    @Test(arguments: documents)
    func writesWhatTheWireEncoderWrites(_ text: String) throws {
        let value = try WireCoding.decoder.decode(JSONValue.self, from: Data(text.utf8))
        let expected = String(decoding: try WireCoding.encoder.encode(value), as: UTF8.self)
        #expect(FastJSON.text(value) == expected)
        #expect(try FastJSON.parse(FastJSON.text(value)) == value)
    }

    static let malformed: [String] = [
        "", " ", "{", "}", "[,1]", #"{"a" 1}"#, #"{a:1}"#, "[1 2]", #"{"a":1}x"#, "nul", "tru", "fals",
        "01", "1.", ".5", "-", "+1", "1e", "1e+", "--1", "0x10", "NaN", "Infinity", "-Infinity", "1e999", "-1e400",
        #""unterminated"#, "\"tab\tinside\"", #""bad escape \x""#, #""short \u12""#, #""bad hex \u12G4""#, "'single'",
        #"{"a":[1,{"b":2]}}"#, "[1]]", #"{"lone":"\ud800 alone"}"#, #""\udc00""#,
    ]

    @Test(arguments: malformed)
    func refusesWhatJSONDecoderRefuses(_ text: String) {
        #expect(throws: FastJSON.Malformed.self) { try FastJSON.parse(text) }
        #expect(throws: (any Error).self) { try WireCoding.decoder.decode(JSONValue.self, from: Data(text.utf8)) }
    }

    /// Finding a container's end by its brackets and quotes alone ends where the full reader ends on every valid text,
    /// and refuses what would leave the rest of a line unreadable: an open string, an open bracket, too deep a nesting.
    @Test func skipsContainersByTheirBracketsWhereTheReaderEnds() throws {
        let containers = Self.documents.filter { $0.contains("{") || $0.contains("[") }
        for text in containers + [#"["]", "\\", "[{", "}"]"#, #"{"a":"\"}\""}"#] {
            let bytes = Array(("  " + text + " ,rest").utf8)
            let (lenient, strict) = try bytes.withUnsafeBufferPointer { buffer -> (Range<Int>, Range<Int>) in
                let upTo = buffer.count - 5  // before ",rest"
                let slice = UnsafeBufferPointer(rebasing: buffer[..<upTo])
                let lenient = try FastJSON.withParser(slice) { parser in try parser.skipBalanced() }
                let strict = try FastJSON.withParser(slice) { parser in try parser.skipValue() }
                return (lenient, strict)
            }
            #expect(lenient == strict, "\(text)")
        }
        // Not checked: what is inside (the reader that comes later refuses it).
        #expect(throws: Never.self) { try FastJSON.withParser(Array(#"{"a":tru,,}"#.utf8)) { try $0.skipBalanced() } }
        for text in [
            #"{"a":"open}"#, #"{"a":[1,2}"#, "[", #"{"a":"\"}"#, "5", #""text""#, "{\"a\":\"line\nbreak\"}",
            "{\"a\":1,\n\"b\":2}",
            String(repeating: "[", count: FastJSON.maxDepth + 1) + String(repeating: "]", count: FastJSON.maxDepth + 1),
        ] {
            #expect(throws: FastJSON.Malformed.self, "\(text.prefix(40))") {
                try FastJSON.withParser(Array(text.utf8)) { try $0.skipBalanced() }
            }
        }
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        #expect(throws: FastJSON.Malformed.self) {
            try FastJSON.withParser(Array(deep.utf8), maxDepth: 19) { try $0.skipBalanced() }
        }
        #expect(try FastJSON.withParser(Array(deep.utf8), maxDepth: 20) { try $0.skipBalanced() } == 0..<40)
    }

    /// Foundation's decoder lets trailing commas pass; RFC 8259 does not.
    @Test func refusesTrailingCommas() {
        for text in ["[1,]", #"{"a":1,}"#, #"{"a":[1,],"b":2}"#] {
            #expect(throws: FastJSON.Malformed.self) { try FastJSON.parse(text) }
        }
    }

    /// Foundation's decoder keeps one of two equal keys; two readers of one line must never disagree, so the byte
    /// reader refuses them.
    @Test func refusesRepeatedKeys() {
        for text in [#"{"op":"a","op":"b"}"#, #"{"x":{"k":1,"k":1}}"#] {
            #expect(throws: FastJSON.Malformed.self) { try FastJSON.parse(text) }
        }
    }

    @Test func refusesNumbersThatUnderflow() throws {
        #expect(throws: FastJSON.Malformed.self) { try FastJSON.parse("0.1e-400") }
        #expect(throws: FastJSON.Malformed.self) { try FastJSON.parse("-5e-999") }
        #expect(try FastJSON.parse("0e-400") == .number(0))
        #expect(try FastJSON.parse("0.000e5") == .number(0))
    }

    @Test func refusesInvalidUTF8() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x7B, 0x22, 0x80, 0x22, 0x3A, 0x31, 0x7D],
        ] {
            #expect(throws: FastJSON.Malformed.self) { try FastJSON.parse(bytes) }
        }
    }

    @Test func refusesNestingDeeperThanTheLimitWithoutCrashing() throws {
        let limit = FastJSON.maxDepth
        let fine = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try FastJSON.parse(fine) }
        let deep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(throws: FastJSON.Malformed.self) { try FastJSON.parse(deep) }
        let hostile = String(repeating: #"{"a":"#, count: 100_000)
        #expect(throws: FastJSON.Malformed.self) { try FastJSON.parse(hostile) }
    }

    @Test func skipsValuesAndKeepsTheirText() throws {
        let line = Array(
            #"{"value":{"changes":[{"data":{"b":[1,2],"a":"x"},"id":"1"}],"cursor":7},"other":[true,null]}"#.utf8)
        var texts: [String] = []
        var cursor: Double?
        try FastJSON.withParser(line) { parser in
            try parser.members { key, parser in
                guard key == "value" else { try parser.skipValue(); return }
                try parser.members { key, parser in
                    switch key {
                    case "changes":
                        try parser.elements { parser in
                            try parser.members { key, parser in
                                let range = try parser.skipValue()
                                if key == "data" { texts.append(parser.text(range)) }
                            }
                        }
                    case "cursor": cursor = try parser.number()
                    default: try parser.skipValue()
                    }
                }
            }
        }
        #expect(texts == [#"{"b":[1,2],"a":"x"}"#])
        #expect(cursor == 7)
        // A skipped value is still checked.
        #expect(throws: FastJSON.Malformed.self) {
            try FastJSON.withParser(Array(#"{"a":[1,,2]}"#.utf8)) { parser in
                try parser.members { _, parser in try parser.skipValue() }
            }
        }
        #expect(throws: FastJSON.Malformed.self) {
            try FastJSON.withParser([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]) { parser in
                try parser.members { _, parser in try parser.skipValue() }
            }
        }
    }

    @Test func writesNonFiniteNumbersAsNull() {
        #expect(FastJSON.text([.number(.nan), .number(.infinity)]) == "[null,null]")
    }

    /// Random documents: whatever the writer produces, both readers read back the same value.
    @Test func randomDocumentsRoundTrip() throws {
        var generator = SeededGenerator.forTest()
        func random(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 4 ? 4 : 6), using: &generator) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &generator))
            case 2:
                let choices: [Double] = [
                    0, -1, 42, 0.25, 1e21, -3.75e-7, Double(Int.random(in: -1_000_000...1_000_000, using: &generator)),
                    Double.random(in: -1e6...1e6, using: &generator),
                ]
                return .number(choices.randomElement(using: &generator)!)
            case 3:
                let pieces = ["a", "é", "💪", "\"", "\\", "\n", "\u{01}", "/", " ", "x"]
                let count = Int.random(in: 0...8, using: &generator)
                return .string((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
            case 4: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in random(depth + 1) })
            default:
                var members: [String: JSONValue] = [:]
                for index in 0..<Int.random(in: 0...4, using: &generator) {
                    members["k\(index)\(["", "é", "Z"].randomElement(using: &generator)!)"] = random(depth + 1)
                }
                return .object(members)
            }
        }
        for _ in 0..<500 {
            let value = random(0)
            let text = FastJSON.text(value)
            #expect(try FastJSON.parse(text) == value)
            #expect(try WireCoding.decoder.decode(JSONValue.self, from: Data(text.utf8)) == value)
        }
    }

    /// The server reads every request's `id` and `op` strictly; where it takes a line, the lenient `Codable` header
    /// reads the same `op`, and the same `id` wherever the strict reader finds an integer.
    @Test(arguments: [
        #"{"id":7,"op":"sync.updated","body":{"since":0}}"#, #"{"body":{"a":[1,2,{"b":null}]},"op":"x","id":1}"#,
        #"{"id":"7","op":"hello"}"#, #"{"id":7.5,"op":5}"#, #"{"id":7}"#, #"{"op":"hello"}"#, #"{}"#,
        #"{"id":-3,"op":"é\u00e9","extra":true}"#, #"{"id":9223372036854775807,"op":"a"}"#,
        #"{"id":9223372036854775808,"op":"a"}"#, #"{"id":-9223372036854775808,"op":"a"}"#,
    ])
    func requestLinesReadLikeTheDecoder(_ line: String) throws {
        let strict = try RequestLine.read(Array(line.utf8))
        try strict.checkBody(Array(line.utf8))
        let decoded = try WireCoding.decoder.decode(RequestHeader.self, from: Data(line.utf8))
        #expect(
            strict.op == decoded.op && (strict.id == nil || strict.id == decoded.id),
            "\(line): \(String(describing: strict.id)) \(String(describing: strict.op))")
    }

    /// Ids are integers: written without a fraction or an exponent, within `Int`.
    @Test func idsAreIntegers() throws {
        #expect(try RequestLine.read(Array(#"{"id":1e2,"op":"a"}"#.utf8)).id == nil)
        #expect(try RequestLine.read(Array(#"{"id":7.0,"op":"a"}"#.utf8)).id == nil)
        #expect(try RequestLine.read(Array(#"{"id":-0,"op":"a"}"#.utf8)).id == 0)
        #expect(RequestHeader.integer("-9223372036854775808") == Int.min)
        for text in ["1e-400", "9223372036854775808", "1E2", "\"7\"", "7.5"] {
            #expect(RequestHeader.integer(text) == nil, "\(text)")
        }
    }

    /// What `JSONDecoder` takes and RFC 8259 does not, the strict reader refuses (the body included); a well-formed
    /// line is refused with the id read before the problem, a broken one without.
    @Test(
        arguments: [
            (#"{"id":1,"op":"auth.check","op":"auth.logout"}"#, 1), (#"{"id":1,"id":2,"op":"a"}"#, nil), ("[1]", nil),
            (#"{"id":1,"op":"a",}"#, 1), ("not json", nil), (#"{"id":1e400,"op":"a"}"#, nil),
            (#"{"id":1e-400,"op":"a"}"#, nil),
            (#"{"id":3,"op":"a","body":{"since":0,}}"#, 3), (#"{"id":3,"op":"a","body":{"k":1,"k":2}}"#, 3),
            (#"{"id":3,"op":"a","body":{"x":1e-400}}"#, 3), (#"{"id":3,"op":"a","body":{"#, nil),
            (#"{"id":3,"op":"a"} {"id":4}"#, nil),
        ] as [(String, Int?)])
    func linesThatAreNotStrictJSONAreRefused(_ line: String, echoed: Int?) {
        do {
            try RequestLine.read(Array(line.utf8)).checkBody(Array(line.utf8))
            Issue.record("\(line) was taken")
        } catch {
            #expect(error.id == echoed, "\(line): \(error.reason)")
        }
    }

    /// A carriage return is whitespace between values (RFC 8259), wherever the body is read.
    @Test func aCarriageReturnBetweenValuesIsWhitespace() throws {
        let line = Array("{\"id\":1,\r\"op\":\"sync.updated\",\"body\":{\"since\":0,\r\"x\":[1,\r2]}}".utf8)
        let request = try RequestLine.read(line)
        try request.checkBody(line)
        #expect(request.id == 1 && request.op == "sync.updated")
    }

    /// Lines are UTF-8: a byte order mark and UTF-16 (with or without one) are refused by name.
    @Test func linesInAnotherEncodingAreRefused() {
        let line = #"{"id":1,"op":"auth.check"}"#
        let utf16LE = line.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE = line.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let cases: [([UInt8], String)] = [
            ([0xEF, 0xBB, 0xBF] + Array(line.utf8), "byte order mark"), (utf16LE, "UTF-16"), (utf16BE, "UTF-16"),
            ([0xFF, 0xFE] + utf16LE, "UTF-16"),
        ]
        for (bytes, named) in cases {
            #expect(
                performing: { try RequestLine.read(bytes) },
                throws: { ($0 as? RequestLine.Refusal)?.reason.contains(named) == true })
        }
    }

    /// A peer's text is quoted in an error message only as a short prefix.
    @Test func quotedTextIsCutShort() {
        let long = String(repeating: "op.", count: 40_000)
        #expect(WireText.quoted(long).count <= WireText.quoteLimit + 3)
        #expect(WireText.quoted("auth.chek") == #""auth.chek""#)
        let key = String(repeating: "k", count: 100_000)
        do {
            _ = try RequestLine.read(Array(#"{"\#(key)":1,"\#(key)":2}"#.utf8))
            Issue.record("a repeated key was taken")
        } catch {
            #expect(error.reason.count < 200)
        }
    }

    /// Push results travel written by `MutationResult.write` and read by `PushReply.read`: both must agree with the
    /// wire coders, for every shape a result takes.
    @Test func pushResultsAreWrittenAndReadAsTheWireCodersDo() throws {
        var generator = SeededGenerator.forTest()
        let values: [JSONValue] = [
            "Leg press", 42, 62.5, .null, true, .array(["a", 1]), .object(["b": "c/d \u{1} é"]),
        ]
        for _ in 0..<500 {
            var result = MutationResult(
                id: generator.uuid(), status: [.applied, .duplicate, .rejected].randomElement(using: &generator)!)
            if Bool.random(using: &generator) {
                result.version = Int64.random(in: 0...Int64(1) << 52, using: &generator)
            }
            if Bool.random(using: &generator) {
                result.error = WireError(
                    code: WireErrorCode(rawValue: Int.random(in: 100...599, using: &generator)),
                    message: ["Name taken: 'Rack'", "a \"quoted\" line\nbreak", "€ / \\"].randomElement(
                        using: &generator)!,
                    retryAfter: Bool.random(using: &generator) ? Int.random(in: 1...60, using: &generator) : nil)
            }
            if Bool.random(using: &generator) {
                result.overwritten = ["name": values.randomElement(using: &generator)!]
            }
            if Bool.random(using: &generator) {
                result.extra = ["code": "ABCD-1234", "expires": values.randomElement(using: &generator)!]
            }
            var written: [UInt8] = []
            result.write(into: &written)
            #expect(
                String(decoding: written, as: UTF8.self)
                    == String(decoding: try WireCoding.encoder.encode(result), as: UTF8.self))
            let line = Array(#"{"id":3,"result":0,"value":{"results":["#.utf8) + written + Array("]}}".utf8)
            #expect(PushReply.read(line: line)?.results == [result])
            #expect(
                try WireCoding.decoder.decode(ReplyValue<PushReply>.self, from: Data(line)).value.results == [result])
        }
        // Anything else is left to the decoder: an unknown status, a version that is not whole, a missing id.
        for bad in [
            #"{"id":"\#(UUID().uuidString)","status":"maybe"}"#,
            #"{"id":"\#(UUID().uuidString)","status":"applied","version":1.5}"#,
            #"{"status":"applied"}"#,
            #"{"id":"\#(UUID().uuidString)","status":"rejected","error":{"message":"no code"}}"#,
        ] {
            #expect(PushReply.read(line: Array(#"{"value":{"results":[\#(bad)]}}"#.utf8)) == nil, "\(bad)")
        }
    }
}
