import Crypto
import Foundation
import GRDB
import GorillaServer
import GorillaShared
import GorillaTesting
import GorillaTransport
import NIOCore
import Testing

/// A corpus of malformed and hostile request lines sent over one real TLS connection: each gets its
/// specific error code, and the connection goes on serving normal requests after every one of them.
@Suite(.hangLimit)
struct HostileInputTests {
    /// What the server must answer to one hostile line.
    enum Outcome: CustomStringConvertible {
        /// A response with the request's own id and this `result` (0 for success).
        case answered(Int)
        /// A response with `"id": null` and this error code (the line has no readable id).
        case answeredWithoutID(Int)
        /// A `sync.push` answered with success whose single mutation was rejected with this code.
        case rejected(Int)
        /// A `sync.push` whose mutations were all applied.
        case applied

        var description: String {
            switch self {
            case .answered(let code): "result \(code)"
            case .answeredWithoutID(let code): "result \(code) with a null id"
            case .rejected(let code): "mutation rejected with \(code)"
            case .applied: "applied"
            }
        }
    }

    /// One hostile line: made from the request id it should carry.
    struct HostileCase {
        let name: String
        let line: (Int) -> [UInt8]
        let outcome: Outcome
        /// Further checks of the reply; returns a complaint, or nil when the reply is right.
        var check: ((JSONObject) -> String?)?
        /// The id the line carries whatever id it is given (for lines testing extreme ids).
        var fixedID: Int?
    }

    /// Ids of rows that the corpus refers to.
    struct Fixture {
        var adaID: String
        var adaClient: String
        var adaMachine: String
        var adaSession: String
        var malloryMachine: String
        var malloryClient: String
        var malloryMutation: String
        var mallorySHA: String
        var revokedToken: String
        var liveToken: String
    }

