import Foundation

extension SourceLayers {
    /// `text` with its comments and the contents of its string literals blanked, line for line; the code in a string's
    /// interpolations (`"\(EntityKinds.all)"`) is kept.
    static func code(of text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        /// Code (with its open parentheses, to find where an interpolation ends) or a string (multi-line, its `#`s).
        enum Mode {
            case code(parentheses: Int)
            case string(multiline: Bool, hashes: Int)
        }
        var modes: [Mode] = [.code(parentheses: 0)]
        var index = 0
        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            text.utf8.enumerated().allSatisfy { at(offset + $0.offset) == $0.element }
        }
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), newline = UInt8(ascii: "\n")
        while index < bytes.count {
            switch modes[modes.count - 1] {
            case .code(let parentheses):
                if starts("//") {
                    while index < bytes.count, bytes[index] != newline { index += 1 }
                } else if starts("/*") {
                    var depth = 0
                    repeat {
                        if starts("/*") {
                            depth += 1; index += 2
                        } else if starts("*/") {
                            depth -= 1; index += 2
                        } else {
                            if bytes[index] == newline { out.append(newline) }; index += 1
                        }
                    } while depth > 0 && index < bytes.count
                } else if bytes[index] == quote || bytes[index] == hash {
                    var hashes = 0
                    while at(hashes) == hash { hashes += 1 }
                    guard at(hashes) == quote else {
                        out.append(bytes[index])
                        index += 1
                        continue
                    }
                    let multiline = starts("\"\"\"", at: hashes)
                    out.append(quote)
                    index += hashes + (multiline ? 3 : 1)
                    modes.append(.string(multiline: multiline, hashes: hashes))
                } else if bytes[index] == UInt8(ascii: "(") {
                    modes[modes.count - 1] = .code(parentheses: parentheses + 1)
                    out.append(bytes[index])
                    index += 1
                } else if bytes[index] == UInt8(ascii: ")") {
                    if parentheses == 0, modes.count > 1 {
                        modes.removeLast()  // the end of an interpolation: back in its string
                        out.append(UInt8(ascii: " "))
                    } else {
                        modes[modes.count - 1] = .code(parentheses: parentheses - 1)
                        out.append(bytes[index])
                    }
                    index += 1
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            case .string(let multiline, let hashes):
                let escape = bytes[index] == UInt8(ascii: "\\") && (0..<hashes).allSatisfy { at(1 + $0) == hash }
                if escape, at(1 + hashes) == UInt8(ascii: "(") {
                    out.append(UInt8(ascii: " "))
                    index += 2 + hashes
                    modes.append(.code(parentheses: 0))
                } else if escape {
                    out.append(UInt8(ascii: " "))
                    index += 2 + hashes
                } else if bytes[index] == quote, !multiline || starts("\"\"\""),
                    (0..<hashes).allSatisfy({ at((multiline ? 3 : 1) + $0) == hash })
                {
                    out.append(quote)
                    index += (multiline ? 3 : 1) + hashes
                    modes.removeLast()
                } else {
                    out.append(bytes[index] == newline ? newline : UInt8(ascii: " "))
                    index += 1
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A declaration that starts a line: `package struct ServerStore`, `    static func push(`, `extension ServerStore`.
struct Declaration {
    /// The spaces before it.
    let indent: Int
    let keyword: String
    let name: String

    /// Whether it opens a block whose first-level members are read as its type's (a type or an extension).
    var isBlock: Bool { ["struct", "enum", "class", "actor", "protocol", "extension"].contains(keyword) }

    private static let keywords: Set = [
        "struct", "enum", "class", "actor", "protocol", "typealias", "func", "var", "let", "extension",
    ]
    private static let modifiers: Set = [
        "public", "package", "internal", "private", "fileprivate", "final", "indirect", "nonisolated", "static",
        "mutating", "override", "convenience", "required", "lazy", "weak", "unowned", "dynamic", "open",
    ]

    /// The declaration `line` starts with, or nil.
    init?(_ line: String) {
        let indent = line.prefix { $0 == " " }.count
        var words = line.dropFirst(indent).split(separator: " ")[...]
        while let word = words.first {
            let bare = word.prefix { $0 != "(" }
            if word.hasPrefix("@") {
                // An attribute; its arguments may hold spaces (`@available(*, deprecated)`).
                var depth = word.filter { $0 == "(" }.count - word.filter { $0 == ")" }.count
                words = words.dropFirst()
                while depth > 0, let next = words.first {
                    depth += next.filter { $0 == "(" }.count - next.filter { $0 == ")" }.count
                    words = words.dropFirst()
                }
            } else if Self.modifiers.contains(String(bare))
                || (word == "class"
                    && words.dropFirst().first.map {
                        ["func", "var", "let"].contains($0)
                    } == true)
            {
                words = words.dropFirst()
            } else {
                break
            }
        }
        guard let keyword = words.first.map(String.init), Self.keywords.contains(keyword),
            let rest = words.dropFirst().first
        else { return nil }
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard !name.isEmpty else { return nil }
        self.indent = indent
        self.keyword = keyword
        self.name = name
    }
}

/// Who declares each name: the top-level names and the first-level members of each type, with the one folder that
/// declares each (names declared in several folders are left out).
struct Symbols {
    private var topLevel: [String: String] = [:]
    private var members: [String: [String: String]] = [:]

    init(_ sources: [SourceFile]) {
        var folders: [String: Set<String>] = [:]
        var topNames: Set<String> = []
        var memberNames: [String: Set<String>] = [:]
        for source in sources {
            for line in source.lines {
                guard let declaration = Declaration(line.text) else { continue }
                if declaration.indent == 0, declaration.keyword != "extension" {
                    topNames.insert(declaration.name)
                } else if declaration.indent == 4, let block = line.block, declaration.keyword != "extension" {
                    memberNames[block, default: []].insert(declaration.name)
                } else {
                    continue
                }
                folders[declaration.name, default: []].insert(source.folder)
            }
        }
        func owner(_ name: String) -> String? {
            guard name != "init", let owners = folders[name], owners.count == 1 else { return nil }
            return owners.first
        }
        for name in topNames { topLevel[name] = owner(name) }
        for (type, names) in memberNames {
            for name in names { if let folder = owner(name) { members[type, default: [:]][name] = folder } }
        }
    }

    /// The symbols `line` (of code, inside the block of `block`) uses, with the folder that declares each.
    func uses(in line: String, block: String?) -> [(symbol: String, owner: String)] {
        let characters = Array(line)
        var found: [String: String] = [:]
        var index = 0
        var previous: (name: String, end: Int)?
        while index < characters.count {
            guard characters[index].isLetter || characters[index] == "_" else {
                index += 1
                continue
            }
            let start = index
            while index < characters.count,
                characters[index].isLetter || characters[index].isNumber
                    || characters[index] == "_"
            {
                index += 1
            }
            let name = String(characters[start..<index])
            let afterDot = start > 0 && characters[start - 1] == "."
            let qualifier = afterDot ? previous.flatMap { $0.end == start - 1 ? $0.name : nil } : nil
            if !afterDot, let folder = topLevel[name] { found[name] = folder }
            if let qualifier, let type = qualifier == "Self" ? block : qualifier, let folder = members[type]?[name] {
                found["\(type).\(name)"] = folder
            }
            if !afterDot, index < characters.count, characters[index] == "(", let block,
                let folder = members[block]?[name]
            {
                found["\(block).\(name)"] = folder
            }
            previous = (name, index)
        }
        return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
