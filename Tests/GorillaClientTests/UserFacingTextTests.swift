import Foundation
import Testing

/// Every text a person reads comes from the phrase catalogues (`Shared/Protocol/Localization`): a scan of the client's
/// sources for string literals that read like words of a language, outside an allow-list of text that is not
/// language (command lines quoted in hints, machine values, keys, file formats).
struct UserFacingTextTests {
    /// The package's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Literals that look like language but are not read as such, by file: machine values, keys and formats.
    static let allowed: [String: Set<String>] = [
        // Keys ClientUse translates into the refusal's phrase.
        "Client/Features/Clients/ClientDirectory.swift": [
            "log sessions for", "schedule events for", "send messages to", "set a goal for",
            "issue a registration code for", "reset the password of",
        ],
        "Client/Features/Clients/ClientService.swift": ["issue a registration code for", "reset the password of"],
        "Client/Features/Clients/ClientService+Goal.swift": ["set a goal for"],
        "Client/Features/Calendar/EventService.swift": ["schedule events for"],
        // The server's catalogue name of an error, matched, not shown.
        "Client/Features/Catalogue/CatalogueService.swift": ["in use"],
        // The English description of a timeout, compared to tell a timeout from other failures.
        "Client/Features/Chat/MessageService+Chat.swift": ["timed out"],
        // `--json` machine values.
        "Client/Features/Export/ImportResults.swift": ["already imported"],
        "Client/Features/Stats/StatsCalculator.swift": ["obesity class I", "obesity class II", "obesity class III"],
        // A system call's failure, with the system's own (English) words.
        "Client/Terminal/RawMode.swift": [#"terminal attributes: \(String(cString: strerror(errorNumber)))"#],
    ]

    /// Files whose literals are a file format (columns another program reads, iCalendar, SVG).
    static let formats: Set<String> = [
        "Client/Features/Export/WorkoutFile.swift", "Client/Features/Calendar/ICalendar.swift", "Shared/Protocol/Charts/SVGChart.swift",
    ]

    /// String literals of `line` that read like words of a language: two or more lower-case words in a row.
    static func wordyLiterals(in line: String) -> [String] {
        func regex(_ pattern: String) -> NSRegularExpression { try! NSRegularExpression(pattern: pattern) }
        let literal = regex(#"(?<![#\\])"((?:[^"\\]|\\.)*)""#)
        let words = regex(#"(?<![\w.\-])[a-z]{2,}(?: [a-z]{2,})+"#)
        let machine = regex(#"\b(SELECT|INSERT|UPDATE|CREATE|ALTER|PRAGMA|ORDER BY|AND)\b|yyyy|HH:mm"#)
        let interpolation = regex(#"\\\([^)]*\)"#)
        func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
            expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        return literal.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap { match in
            Range(match.range(at: 1), in: line).map { String(line[$0]) }
        }.filter { text in
            let bare = interpolation.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: " ")
            return matches(words, bare) && !matches(machine, bare) && !bare.hasPrefix("gorilla ")
        }
    }

    @Test func noTextForAPersonIsWrittenOutsideTheCatalogues() throws {
        var found: [String] = []
        for folder in ["Client", "Sources/gorilla"] {
            let base = Self.root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            #expect(!files.isEmpty, "no sources under \(base.path)")
            for file in files where file.hasSuffix(".swift") {
                let path = "\(folder)/\(file)"
                guard !Self.formats.contains(path) else { continue }
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                    for literal in Self.wordyLiterals(in: String(line))
                    where !(Self.allowed[path]?.contains(literal) ?? false) {
                        found.append("\(path):\(number + 1): \"\(literal)\"")
                    }
                }
            }
        }
        #expect(
            found.isEmpty,
            "texts outside the catalogues (add a phrase, or allow a non-language text):\n\(found.joined(separator: "\n"))"
        )
    }

    @Test func theScanFindsAnEnglishSentenceAndLetsKeysAndCommandLinesPass() {
        #expect(
            Self.wordyLiterals(in: #"throw ClientError(.usage, "nothing to change here")"#) == [
                "nothing to change here"
            ])
        #expect(Self.wordyLiterals(in: #"let hint = "gorilla events add --client C""#).isEmpty)
        #expect(Self.wordyLiterals(in: #"let key = "deviceName""#).isEmpty)
        #expect(Self.wordyLiterals(in: #"sql += " AND ref_start < ?""#).isEmpty)
    }
}
