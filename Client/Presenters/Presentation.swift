import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Who reads a command's output, and on what: what presenters need to word and lay out a result.
package struct Viewer: Sendable {
    /// The logged-in account's role (nil before login).
    package var role: Role?
    /// The language of the account (or of the device before login).
    package var language: Language
    /// The terminal's width in cells, when standard output is a terminal.
    package var width: Int?
    /// How text may be styled on the output (reverse video for today in `gorilla calendar`).
    package var style: TerminalStyle
    /// The unit weights entered in both units are added up in (the device's configured unit, kg by default).
    package var unit: WeightUnit

    package init(
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

/// A command's typed result as a person reads it; `--json` prints its ``jsonForm``.
package protocol Presentable: Sendable {
    /// What `--json` prints, a value whose coding is its own (synthesised, as a rule): the result itself when it is
    /// `Encodable`, else a record built from it.
    associatedtype JSONForm: Encodable
    /// The result as `--json` prints it.
    var jsonForm: JSONForm { get }
    /// The text for a person (may be empty: nothing to print).
    func text(for viewer: Viewer) -> String
    /// Lines for standard error beside the result (warnings such as an overlapping event); none by default.
    func notes(for viewer: Viewer) -> [String]
}

extension Presentable {
    /// No notes.
    package func notes(for viewer: Viewer) -> [String] { [] }

    /// What `--json` prints: the result as one line of JSON with every absent value left out
    /// (``GorillaShared/WireCoding/textWithoutNulls(_:)``: `--json` never says `null`; a reader tests whether a
    /// member is there).
    package var jsonText: String {
        get throws { try WireCoding.textWithoutNulls(jsonForm) }
    }
}

extension Presentable where Self: Encodable {
    /// An `Encodable` result is its own JSON form.
    package var jsonForm: Self { self }
}

extension DeviceContext {
    /// The viewer of this device: the logged-in account's role and language.
    package func viewer(width: Int? = nil, style: TerminalStyle = .plain) -> Viewer {
        let profile = storedSession()?.profile
        let unit = (try? config())?.unit.flatMap(WeightUnit.init(rawValue:)) ?? .kg
        return Viewer(role: profile?.role, language: language, width: width, style: style, unit: unit)
    }
}

extension Viewer {
    /// Whether the viewer keeps clients (``GorillaShared/Role/keepsClients``); false before login.
    package var keepsClients: Bool { role?.keepsClients ?? false }

    /// Whether the viewer may do `action` with the rows of `kind` they write (``GorillaShared/Access``); false
    /// before login.
    package func may(_ action: Access.Action, _ kind: EntityKind, relation: Access.Relation? = nil) -> Bool {
        guard let role else { return false }
        return Access.may(action, kind, as: role, relation: relation ?? Access.newRowRelation(kind, as: role))
    }
}
