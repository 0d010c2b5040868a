import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaServer
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// `--json` of every command that reads, on a populated account, as a script would read it: one parseable value, no
/// `null` anywhere (an absent value is left out), every id in lower case, and numbers rounded to their meaning.
@Suite(.hangLimit)
struct JSONOutputTests {
    /// Subcommands that change something (or need a terminal): not run here. Every other subcommand the CLI's help
    /// lists must be in the read commands below, so that a new command cannot skip this test.
    static let writers: Set<String> = [
        "connect", "register", "register coach", "register client", "login", "logout", "profile edit", "password",
        "password change", "password reset", "machines add", "machines rename", "machines rm", "exercises add",
        "exercises edit", "exercises rename", "exercises rm", "trainings add", "trainings edit", "trainings duplicate",
        "trainings rename", "trainings rm", "clients add", "clients edit", "clients code", "clients reset-password",
        "clients rm", "events add", "events edit", "events cancel", "events rm", "events confirm", "events decline",
        "events request", "events accept", "sessions log", "sessions edit", "sessions comment", "sessions rm", "train",
        "measurements add", "measurements edit", "measurements rm", "messages send", "chat", "watch", "sync", "export",
        "import", "settings set", "gym create", "gym invite", "gym join", "gym role", "gym leave", "gym remove",
        "gym rename", "gym dissolve", "programs add", "programs edit", "programs rename", "programs duplicate",
        "programs rm", "programs assign", "programs unassign", "programs shift", "clients transfer",
        "exercises publish", "exercises copy", "trainings publish", "trainings copy", "programs publish",
        "programs copy", "clients share", "clients unshare", "feed",
    ]

    /// Shape lines whose presence depends on the day the test runs (what is ahead, which week of the program is
    /// today's): left out of the recorded comparison; their values are still inspected.
    static let movingWithToday = [
        "coach agenda", "client agenda", "coach clients show Bea $.programs[].day",
        "coach clients show Bea $.programs[].week", "coach gym overview --from 2026-11-16 $.coaches[].figures.appointmentRate",
        "coach gym overview --from 2026-11-16 $.totals.appointmentRate",
    ]

