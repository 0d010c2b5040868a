import Foundation
import GorillaShared

/// Who reads a command's output, and on what: what presenters need to word and lay out a result.
public struct Viewer: Sendable {
    /// The logged-in account's role (nil before login).
    public var role: Role?
    /// The language of the account (or of the device before login).
    public var language: Language
    /// The terminal's width in cells, when standard output is a terminal.
    public var width: Int?
    /// How text may be styled on the output (reverse video for today in `gorilla calendar`).
    public var style: TerminalStyle
    /// The unit weights entered in both units are added up in (the device's configured unit, kg by default).
    public var unit: WeightUnit

    public init(
        role: Role? = nil, language: Language = .en, width: Int? = nil, style: TerminalStyle = .plain,
        unit: WeightUnit = .kg
    ) {
        self.role = role
        self.language = language
        self.width = width
        self.style = style
        self.unit = unit
    }
}

/// A command's typed result as a person reads it; `--json` prints its `Encodable` form.
public protocol Presentable: Encodable, Sendable {
    /// The text for a person (may be empty: nothing to print).
    func text(for viewer: Viewer) -> String
    /// Lines for standard error beside the result (warnings such as an overlapping event); none by default.
    func notes(for viewer: Viewer) -> [String]
}

extension Presentable {
    /// No notes.
    public func notes(for viewer: Viewer) -> [String] { [] }

    /// The result as one JSON value, with every absent value left out: a member that would be `null` is not written
    /// (`--json` never says `null`; a reader tests whether a member is there).
    public var json: JSONValue {
        get throws { try JSONValue.encode(self).withoutNulls }
    }
}

/// What a command produced: the text a person reads, the JSON for `--json`, and notes for standard error.
public struct CommandOutput: Sendable {
    public var text: String
    public var json: JSONValue
    /// Lines for standard error (notes such as "offline — 2 changes queued").
    public var notes: [String] = []

    public init(text: String, json: JSONValue, notes: [String] = []) {
        self.text = text
        self.json = json
        self.notes = notes
    }

    /// A typed result presented for `viewer`; the result's own notes follow `notes`.
    public init(_ result: some Presentable, for viewer: Viewer, notes: [String] = []) throws {
        self.init(text: result.text(for: viewer), json: try result.json, notes: notes + result.notes(for: viewer))
    }
}

extension DeviceContext {
    /// The viewer of this device: the logged-in account's role and language.
    public func viewer(width: Int? = nil, style: TerminalStyle = .plain) -> Viewer {
        let profile = storedSession()?.profile
        let unit = (try? config())?.unit.flatMap(WeightUnit.init(rawValue:)) ?? .kg
        return Viewer(role: profile?.role, language: language, width: width, style: style, unit: unit)
    }
}
