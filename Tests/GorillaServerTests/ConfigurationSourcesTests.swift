import Foundation
import GorillaServer
import GorillaTesting
import Testing

/// The server's settings read through swift-configuration: flag over environment over file over default, each wrong
/// value named with its key and its source, secrets redacted (docs/operations.md, "Configuration").
@Suite
struct ConfigurationSourcesTests {
    /// A `--config` file holding `json`, in `folder`.
    static func file(_ json: String, in folder: TemporaryFolder) throws -> String {
        let url = folder.url.appendingPathComponent("gorilla.json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test func aFlagWinsOverTheEnvironmentWhichWinsOverTheFileWhichWinsOverTheDefault() async throws {
        let folder = try TemporaryFolder("gorilla-config")
        let file = try Self.file(
            #"{"idle-timeout": 1, "max-connections": 2, "signups-per-address": 3, "fair-scheduling": false}"#,
            in: folder)
        let resolved = try await ConfigurationSources(
            flags: ["idle-timeout": "7"],
            environment: ["GORILLA_IDLE_TIMEOUT": "8", "GORILLA_MAX_CONNECTIONS": "9", "GORILLA_TIMEOUT": "x"],
            file: file
        ).resolve()
        let configuration = resolved.configuration
        #expect(configuration.idleTimeout == 7)
        #expect(configuration.maxConnections == 9)
        #expect(configuration.signupsPerAddress == 3)
        #expect(configuration.fairScheduling == false)
        #expect(configuration.maxLineLength == ServerSetting.defaults.maxLineLength)
        #expect(resolved.source(of: .idleTimeout) == .flag)
        #expect(resolved.source(of: .maxConnections) == .environment)
        #expect(resolved.source(of: .signupsPerAddress) == .file(file))
        #expect(resolved.source(of: .maxLineLength) == .default)
        #expect(resolved.settings.map(\.setting.key) == ServerSetting.all.map(\.key))
    }

    @Test func everySettingHasItsOwnKeyAndEnvironmentName() {
        let keys = ServerSetting.all.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(ServerSetting.maxConnectionsPerAddress.environmentName == "GORILLA_MAX_CONNECTIONS_PER_ADDRESS")
        #expect(ServerSetting.data.environmentName == "GORILLA_DATA")
        #expect(ServerSetting.database.environmentName == "GORILLA_DATABASE")
    }

    @Test func theOperatorsGuideListsEverySettingWithItsEnvironmentName() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/operations.md"), encoding: .utf8)
        for setting in ServerSetting.all {
            #expect(
                guide.contains("| `\(setting.key)` | `\(setting.environmentName)` |"), "\(setting.key) is not in §2")
        }
    }

    @Test func eachSettingReachesTheConfiguration() async throws {
        // Every setting given a value of its own (not its default) changes what the server is given.
        var flags: [String: String] = [:]
        for setting in ServerSetting.all {
            flags[setting.key] =
                switch setting.kind {
                case .integer(let range):
                    String(setting.defaultValue == .integer(range.lowerBound) ? range.lowerBound + 1 : range.lowerBound)
                case .number(let range): String(range.lowerBound + 0.5)
                case .toggle: "false"
                case .choice(let words): words.first { $0 != setting.defaultValue?.description }!
                case .text:
                    switch setting.key {
                    case "backup-every": "2h"
                    case "metrics": "127.0.0.1:9464"
                    case "web": "0.0.0.0:8444"
                    case "web-url": "https://gym.example.org"
                    default: "/somewhere/\(setting.key)"
                    }
                }
        }
        flags["database"] = nil
        flags["host"] = "0.0.0.0"
        let resolved = try await ConfigurationSources(flags: flags, environment: [:], file: nil).resolve()
        for setting in ServerSetting.all where setting.key != "database" {
            #expect(setting.read(resolved.configuration) != setting.defaultValue, "\(setting.key) is not applied")
        }
    }

    @Test func aWrongValueNamesItsKeyAndItsSource() async throws {
        let folder = try TemporaryFolder("gorilla-config")
        func problems(_ sources: ConfigurationSources) async -> ConfigurationError? {
            do {
                _ = try await sources.resolve()
                return nil
            } catch {
                return error as? ConfigurationError
            }
        }
        let flag = try #require(await problems(.init(flags: ["port": "70000"], environment: [:], file: nil)))
        #expect(flag.blamesFlags)
        #expect(flag.problems == ["port from the flag --port: must be from 0 to 65535, not 70000"])

        let environment = try #require(
            await problems(.init(flags: [:], environment: ["GORILLA_IDLE_TIMEOUT": "soon"], file: nil)))
        #expect(!environment.blamesFlags)
        #expect(
            environment.problems == [
                "idle-timeout from the environment variable GORILLA_IDLE_TIMEOUT: expected a number, not soon"
            ])

        let file = try Self.file(#"{"max-line-length": "big", "log-level": "loud"}"#, in: folder)
        let inFile = try #require(await problems(.init(flags: [:], environment: [:], file: file)))
        #expect(!inFile.blamesFlags)
        #expect(
            inFile.problems == [
                "max-line-length from the file \(file) (key \"max-line-length\"): expected a whole number",
                "log-level from the file \(file) (key \"log-level\"): must be one of "
                    + "trace, debug, info, notice, warning, error, critical, not loud",
            ])

        let typo = try Self.file(#"{"idle-timout": 5}"#, in: folder)
        let unknown = try #require(await problems(.init(flags: [:], environment: [:], file: typo)))
        #expect(unknown.description.contains("idle-timout"))
        let together = try #require(await problems(.init(flags: ["cert": "a.pem"], environment: [:], file: nil)))
        #expect(together.problems == ["cert from the flag --cert: needs both cert and key"])
    }

    @Test func theDatabasePasswordIsRedactedWhereverItIsShown() async throws {
        let resolved = try await ConfigurationSources(
            flags: [:], environment: ["GORILLA_DATABASE": "postgres://gorilla:s3cret@db.internal:5432/gorilla"],
            file: nil
        ).resolve()
        #expect(resolved.configuration.database?.password == "s3cret")
        #expect(!resolved.text.contains("s3cret") && !resolved.json.contains("s3cret"))
        #expect(resolved.text.contains("postgres://gorilla:***@db.internal:5432/gorilla"))
        #expect(SettingValue.text("not an address").redacted == .text("***"))
    }
}
