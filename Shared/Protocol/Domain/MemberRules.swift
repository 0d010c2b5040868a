import Foundation

/// The checks the document types compose into their own rules (``Machine/normalised()`` and the like). Each takes a
/// member's value and the name to give in a ``DocumentProblem``; none reads a document.
package enum MemberRules {
    /// Longest free text (a description, a note).
    package static let maxTextLength = 2000

    /// A required display string: trimmed, 1–`max` characters, no control characters.
    package static func name(
        _ text: String, _ field: String, max: Int = Validation.maximumNameLength
    ) throws(DocumentProblem) -> String {
        guard let clean = Validation.cleanName(text, maxLength: max) else {
            throw .invalid("\(field) (1–\(max) characters, no control characters)")
        }
        return clean
    }

    /// An optional text as stored: trimmed, nil when that leaves nothing; newlines allowed when `multiline`.
    package static func text(
        _ text: String?, _ field: String, max: Int = maxTextLength, multiline: Bool = true
    ) throws(DocumentProblem) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        guard trimmed.count <= max, !Validation.containsControlCharacters(trimmed, allowNewline: multiline) else {
            throw .invalid("\(field) (at most \(max) characters, no control characters)")
        }
        return trimmed
    }

    /// An optional finite number in `range`.
    package static func number(_ value: Double?, _ field: String, in range: ClosedRange<Double>) throws(DocumentProblem)
    {
        guard let value else { return }
        guard value.isFinite, range.contains(value) else {
            throw .invalid("\(field) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    /// An optional whole number in `range`.
    package static func number(_ value: Int?, _ field: String, in range: ClosedRange<Double>) throws(DocumentProblem) {
        try number(value.map(Double.init), field, in: range)
    }

    /// A list of short names (e.g. muscle groups): at most `maxCount`, each trimmed, without duplicates (by case).
    package static func names(
        _ list: [String], _ field: String, maxCount: Int, maxLength: Int
    ) throws(DocumentProblem) -> [String] {
        guard list.count <= maxCount else { throw .invalid("\(field) must be a list of at most \(maxCount)") }
        var seen = Set<String>()
        var clean: [String] = []
        for item in list {
            guard let name = Validation.cleanName(item, maxLength: maxLength) else {
                throw .invalid("\(field) entries must be text of 1–\(maxLength) characters")
            }
            if seen.insert(name.lowercased()).inserted { clean.append(name) }
        }
        return clean
    }
}
