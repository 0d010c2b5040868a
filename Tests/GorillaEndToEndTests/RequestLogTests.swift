import Foundation
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// `--log-format json`: every line a JSON object, a request id on every line of a request, one `request` line per
/// request with its operation, principal and result code, and no secret of the scenario anywhere in the log
/// (docs/operations.md, "Logs").
@Suite(.hangLimit)
struct RequestLogTests {
    @Test func aFullScenarioLogsEachRequestOnceWithItsIdAndNoSecret() async throws {
        let folder = try TemporaryFolder()
        let log = folder.url.appendingPathComponent("server.log")
        let server = ServerProcess(
            dataDirectory: folder.url.appendingPathComponent("data", isDirectory: true), logFile: log,
            arguments: ["--log-format", "json", "--log-level", "debug"])
        var secrets: [String] = [Device.password]
        try await withStarted(server, keeping: folder) { server in
            let coach = try await Device.coach("anna", on: server)
            let laptop = try await Device.loggedIn("anna", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            let toClient = "Bring the knee sleeves 7f3a"
            let toCoach = "My PIN is 4721, see you at 9"
            _ = try await coach.app.sendMessage(to: "Ana", text: toClient)
            _ = try await client.app.sendMessage(to: "coach", text: toCoach)
            _ = try await laptop.push([Mutation.createMachine("Leg press")])
            _ = try await laptop.pullEverything()
            try await client.sync()
            try await coach.sync()
            secrets += [code, code.replacingOccurrences(of: "-", with: ""), toClient, toCoach]
            for device in [coach, laptop, client] {
                secrets.append(try #require(device.app.home.loadSession()?.token))
            }
        }

        let text = try String(contentsOf: log, encoding: .utf8)
        let leaked = secrets.filter { text.localizedCaseInsensitiveContains($0) }
        #expect(leaked.isEmpty, "the log holds secrets of the scenario")
        var lines: [[String: Any]] = []
        for line in text.split(separator: "\n") {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
            if let object { lines.append(object) }
        }
        #expect(lines.allSatisfy { $0["time"] is String && $0["level"] is String && $0["message"] is String })

        let requests = lines.filter { $0["message"] as? String == "request" }
        let ids = requests.compactMap { $0["request"] as? String }
        #expect(ids.count == requests.count, "every request line has its id")
        #expect(Set(ids).count == ids.count, "one request line per request")
        for request in requests {
            #expect(request["op"] is String && request["result"] is String, "\(request)")
        }
        let operations = Set(requests.compactMap { $0["op"] as? String })
        for op in ["hello", "auth.signup", "auth.login", "auth.resume", "sync.push", "sync.pull"] {
            #expect(operations.contains(op), "no request line for \(op): \(operations.sorted())")
        }
        // A request that ran as an account names it, by id only.
        let accountOperations: Set<String> = ["auth.signup", "auth.login", "auth.resume", "sync.push", "sync.pull"]
        for request in requests where accountOperations.contains(request["op"] as? String ?? "") {
            let principal = request["principal"] as? String
            #expect(principal.flatMap(UUID.init(uuidString:)) != nil, "\(request)")
        }
        // Any other line logged while a request is served carries its id and operation.
        let signups = Set(requests.filter { $0["op"] as? String == "auth.signup" }.compactMap { $0["request"] as? String })
        let signedUp = lines.filter {
            ["coach signed up", "client registered"].contains($0["message"] as? String ?? "")
        }
        #expect(signedUp.count == 2)
        for line in signedUp {
            #expect(signups.contains(line["request"] as? String ?? ""), "\(line)")
            #expect(line["op"] as? String == "auth.signup")
        }
        #expect(
            lines.filter { $0["request"] != nil }.allSatisfy { $0["op"] != nil },
            "a line with a request id names its operation")
    }
}
