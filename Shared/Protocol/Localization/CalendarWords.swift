import Foundation

/// The names of days and months in each language, and how a day is written (`dl. 7 de des.`, `lun. 7 de dic.`,
/// `Mon 7 Dec`). Weeks start on Monday in every language of the product.
public struct CalendarWords: Sendable {
    /// The language the words are in.
    public let language: Language
    /// Monday first.
    public let weekdays: [String]
    /// Monday first, as calendar headers write them (two or three letters).
    public let weekdayHeaders: [String]
    /// January first.
    public let months: [String]
    /// January first.
    public let shortMonths: [String]
    /// The day `weekday` (Monday = 0), `day` of month `month` (1–12), short.
    let shortDay: @Sendable (Int, Int, Int) -> String

    /// The words of `language`.
    public static func of(_ language: Language) -> CalendarWords {
        switch language {
        case .ca: .ca
        case .es: .es
        case .en: .en
        }
    }

    /// `dl. 7 de des.` / `lun. 7 de dic.` / `Mon 7 Dec`.
    public func shortDay(_ day: CalendarDate) -> String {
        shortDay(Weekday(of: day).index, day.day, day.month)
    }

    /// `desembre de 2026` / `diciembre de 2026` / `December 2026`.
    public func monthTitle(year: Int, month: Int) -> String {
        language == .en ? "\(months[month - 1]) \(year)" : "\(months[month - 1]) de \(year)"
    }
}
