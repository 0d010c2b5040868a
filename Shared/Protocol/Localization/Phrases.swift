import Foundation

/// A set of texts a person reads, one case per text, each written in every ``Language``.
///
/// The keys of a set are its cases (`Shared/Protocol/Localization/Keys`); each language's catalogue is the set's
/// `ca`, `es` or `en` property, written in that language's folder as one exhaustive `switch`, so a text missing from
/// a language does not compile. A text's placeholders are `{name}`, filled from the values given; `{count|sessió|
/// sessions}` writes the count with the first word when it is 1 and the second otherwise (the plural forms of
/// Catalan, Spanish and English). `PhraseCatalogueTests` checks that every language uses the same placeholders.
package protocol Phrases: CaseIterable, Sendable {
    /// The Catalan text.
    var ca: String { get }
    /// The Spanish text.
    var es: String { get }
    /// The English text.
    var en: String { get }
    /// Values every text of the set may name as placeholders, written for `language`: the limits of the types
    /// (``Validation/maximumNameLength`` as `{nameLength}`), so that no text writes a limit into its words.
    static func limits(in language: Language) -> [String: any Sendable]
}

extension Phrases {
    /// The text in `language`, with its placeholders as written.
    package func template(in language: Language) -> String {
        switch language {
        case .ca: ca
        case .es: es
        case .en: en
        }
    }

    /// The text in the current language (``Language/current``) with `values` in its placeholders; numbers are written
    /// as the language writes them (`62,5` in Catalan and Spanish).
    package func t(_ values: [String: any Sendable] = [:]) -> String {
        text(in: .current, values)
    }

    /// The text in `language` with `values` in its placeholders (and the set's ``limits(in:)`` in those left).
    package func text(in language: Language, _ values: [String: any Sendable] = [:]) -> String {
        let template = template(in: language)
        guard template.contains("{") else { return template }
        return PhraseTemplate.fill(
            template, Self.limits(in: language).merging(values) { _, given in given }, language: language)
    }

    /// No limits named.
    package static func limits(in language: Language) -> [String: any Sendable] { [:] }
}

/// Placeholders in a text: `{name}` and `{count|one|other}`.
package enum PhraseTemplate {
    /// `template` with each placeholder replaced by its value; one without a value is left as written.
    package static func fill(_ template: String, _ values: [String: any Sendable], language: Language) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let inside = rest[rest.index(after: open)..<close]
            let parts = inside.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            if let value = values[parts[0]] {
                let written = language.write(value)
                if parts.count == 3 {
                    let one = (value as? Int) == 1 || (value as? Double) == 1
                    out += written + " " + (one ? parts[1] : parts[2])
                } else {
                    out += written
                }
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The names of the placeholders in `template`, in order of first use (`{count|a|b}` counts as `count`).
    package static func placeholders(_ template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close].prefix(while: { $0 != "|" }))
            if !names.contains(name) { names.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The plural forms `template` uses, as `name|one|other` (to check that every language has both).
    package static func pluralForms(_ template: String) -> [String] {
        var forms: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let inside = rest[rest.index(after: open)..<close]
            if inside.contains("|") { forms.append(String(inside)) }
            rest = rest[rest.index(after: close)...]
        }
        return forms
    }
}

extension Language {
    /// The language texts are written in on this task: the command's (its `--language`, else the account's, else
    /// `GORILLA_LANGUAGE`, else the system locale, else English). Set with `Language.$current.withValue(…)`.
    @TaskLocal package static var current: Language = Language.fromEnvironment()

    /// `GORILLA_LANGUAGE`, else the system locale (`LC_ALL`, `LC_MESSAGES`, `LANG`: `ca_ES.UTF-8` is Catalan), else
    /// English.
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> Language
    {
        if let chosen = environment["GORILLA_LANGUAGE"].flatMap(Language.init(code:)) { return chosen }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let code = value.prefix(while: { $0.isLetter }).lowercased()
            return Language(code: code) ?? .en
        }
        return .en
    }

    /// The decimal separator: a comma in Catalan and Spanish.
    package var decimalSeparator: String { self == .en ? "." : "," }

    /// A number as the language writes it: whole numbers without decimals, others with at most `decimals` places
    /// (`62,5` in Catalan and Spanish, `62.5` in English); thousands are not grouped.
    package func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return String(value) }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.\(decimals)f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return self == .en ? text : text.replacingOccurrences(of: ".", with: decimalSeparator)
    }

    /// A whole number with the language's thousands: "2,000" in English, "2.000" in Catalan and Spanish.
    package func grouped(_ value: Int) -> String {
        var digits = String(abs(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(contentsOf: self == .en ? "," : ".", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return (value < 0 ? "-" : "") + digits
    }

    /// A value as a placeholder writes it: numbers in the language's way, anything else as it describes itself.
    package func write(_ value: any Sendable) -> String {
        switch value {
        case let number as Double: self.number(number)
        case let number as Float: self.number(Double(number))
        case let number as Int: String(number)
        case let text as String: text
        case let described as any CustomStringConvertible: described.description
        default: "\(value)"
        }
    }

    /// Reads a number typed with a decimal comma or point (`62,5`, `62.5`, `-3`); nil when it is none. Only digits,
    /// a sign and one separator are a number here: what `Double` would also read (`0x10`, `1e3`, `inf`, `nan`) is not
    /// what a person types for a weight or a measure.
    package static func parseNumber(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.filter({ $0 == "," || $0 == "." }).count <= 1,
            trimmed.contains(where: { ("0"..."9").contains($0) }),
            trimmed.enumerated().allSatisfy({ index, character in
                ("0"..."9").contains(character) || character == "," || character == "."
                    || (index == 0 && (character == "-" || character == "+"))
            })
        else { return nil }
        return Double(trimmed.replacingOccurrences(of: ",", with: "."))
    }
}
