import Foundation
import GorillaClient
import GorillaPresenters
import GorillaShared
import GorillaTerminal

extension Presentable {
    /// The result's `--json` text read back as one JSON value, for tests that look into it.
    package var json: JSONValue {
        get throws { try WireCoding.decoder.decode(JSONValue.self, from: Data(jsonText.utf8)) }
    }
}

/// What a command produced: the text a person reads, the JSON `--json` prints, and notes for standard error.
package struct CommandOutput: Sendable {
    package var text: String
    package var json: JSONValue
    /// Lines for standard error (notes such as "offline — 2 changes queued").
    package var notes: [String] = []

    package init(text: String, json: JSONValue, notes: [String] = []) {
        self.text = text
        self.json = json
        self.notes = notes
    }

    /// A typed result presented for `viewer`; the result's own notes follow `notes`.
    package init(_ result: some Presentable, for viewer: Viewer, notes: [String] = []) throws {
        self.init(text: result.text(for: viewer), json: try result.json, notes: notes + result.notes(for: viewer))
    }
}
