import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Logging

/// Valid requests to start from, and a logged-in session to send them on.
enum Corpus {
    static let machine = UUID().uuidString.lowercased()
    static let seeds: [[UInt8]] = [
        #"{"id":1,"op":"hello","body":{"version":1,"language":"ca"}}"#,
        #"{"id":2,"op":"auth.login","body":{"user":"fuzz","password":"password123"}}"#,
        #"{"id":3,"op":"auth.signup","body":{"username":"other","email":"o@x.io","password":"password123","name":"A","surname":"B"}}"#,
        #"{"id":4,"op":"auth.check","body":{}}"#,
        #"{"id":5,"op":"profile.get","body":{}}"#,
        #"{"id":6,"op":"profile.update","body":{"name":"Ada","language":"es","nif":"123X"}}"#,
        #"{"id":7,"op":"sync.updated","body":{"since":0}}"#,
        #"{"op":"sync.updated","id":8,"body":{"since":12345}}"#,
        #" { "id" : 9 , "body" : { "since" : -1 } , "op" : "sync.updated" } "#,
        #"{"id":8,"op":"sync.pull","body":{"since":0,"limit":50}}"#,
        #"{"id":9,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-000000000001","kind":"machine","entity":"\#(machine)","action":"create","fields":{"name":"Rack"}}]}}"#,
        #"{"id":10,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-000000000002","kind":"exercise","entity":"7f1d2c3e-0000-4000-8000-0000000000e1","action":"create","fields":{"name":"Squat","machine":"\#(machine)","muscles":["quads"],"count":"reps"}}]}}"#,
        #"{"id":11,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-000000000003","kind":"training","entity":"7f1d2c3e-0000-4000-8000-0000000000f1","action":"create","fields":{"name":"Day 1","exercises":[{"exercise":"7f1d2c3e-0000-4000-8000-0000000000e1","sets":4,"reps":10}]}}]}}"#,
        #"{"id":12,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-000000000004","kind":"client","entity":"7f1d2c3e-0000-4000-8000-0000000000c1","action":"create","fields":{"name":"Joan","surname":"Puig"}}]}}"#,
        #"{"id":13,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-000000000005","kind":"event","entity":"7f1d2c3e-0000-4000-8000-0000000000d1","action":"create","fields":{"client":"7f1d2c3e-0000-4000-8000-0000000000c1","start":"2026-11-25T09:00:00Z","zone":"Europe/Madrid","duration":60}}]}}"#,
        #"{"id":14,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-000000000006","kind":"session","entity":"7f1d2c3e-0000-4000-8000-0000000000a1","action":"create","fields":{"client":"7f1d2c3e-0000-4000-8000-0000000000c1","mode":"realtime","start":"2026-11-20T09:00:00Z","exercises":[{"name":"Squat","sets":[{"reps":10,"weight":80,"unit":"kg","duration":30,"repTimes":[1,2,3]}]}]}}]}}"#,
        #"{"id":15,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-000000000007","kind":"machine","entity":"\#(machine)","action":"update","fields":{"name":"Rack 2"},"base":1}]}}"#,
        #"{"id":16,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-000000000008","kind":"machine","entity":"\#(machine)","action":"delete"}]}}"#,
        #"{"id":17,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-000000000009","kind":"measurement","entity":"7f1d2c3e-0000-4000-8000-0000000000b1","action":"create","fields":{"client":"7f1d2c3e-0000-4000-8000-0000000000c1","date":"2026-11-20T09:00:00Z","weight":80,"height":180}}]}}"#,
        #"{"id":18,"op":"media.put","body":{"sha256":"00","total":4,"offset":0,"data":"iVBORw=="}}"#,
        #"{"id":19,"op":"media.get","body":{"sha256":"0000000000000000000000000000000000000000000000000000000000000000"}}"#,
        #"{"id":20,"op":"codes.check","body":{"code":"ABCD-EFGH"}}"#,
        #"{"id":21,"op":"clients.code","body":{"client":"7f1d2c3e-0000-4000-8000-0000000000c1"}}"#,
        #"{"id":22,"op":"events.subscribe","body":{}}"#,
        #"{"id":23,"op":"auth.password.reset","body":{"user":"fuzz","token":"x","password":"password123"}}"#,
        #"{"id":24,"op":"auth.password.change","body":{"old":"password123","new":"password123"}}"#,
        // Lines that are not strict JSON, and pushes the one-pass reader leaves to the general one.
        #"{"id":25,"op":"sync.push","body":{"extra":1,"mutations":[{"id":"7f1d2c3e-0000-4000-8000-00000000000a","kind":"machine","entity":"7f1d2c3e-0000-4000-8000-0000000000aa","action":"create","fields":{"name":"A","name":"B"}}]}}"#,
        #"{"id":26,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-00000000000b","kind":"machine","entity":"7f1d2c3e-0000-4000-8000-0000000000ab","action":"create","fields":{"name":"A","tags":[1,]}}]}}"#,
        #"{"id":27,"op":"auth.check","op":"auth.logout"}"#,
        #"{"id":28,"op":"sync.updated","body":{"since":0,}}"#,
        // A series, and an exception of it (its id derived from the series' and the day's).
        #"{"id":29,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-00000000000c","kind":"event","entity":"7f1d2c3e-0000-4000-8000-0000000000d2","action":"create","fields":{"client":"7f1d2c3e-0000-4000-8000-0000000000c1","start":"2026-11-23T18:00:00Z","zone":"Europe/Madrid","recurrence":{"frequency":"weekly","interval":1,"days":["mo","th"],"count":10}}}]}}"#,
        #"{"id":30,"op":"sync.push","body":{"mutations":[{"id":"7f1d2c3e-0000-4000-8000-00000000000d","kind":"event","entity":"7f1d2c3e-0000-8000-8000-0000000051e2","action":"create","fields":{"series":"7f1d2c3e-0000-4000-8000-0000000000d2","occurrence":"2026-11-26","status":"cancelled"}}]}}"#,
    ].map { Array($0.utf8) }

