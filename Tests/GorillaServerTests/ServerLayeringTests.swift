import Foundation
import GorillaTesting
import Testing

/// The server's folders use only the folders below them, in the layers `docs/architecture.md` declares.
@Suite struct ServerLayeringTests {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The layers of the table under "The server's layers".
    static func serverLayers() throws -> SourceLayers {
        let architecture = try String(
            contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        return SourceLayers(tableIn: architecture, under: "The server's layers")
    }

    @Test func everyServerFolderUsesOnlyTheFoldersBelowIt() throws {
        let layers = try Self.serverLayers()
        #expect(layers.levels.first == ["Errors"])
        #expect(layers.levels.last == ["Service"])
        let violations = try layers.violations(under: Self.root.appendingPathComponent("Server"))
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test func aUseOfAFolderAboveIsFoundAndNamedButNestedNamesAndTextAreNot() throws {
        let folder = try TemporaryFolder("gorilla-layers")
        let files = [
            "Low/Row.swift": """
                struct Row {
                    struct Key {}
                    static func read() {}
                }

                func plain() -> String {
                    // High names nothing here: "High", HighThing
                    let key = Row.Key()
                    return "\\(HighThing.self) \\(key)"
                }

                extension Row {
                    static func lifted() { Self.climb() }
                }
                """,
            "High/Thing.swift": """
                struct HighThing {
                    struct Key {}
                    static let text = "Row.read()"
                }

                extension Row {
                    static func climb() { Row.read() }
                }
                """,
            "Loose/Stray.swift": "struct Stray {}\n",
        ]
        for (path, text) in files {
            let url = folder.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let violations = try SourceLayers(levels: [["Low"], ["High"]]).violations(under: folder.url)
        #expect(
            violations.map(\.description) == [
                "Loose/Stray.swift:1: Loose/ uses (no layer) of Loose/, which is not below it",
                "Low/Row.swift:9: Low/ uses HighThing of High/, which is not below it",
                "Low/Row.swift:13: Low/ uses Row.climb of High/, which is not below it",
            ])
    }

    @Test func theTableReadsEachLayersFoldersBottomFirst() {
        let markdown = """
            ## 1. Modules
            ### The server's layers
            | layer | folders | what they hold |
            |---|---|---|
            | 2 | `Store/`, `TLS/` | the store |
            | 1 | `Errors/` | errors |
            ### Next
            | 3 | `Elsewhere/` | not this table |
            """
        #expect(SourceLayers(tableIn: markdown, under: "The server's layers").levels == [["Errors"], ["Store", "TLS"]])
    }
}
