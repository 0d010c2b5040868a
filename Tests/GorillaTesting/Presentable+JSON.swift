import Foundation
import GorillaClient
import GorillaShared

extension Presentable {
    /// The result's `--json` text read back as one JSON value, for tests that look into it.
    public var json: JSONValue {
        get throws { try WireCoding.decoder.decode(JSONValue.self, from: Data(jsonText.utf8)) }
    }
}

/// What a command produced: the text a person reads, the JSON `--json` prints, and notes for standard error.
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
