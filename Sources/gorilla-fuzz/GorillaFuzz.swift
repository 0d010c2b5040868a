import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import GorillaTransport
import NIOCore

/// Feeds mutated request lines through the line decoder and the request router (with a real in-memory
/// store) for a given time, and checks that every answer is one well-formed JSON line and never an
/// internal error. Prints executions and findings; exits 1 if anything was found.
@main
struct GorillaFuzz {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        let seconds = Double(arguments.first ?? "60") ?? 60
        let seed = UInt64(arguments.dropFirst().first ?? "") ?? UInt64(Date().timeIntervalSince1970)
        // First, so that a run that crashes still says how to make it again.
        print("gorilla-fuzz: \(Int(seconds)) s from seed \(seed) (gorilla-fuzz \(Int(seconds)) \(seed) replays it)")
        fflush(nil)
        var generator = SeededGenerator(seed: seed)
        var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: NSTemporaryDirectory()))
        configuration.passwordHasher = .testing
        configuration.requestsPerSecond = 1e9
        configuration.loginFailuresPerAccount = .max
        configuration.loginFailuresPerAddress = .max
        configuration.codeGuessesBeforeWait = .max
        let store = try ServerStore.inMemory()
        let corpus = Corpus.seeds
        var executions = 0
        var findings: [String: String] = [:]
        let deadline = Date().addingTimeInterval(seconds)
        var session = try await Corpus.loggedIn(store: store, configuration: configuration)
        var decoder = LineFrameDecoder(maximumLength: 64 * 1024)
        while Date() < deadline {
            for _ in 0..<200 {
                var input = Mutator.mutate(
                    corpus[Int(generator.next() % UInt64(corpus.count))], corpus: corpus, using: &generator)
                input.append(UInt8(ascii: "\n"))
                // Deliver the bytes in random pieces, as a network would.
                var buffer = ByteBuffer()
                var offset = 0
                while offset < input.count {
                    let piece = min(input.count - offset, 1 + Int(generator.next() % 4096))
                    buffer.writeBytes(input[offset..<offset + piece])
                    offset += piece
                    while let frame = decoder.nextFrame(&buffer) {
                        executions += 1
                        switch frame {
                        case .tooLong:
                            decoder = LineFrameDecoder(maximumLength: 64 * 1024)
                            buffer.clear()
                        case .line(let line):
                            let bytes = Array(line.readableBytesView)
                            let reply = await session.respond(to: bytes)
                            if let problem = check(reply) ?? compareReaders(bytes) {
                                let key =
                                    problem + " "
                                    + String(decoding: Array(line.readableBytesView).prefix(160), as: UTF8.self)
                                if findings[problem] == nil {
                                    findings[problem] = key
                                    print("finding: \(key)")
                                }
                            }
                        }
                    }
                }
                buffer.clear()
            }
            // A fresh connection now and then, so that hello and login are exercised again.
            if generator.next() % 50 == 0 {
                session = try await Corpus.loggedIn(store: store, configuration: configuration)
                decoder = LineFrameDecoder(maximumLength: 64 * 1024)
            }
        }
        print("executions: \(executions) in \(Int(seconds)) s, findings: \(findings.count)")
        for (problem, example) in findings.sorted(by: { $0.key < $1.key }) { print("  \(problem): \(example)") }
        if !findings.isEmpty { exit(1) }
    }

    /// Nil when the reply is one JSON object with an integer `result` that is not 500 (read alike by
    /// `JSONSerialization` and the client's `ReplyHeader.read`), else what is wrong.
    static func check(_ reply: [UInt8]) -> String? {
        if reply.contains(UInt8(ascii: "\n")) { return "reply spans several lines" }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(reply))) as? [String: Any] else {
            return "reply is not a JSON object"
        }
        guard let result = object["result"] as? Int else { return "reply has no integer result" }
        if ReplyHeader.read(reply)?.result != result { return "ReplyHeader.read disagrees on the result" }
        if result == 500 { return "internal error" }
        if result != 0, object["error"] == nil { return "failure without an error member" }
        return nil
    }

    /// Differential check of the byte-level readers against each other and Foundation's decoder on the same input:
    /// `FastJSON` may refuse more (trailing commas, repeated keys), never accept what `JSONDecoder` refuses, and must
    /// read the same value; the strict line reader agrees with `FastJSON`; the push's two readers agree.
    static func compareReaders(_ bytes: [UInt8]) -> String? {
        _ = ReplyHeader.read(bytes)  // must not crash on any input
        // What the strict reader takes, the decoder reads alike (an id it takes is one the strict reader reads as an integer).
        // (`RequestLine.read` finds the body's end by its brackets; `checkBody` reads the rest.)
        if !JSONDepth.exceeds(JSONDepth.requestLimit, in: bytes), let request = try? RequestLine.read(bytes),
            (try? request.checkBody(bytes)) != nil
        {
            guard let decoded = try? WireCoding.decoder.decode(RequestHeader.self, from: Data(bytes)),
                decoded.op == request.op,
                request.id == nil || decoded.id == request.id
            else { return "RequestLine.read disagrees with the decoder" }
            if (try? FastJSON.parse(bytes)) == nil { return "RequestLine takes a line FastJSON refuses" }
        }
        // The push's one-pass reader and its general reader take a line alike, and refuse the same documents.
        if let disagreement = PushReadersProbe.disagreement(bytes) { return disagreement }
        // A poll the event loop would answer must be one the task reads the same way.
        if let poll = PollResponder.poll(ByteBuffer(bytes: bytes)) {
            guard !JSONDepth.exceeds(JSONDepth.requestLimit, in: bytes),
                let request = try? WireCoding.decoder.decode(WireRequest<UpdatedBody>.self, from: Data(bytes)),
                request.id == poll.id, request.op == Operation.syncUpdated.rawValue, request.body.since == poll.since
            else {
                return "PollResponder.poll reads a line the task reads otherwise"
            }
        }
        guard let fast = try? FastJSON.parse(bytes) else { return nil }
        // Foundation's decoder can trap on very deep nesting (see JSONDepth); such lines are not compared.
        guard !JSONDepth.exceeds(JSONDepth.requestLimit, in: bytes) else { return nil }
        guard let foundation = try? WireCoding.decoder.decode(JSONValue.self, from: Data(bytes)) else {
            return "FastJSON accepts what JSONDecoder refuses"
        }
        return fast == foundation ? nil : "FastJSON reads another value than JSONDecoder"
    }
}
