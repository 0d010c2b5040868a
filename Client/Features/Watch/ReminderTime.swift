import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// How long before an appointment a reminder comes, as people type and read it: `30m`, `1h`, `1h30m`, `2d`, `90`
/// (minutes), `0` (at the start).
package enum ReminderTime {
    /// The minutes `text` names, or nil when it names none; the range (``GorillaShared/Profile/reminderRange``) is
    /// not checked here.
    package static func minutes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "")
        guard !trimmed.isEmpty else { return nil }
        if let plain = Int(trimmed) { return plain >= 0 ? plain : nil }
        var total = 0
        var digits = ""
        for character in trimmed {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            guard let amount = Int(digits) else { return nil }
            digits = ""
            switch character {
            case "m": total += amount
            case "h": total += amount * 60
            case "d": total += amount * 1440
            default: return nil
            }
            guard total <= 1_000_000 else { return nil }
        }
        // A trailing number without a unit ("1h30") is minutes.
        if let rest = Int(digits) { total += rest }
        return total
    }

    /// The minutes `text` names within ``GorillaShared/Profile/reminderRange``.
    /// - Throws: ``ClientError`` `.usage` saying what is accepted.
    package static func checked(_ text: String, option: String) throws -> Int {
        guard let minutes = minutes(text), Profile.reminderRange.contains(minutes) else {
            throw ClientError(.usage, rangeProblem(option: option, given: text))
        }
        return minutes
    }

    /// "--reminder takes 30m, 1h, 90 (minutes) or 0 (at the start), up to a week; not 'soon'".
    package static func rangeProblem(option: String, given: String) -> String {
        CalendarPhrases.reminderRange.t(["option": option, "text": given])
    }

    /// "at the start", "30 min before", "1 h 30 min before", "2 d before".
    package static func describe(_ minutes: Int) -> String {
        guard minutes > 0 else { return CalendarPhrases.reminderAtStart.t() }
        return CalendarPhrases.reminderBefore.t(["length": length(minutes)])
    }

    /// "30 min", "1 h", "1 h 30 min", "1 d 2 h".
    package static func length(_ minutes: Int) -> String {
        let days = minutes / 1440, hours = minutes % 1440 / 60, rest = minutes % 60
        var parts: [String] = []
        if days > 0 { parts.append("\(days) d") }
        if hours > 0 { parts.append("\(hours) h") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest) min") }
        return parts.joined(separator: " ")
    }
}
