import Configuration
import Foundation

/// A setting's value, whichever source gave it.
package enum SettingValue: Sendable, Equatable, CustomStringConvertible {
    case integer(Int)
    case number(Double)
    case text(String)
    case toggle(Bool)

    /// `300`, `0.05`, `info`, `true`.
    package var description: String {
        switch self {
        case .integer(let number): String(number)
        case .number(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .text(let text): text
        case .toggle(let on): String(on)
        }
    }

    /// The value as JSON writes it (a number, a string, a boolean), for `gorilla-server config --json`.
    package var json: Any {
        switch self {
        case .integer(let number): number
        case .number(let number): number
        case .text(let text): text
        case .toggle(let on): on
        }
    }

    /// The value as a configuration provider holds it.
    var content: ConfigContent {
        switch self {
        case .integer(let number): .int(number)
        case .number(let number): .double(number)
        case .text(let text): .string(text)
        case .toggle(let on): .bool(on)
        }
    }

    /// `true`/`false`, `yes`/`no`, `1`/`0`: as swift-configuration reads environment variables.
    static func toggle(parsing text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "1": true
        case "false", "no", "0": false
        default: nil
        }
    }

    /// The value with any secret in it hidden: a database address keeps everything but its password.
    package var redacted: SettingValue {
        guard case .text(let text) = self else { return .text(Self.hidden) }
        guard !text.isEmpty else { return self }
        guard var address = URLComponents(string: text), address.scheme != nil, address.host != nil else {
            return .text(Self.hidden)
        }
        if address.password != nil { address.percentEncodedPassword = Self.hidden }
        return .text(address.string ?? Self.hidden)
    }

    /// What stands for a hidden secret.
    package static let hidden = "***"
}

extension ServerSetting {
    /// A whole number kept at `path`.
    static func integer(
        _ key: String, _ path: any WritableKeyPath<ServerConfiguration, Int> & Sendable, _ range: ClosedRange<Int>,
        valueName: String = "n", aliases: [String] = [], help: String
    ) -> ServerSetting {
        ServerSetting(
            key, .integer(range), valueName: valueName, aliases: aliases, help: help,
            read: { .integer($0[keyPath: path]) },
            write: { configuration, value in
                if case .integer(let number) = value { configuration[keyPath: path] = number }
            })
    }

    /// A number kept at `path` (seconds, unless `valueName` says otherwise).
    static func number(
        _ key: String, _ path: any WritableKeyPath<ServerConfiguration, Double> & Sendable,
        _ range: ClosedRange<Double>,
        valueName: String = "seconds", help: String
    ) -> ServerSetting {
        ServerSetting(
            key, .number(range), valueName: valueName, help: help,
            read: { .number($0[keyPath: path]) },
            write: { configuration, value in
                if case .number(let number) = value { configuration[keyPath: path] = number }
            })
    }

    /// Text kept at `path`, unset by default.
    static func text(
        _ key: String, _ path: any WritableKeyPath<ServerConfiguration, String?> & Sendable, valueName: String,
        help: String
    ) -> ServerSetting {
        ServerSetting(
            key, .text, valueName: valueName, help: help,
            read: { $0[keyPath: path].map(SettingValue.text) },
            write: { configuration, value in
                if case .text(let text) = value { configuration[keyPath: path] = text }
            })
    }

    /// One of the cases of `Value` kept at `path`, written as its raw value.
    static func choice<Value: RawRepresentable<String> & CaseIterable & Sendable>(
        _ key: String, _ path: any WritableKeyPath<ServerConfiguration, Value> & Sendable, valueName: String,
        help: String
    ) -> ServerSetting {
        ServerSetting(
            key, .choice(Value.allCases.map(\.rawValue)), valueName: valueName, help: help,
            read: { .text($0[keyPath: path].rawValue) },
            write: { configuration, value in
                if case .text(let word) = value, let chosen = Value(rawValue: word) { configuration[keyPath: path] = chosen }
            })
    }

    /// The upper bound of a range that has none.
    static let unbounded = Double.greatestFiniteMagnitude
}
