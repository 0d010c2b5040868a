import Configuration
import Foundation
import NIOConcurrencyHelpers
import SystemPackage

/// The sources of the server's settings, read through one swift-configuration `ConfigReader` in order of precedence:
/// the flags given (an `InMemoryProvider`), then the `GORILLA_…` environment variables (`EnvironmentVariablesProvider`),
/// then the JSON file given with `--config` (`FileProvider<JSONSnapshot>`), then each setting's default.
package struct ConfigurationSources: Sendable {
    /// The flags given on the command line, as text, by setting key (argument-parser parsed them).
    package var flags: [String: String]
    /// The process's environment.
    package var environment: [String: String]
    /// The JSON file given with `--config`, if any.
    package var file: String?

    package init(flags: [String: String], environment: [String: String], file: String?) {
        self.flags = flags
        self.environment = environment
        self.file = file
    }

    /// The configuration `settings` give, with where each value came from.
    /// - Throws: ``ConfigurationError`` naming every wrong value and its source; nothing is half-applied.
    package func resolve(_ settings: [ServerSetting] = ServerSetting.all) async throws -> ResolvedConfiguration {
        let (flagProvider, flagFaults) = flagProvider(settings)
        var providers: [any ConfigProvider] = [
            flagProvider, EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: ["gorilla"]),
        ]
        var sources: [SettingSource] = [.flag, .environment]
        if let file {
            providers.append(try await Self.fileProvider(file))
            sources.append(.file(file))
        }
        let recorder = SourceRecorder()
        let reader = ConfigReader(providers: providers, accessReporter: recorder)
        var faults = flagFaults
        var configuration = ServerSetting.defaults
        var effective: [EffectiveSetting] = []
        for setting in settings where flagFaults.allSatisfy({ $0.key != setting.key }) {
            let value = setting.value(from: reader)
            let (position, failed) = recorder.outcome(of: setting)
            let source = position.map { sources[$0] } ?? .default
            guard !failed else {
                let problem = "expected \(setting.expected)" + given(setting, in: source)
                faults.append(SettingFault(setting, source, problem))
                continue
            }
            if let value, position != nil {
                do {
                    if let problem = setting.problem(with: value) { throw SettingProblem(message: problem) }
                    try setting.write(&configuration, value)
                } catch let problem as SettingProblem {
                    faults.append(SettingFault(setting, source, problem.message))
                    continue
                }
            }
            let shown = position == nil ? setting.read(configuration) : value
            effective.append(EffectiveSetting(setting: setting, value: shown, source: source))
        }
        var resolved = ResolvedConfiguration(configuration: configuration, settings: effective)
        if faults.isEmpty { faults = resolved.finish(environment: environment) }
        guard faults.isEmpty else {
            throw ConfigurationError(problems: faults.map(\.message), blamesFlags: faults.contains(where: \.byFlag))
        }
        return resolved
    }

    /// The flags given as an in-memory provider of typed values (each parsed as its setting's kind), and the flags
    /// that are not of their kind.
    private func flagProvider(_ settings: [ServerSetting]) -> (InMemoryProvider, [SettingFault]) {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        var faults: [SettingFault] = []
        for setting in settings {
            guard let text = flags[setting.key] else { continue }
            guard let value = setting.value(parsing: text) else {
                faults.append(SettingFault(setting, .flag, "expected \(setting.expected), not \(text)"))
                continue
            }
            values[AbsoluteConfigKey([setting.key])] = ConfigValue(value.content, isSecret: setting.isSecret)
        }
        return (InMemoryProvider(name: "flags", values: values), faults)
    }

    /// `, not abc` for a value given as text (a flag, an environment variable); nothing for a file's.
    private func given(_ setting: ServerSetting, in source: SettingSource) -> String {
        switch source {
        case .flag: flags[setting.key].map { ", not \($0)" } ?? ""
        case .environment: environment[setting.environmentName].map { ", not \($0)" } ?? ""
        case .file, .default: ""
        }
    }

    /// The provider of the JSON file at `path`, after checking that it is a JSON object whose keys are all settings.
    private static func fileProvider(_ path: String) async throws -> FileProvider<JSONSnapshot> {
        func refuse(_ why: String) -> ConfigurationError {
            ConfigurationError(problems: ["the configuration file \(path) \(why)"], blamesFlags: false)
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw refuse("cannot be read") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw refuse("is not a JSON object ({\"key\": value, …}; docs/operations.md, \"Configuration\")")
        }
        let known = Set(ServerSetting.all.map(\.key))
        let unknown = object.keys.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw refuse(
                "has keys that are no setting: \(unknown.joined(separator: ", ")) (gorilla-server config lists them)")
        }
        do {
            return try await FileProvider<JSONSnapshot>(filePath: FilePath(path))
        } catch {
            throw refuse("cannot be used: \(error)")
        }
    }
}

/// One wrong value: the line that names its key, its source and what is wrong, and whether a flag gave it.
struct SettingFault {
    let key: String
    let message: String
    let byFlag: Bool

    init(_ setting: ServerSetting, _ source: SettingSource, _ problem: String) {
        key = setting.key
        message = "\(setting.key) from \(source.phrase(for: setting)): \(problem)"
        byFlag = source == .flag
    }
}

/// What ``ConfigurationSources/resolve(_:)`` found: the configuration to serve with, and each setting's value and
/// source.
package struct ResolvedConfiguration: Sendable {
    package var configuration: ServerConfiguration
    package var settings: [EffectiveSetting]
}

extension ServerSetting {
    /// The value `reader` finds for this setting in its providers, typed by ``kind``; nil when none has one, or the one
    /// that has it cannot give it as this kind (``SourceRecorder`` tells which).
    func value(from reader: ConfigReader) -> SettingValue? {
        let key = ConfigKey([key])
        return switch kind {
        case .integer: reader.int(forKey: key, isSecret: isSecret).map(SettingValue.integer)
        case .number: reader.double(forKey: key, isSecret: isSecret).map(SettingValue.number)
        case .text, .choice: reader.string(forKey: key, isSecret: isSecret).map(SettingValue.text)
        case .toggle: reader.bool(forKey: key, isSecret: isSecret).map(SettingValue.toggle)
        }
    }
}

/// Hears every read of the ``ConfigurationSources`` reader, to tell which provider answered each key.
final class SourceRecorder: AccessReporter, Sendable {
    private let events = NIOLockedValueBox<[AbsoluteConfigKey: AccessEvent]>([:])

    func report(_ event: AccessEvent) {
        events.withLockedValue { $0[event.metadata.key] = event }
    }

    /// The position of the provider that gave `setting`'s value or failed to (nil: none had it), and whether it failed.
    func outcome(of setting: ServerSetting) -> (provider: Int?, failed: Bool) {
        guard let event = events.withLockedValue({ $0[AbsoluteConfigKey([setting.key])] }),
            let last = event.providerResults.last
        else { return (nil, false) }
        let position = event.providerResults.count - 1
        switch last.result {
        case .failure: return (position, true)
        case .success(let lookup): return lookup.value == nil ? (nil, false) : (position, event.conversionError != nil)
        }
    }
}
