import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// The built `gorilla-server` reads each setting from its flag, else its `GORILLA_…` environment variable, else the
/// `--config` file, else its default; `gorilla-server config` shows which, and the server serves with them
/// (docs/operations.md, "Configuration").
@Suite(.hangLimit)
struct ConfigurationTests {
    /// What `gorilla-server config --json` printed: each key's value and source.
    static func settings(_ run: CommandRun) throws -> [String: JSONValue] {
        guard case .object(let object) = try run.json() else { throw TestClientError.notJSON(run.stdout) }
        return object
    }

    /// A `--config` file holding `json`.
    static func file(_ json: String, in folder: TemporaryFolder, named name: String = "gorilla.json") throws -> String {
        let url = folder.url.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test func theBinaryTakesAFlagOverTheEnvironmentOverTheFileOverTheDefault() async throws {
        let folder = try TemporaryFolder("gorilla-config")
        let file = try Self.file(
            #"{"idle-timeout": 1, "max-connections": 2, "signups-per-address": 3, "token-lifetime": 3600}"#, in: folder)
        let run = try await runGorillaServer(
            ["config", "--json", "--config", file, "--idle-timeout", "7", "--keep", "3"],
            environment: [
                "GORILLA_IDLE_TIMEOUT": "8", "GORILLA_MAX_CONNECTIONS": "9", "GORILLA_TOKEN_LIFETIME": "7200",
            ])
        #expect(run.status == 0, "\(run)")
        let settings = try Self.settings(run)
        func seen(_ key: String) -> (value: JSONValue?, source: String?, from: String?) {
            guard case .object(let entry) = settings[key] else { return (nil, nil, nil) }
            return (entry["value"], entry["source"]?.stringValue, entry["from"]?.stringValue)
        }
        #expect(seen("idle-timeout").value == .number(7) && seen("idle-timeout").source == "flag")
        #expect(seen("backup-keep").value == .number(3) && seen("backup-keep").from == "--backup-keep")
        #expect(seen("max-connections").value == .number(9) && seen("max-connections").source == "environment")
        #expect(seen("max-connections").from == "GORILLA_MAX_CONNECTIONS")
        #expect(seen("token-lifetime").value == .number(7200) && seen("token-lifetime").source == "environment")
        #expect(seen("signups-per-address").value == .number(3) && seen("signups-per-address").source == "file")
        #expect(seen("signups-per-address").from == file)
        #expect(seen("max-line-length").value == .number(1_048_576) && seen("max-line-length").source == "default")
        #expect(seen("backup-every").value == .null)
    }

    @Test func everySettingHasAFlag() async throws {
        var arguments = ["config", "--json"]
        for setting in ServerSetting.all {
            let value: String =
                switch setting.key {
                case "database": ""  // SQLite, from a flag all the same
                case "backup-every": "6h"
                case "metrics": "127.0.0.1:9464"
                case "web-url": "https://gym.example.org"
                default: setting.defaultValue?.description ?? "/somewhere/\(setting.key)"
                }
            arguments += [setting.flag, value]
        }
        let run = try await runGorillaServer(arguments)
        #expect(run.status == 0, "\(run)")
        let settings = try Self.settings(run)
        #expect(settings.count == ServerSetting.all.count)
        for setting in ServerSetting.all {
            guard case .object(let entry) = settings[setting.key] else {
                Issue.record("\(setting.key) is not shown")
                continue
            }
            #expect(entry["source"]?.stringValue == "flag", "\(setting.flag) does not reach its setting")
        }
    }

    /// Starts the server with `arguments` and `environment`, which it must refuse: what it logged, and its exit status.
    /// A server that starts all the same is stopped, and the test fails.
    static func refusedStart(
        in folder: TemporaryFolder, _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> String {
        let data = folder.url.appendingPathComponent("data-\(UUID().uuidString)", isDirectory: true)
        let server = ServerProcess(
            dataDirectory: data, logFile: folder.url.appendingPathComponent("refused.log"), arguments: arguments,
            environment: environment)
        await #expect(throws: ServerDidNotStart.self) { try await server.start() }
        await server.stop()
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("server.json").path))
        return server.log
    }

    @Test func aWrongValueFromEachSourceIsRefusedNamingItsKeyAndSource() async throws {
        let folder = try TemporaryFolder("gorilla-config")
        let flag = try await runGorillaServer(["--port", "70000", "--data", folder.url.path])
        #expect(flag.status == 64, "\(flag)")
        #expect(flag.stderr.contains("port from the flag --port: must be from 0 to 65535, not 70000"), "\(flag)")

        let environment = try await Self.refusedStart(in: folder, [], environment: ["GORILLA_IDLE_TIMEOUT": "soon"])
        #expect(
            environment.contains(
                "gorilla-server: idle-timeout from the environment variable GORILLA_IDLE_TIMEOUT: expected a number, not soon"
            ), "\(environment)")
        let status = try await runGorillaServer(["config"], environment: ["GORILLA_IDLE_TIMEOUT": "soon"])
        #expect(status.status == 78, "\(status)")

        let file = try Self.file(#"{"max-connections": 0}"#, in: folder)
        let inFile = try await Self.refusedStart(in: folder, ["--config", file])
        #expect(
            inFile.contains(
                "gorilla-server: max-connections from the file \(file) (key \"max-connections\"): must be at least 1, not 0"
            ), "\(inFile)")

        let typo = try Self.file(#"{"idle-timout": 5}"#, in: folder, named: "typo.json")
        let unknown = try await runGorillaServer(["config", "--config", typo])
        #expect(unknown.status == 78 && unknown.stderr.contains("idle-timout"), "\(unknown)")
    }

    @Test func theConfigCommandRedactsTheDatabasePassword() async throws {
        let address = ["GORILLA_DATABASE": "postgres://gorilla:s3cret-Pa55@db.internal:5432/gorilla"]
        for format in [[], ["--json"]] {
            let run = try await runGorillaServer(["config"] + format, environment: address)
            #expect(run.status == 0, "\(run)")
            #expect(!run.stdout.contains("s3cret-Pa55") && !run.stderr.contains("s3cret-Pa55"), "\(run)")
            #expect(run.stdout.contains("postgres://gorilla:***@db.internal:5432/gorilla"), "\(run)")
        }
    }

    @Test func theServerServesWithTheLineLengthItIsGiven() async throws {
        let folder = try TemporaryFolder("gorilla-config")
        // The file says 2048 bytes; the environment, which wins, 4096.
        let file = try Self.file(#"{"max-line-length": 2048}"#, in: folder)
        let server = ServerProcess(
            dataDirectory: folder.url.appendingPathComponent("data", isDirectory: true),
            logFile: folder.url.appendingPathComponent("server.log"), arguments: ["--config", file],
            environment: ["GORILLA_MAX_LINE_LENGTH": "4096"])
        try await server.start()
        defer { Task { await server.stop() } }
        try await withClient(port: server.port) { client in
            try await client.hello()
            let padding = String(repeating: "x", count: 3000)
            let fits = try await client.send(#"{"id": 7, "op": "no.such.operation", "body": {"pad": "\#(padding)"}}"#)
            #expect(fits.result != WireErrorCode.lineTooLong.rawValue, "\(fits)")
            try await client.write(
                #"{"id": 8, "op": "no.such.operation", "body": {"pad": "\#(padding + padding)"}}"# + "\n")
            let refused = try await client.readObject()
            #expect(refused.result == WireErrorCode.lineTooLong.rawValue, "\(refused)")
            #expect((refused.error?["message"] as? String)?.contains("4096") == true, "\(refused)")
            _ = try await client.waitForClose()
        }
    }
}
