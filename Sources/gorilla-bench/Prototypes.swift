import Foundation
import GorillaServer
import GorillaShared

// Codec comparisons for the diagnostics of `gorilla-bench`: the shared `FastJSON` and a reordered `Codable` probe
// against the wire coders, on the same documents.

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

/// What `FastJSON` and the reordered probes do with one document, against the wire coders.
struct FastJSONFigures {
    var parseMicroseconds: Double
    var writeMicroseconds: Double
    var reorderedDecodeMicroseconds: Double
    /// The push's one-pass reader of a created session (validated and written in its stored form), when it reads the
    /// document (nil when it leaves it to the kind's `validate`).
    var pushReaderMicroseconds: Double?
    /// Whether `FastJSON.parse` reads back the same `JSONValue` as `JSONDecoder`.
    var parsesAlike: Bool
    /// Whether `FastJSON.write` produces exactly `WireCoding.encoder`'s bytes.
    var writesAlike: Bool
    /// Whether the reordered probes keep `true`/`false` apart from `1`/`0`.
    var reorderedKeepsBooleans: Bool

    static func measure(fields: [String: JSONValue], iterations: Int = 300) throws -> FastJSONFigures {
        let document = JSONValue.object(fields)
        let encoded = try WireCoding.encoder.encode(document)
        let bytes = Array(encoded)
        func perCall(calls: Int = iterations, _ body: () throws -> Void) rethrows -> Double {
            try body()
            let start = ContinuousClock.now
            for _ in 0..<calls { try body() }
            return (ContinuousClock.now - start).seconds * 1e6 / Double(calls)
        }
        let parse = try perCall { _ = try FastJSON.parse(bytes) }
        let write = perCall {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            FastJSON.write(document, into: &out)
        }
        let reordered = try perCall { _ = try WireCoding.decoder.decode(ReorderedJSONValue.self, from: encoded) }
        // The reader is timed as the best of 30 rounds of 50 calls: it is compared from build to build.
        let pushReader =
            CanonicalSessionProbe.read(bytes) == nil
            ? nil
            : Samples((0..<30).map { _ in perCall(calls: 50) { _ = CanonicalSessionProbe.read(bytes) } }).minimum
        let decoded = try WireCoding.decoder.decode(JSONValue.self, from: encoded)
        var written: [UInt8] = []
        FastJSON.write(document, into: &written)
        let probe = Data(#"[true,false,1,0,1.5,"x",null,{"a":[true,1]}]"#.utf8)
        let expected: JSONValue = [true, false, 1, 0, 1.5, "x", nil, ["a": [true, 1]]]
        let reorderedProbe = try WireCoding.decoder.decode(ReorderedJSONValue.self, from: probe).value
        return FastJSONFigures(
            parseMicroseconds: parse, writeMicroseconds: write, reorderedDecodeMicroseconds: reordered,
            pushReaderMicroseconds: pushReader,
            parsesAlike: try FastJSON.parse(bytes) == decoded && decoded == document,
            writesAlike: written == bytes, reorderedKeepsBooleans: reorderedProbe == expected)
    }
}
