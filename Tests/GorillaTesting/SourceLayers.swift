import Foundation

/// The folders of one target in layers, bottom first, and the check that each folder uses only the folders below it.
///
/// A folder's symbols are its files' top-level declarations (types, functions, constants) and the members it declares
/// at the first level of a type or an extension. A file uses a top-level symbol by naming it, and a member by naming it
/// qualified by its type (`ServerStore.push`), or as `Self.push` or a bare call `push(` inside a block of its type.
/// Names declared in more than one folder (`Key`, `Kind`, `CodingKeys`, `init`, `description`, …) are nobody's and
/// never counted, and nested types are not symbols of their own, so that a common name is not read as a dependency.
/// Comments and string literals are skipped; the code in a string's interpolations is read.
package struct SourceLayers: Sendable {
    /// The folders of each layer, bottom first; folders of one layer stand beside each other and use neither.
    package let levels: [[String]]

    /// A use of a symbol of a folder that is not below the user's.
    package struct Violation: Sendable, CustomStringConvertible, Equatable {
        /// The file, relative to the target's folder (`Store/Tokens.swift`).
        package let file: String
        package let line: Int
        /// The folder of the file.
        package let folder: String
        /// The symbol used: a top-level name, or `Type.member`.
        package let symbol: String
        /// The folder that declares it (at the same layer as `folder` or above it).
        package let owner: String

        package var description: String {
            "\(file):\(line): \(folder)/ uses \(symbol) of \(owner)/, which is not below it"
        }
    }

    package init(levels: [[String]]) {
        self.levels = levels
    }

    /// The layers in the table of the section `heading` of a Markdown document: rows whose first cell is the layer's
    /// number (1 at the bottom) and whose second names its folders in backticks (`` `Store/`, `TLS/` ``).
    package init(tableIn markdown: String, under heading: String) {
        var rows: [(Int, [String])] = []
        var inSection = false
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("#") {
                inSection = line.contains(heading)
                continue
            }
            guard inSection, line.hasPrefix("|") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 2, let number = Int(cells[1]) else { continue }
            let folders = cells[2].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
                $0.offset % 2 == 1
            }.map {
                String($0.element.hasSuffix("/") ? $0.element.dropLast() : $0.element)
            }
            rows.append((number, folders))
        }
        self.init(levels: rows.sorted { $0.0 < $1.0 }.map(\.1))
    }

    /// Every use, in the Swift files under `root`, of a symbol of a folder not below the user's folder; a file outside
    /// every layer's folders is reported as using its own folder (symbol `(no layer)`).
    package func violations(under root: URL) throws -> [Violation] {
        let sources = try Self.swiftFiles(under: root).map { path in
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            return SourceFile(path: path, code: Self.code(of: text))
        }
        return violations(in: sources)
    }

    /// The violations among `sources` (paths relative to the target's folder, and their code).
    func violations(in sources: [SourceFile]) -> [Violation] {
        var level: [String: Int] = [:]
        for (index, folders) in levels.enumerated() { for folder in folders { level[folder] = index } }
        let symbols = Symbols(sources)
        var found: [Violation] = []
        for source in sources {
            guard let userLevel = level[source.folder] else {
                found.append(
                    Violation(
                        file: source.path, line: 1, folder: source.folder, symbol: "(no layer)", owner: source.folder))
                continue
            }
            for (number, line) in source.lines.enumerated() {
                for (symbol, owner) in symbols.uses(in: line.text, block: line.block) where owner != source.folder {
                    if let ownerLevel = level[owner], ownerLevel < userLevel { continue }
                    found.append(
                        Violation(
                            file: source.path, line: number + 1, folder: source.folder, symbol: symbol, owner: owner))
                }
            }
        }
        return found
    }

    /// The `.swift` files under `root`, relative to it, sorted.
    static func swiftFiles(under root: URL) throws -> [String] {
        let base = root.standardizedFileURL.path
        let paths = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".swift") }.sorted()
    }
}

/// One source file: its path below the target's folder, and its lines of code with the type block each sits in.
struct SourceFile {
    let path: String
    let lines: [(text: String, block: String?)]

    /// The first folder of the path ("" for a file at the top).
    var folder: String { path.contains("/") ? String(path.prefix { $0 != "/" }) : "" }

    /// `code` is the text with comments and string literals blanked (``SourceLayers/code(of:)``).
    init(path: String, code: String) {
        self.path = path
        var block: String?
        lines = code.components(separatedBy: "\n").map { text in
            if let declaration = Declaration(text), declaration.indent == 0 {
                block = declaration.isBlock ? declaration.name : nil
            } else if let first = text.first, !first.isWhitespace {
                block = nil
            }
            return (text, block)
        }
    }
}