    @Test func everyReadCommandPrintsParseableJSONWithoutNullsAndWithLowerCaseIDs() async throws {
        try await withTestServer { server in
            let account = try await PopulatedAccount.make(on: server)
            let folder = try TemporaryFolder("gorilla-json-output")
            let ics = folder.child("events.ics").path
            let session = account.session
            let gym = try await PopulatedAccount.gorilla(account.coach, "gym", "create", "Gorilla Gym")
            #expect(gym.status == 0, "\(gym)")
            _ = try await PopulatedAccount.gorilla(
                account.coach, "programs", "add", "Base", "--weeks", "4", "--day", "mon: Legs A", "--progress",
                "Curl: +2.5kg/week", "--deload", "4")
            _ = try await PopulatedAccount.gorilla(
                account.coach, "programs", "assign", "Base", "--client", "Bea", "--start", "2026-11-30")
            try await account.client.sync()
            let atGym = try await PopulatedAccount.gorilla(
                account.coach, "events", "edit", account.event, "--gym", "Gorilla Gym")
            #expect(atGym.status == 0, "\(atGym)")
            let coachReads: [[String]] = [
                [], ["whoami"], ["profile", "show"], ["machines", "list"], ["machines", "show", "Leg press"],
                ["exercises", "list"], ["exercises", "show", "Curl"], ["trainings", "list"],
                ["trainings", "show", "Legs A"], ["clients", "list"], ["clients", "list", "--all"],
                ["clients", "show", "Bea"], ["clients", "show", "Carles"], ["events", "list"],
                ["events", "show", account.event], ["events", "export", "--ics", ics], ["calendar", "2026-11"],
                ["sessions", "list"], ["sessions", "show", session], ["sessions", "show", session, "--history"],
                ["sessions", "export", session, "--format", "json"],
                ["sessions", "export", session, "--format", "csv"],
                ["sessions", "export", session, "--format", "txt"], ["stats", "--client", "Bea"],
                ["stats", "--client", "Bea", "--unit", "lb"], ["stats", "--client", "Bea", "--muscles"],
                ["stats", "--client", "Bea", "--exercise", "Curl", "--history"],
                ["stats", "--client", "Bea", "--exercise", "Leg press", "--unit", "lb"],
                ["stats", "--client", "Bea", "--exercise", "Plank"],
                ["stats", "--client", "Bea", "--exercise", "Rower"],
                ["measurements", "list", "--client", "Bea"], ["messages", "list"], ["messages", "show", "Bea"],
                ["news"], ["sync", "--status"], ["sync", "--conflicts"], ["agenda"], ["agenda", "--days", "7"],
                ["calendar", "--week", "2026-11-25"], ["settings"], ["settings", "list"], ["gym", "show"], ["gym", "members"],
                ["programs", "list"], ["programs", "show", "Base"],
                ["today", "--client", "Bea", "--date", "2026-11-30"],
                ["gym", "calendar", "--week", "2026-11-25"], ["gym", "overview", "--from", "2026-11-16"],
            ]
            let clientReads: [[String]] = [
                [], ["whoami"], ["exercises", "list"], ["trainings", "show", "Legs A"], ["clients", "list"],
                ["events", "list"], ["calendar", "2026-11"], ["sessions", "list"], ["sessions", "show", session],
                ["stats"], ["stats", "--exercise", "Curl"], ["measurements", "list"], ["messages", "list"],
                ["messages", "show"], ["news"], ["sync", "--status"], ["sync", "--conflicts"], ["agenda"],
                ["agenda", "--days", "7"], ["calendar", "--week", "2026-11-25"], ["settings", "list"], ["programs", "list"],
                ["today", "--date", "2026-12-07"],
            ]

            // Every subcommand of the CLI is either read here or known to write.
            let covered = Set((coachReads + clientReads).map { Self.commandName($0) })
            let commands = try await Self.subcommands(home: account.coach.home)
            #expect(commands.contains("sessions export") && commands.contains("stats"), "\(commands)")
            for command in commands {
                #expect(
                    covered.contains(command) || Self.writers.contains(command),
                    "'gorilla \(command)' is new: add it to the read commands of this test (or to the writers)")
            }

            var shapes: [String] = []
            for (device, reads) in [(account.coach, coachReads), (account.client, clientReads)] {
                for arguments in reads {
                    let run = try await runGorilla(
                        ["--json"] + arguments, home: device.home, environment: ["TZ": "Europe/Madrid"])
                    let label = "gorilla --json \(arguments.joined(separator: " "))"
                    #expect(run.status == 0, "\(label): \(run)")
                    guard let value = try? run.json() else {
                        Issue.record("\(label) printed no JSON value: \(run)")
                        continue
                    }
                    var problems: [String] = []
                    Self.inspect(value, at: "$", into: &problems)
                    #expect(problems.isEmpty, "\(label): \(problems.joined(separator: "; "))\n\(run.stdout)")
                    let who = device.home == account.coach.home ? "coach" : "client"
                    shapes += Self.shape(of: value).map { "\(who) \(arguments.joined(separator: " ")) \($0)" }
                }
            }
            try Self.compareShapes(
                shapes.filter { line in !Self.movingWithToday.contains { line.hasPrefix($0) } }
                    .map { $0.replacingOccurrences(of: session, with: "SESSION") }
                    .map { $0.replacingOccurrences(of: account.event, with: "EVENT") }
                    .map { $0.replacingOccurrences(of: ics, with: "ICS") })

            // The operator's news list (`gorilla-server news list --json`) writes ids in lower case too.
            let news = try await server.operatorTools().listNews(json: true)
            var problems: [String] = []
            Self.inspect(try WireCoding.decoder.decode(JSONValue.self, from: Data(news.utf8)), at: "$", into: &problems)
            #expect(problems.isEmpty, "gorilla-server news list --json: \(problems)")

            // Named members the issue asks for.
            let event = try await PopulatedAccount.gorilla(account.coach, "--json", "events", "show", account.event)
            #expect(try event.json().objectValue?["clientName"] == "Bea Puig", "\(event)")
            let shown = try await PopulatedAccount.gorilla(account.coach, "--json", "sessions", "show", session)
            #expect(try shown.json().objectValue?["trainingName"] == "Legs A", "\(shown)")
        }
    }

    /// "sessions show" for `["sessions", "show", ID, ...]`: the command's words before its arguments.
    static func commandName(_ arguments: [String]) -> String {
        let words = arguments.prefix { !$0.hasPrefix("-") }
        guard let group = words.first else { return "" }
        if words.count >= 2, ["calendar", "stats"].contains(group) == false { return "\(group) \(words[1])" }
        return group
    }

    /// Every command and subcommand `gorilla help` lists ("machines", "machines add", …); groups are listed along with
    /// their subcommands.
    static func subcommands(home: URL) async throws -> [String] {
        func names(_ help: String) -> [String] {
            guard let start = help.range(of: "SUBCOMMANDS:") else { return [] }
            return help[start.upperBound...].split(separator: "\n").compactMap { line in
                line.wholeMatch(of: /\s\s([a-z][a-z-]*)(?: \(default\))?(?:\s+.*)?/).map { String($0.1) }
            }
        }
        var all: [String] = []
        for group in names(try await runGorilla(["--help"], home: home).stdout) where group != "help" {
            let subcommands = names(try await runGorilla([group, "--help"], home: home).stdout)
            all += subcommands.isEmpty ? [group] : subcommands.map { "\(group) \($0)" }
        }
        return all
    }

    /// The shape of a `--json` value: one line per member path and the kind of value found there (`$.rows[].name
    /// string`), arrays' elements merged; what a script reading the output relies on.
    static func shape(of value: JSONValue, at path: String = "$") -> Set<String> {
        switch value {
        case .object(let members):
            return members.reduce(into: ["\(path) object"]) {
                $0.formUnion(shape(of: $1.value, at: "\(path).\($1.key)"))
            }
        case .array(let elements):
            return elements.reduce(into: ["\(path) array"]) { $0.formUnion(shape(of: $1, at: "\(path)[]")) }
        case .string: return ["\(path) string"]
        case .number: return ["\(path) number"]
        case .bool: return ["\(path) bool"]
        case .null: return ["\(path) null"]
        }
    }

    /// The shapes recorded from the commands' `--json` before the client read its data as types
    /// (`JSONShapes.txt` beside this file); `GORILLA_RECORD_JSON_SHAPES=1` records them again.
    static let shapesFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("JSONShapes.txt")

    /// Every command's `--json` keeps the member names and kinds it had: a line missing or added is a change scripts
    /// would meet.
    static func compareShapes(_ lines: [String]) throws {
        let text = Array(Set(lines)).sorted().joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["GORILLA_RECORD_JSON_SHAPES"] == "1" {
            try text.write(to: shapesFile, atomically: true, encoding: .utf8)
            return
        }
        let recorded = Set(
            try String(contentsOf: shapesFile, encoding: .utf8).split(separator: "\n").map(String.init)
                .filter { line in !movingWithToday.contains { line.hasPrefix($0) } })
        let now = Set(lines)
        #expect(recorded.subtracting(now).sorted() == [], "members no longer in the --json output")
        #expect(now.subtracting(recorded).sorted() == [], "members new in the --json output")
    }

    /// Collects what a reader should never meet: `null`, an id in capitals, a number carrying the digits of the
    /// arithmetic (an e1RM past 0.1, a weight or volume past 0.01, anything past a millisecond).
    static func inspect(_ value: JSONValue, at path: String, key: String? = nil, into problems: inout [String]) {
        switch value {
        case .null: problems.append("\(path) is null")
        case .object(let members):
            for (name, member) in members { inspect(member, at: "\(path).\(name)", key: name, into: &problems) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                inspect(element, at: "\(path)[\(index)]", key: key, into: &problems)
            }
        case .string(let text) where text.hasPrefix("/"):
            break  // a file's path, as the command line gave it (`events export --ics FILE`)
        case .string(let text):
            for match in text.matches(of: Self.uuid) where text[match.range] != text[match.range].lowercased() {
                problems.append("\(path) holds an id in capitals: \(text[match.range])")
            }
        case .number(let number):
            let places =
                switch key {
                case "e1rm", "e1rmChange": 1.0
                case "weight", "volume", "bestWeight", "volumeChange", "value", "toGoal", "goalWeight", "bmi": 2.0
                default: 3.0
                }
            let scaled = number * pow(10, places)
            if abs(scaled - scaled.rounded()) > max(1e-6, 1e-12 * abs(scaled)) {
                problems.append("\(path) = \(number) has more than \(Int(places)) decimals")
            }
        case .bool: break
        }
    }

    nonisolated(unsafe) static let uuid = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/
}
