import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting

/// Finding English left in a Catalan or Spanish output: the words of a list that its prose still holds, once what
/// is not language is taken out (command lines, `--flags`, quoted names, `<placeholders>`, the test's own names).
enum LeftInEnglish {
    /// What is not language, as regular expressions. A quote right after a letter is Catalan's apostrophe (l'exercici),
    /// not the start of a quoted name.
    static let notLanguage = [
        #"gorilla [a-z][a-z -]*"#, #"--[a-z-]+"#, #"(?<!\p{L})'[^']*'"#, #""[^"]*""#, #"<[^>]*>"#,
    ]

    /// A typed keyword shown as the user's word beside the English one (`dia/day`, `últim/last`): the English word
    /// is there on purpose.
    static let keywordPairs = Keyword.allCases.flatMap { keyword in
        [Language.ca, .es].map { keyword.spelled(in: $0) }.filter { $0.contains("/") }
    }

    /// `text` without what is not language (and without what `extra` patterns match).
    static func prose(_ text: String, extra: [String] = []) -> String {
        var cleaned = text
        for pair in keywordPairs.sorted(by: { $0.count > $1.count }) {
            cleaned = cleaned.replacingOccurrences(of: pair, with: " ")
        }
        for pattern in notLanguage + extra {
            cleaned = cleaned.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return cleaned
    }

    /// The words of `english` in the prose of `text`, leaving out `names`; ids and numbers are never words.
    static func words(_ english: Set<String>, in text: String, names: [String] = [], extra: [String] = []) -> [String] {
        var prose = prose(text, extra: extra)
        for name in names { prose = prose.replacingOccurrences(of: name, with: " ") }
        let words = prose.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .filter { $0.allSatisfy(\.isLetter) }.map(String.init)
        return Array(Set(words.filter { english.contains($0) })).sorted()
    }

    /// The message of the ``ClientError`` `body` throws ("(no error)" when it throws none).
    static func failure(_ body: () async throws -> CommandOutput) async -> String {
        do {
            _ = try await body()
            return "(no error)"
        } catch let error as ClientError {
            return error.message
        } catch {
            return "\(error)"
        }
    }
}
