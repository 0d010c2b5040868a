import Foundation

/// Where a setting's value came from, highest precedence first.
package enum SettingSource: Sendable, Equatable {
    /// A flag on the command line.
    case flag
    /// A `GORILLA_…` environment variable.
    case environment
    /// The JSON file given with `--config`, at this path.
    case file(String)
    /// No source gave one: the server's own.
    case `default`

    /// `flag`, `environment`, `file`, `default`: the source's name in `gorilla-server config --json`.
    package var name: String {
        switch self {
        case .flag: "flag"
        case .environment: "environment"
        case .file: "file"
        case .default: "default"
        }
    }

    /// Where exactly `setting` was read from: `--port`, `GORILLA_PORT`, `/etc/gorilla.json`; nil for the default.
    package func place(of setting: ServerSetting) -> String? {
        switch self {
        case .flag: setting.flag
        case .environment: setting.environmentName
        case .file(let path): path
        case .default: nil
        }
    }

    /// "the flag --port", "the environment variable GORILLA_PORT", "the file /etc/gorilla.json (key port)".
    package func phrase(for setting: ServerSetting) -> String {
        switch self {
        case .flag: "the flag \(setting.flag)"
        case .environment: "the environment variable \(setting.environmentName)"
        case .file(let path): "the file \(path) (key \"\(setting.key)\")"
        case .default: "the default"
        }
    }
}

/// One setting as the server will use it: its value and where that came from.
package struct EffectiveSetting: Sendable {
    package let setting: ServerSetting
    /// Nil when the setting is unset (no certificate, no database, no backups).
    package let value: SettingValue?
    package let source: SettingSource

    /// The value as `gorilla-server config` shows it: a secret's hidden part replaced.
    package var shownValue: SettingValue? { setting.isSecret ? value?.redacted : value }
}

/// A configuration that cannot be used, in words that name each wrong key and where it came from.
package struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// One line per problem: "idle-timeout from the environment variable GORILLA_IDLE_TIMEOUT: must be …".
    package let problems: [String]
    /// Whether a flag was wrong (a usage error, as argument-parser reports it) rather than the environment or a file.
    package let blamesFlags: Bool

    package var description: String { problems.joined(separator: "\n") }
}
