import Foundation

/// One setting of the server, declared once: its key, what it takes, its help, whether it is secret, and where it goes
/// in ``ServerConfiguration`` (which holds its default).
///
/// The key names it in every source (docs/operations.md, "Configuration"): the flag `--KEY`, the environment variable
/// `GORILLA_KEY` (upper case, `-` as `_`), and the key of the JSON file given with `--config`.
package struct ServerSetting: Sendable {
    /// What a setting takes, with its bounds.
    package enum Kind: Sendable {
        /// A whole number within the range.
        case integer(ClosedRange<Int>)
        /// A number (seconds, a rate) within the range.
        case number(ClosedRange<Double>)
        /// Any text; the setting's own ``write`` may refuse it.
        case text
        /// One of these words.
        case choice([String])
        /// `true` or `false` (`yes`/`no`, `1`/`0` too).
        case toggle
    }

    /// The one name: `idle-timeout`.
    package let key: String
    /// One line for `--help` and the docs.
    package let help: String
    /// What `--help` shows the flag taking: `seconds`, `n`, `url`.
    package let valueName: String
    package let kind: Kind
    /// Shown redacted by `gorilla-server config` (a database address's password).
    package let isSecret: Bool
    /// Other flag spellings that mean the same (`--keep` for `--backup-keep`).
    package let flagAliases: [String]
    /// The setting's value in `configuration`; nil when it is unset (no certificate, no database).
    package let read: @Sendable (ServerConfiguration) -> SettingValue?
    /// Puts `value` into `configuration`, or throws a ``SettingProblem`` that says what is wrong with it.
    let write: @Sendable (inout ServerConfiguration, SettingValue) throws -> Void

    init(
        _ key: String, _ kind: Kind, valueName: String, secret: Bool = false, aliases: [String] = [], help: String,
        read: @escaping @Sendable (ServerConfiguration) -> SettingValue?,
        write: @escaping @Sendable (inout ServerConfiguration, SettingValue) throws -> Void
    ) {
        self.key = key
        self.kind = kind
        self.valueName = valueName
        self.isSecret = secret
        self.flagAliases = aliases
        self.help = help
        self.read = read
        self.write = write
    }

    /// The flag: `--idle-timeout`.
    package var flag: String { "--" + key }
    /// The environment variable: `GORILLA_IDLE_TIMEOUT`.
    package var environmentName: String {
        "GORILLA_" + key.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }

    /// The value the server uses when no source gives one.
    package var defaultValue: SettingValue? { read(Self.defaults) }

    /// The configuration every setting starts from: the library's defaults, the data folder `./gorilla-data`.
    package static var defaults: ServerConfiguration {
        ServerConfiguration(dataDirectory: URL(fileURLWithPath: "gorilla-data", isDirectory: true).standardizedFileURL)
    }

    /// The value `text` (a flag's or an environment variable's) stands for, or nil when it is not of this kind.
    func value(parsing text: String) -> SettingValue? {
        switch kind {
        case .integer: Int(text).map(SettingValue.integer)
        case .number: Double(text).map(SettingValue.number)
        case .text, .choice: .text(text)
        case .toggle: SettingValue.toggle(parsing: text).map(SettingValue.toggle)
        }
    }

    /// What is wrong with `value` for this setting (out of bounds, not one of the choices); nil when it fits.
    func problem(with value: SettingValue) -> String? {
        switch (kind, value) {
        case (.integer(let range), .integer(let number)) where !range.contains(number):
            "must be \(Self.describe(range)), not \(number)"
        case (.number(let range), .number(let number)) where !range.contains(number) || !number.isFinite:
            "must be \(Self.describe(range)), not \(SettingValue.number(number))"
        case (.choice(let words), .text(let word)) where !words.contains(word):
            "must be one of \(words.joined(separator: ", ")), not \(word)"
        default: nil
        }
    }

    /// What the kind takes, for messages: "a whole number", "a number".
    var expected: String {
        switch kind {
        case .integer: "a whole number"
        case .number: "a number"
        case .text: "text"
        case .choice(let words): "one of \(words.joined(separator: ", "))"
        case .toggle: "true or false"
        }
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        range.upperBound == .max ? "at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
    }

    private static func describe(_ range: ClosedRange<Double>) -> String {
        let lower = SettingValue.number(range.lowerBound), upper = SettingValue.number(range.upperBound)
        return range.upperBound == .greatestFiniteMagnitude ? "at least \(lower)" : "from \(lower) to \(upper)"
    }
}

/// Why a value a source gave cannot be used: "is not a postgres:// address".
struct SettingProblem: Error {
    let message: String
}
