import Foundation

/// The names of days and months in each language, and how a day is written (`dl. 7 de des.`, `lun. 7 de dic.`,
/// `Mon 7 Dec`). Weeks start on Monday in every language of the product.
package struct CalendarWords: Sendable {
    /// The language the words are in.
    package let language: Language
    /// Monday first.
    package let weekdays: [String]
    /// Monday first, as calendar headers write them (two or three letters).
    package let weekdayHeaders: [String]
    /// January first.
    package let months: [String]
    /// January first.
    package let shortMonths: [String]
    /// Monday first, as a short date writes them (`dl.`, `lun.`, `Mon`).
    package let shortWeekdays: [String]

    /// The words of `language`.
    package static func of(_ language: Language) -> CalendarWords {
        switch language {
        case .ca: .ca
        case .es: .es
        case .en: .en
        }
    }

    /// `dl. 7 de des.` / `lun. 7 de dic.` / `Mon 7 Dec`.
    package func shortDay(_ day: CalendarDate) -> String {
        let weekday = shortWeekdays[Weekday(of: day).index]
        let month = shortMonths[day.month - 1]
        return switch language {
        case .en: "\(weekday) \(day.day) \(month)"
        case .es: "\(weekday) \(day.day) de \(month)"
        // "de" becomes "d'" before a vowel: 7 d'abr., 7 d'ag., 7 d'oct.
        case .ca: "\(weekday) \(day.day) \([4, 8, 10].contains(day.month) ? "d’" : "de ")\(month)"
        }
    }

    /// `desembre de 2026` / `diciembre de 2026` / `December 2026`.
    package func monthTitle(year: Int, month: Int) -> String {
        language == .en ? "\(months[month - 1]) \(year)" : "\(months[month - 1]) de \(year)"
    }
}