    /// A new connection that said hello and is logged in as the fuzzing coach (created on first use).
    static func loggedIn(store: ServerStore, configuration: ServerConfiguration) async throws -> InProcessSession {
        var logger = Logger(label: "gorilla-fuzz")
        logger.logLevel = .critical
        let session = InProcessSession(store: store, configuration: configuration, logger: logger)
        _ = await session.respond(to: seeds[0])
        _ = await session.respond(
            to: Array(
                #"{"id":1,"op":"auth.signup","body":{"username":"fuzz","email":"fuzz@x.io","password":"password123","name":"F","surname":"Z"}}"#
                    .utf8))
        _ = await session.respond(to: seeds[1])
        return session
    }
}

/// Byte-level and JSON-aware mutations.
enum Mutator {
    static let interesting: [String] = [
        "null", "true", "-1", "0", "1e400", "-1e400", "NaN", "Infinity", "1180591620717411303424", "\"\"", "[]", "{}",
        "\"\\u0000\"", "\"\\ud800\"", "\"'; DROP TABLE users;--\"", "\"$(rm -rf /)\"",
        String(repeating: "[", count: 2000),
        "\"" + String(repeating: "x", count: 5000) + "\"",
        "{\"a\":" + String(repeating: "{\"a\":", count: 300) + "1" + String(repeating: "}", count: 301),
        "\"2026-13-45T99:99:99Z\"", "\"7f1d2c3e-0000-4000-8000-0000000000c1\"", "-0", "0.1e-400", "9007199254740993",
        #"{"a":1,"a":2}"#, "[1,]", #"{"name":"x",}"#, "1e2",
    ]

    static func mutate(_ seed: [UInt8], corpus: [[UInt8]], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = seed
        for _ in 0..<(1 + Int(generator.next() % 3)) {
            switch generator.next() % 9 {
            case 0 where !bytes.isEmpty:  // flip a byte
                let index = Int(generator.next() % UInt64(bytes.count))
                bytes[index] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            case 1 where !bytes.isEmpty:  // truncate
                bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
            case 2:  // insert random bytes (invalid UTF-8 included)
                let index = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count))
                let count = 1 + Int(generator.next() % 8)
                bytes.insert(
                    contentsOf: (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }.filter {
                        $0 != 10
                    }, at: index)
            case 3, 4:  // replace a JSON value after a colon with an interesting one
                let colons = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }
                guard let colon = colons.isEmpty ? nil : colons[Int(generator.next() % UInt64(colons.count))] else {
                    break
                }
                var end = colon + 1
                var depth = 0
                var inString = false
                while end < bytes.count {
                    let c = bytes[end]
                    if inString {
                        if c == UInt8(ascii: "\"") && bytes[end - 1] != UInt8(ascii: "\\") { inString = false }
                    } else if c == UInt8(ascii: "\"") {
                        inString = true
                    } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                        depth += 1
                    } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                        if depth == 0 { break }; depth -= 1
                    } else if c == UInt8(ascii: ","), depth == 0 {
                        break
                    }
                    end += 1
                }
                let value = Array(interesting[Int(generator.next() % UInt64(interesting.count))].utf8)
                bytes.replaceSubrange((colon + 1)..<end, with: value)
            case 5:  // splice with another seed
                let other = corpus[Int(generator.next() % UInt64(corpus.count))]
                let cut = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count))
                let from = other.isEmpty ? 0 : Int(generator.next() % UInt64(other.count))
                bytes = Array(bytes.prefix(cut)) + Array(other.suffix(from: from))
            case 6:  // duplicate a slice
                guard bytes.count > 2 else { break }
                let start = Int(generator.next() % UInt64(bytes.count - 1))
                let end = min(bytes.count, start + 1 + Int(generator.next() % 64))
                bytes.insert(contentsOf: bytes[start..<end], at: end)
            case 7:  // change the op name
                if let text = String(bytes: bytes, encoding: .utf8),
                    let range = text.range(of: #""op":"[^"]*""#, options: .regularExpression)
                {
                    let ops = [
                        "hello", "auth.login", "sync.push", "sync.pull", "nope", "", "profile.update", "media.put",
                        "auth.logout",
                    ]
                    bytes = Array(
                        text.replacingCharacters(
                            in: range, with: "\"op\":\"\(ops[Int(generator.next() % UInt64(ops.count))])\""
                        ).utf8)
                }
            default:  // change the action or kind of a mutation
                if let text = String(bytes: bytes, encoding: .utf8) {
                    let words = ["create", "update", "delete", "machine", "client", "message", "news", "session", "x"]
                    let word = words[Int(generator.next() % UInt64(words.count))]
                    var changed = text.replacingOccurrences(of: "\"create\"", with: "\"\(word)\"")
                    if generator.next() % 2 == 0 {
                        changed = changed.replacingOccurrences(of: "\"machine\"", with: "\"\(word)\"")
                    }
                    bytes = Array(changed.utf8)
                }
            }
        }
        return bytes.filter { $0 != 10 }
    }
}