    /// A 1×1 PNG (the one in docs/protocol.md).
    static let png = Data(
        base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC")!

    /// Names full of SQL and shell metacharacters: valid names that must come back unchanged.
    static let metacharacterNames = [
        "'; DROP TABLE users;--",
        "$(rm -rf /)",
        "`reboot`",
        "Robert'); DROP TABLE entities;--",
        "%s%n%x%d",
        "../../etc/passwd",
        "<script>alert(1)</script>",
        "\" OR 1=1 --",
        #"\"; exec xp_cmdshell 'dir'; --"#,
        "NULL",
        "%00 & | ; > < * ? ~ ! # { } [ ]",
        "Prensa 🦍 àèìòù ñ ç 中文",
        "$HOME ${IFS} && echo pwned",
        "' OR '1'='1",
    ]

    static func uuid() -> String { UUID().uuidString.lowercased() }

    /// A JSON string literal for `text`.
    static func quoted(_ text: String) -> String {
        String(
            decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes]),
            as: UTF8.self
        )
        .dropFirst().dropLast().description
    }

    // MARK: Building lines

    static func request(
        _ name: String, _ op: String, _ body: String?, _ outcome: Outcome,
        check: ((JSONObject) -> String?)? = nil
    ) -> HostileCase {
        HostileCase(
            name: name,
            line: { id in
                Array(
                    (body.map { #"{"id":\#(id),"op":\#(quoted(op)),"body":\#($0)}"# }
                        ?? #"{"id":\#(id),"op":\#(quoted(op))}"#).utf8)
            }, outcome: outcome, check: check)
    }

    /// A literal line; `@ID@` is replaced by the request id.
    static func literal(_ name: String, _ text: String, _ outcome: Outcome) -> HostileCase {
        HostileCase(
            name: name, line: { id in Array(text.replacingOccurrences(of: "@ID@", with: String(id)).utf8) },
            outcome: outcome)
    }

    static func bytes(_ name: String, _ parts: [[UInt8]], _ outcome: Outcome) -> HostileCase {
        HostileCase(
            name: name,
            line: { id in
                parts.flatMap { Array(String(decoding: $0, as: UTF8.self) == "@ID@" ? Array(String(id).utf8) : $0) }
            }, outcome: outcome)
    }

    static func mutation(
        _ kind: String, _ action: String, entity: String = uuid(), fields: String?, id: String = uuid()
    ) -> String {
        #"{"id":"\#(id)","kind":"\#(kind)","entity":"\#(entity)","action":"\#(action)""#
            + (fields.map { #","fields":\#($0)"# } ?? "") + "}"
    }

    static func push(
        _ name: String, _ mutations: [String], _ outcome: Outcome, check: ((JSONObject) -> String?)? = nil
    ) -> HostileCase {
        request(name, "sync.push", #"{"mutations":[\#(mutations.joined(separator: ","))]}"#, outcome, check: check)
    }

    /// A session of ada's client whose one set is `set` (raw JSON).
    static func sessionPush(_ name: String, set: String, client: String, _ outcome: Outcome) -> HostileCase {
        push(
            name,
            [
                mutation(
                    "session", "create",
                    fields: """
                        {"client":"\(client)","mode":"realtime","start":"2026-03-02T18:30:00Z","exercises":[{"name":"Prensa","sets":[\(set)]}]}
                        """)
            ], outcome)
    }

    /// A session of ada's client with the given fields (raw JSON members, without braces).
    static func sessionFields(_ name: String, _ members: String, _ outcome: Outcome) -> HostileCase {
        push(name, [mutation("session", "create", fields: "{\(members)}")], outcome)
    }

    // MARK: The corpus

    static func corpus(_ f: Fixture) -> [HostileCase] {
        let c = f.adaClient
        let validSession =
            #""client":"\#(c)","start":"2026-03-02T18:30:00Z","exercises":[{"name":"Prensa","sets":[{"reps":10,"weight":80}]}]"#
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let hundredDeep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        var cases: [HostileCase] = []

        // Truncated or broken JSON: no readable id.
        cases += [
            literal("truncated after the id key", #"{"id":"#, .answeredWithoutID(100)),
            literal("truncated inside the body", #"{"id":@ID@,"op":"auth.check","body":{"#, .answeredWithoutID(100)),
            literal("truncated inside the op", #"{"id":@ID@,"op":"auth.che"#, .answeredWithoutID(100)),
            literal("a lone open brace", "{", .answeredWithoutID(100)),
            literal("a lone close brace", "}", .answeredWithoutID(100)),
            literal("a lone bracket", "[", .answeredWithoutID(100)),
            literal("a JSON string", #""auth.check""#, .answeredWithoutID(100)),
            literal("a JSON number", "42", .answeredWithoutID(100)),
            literal("JSON null", "null", .answeredWithoutID(100)),
            literal("JSON true", "true", .answeredWithoutID(100)),
            literal("an array of a request", #"[{"id":@ID@,"op":"auth.check"}]"#, .answeredWithoutID(100)),
            literal("a missing comma", #"{"id":@ID@ "op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("single quotes", #"{'id':@ID@,'op':'auth.check'}"#, .answeredWithoutID(100)),
            literal("unquoted keys", #"{id:@ID@,op:"auth.check"}"#, .answeredWithoutID(100)),
            literal("an extra closing brace", #"{"id":@ID@,"op":"auth.check"}}"#, .answeredWithoutID(100)),
            literal(
                "two objects on one line", #"{"id":@ID@,"op":"auth.check"} {"id":1,"op":"auth.check"}"#,
                .answeredWithoutID(100)),
            literal("trailing words", #"{"id":@ID@,"op":"auth.check","body":{}} and more"#, .answeredWithoutID(100)),
            literal("a trailing comment", #"{"id":@ID@,"op":"auth.check"} // comment"#, .answeredWithoutID(100)),
            literal("a bare NaN", #"{"id":@ID@,"op":"auth.check","body":NaN}"#, .answeredWithoutID(100)),
            literal(
                "a bare Infinity weight", #"{"id":@ID@,"op":"sync.push","body":{"mutations":[{"weight":Infinity}]}}"#,
                .answeredWithoutID(100)),
            literal(
                "a bad unicode escape", #"{"id":@ID@,"op":"auth.check","body":{"x":"\u12"}}"#, .answeredWithoutID(100)),
            literal("hexadecimal", #"{"id":@ID@,"op":"auth.check","body":{"x":0x10}}"#, .answeredWithoutID(100)),
            literal("undefined", #"{"id":@ID@,"op":"auth.check","body":{"x":undefined}}"#, .answeredWithoutID(100)),
            literal(
                "an unterminated string", #"{"id":@ID@,"op":"auth.check","body":{"x":"open}}"#, .answeredWithoutID(100)),
        ]

        // Wrong types in the envelope.
        cases += [
            literal("id as a string", #"{"id":"@ID@","op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("id as a boolean", #"{"id":true,"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("id as a fraction", #"{"id":1.5,"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("id as an array", #"{"id":[@ID@],"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("id as an object", #"{"id":{"n":@ID@},"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("id null", #"{"id":null,"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("no id", #"{"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("id 1e400", #"{"id":1e400,"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("id 2^70", #"{"id":1180591620717411303424,"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("id -2^70", #"{"id":-1180591620717411303424,"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("op as a number", #"{"id":@ID@,"op":5}"#, .answered(100)),
            literal("op as an array", #"{"id":@ID@,"op":["auth.check"]}"#, .answered(100)),
            literal("op null", #"{"id":@ID@,"op":null}"#, .answered(100)),
            literal("no op", #"{"id":@ID@,"body":{}}"#, .answered(100)),
            request("body as a string", "sync.updated", #""since=0""#, .answered(100)),
            request("body as an array", "sync.pull", "[0]", .answered(100)),
            request("body null", "sync.updated", "null", .answered(100)),
            request("body as a number", "auth.login", "7", .answered(100)),
        ]

        // Extreme but valid ids are echoed exactly.
        cases += ([Int.max, Int.min, 0, -1] as [Int]).map { fixed in
            HostileCase(
                name: "id \(fixed)", line: { _ in Array(#"{"id":\#(fixed),"op":"auth.check"}"#.utf8) },
                outcome: .answered(0), fixedID: fixed)
        }

        // Wrong types and extreme numbers in bodies.
        cases += [
            request("since as a string", "sync.updated", #"{"since":"0"}"#, .answered(100)),
            request("since as a fraction", "sync.updated", #"{"since":1.5}"#, .answered(100)),
            request("since 1e400", "sync.updated", #"{"since":1e400}"#, .answered(100)),
            request("since 2^70", "sync.updated", #"{"since":1180591620717411303424}"#, .answered(100)),
            request("negative since counts from zero", "sync.updated", #"{"since":-5}"#, .answered(0)),
            request(
                "since Int64.max", "sync.updated", #"{"since":9223372036854775807}"#, .answered(0),
                check: { ($0.value?["sections"] as? JSONObject)?.isEmpty == true ? nil : "sections \($0.value ?? [:])" }
            ),
            request("limit as a string", "sync.pull", #"{"since":0,"limit":"10"}"#, .answered(100)),
            request(
                "negative limit", "sync.pull", #"{"since":0,"limit":-1}"#, .answered(0),
                check: { (($0.value?["changes"] as? [Any])?.count ?? 99) <= 1 ? nil : "more than one change" }),
            request("limit of a billion", "sync.pull", #"{"since":0,"limit":1000000000}"#, .answered(0)),
            request("limit 2^70", "sync.pull", #"{"since":0,"limit":1180591620717411303424}"#, .answered(100)),
            request("hello version as a string", "hello", #"{"version":"1"}"#, .answered(100)),
            request("hello version 2^70", "hello", #"{"version":1180591620717411303424}"#, .answered(100)),
            request("hello version 2", "hello", #"{"version":2}"#, .answered(103)),
            request("hello language xx", "hello", #"{"version":1,"language":"xx"}"#, .answered(100)),
            request(
                "login user as a number", "auth.login", #"{"user":12345,"password":"correct horse"}"#, .answered(100)),
            request("login password null", "auth.login", #"{"user":"ada","password":null}"#, .answered(100)),
            request("profile name as a number", "profile.update", #"{"name":5}"#, .answered(100)),
            request("media sha256 as an array", "media.get", #"{"sha256":[]}"#, .answered(100)),
            request(
                "media offset as a string", "media.get", #"{"sha256":"\#(f.mallorySHA)","offset":"0"}"#, .answered(100)),
            request("client id not a UUID", "clients.code", #"{"client":"not-a-uuid"}"#, .answered(100)),
            request("client id as a number", "clients.code", #"{"client":5}"#, .answered(100)),
            request("mutations as an object", "sync.push", #"{"mutations":{}}"#, .answered(100)),
            request("mutations as a string", "sync.push", #"{"mutations":"all"}"#, .answered(100)),
            request("mutations null", "sync.push", #"{"mutations":null}"#, .answered(100)),
            push("an unknown action", [mutation("machine", "explode", fields: #"{"name":"X"}"#)], .answered(100)),
            push(
                "an entity id that is not a UUID",
                [#"{"id":"\#(uuid())","kind":"machine","entity":"nope","action":"create","fields":{"name":"X"}}"#],
                .answered(100)),
            push(
                "a mutation id that is a number",
                [#"{"id":5,"kind":"machine","entity":"\#(uuid())","action":"create","fields":{"name":"X"}}"#],
                .answered(100)),
            // Out of Int64's range: must be refused, never converted (a trap would stop the whole server).
            push(
                "a base beyond Int64",
                [
                    #"{"id":"\#(uuid())","kind":"machine","entity":"\#(f.adaMachine)","action":"update","fields":{"name":"X"},"base":1e19}"#
                ], .answered(100)),
            push(
                "a negative base beyond Int64",
                [
                    #"{"id":"\#(uuid())","kind":"machine","entity":"\#(f.adaMachine)","action":"update","fields":{"name":"X"},"base":-9.3e18}"#
                ], .answered(100)),
            push(
                "a base that is a string",
                [
                    #"{"id":"\#(uuid())","kind":"machine","entity":"\#(f.adaMachine)","action":"update","fields":{"name":"X"},"base":"x"}"#
                ], .answered(100)),
            push("fields as an array", [mutation("machine", "create", fields: #"["name","X"]"#)], .answered(100)),
            push(
                "a weight of 1e400",
                [
                    mutation(
                        "session", "create",
                        fields:
                            #"{"client":"\#(c)","start":"2026-03-02T18:30:00Z","exercises":[{"name":"Prensa","sets":[{"reps":1,"weight":1e400}]}]}"#
                    )
                ], .rejected(9)),
            push(
                "a weight of -1e400",
                [
                    mutation(
                        "session", "create",
                        fields:
                            #"{"client":"\#(c)","start":"2026-03-02T18:30:00Z","exercises":[{"name":"Prensa","sets":[{"reps":1,"weight":-1e400}]}]}"#
                    )
                ], .rejected(9)),
            // The push's first reading checks only the grammar of a document: one it cannot read is refused alone.
            // The session's one-pass reader meets these first; the machine's goes straight to the general reader.
            push(
                "a position of 1e400",
                [
                    mutation(
                        "session", "create",
                        fields:
                            #"{"client":"\#(c)","start":"2026-03-02T18:30:00Z","exercises":[{"name":"Prensa","sets":[{"position":1e400,"reps":1}]}]}"#
                    )
                ], .rejected(9)),
            push(
                "a repeated key in a session",
                [
                    mutation(
                        "session", "create",
                        fields: #"{"client":"\#(c)","start":"2026-03-02T18:30:00Z","start":"2026-03-03T18:30:00Z"}"#)
                ], .rejected(9)),
            push(
                "a repeated key in a set",
                [
                    mutation(
                        "session", "create",
                        fields:
                            #"{"client":"\#(c)","exercises":[{"name":"Prensa","sets":[{"reps":1,"reps":500}]}],"start":"2026-03-02T18:30:00Z"}"#
                    )
                ], .rejected(9)),
            push(
                "a repeated key in a machine", [mutation("machine", "create", fields: #"{"name":"A","name":"B"}"#)],
                .rejected(9)),
            push(
                "501 mutations",
                (0..<501).map { _ in mutation("machine", "create", fields: #"{"name":"\#(uuid())"}"#) }, .answered(123)),
            push(
                "no mutations at all", [], .answered(0),
                check: { (($0.value?["results"] as? [Any])?.isEmpty ?? false) ? nil : "results \($0.value ?? [:])" }),
        ]

        // Hostile numbers and strings inside a session document.
        cases += [
            sessionPush("negative reps", set: #"{"reps":-1,"weight":80}"#, client: c, .rejected(9)),
            sessionPush("reps 2^70", set: #"{"reps":1180591620717411303424,"weight":80}"#, client: c, .rejected(9)),
            sessionPush("reps NaN as a string", set: #"{"reps":"NaN","weight":80}"#, client: c, .rejected(9)),
            sessionPush("reps Infinity as a string", set: #"{"reps":"Infinity","weight":80}"#, client: c, .rejected(9)),
            sessionPush("reps as a boolean", set: #"{"reps":true,"weight":80}"#, client: c, .rejected(9)),
            sessionPush("weight NaN as a string", set: #"{"reps":5,"weight":"NaN"}"#, client: c, .rejected(9)),
            sessionPush(
                "weight Infinity as a string", set: #"{"reps":5,"weight":"Infinity"}"#, client: c, .rejected(9)),
            sessionPush(
                "weight -Infinity as a string", set: #"{"reps":5,"weight":"-Infinity"}"#, client: c, .rejected(9)),
            sessionPush("negative weight", set: #"{"reps":5,"weight":-0.5}"#, client: c, .rejected(9)),
            sessionPush("weight 1e308", set: #"{"reps":5,"weight":1e308}"#, client: c, .rejected(9)),
            sessionPush("weight -1e308", set: #"{"reps":5,"weight":-1e308}"#, client: c, .rejected(9)),
            sessionPush("weight as an object", set: #"{"reps":5,"weight":{"kg":80}}"#, client: c, .rejected(9)),
            sessionPush("negative duration", set: #"{"reps":5,"weight":80,"duration":-1}"#, client: c, .rejected(9)),
            sessionPush(
                "rep times with NaN", set: #"{"reps":2,"weight":80,"repTimes":["NaN",2]}"#, client: c, .rejected(9)),
            sessionPush(
                "negative rep times", set: #"{"reps":2,"weight":80,"repTimes":[-1,2]}"#, client: c, .rejected(9)),
            sessionPush(
                "rep times not a list", set: #"{"reps":2,"weight":80,"repTimes":"1,2"}"#, client: c, .rejected(9)),
            sessionPush("unit stone", set: #"{"reps":5,"weight":80,"unit":"stone"}"#, client: c, .rejected(9)),
            sessionPush("type heavy", set: #"{"reps":5,"weight":80,"type":"heavy"}"#, client: c, .rejected(9)),
            sessionPush(
                "an unknown field in a set", set: #"{"reps":5,"weight":80,"colour":"red"}"#, client: c, .rejected(9)),
            sessionPush("a set that is not an object", set: #""5x80""#, client: c, .rejected(9)),
            sessionPush("a set without reps", set: #"{"weight":80}"#, client: c, .rejected(4)),
            sessionFields("a session without a start", #""client":"\#(c)","exercises":[]"#, .rejected(4)),
            sessionFields(
                "a session without a client", #""start":"2026-03-02T18:30:00Z","exercises":[]"#, .rejected(4)),
            sessionFields(
                "a start that is not a time", #""client":"\#(c)","start":"yesterday; rm -rf /","exercises":[]"#,
                .rejected(9)),
            sessionFields(
                "an end before the start",
                #""client":"\#(c)","start":"2026-03-02T18:30:00Z","end":"2026-03-02T17:30:00Z""#, .rejected(9)),
            sessionFields(
                "negative pause", #""client":"\#(c)","start":"2026-03-02T18:30:00Z","paused":-1"#, .rejected(9)),
            sessionFields(
                "mode turbo", #""client":"\#(c)","start":"2026-03-02T18:30:00Z","mode":"turbo""#, .rejected(9)),
            sessionFields(
                "exercises as a string", #""client":"\#(c)","start":"2026-03-02T18:30:00Z","exercises":"all""#,
                .rejected(9)),
            sessionFields(
                "101 sets",
                #""client":"\#(c)","start":"2026-03-02T18:30:00Z","exercises":[{"name":"Prensa","sets":[\#(Array(repeating: #"{"reps":1}"#, count: 101).joined(separator: ","))]}]"#,
                .rejected(9)),
            sessionFields(
                "an unknown field in an exercise",
                #""client":"\#(c)","start":"2026-03-02T18:30:00Z","exercises":[{"name":"Prensa","sets":[],"secret":1}]"#,
                .rejected(9)),
            sessionFields("an unknown field in the session", validSession + #","score":100"#, .rejected(9)),
            sessionFields("a valid session", validSession, .applied),
        ]

        // Entity documents: unknown fields, bad names, unknown sections, server-managed fields.
        cases += [
            push(
                "an unknown field in a machine",
                [mutation("machine", "create", fields: #"{"name":"Rower","colour":"red"}"#)], .rejected(9)),
            push(
                "a machine name of 101 characters",
                [mutation("machine", "create", fields: #"{"name":"\#(String(repeating: "x", count: 101))"}"#)],
                .rejected(9)),
            push(
                "a machine name with a control character",
                [mutation("machine", "create", fields: #"{"name":"Bell\u0007"}"#)], .rejected(9)),
            push(
                "a machine name with a NUL", [mutation("machine", "create", fields: #"{"name":"Nul\u0000l"}"#)],
                .rejected(9)),
            push("an empty machine name", [mutation("machine", "create", fields: #"{"name":"   "}"#)], .rejected(9)),
            push(
                "a machine name that is a number", [mutation("machine", "create", fields: #"{"name":5}"#)], .rejected(9)
            ),
            push(
                "a machine name nested 100 levels",
                [mutation("machine", "create", fields: #"{"name":\#(hundredDeep)}"#)], .rejected(9)),
            push("a machine without a name", [mutation("machine", "create", fields: "{}")], .rejected(4)),
            push("a machine without fields", [mutation("machine", "create", fields: nil)], .rejected(4)),
            push(
                "an unknown section", [mutation("spaceship", "create", fields: #"{"name":"Enterprise"}"#)], .rejected(9)
            ),
            push(
                "a news item from a device",
                [mutation("news", "create", fields: #"{"text":"Free beer","audience":"all"}"#)], .rejected(9)),
            push(
                "a client with a server-managed status",
                [mutation("client", "create", fields: #"{"name":"Eve","status":"active"}"#)], .rejected(9)),
            push(
                "a measurement without a date",
                [mutation("measurement", "create", fields: #"{"client":"\#(c)","weight":70}"#)], .rejected(4)),
            push(
                "a measurement of 1e300 kg",
                [
                    mutation(
                        "measurement", "create",
                        fields: #"{"client":"\#(c)","date":"2026-03-01T00:00:00Z","weight":1e300}"#)
                ], .rejected(9)),
            push(
                "an update of an unknown entity", [mutation("machine", "update", fields: #"{"name":"Ghost"}"#)],
                .rejected(112)),
            push("a delete of an unknown entity", [mutation("machine", "delete", fields: nil)], .rejected(112)),
            push(
                "a second create of an existing entity",
                [mutation("machine", "create", entity: f.adaMachine, fields: #"{"name":"Twin"}"#)], .rejected(9)),
            push(
                "a session's revision set by a device",
                [mutation("session", "update", entity: f.adaSession, fields: #"{"revision":99}"#)], .rejected(9)),
            push(
                "a correction that moves a session to another client",
                [mutation("session", "update", entity: f.adaSession, fields: #"{"client":"\#(c)"}"#)], .rejected(9)),
        ]

        // Other tenants' rows do not exist for ada.
        cases += [
            push(
                "an update of another coach's machine",
                [mutation("machine", "update", entity: f.malloryMachine, fields: #"{"name":"Mine now"}"#)],
                .rejected(112)),
            push(
                "a delete of another coach's machine",
                [mutation("machine", "delete", entity: f.malloryMachine, fields: nil)], .rejected(112)),
            push(
                "a create over another coach's machine id",
                [mutation("machine", "create", entity: f.malloryMachine, fields: #"{"name":"Squatter"}"#)],
                .rejected(112)),
            push(
                "an update of another coach's client",
                [mutation("client", "update", entity: f.malloryClient, fields: #"{"notes":"owned"}"#)], .rejected(112)),
            push(
                "a session of another coach's client",
                [
                    mutation(
                        "session", "create", fields: #"{"client":"\#(f.malloryClient)","start":"2026-03-02T18:30:00Z"}"#
                    )
                ], .rejected(124)),
            push(
                "an exercise on another coach's machine",
                [mutation("exercise", "create", fields: #"{"name":"Borrowed","machine":"\#(f.malloryMachine)"}"#)],
                .rejected(124)),
            push(
                "a machine with another coach's image",
                [mutation("machine", "create", fields: #"{"name":"Stolen image","image":"\#(f.mallorySHA)"}"#)],
                .rejected(124)),
            push(
                "another account's mutation id",
                [mutation("machine", "create", fields: #"{"name":"Replay"}"#, id: f.malloryMutation)], .rejected(9)),
            request(
                "a registration code for another coach's client", "clients.code", #"{"client":"\#(f.malloryClient)"}"#,
                .answered(112)),
            request(
                "a password reset for another coach's client", "clients.resetPassword",
                #"{"client":"\#(f.malloryClient)"}"#, .answered(112)),
            request("another coach's image", "media.get", #"{"sha256":"\#(f.mallorySHA)"}"#, .answered(112)),
            request(
                "another coach's image as a photo", "profile.update", #"{"photo":"\#(f.mallorySHA)"}"#, .answered(124)),
        ]

        // Tokens.
        cases += [
            request("a token replayed after logout", "auth.resume", #"{"token":"\#(f.revokedToken)"}"#, .answered(110)),
            request(
                "a made-up token", "auth.resume", #"{"token":"\#(String(repeating: "A", count: 43))"}"#, .answered(110)),
            request("an empty token", "auth.resume", #"{"token":""}"#, .answered(110)),
            request(
                "a 10 kB token", "auth.resume", #"{"token":"\#(String(repeating: "t", count: 10_000))"}"#,
                .answered(110)),
            request("a token of SQL", "auth.resume", #"{"token":"' OR '1'='1"}"#, .answered(110)),
            request(
                "the connection's own live token", "auth.resume", #"{"token":"\#(f.liveToken)"}"#, .answered(0),
                check: {
                    $0.string("value", "profile", "id")?.lowercased() == f.adaID.lowercased()
                        ? nil : "resumed someone else"
                }),
        ]

        // Unknown operations.
        cases += [
            request("an unknown operation", "coach.fly", "{}", .answered(101)),
            request("an operation in capitals", "AUTH.CHECK", "{}", .answered(101)),
            request("an operation with a trailing space", "auth.check ", "{}", .answered(101)),
            request("an operation with a NUL", "sync.push\u{0}", #"{"mutations":[]}"#, .answered(101)),
            request("an empty operation", "", "{}", .answered(101)),
            request("a 10 kB operation", String(repeating: "op.", count: 3_400), "{}", .answered(101)),
            request("__proto__", "__proto__", "{}", .answered(101)),
            request("an operation of SQL", "'; DROP TABLE users;--", "{}", .answered(101)),
            request("an operation of shell", "$(rm -rf /)", "{}", .answered(101)),
        ]

        // Missing fields.
        cases += [
            request("login without a password", "auth.login", #"{"user":"ada"}"#, .answered(4)),
            request("login with an empty body", "auth.login", "{}", .answered(4)),
            request("login without a body", "auth.login", nil, .answered(4)),
            request("pull without since", "sync.pull", #"{"limit":10}"#, .answered(4)),
            request("updated without a body", "sync.updated", nil, .answered(4)),
            request("push without mutations", "sync.push", "{}", .answered(4)),
            push(
                "a mutation without a kind",
                [#"{"id":"\#(uuid())","entity":"\#(uuid())","action":"create","fields":{"name":"X"}}"#], .answered(4)),
            request("media.get without a hash", "media.get", "{}", .answered(4)),
            request("clients.code without a client", "clients.code", "{}", .answered(4)),
            request("hello without a version", "hello", "{}", .answered(4)),
            request(
                "password change without the new one", "auth.password.change", #"{"old":"correct horse"}"#, .answered(4)
            ),
            request("resume without a token", "auth.resume", "{}", .answered(4)),
        ]

        // Unknown members are ignored.
        cases += [
            request(
                "unknown members in an updated body", "sync.updated",
                #"{"since":0,"extra":{"deep":[1,2,3]},"admin":true}"#, .answered(0)),
            literal(
                "unknown members in the envelope",
                #"{"id":@ID@,"op":"auth.check","body":{},"admin":true,"sudo":"yes"}"#, .answered(0)),
            request(
                "a user member in auth.check", "auth.check", #"{"user":"\#(f.malloryClient)"}"#, .answered(0),
                check: {
                    ($0.string("value", "user")?.lowercased() == f.adaID.lowercased())
                        ? nil : "checked as \($0.string("value", "user") ?? "?")"
                }),
            request(
                "a coach member in a pull", "sync.pull", #"{"since":0,"coach":"\#(f.malloryMachine)"}"#, .answered(0),
                check: { reply in
                    let ids = ((reply.value?["changes"] as? [JSONObject]) ?? []).compactMap {
                        ($0["id"] as? String)?.lowercased()
                    }
                    return ids.contains(f.malloryMachine) || ids.contains(f.malloryClient)
                        ? "another coach's rows leaked" : nil
                }),
            request(
                "an unknown profile member", "profile.update", #"{"role":"admin","coach":"\#(f.malloryClient)"}"#,
                .answered(0),
                check: {
                    $0.string("value", "role") == "coach" && $0.string("value", "coach") == nil
                        ? nil : "profile \($0.value ?? [:])"
                }),
            request(
                "100 levels of nesting in an unknown member", "sync.updated", #"{"since":0,"x":\#(hundredDeep)}"#,
                .answered(0)),
        ]

        // Deep nesting: refused, never a crash.
        cases += [
            literal("10,000 open brackets", String(repeating: "[", count: 10_000), .answeredWithoutID(100)),
            literal("10,000 nested arrays", deep, .answeredWithoutID(100)),
            literal(
                "10,000 nested objects",
                String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000),
                .answeredWithoutID(100)),
            // Refused before decoding; the id is still found by a plain scan of the line's start.
            literal("a body nested 10,000 levels", #"{"id":@ID@,"op":"sync.updated","body":\#(deep)}"#, .answered(100)),
            literal(
                "a machine name nested 10,000 levels",
                #"{"id":@ID@,"op":"sync.push","body":{"mutations":[\#(mutation("machine", "create", fields: #"{"name":\#(deep)}"#))]}}"#,
                .answered(100)),
        ]

        // Invalid UTF-8. Inside a document (found by its brackets, read in full later) it refuses that mutation alone.
        cases += [
            bytes(
                "invalid UTF-8 in a machine name",
                [
                    Array(#"{"id":"#.utf8), Array("@ID@".utf8),
                    Array(
                        #","op":"sync.push","body":{"mutations":[{"id":"\#(uuid())","kind":"machine","entity":"\#(uuid())","action":"create","fields":{"name":"Bad "#
                            .utf8),
                    [0xFF, 0xFE], Array(#""}}]}}"#.utf8),
                ], .rejected(9)),
            bytes(
                "an overlong encoding in a login name",
                [
                    Array(#"{"id":"#.utf8), Array("@ID@".utf8), Array(#","op":"auth.login","body":{"user":"ad"#.utf8),
                    [0xC0, 0xAF], Array(#"a","password":"correct horse"}}"#.utf8),
                ], .answered(100)),
            bytes(
                "an encoded surrogate in a token",
                [
                    Array(#"{"id":"#.utf8), Array("@ID@".utf8), Array(#","op":"auth.resume","body":{"token":"x"#.utf8),
                    [0xED, 0xA0, 0x80], Array(#""}}"#.utf8),
                ], .answered(100)),
            bytes(
                "invalid UTF-8 in the operation",
                [
                    Array(#"{"id":"#.utf8), Array("@ID@".utf8), Array(#","op":"auth."#.utf8), [0xFF],
                    Array(#"check"}"#.utf8),
                ], .answered(100)),
            bytes(
                "a truncated multibyte character at the end",
                [Array(#"{"id":1,"op":"auth.check","body":{"x":""#.utf8), [0xE2, 0x82]], .answeredWithoutID(100)),
            literal(
                "an escaped lone surrogate in a machine name",
                #"{"id":@ID@,"op":"sync.push","body":{"mutations":[\#(mutation("machine", "create", fields: #"{"name":"half \ud800"}"#))]}}"#,
                .rejected(9)),
        ]

        // Times that do not exist are refused (code 9), never moved to one that does.
        cases += [
            sessionFields(
                "a session on February 30", #""client":"\#(c)","start":"2026-02-30T18:30:00Z","exercises":[]"#,
                .rejected(9)),
            sessionFields(
                "a session in year 0000", #""client":"\#(c)","start":"0000-03-02T18:30:00Z","exercises":[]"#,
                .rejected(9)),
            sessionFields(
                "a session at an offset of +99:99",
                #""client":"\#(c)","start":"2026-03-02T18:30:00+99:99","exercises":[]"#, .rejected(9)),
            sessionFields(
                "a session ending on April 31",
                #""client":"\#(c)","start":"2026-04-30T18:30:00Z","end":"2026-04-31T19:30:00Z""#, .rejected(9)),
            push(
                "an event on February 29 of 2027",
                [
                    mutation(
                        "event", "create", fields: #"{"client":"\#(c)","start":"2027-02-29T09:00:00Z","duration":60}"#)
                ], .rejected(9)),
            push(
                "a measurement on day 0000-01-01",
                [
                    mutation(
                        "measurement", "create",
                        fields: #"{"client":"\#(c)","date":"0000-01-01T00:00:00Z","weight":70}"#)
                ], .rejected(9)),
            push(
                "an event on February 29 of 2028",
                [
                    mutation(
                        "event", "create", fields: #"{"client":"\#(c)","start":"2028-02-29T09:00:00Z","duration":60}"#)
                ], .applied),
        ]

        // Strict JSON (RFC 8259): what `JSONDecoder` would take but another reader could read otherwise is refused.
        // A well-formed line keeps its id; a line in another encoding has none that can be read.
        let utf16 = { (text: String, bigEndian: Bool) in
            text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        cases += [
            literal("a repeated op", #"{"id":@ID@,"op":"auth.check","op":"auth.logout"}"#, .answered(100)),
            literal("a repeated id", #"{"id":@ID@,"id":1,"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal(
                "a repeated body", #"{"id":@ID@,"op":"sync.updated","body":{"since":0},"body":{"since":5}}"#,
                .answered(100)),
            literal("a trailing comma in the envelope", #"{"id":@ID@,"op":"auth.check",}"#, .answered(100)),
            request("a trailing comma in a body", "sync.updated", #"{"since":0,}"#, .answered(100)),
            request("a trailing comma in a list", "sync.push", #"{"mutations":[],}"#, .answered(100)),
            request("a repeated key in a body", "sync.pull", #"{"since":0,"since":5}"#, .answered(100)),
            literal("id 1e-400", #"{"id":1e-400,"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("id 1e2", #"{"id":1e2,"op":"auth.check"}"#, .answeredWithoutID(100)),
            literal("id 7.0", #"{"id":7.0,"op":"auth.check"}"#, .answeredWithoutID(100)),
            HostileCase(
                name: "UTF-16 without a byte order mark",
                line: { id in utf16(#"{"id":\#(id),"op":"auth.check"}"#, false) },
                outcome: .answeredWithoutID(100)),
            HostileCase(
                name: "UTF-16 big-endian", line: { id in utf16(#"{"id":\#(id),"op":"auth.check"}"#, true) },
                outcome: .answeredWithoutID(100)),
            bytes(
                "a UTF-8 byte order mark",
                [[0xEF, 0xBB, 0xBF], Array(#"{"id":"#.utf8), Array("@ID@".utf8), Array(#","op":"auth.check"}"#.utf8)],
                .answeredWithoutID(100)),
            // A mutation with two kinds is not one mutation: the whole push is refused (the general reader sees it).
            push(
                "a mutation with two kinds",
                [
                    #"{"id":"\#(uuid())","kind":"machine","kind":"exercise","entity":"\#(uuid())","action":"create","fields":{"name":"Twice"}}"#
                ],
                .answered(100)),
            push(
                "a mutation with two actions",
                [
                    #"{"id":"\#(uuid())","kind":"machine","entity":"\#(f.adaMachine)","action":"delete","action":"update","fields":{"name":"Twice"}}"#
                ],
                .answered(100)),
            // A document that is not strict JSON refuses its own mutation, whichever reader reads the push.
            request(
                "a repeated key in a machine, read the general way", "sync.push",
                #"{"later":1,"mutations":[\#(mutation("machine", "create", fields: #"{"name":"A","name":"B"}"#))]}"#,
                .rejected(9)),
            request(
                "a repeated key in a session, read the general way", "sync.push",
                #"{"later":1,"mutations":[\#(mutation("session", "create", fields: #"{"client":"\#(c)","start":"2026-03-02T18:30:00Z","start":"2026-03-03T18:30:00Z"}"#))]}"#,
                .rejected(9)),
            request(
                "a trailing comma in a machine, read the general way", "sync.push",
                #"{"later":1,"mutations":[\#(mutation("machine", "create", fields: #"{"name":"A",}"#))]}"#, .rejected(9)
            ),
            push(
                "a trailing comma in a machine", [mutation("machine", "create", fields: #"{"name":"A",}"#)],
                .rejected(9)),
            request(
                "a weight of 1e400, read the general way", "sync.push",
                #"{"later":1,"mutations":[\#(mutation("session", "create", fields: #"{"client":"\#(c)","start":"2026-03-02T18:30:00Z","exercises":[{"name":"Prensa","sets":[{"reps":1,"weight":1e400}]}]}"#))]}"#,
                .rejected(9)),
            request(
                "a valid machine, read the general way", "sync.push",
                #"{"later":1,"mutations":[\#(mutation("machine", "create", fields: #"{"name":"Read the general way"}"#))]}"#,
                .applied),
            // Error messages quote only a short prefix of what they name.
            request(
                "a 100,000-character operation", String(repeating: "x", count: 100_000), "{}", .answered(101),
                check: {
                    ($0.errorMessage?.count ?? 0) < 300 ? nil : "a message of \($0.errorMessage?.count ?? 0) characters"
                }),
            literal(
                "a 100,000-character repeated key",
                #"{"id":@ID@,"op":"auth.check","body":{"\#(String(repeating: "k", count: 100_000))":1,"\#(String(repeating: "k", count: 100_000))":2}}"#,
                .answered(100)),
        ]

        // SQL and shell metacharacters: valid names, stored and answered unchanged.
        cases += metacharacterNames.map { name in
            push(
                "the machine name \(name)", [mutation("machine", "create", fields: #"{"name":\#(quoted(name))}"#)],
                .applied)
        }
        cases += [
            push(
                "a client named in SQL",
                [mutation("client", "create", fields: #"{"name":"'; DELETE FROM users;--","surname":"$(id)"}"#)],
                .applied),
            push(
                "a description of SQL and shell on several lines",
                [
                    mutation(
                        "exercise", "create",
                        fields: #"{"name":"Injected","description":"'; DROP TABLE entities;--\n$(rm -rf /)\n`halt`"}"#)
                ], .applied),
            request(
                "a profile named in shell", "profile.update", #"{"name":"$(whoami)","surname":"`id`; ls"}"#,
                .answered(0),
                check: {
                    $0.string("value", "name") == "$(whoami)" && $0.string("value", "surname") == "`id`; ls"
                        ? nil : "profile \($0.value ?? [:])"
                }),
            request("a login of SQL", "auth.login", #"{"user":"' OR '1'='1","password":"' OR '1'='1"}"#, .answered(1)),
            request(
                "a login of a username with a comment", "auth.login",
                #"{"user":"ada'--","password":"anything at all"}"#, .answered(1)),
            request(
                "a registration code of SQL", "codes.check", #"{"code":"'; DROP TABLE registration_codes;--"}"#,
                .answered(6)),
            request(
                "a reset of SQL", "auth.password.reset",
                #"{"user":"admin'--","token":"' OR 1=1","password":"whatever works"}"#, .answered(12)),
            request(
                "a signup with a username of SQL", "auth.signup",
                #"{"username":"'; DROP TABLE users;--","email":"x@example.com","password":"correct horse","name":"X","surname":"Y"}"#,
                .answered(9)),
            request(
                "a signup with an email of SQL", "auth.signup",
                #"{"username":"eve","email":"a@b.c'; DROP TABLE users;--","password":"correct horse","name":"X","surname":"Y"}"#,
                .answered(9)),
        ]
        return cases
    }

    // MARK: Running the corpus

    /// Sends one case and returns complaints (empty when the server answered as expected).
    static func run(_ hostile: HostileCase, id: Int, on client: TestClient) async throws -> [String] {
        try await client.write(ByteBuffer(bytes: hostile.line(id) + [0x0A]))
        let reply = try await client.readObject()
        var complaints: [String] = []
        let result = reply.result
        switch hostile.outcome {
        case .answered(let code):
            let expectedID = hostile.fixedID ?? id
            if reply.id != expectedID { complaints.append("id \(reply["id"] ?? "missing"), expected \(expectedID)") }
            if result != code {
                complaints.append("result \(result.map(String.init) ?? "nil"): \(reply.errorMessage ?? "")")
            }
            if code != 0, reply.errorCode != code {
                complaints.append("error.code \(reply.errorCode.map(String.init) ?? "nil")")
            }
        case .answeredWithoutID(let code):
            if !(reply["id"] is NSNull) { complaints.append("id \(reply["id"] ?? "missing"), expected null") }
            if result != code || reply.errorCode != code {
                complaints.append("result \(result.map(String.init) ?? "nil")")
            }
        case .rejected(let code):
            let results = reply.value?["results"] as? [JSONObject] ?? []
            if reply.id != id { complaints.append("id \(reply["id"] ?? "missing")") }
            if result != 0 {
                complaints.append("push answered \(result.map(String.init) ?? "nil"): \(reply.errorMessage ?? "")")
            }
            if results.count != 1 { complaints.append("\(results.count) results") }
            if let first = results.first {
                if first["status"] as? String != "rejected" { complaints.append("status \(first["status"] ?? "nil")") }
                let error = first["error"] as? JSONObject
                if error?["code"] as? Int != code {
                    complaints.append("rejected with \(error?["code"] ?? "nil"): \(error?["message"] ?? "")")
                }
            }
        case .applied:
            let results = reply.value?["results"] as? [JSONObject] ?? []
            if reply.id != id { complaints.append("id \(reply["id"] ?? "missing")") }
            if result != 0 {
                complaints.append("push answered \(result.map(String.init) ?? "nil"): \(reply.errorMessage ?? "")")
            }
            if results.isEmpty || !results.allSatisfy({ $0["status"] as? String == "applied" }) {
                complaints.append(
                    "results \(results.map { "\($0["status"] ?? "?") \(($0["error"] as? JSONObject)?["message"] ?? "")" })"
                )
            }
        }
        if let check = hostile.check, let complaint = check(reply) { complaints.append(complaint) }
        return complaints
    }

    /// `auth.check` must still answer for ada.
    static func expectServing(_ client: TestClient, as adaID: String, after name: String) async throws {
        let check = try await client.request("auth.check")
        #expect(
            check.result == 0 && check.string("value", "user")?.lowercased() == adaID.lowercased(),
            "after '\(name)' auth.check answered \(check.result.map(String.init) ?? "nil"): \(check.errorMessage ?? "") \(check.value ?? [:])"
        )
    }

    @Test func everyHostileLineGetsItsOwnErrorAndTheConnectionKeepsServing() async throws {
        // The lines before hello take a while on a loaded machine: the hello deadline is not what this tests.
        try await withTestServer(configure: {
            $0.requestsPerSecond = 1_000_000; $0.handshakeTimeout = 120
        }) { server in
            let port = server.port
            let dataDirectory = server.dataDirectory
            // Another tenant with a machine, a client, an image and a mutation id.
            let mallory = try await withClient(port: port) {
                other -> (machine: String, client: String, mutation: String, sha: String) in
                try await other.hello()
                try await other.signUpCoach("mallory", name: "Mallory", surname: "Evil")
                let machine = Self.uuid(), client = Self.uuid(), mutationID = Self.uuid()
                let pushed = try await other.request(
                    "sync.push",
                    [
                        "mutations": [
                            [
                                "id": mutationID, "kind": "machine", "entity": machine, "action": "create",
                                "fields": ["name": "Mallory's rack"],
                            ],
                            [
                                "id": Self.uuid(), "kind": "client", "entity": client, "action": "create",
                                "fields": ["name": "Victim"],
                            ],
                        ]
                    ]
                ).expectSuccess()
                #expect(
                    (pushed.value?["results"] as? [JSONObject])?.allSatisfy { $0["status"] as? String == "applied" }
                        == true)
                let sha = SHA256.hash(data: Self.png).map { String(format: "%02x", $0) }.joined()
                try await other.request(
                    "media.put",
                    [
                        "sha256": sha, "total": Self.png.count, "offset": 0,
                        "data": Self.png.base64EncodedString(),
                    ]
                ).expectSuccess()
                return (machine, client, mutationID, sha)
            }

            try await withClient(port: port) { client in
                // A few lines before hello: refused, and hello is still required afterwards.
                let beforeHello: [HostileCase] = [
                    Self.literal("garbage before hello", "garbage", .answeredWithoutID(100)),
                    Self.request("auth.check before hello", "auth.check", "{}", .answered(104)),
                    Self.request("a push before hello", "sync.push", #"{"mutations":[]}"#, .answered(104)),
                    Self.request("an unknown operation before hello", "coach.fly", "{}", .answered(104)),
                    Self.request("hello version 2", "hello", #"{"version":2}"#, .answered(103)),
                    Self.request("hello version as a string", "hello", #"{"version":"1"}"#, .answered(100)),
                    Self.request("hello language xx", "hello", #"{"version":1,"language":"xx"}"#, .answered(100)),
                    Self.request("hello without a version", "hello", "{}", .answered(4)),
                    Self.literal(
                        "10,000 brackets before hello", String(repeating: "[", count: 10_000), .answeredWithoutID(100)),
                ]
                var nextID = 10_000
                for hostile in beforeHello {
                    nextID += 1
                    let complaints = try await Self.run(hostile, id: nextID, on: client)
                    #expect(
                        complaints.isEmpty,
                        "'\(hostile.name)' (expected \(hostile.outcome)): \(complaints.joined(separator: "; "))")
                    let still = try await client.request("auth.check")
                    #expect(
                        still.result == 104,
                        "after '\(hostile.name)' a request before hello answered \(still.result ?? -1)")
                }

                try await client.hello()
                let liveToken = try await client.signUpCoach("ada")
                let adaID = try #require(try await client.request("auth.check").string("value", "user"))

                // A token that was logged out on another connection.
                let revoked = try await withClient(port: port) { side in
                    try await side.hello()
                    let token = try await side.login("ada").requireString("value", "token")
                    try await side.request("auth.logout").expectSuccess()
                    return token
                }

                // Ada's own rows.
                let adaClient = Self.uuid(), adaMachine = Self.uuid(), adaSession = Self.uuid()
                try await client.request(
                    "sync.push",
                    [
                        "mutations": [
                            [
                                "id": Self.uuid(), "kind": "client", "entity": adaClient, "action": "create",
                                "fields": ["name": "Bea"],
                            ],
                            [
                                "id": Self.uuid(), "kind": "machine", "entity": adaMachine, "action": "create",
                                "fields": ["name": "Own press"],
                            ],
                            [
                                "id": Self.uuid(), "kind": "session", "entity": adaSession, "action": "create",
                                "fields": ["client": adaClient, "start": "2026-03-01T10:00:00Z"],
                            ],
                        ]
                    ]
                ).expectSuccess()

                let fixture = Fixture(
                    adaID: adaID, adaClient: adaClient, adaMachine: adaMachine, adaSession: adaSession,
                    malloryMachine: mallory.machine, malloryClient: mallory.client,
                    malloryMutation: mallory.mutation, mallorySHA: mallory.sha,
                    revokedToken: revoked, liveToken: liveToken)
                let corpus = Self.corpus(fixture)
                #expect(
                    corpus.count + beforeHello.count >= 100, "the corpus has \(corpus.count + beforeHello.count) lines")
                var failed: [String] = []
                for hostile in corpus {
                    nextID += 1
                    let complaints = try await Self.run(hostile, id: nextID, on: client)
                    if !complaints.isEmpty { failed.append(hostile.name) }
                    #expect(
                        complaints.isEmpty,
                        "'\(hostile.name)' (expected \(hostile.outcome)): \(complaints.joined(separator: "; "))")
                    try await Self.expectServing(client, as: adaID, after: hostile.name)
                }
                if !failed.isEmpty {
                    print("HostileInputTests: \(failed.count) of \(corpus.count) cases answered otherwise: \(failed)")
                }

                // The names with metacharacters come back exactly as sent.
                let pulled = try await client.request("sync.pull", ["since": 0, "limit": 5000]).expectSuccess()
                let changes = pulled.value?["changes"] as? [JSONObject] ?? []
                let machineNames = Set(
                    changes.filter { $0["kind"] as? String == "machine" }.compactMap {
                        ($0["data"] as? JSONObject)?["name"] as? String
                    })
                for name in Self.metacharacterNames {
                    #expect(machineNames.contains(name), "the machine '\(name)' did not come back unchanged")
                }
                let clientNames = changes.filter { $0["kind"] as? String == "client" }.compactMap {
                    ($0["data"] as? JSONObject)?["name"] as? String
                }
                #expect(clientNames.contains("'; DELETE FROM users;--"))
                let description =
                    changes.compactMap { $0["data"] as? JSONObject }.first { $0["name"] as? String == "Injected" }?[
                        "description"] as? String
                #expect(description == "'; DROP TABLE entities;--\n$(rm -rf /)\n`halt`")
                #expect(
                    !changes.contains { ($0["id"] as? String)?.lowercased() == mallory.machine },
                    "another coach's machine leaked")
            }

            // The database is intact: both accounts, no dropped tables (SQLite's file, read here; on PostgreSQL the
            // logins below find both accounts).
            if TestEngine.current == .sqlite {
                var configuration = Configuration()
                configuration.readonly = true
                let database = try DatabaseQueue(
                    path: dataDirectory.appendingPathComponent("gorilla.sqlite").path, configuration: configuration)
                let (users, tables) = try await database.read { db in
                    (
                        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users") ?? 0,
                        Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
                    )
                }
                #expect(users == 2)
                #expect(
                    tables.isSuperset(of: ["users", "entities", "applied_mutations", "registration_codes"]), "\(tables)"
                )
            }

            // The server is alive: a fresh connection logs both accounts in.
            try await withClient(port: port) { fresh in
                try await fresh.hello()
                #expect(try await fresh.login("ada").result == 0)
                #expect(try await fresh.request("auth.check").result == 0)
                #expect(try await fresh.login("mallory").result == 0)
                #expect(try await fresh.request("sync.updated", ["since": 0]).result == 0)
            }
        }
    }

    @Test func tenMegabyteLinesAreRefusedWith102AndTheConnectionCloses() async throws {
        try await withTestServer(configure: { $0.requestsPerSecond = 1_000_000 }) { server in
            let port = server.port
            let token = try await withClient(port: port) { client in
                try await client.hello()
                return try await client.signUpCoach("ada")
            }
            let tenMegabytes = 10 * 1024 * 1024
            let lines: [(name: String, loggedIn: Bool, line: ByteBuffer)] = [
                (
                    "a 10 MB machine name", true,
                    {
                        var buffer = ByteBuffer(
                            string:
                                #"{"id":7,"op":"sync.push","body":{"mutations":[{"id":"\#(Self.uuid())","kind":"machine","entity":"\#(Self.uuid())","action":"create","fields":{"name":""#
                        )
                        buffer.writeRepeatingByte(UInt8(ascii: "A"), count: tenMegabytes)
                        buffer.writeString("\"}}]}}\n")
                        return buffer
                    }()
                ),
                (
                    "10 MB without a line break", true,
                    {
                        var buffer = ByteBuffer()
                        buffer.writeRepeatingByte(UInt8(ascii: "x"), count: tenMegabytes)
                        return buffer
                    }()
                ),
                (
                    "a 10 MB token before hello", false,
                    {
                        var buffer = ByteBuffer(string: #"{"id":8,"op":"auth.resume","body":{"token":""#)
                        buffer.writeRepeatingByte(UInt8(ascii: "t"), count: tenMegabytes)
                        buffer.writeString("\"}}\n")
                        return buffer
                    }()
                ),
            ]
            for (name, loggedIn, line) in lines {
                try await withClient(port: port) { client in
                    if loggedIn {
                        try await client.hello()
                        try await client.resume(token).expectSuccess()
                    }
                    // The server stops reading after 1 MiB; the rest of the write may fail.
                    try? await client.write(line)
                    let reply = try await client.readObject()
                    #expect(reply.result == 102, "\(name): \(reply)")
                    #expect(reply.errorCode == 102, "\(name)")
                    #expect(reply["id"] is NSNull, "\(name)")
                    #expect(try await client.waitForClose().isEmpty, "\(name): more lines after 102")
                }
            }
            // Nothing of the huge push was stored, and the server still serves.
            try await withClient(port: port) { client in
                try await client.hello()
                try await client.resume(token).expectSuccess()
                let updated = try await client.request("sync.updated", ["since": 0])
                #expect(updated.result == 0)
                #expect((updated.value?["sections"] as? JSONObject)?["machine"] == nil)
            }
        }
    }
}
