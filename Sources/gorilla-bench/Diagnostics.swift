import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// Request lines as a device would write them, for the bare-TLS breakdowns.
enum Lines {
    static func request<Body: Codable & Sendable>(
        _ id: Int, _ op: GorillaShared.Operation, _ body: Body
    ) throws -> [UInt8] {
        var data = try WireCoding.encoder.encode(WireRequest(id: id, op: op, body: body))
        data.append(UInt8(ascii: "\n"))
        return Array(data)
    }

    /// `hello` and `auth.resume`.
    static func session(token: String) throws -> [[UInt8]] {
        [
            try request(1, Operation.hello, HelloBody(language: .en)),
            try request(2, Operation.resume, ResumeBody(token: token)),
        ]
    }
}

/// Where the time of a pull goes: the server's share (a bare TLS client sends the same requests and does not decode),
/// the client library's reading of the pages (`ReplyHeader.read` + `SyncEngine.decodePull`), and the rest (applying
/// pages to the cache, which the client overlaps with the next page's transfer).
struct PullBreakdown {
    var pages: Int
    var bytes: Int
    var server: Duration
    var reading: Duration

    /// Pulls every change `token` may see from version 0 with pages of `pageSize`, page by page.
    static func measure(endpoint: ServerEndpoint, token: String, pageSize: Int) async throws -> PullBreakdown {
        var since: Int64 = 0
        var result = PullBreakdown(pages: 0, bytes: 0, server: .zero, reading: .zero)
        var id = 10
        while true {
            id += 1
            let request = try Lines.request(id, Operation.syncPull, PullBody(since: since, limit: pageSize))
            let replies = try await RawLineClient.exchange(
                port: endpoint.port, fingerprint: endpoint.fingerprint ?? "",
                setup: try Lines.session(token: token), requests: [request])
            let (line, duration) = replies[0]
            result.pages += 1
            result.bytes += line.count + 1
            result.server += duration
            let (page, reading) = try await timed {
                guard let header = ReplyHeader.read(line), header.result == 0 else {
                    throw BenchError("sync.pull was refused: \(String(decoding: line, as: UTF8.self).prefix(200))")
                }
                return try SyncEngine.decodePull(line)
            }
            result.reading += reading
            guard let cursor = page.cursor else { throw BenchError("a sync.pull page without a cursor") }
            since = cursor
            if !page.more { return result }
        }
    }
}

/// The cost of coding one session document (24 sets) with the wire coders, against `JSONSerialization`.
struct CodecFigures {
    var label: String
    var bytes: Int
    var values: Int
    var decodeMicroseconds: Double
    var encodeMicroseconds: Double
    var serializationParseMicroseconds: Double

    static func measure(label: String, fields: [String: JSONValue], iterations: Int = 300) throws -> CodecFigures {
        let document = JSONValue.object(fields)
        let text = try WireCoding.encoder.encode(document)
        func count(_ value: JSONValue) -> Int {
            switch value {
            case .array(let items): 1 + items.map(count).reduce(0, +)
            case .object(let members): 1 + members.values.map(count).reduce(0, +)
            default: 1
            }
        }
        func perCall(_ body: () throws -> Void) rethrows -> Double {
            try body()
            let start = ContinuousClock.now
            for _ in 0..<iterations { try body() }
            return (ContinuousClock.now - start).seconds * 1e6 / Double(iterations)
        }
        let decode = try perCall { _ = try WireCoding.decoder.decode(JSONValue.self, from: text) }
        let encode = try perCall { _ = try WireCoding.encoder.encode(document) }
        let parse = try perCall { _ = try JSONSerialization.jsonObject(with: text) }
        return CodecFigures(
            label: label, bytes: text.count, values: count(document), decodeMicroseconds: decode,
            encodeMicroseconds: encode, serializationParseMicroseconds: parse)
    }

    var line: String {
        "\(label) session document (\(bytes) bytes, \(values) JSON values): JSONDecoder → JSONValue \(format(decodeMicroseconds)) µs, "
            + "JSONEncoder (sorted keys) \(format(encodeMicroseconds)) µs, JSONSerialization parse \(format(serializationParseMicroseconds)) µs"
    }
}
