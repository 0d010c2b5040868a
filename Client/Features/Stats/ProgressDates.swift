import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The days the statistics and the measurements write: as they always were in English (`2026-11-20`), in words in
/// Catalan and Spanish (``CalendarWords``), where a day written month first would be misread.
package enum ProgressDates {
    /// A day in a sentence: `2026-11-20`, `20 de novembre de 2026`, `1 d’abril de 2026`, `20 de noviembre de 2026`.
    package static func day(_ day: CalendarDate, in language: Language = .current) -> String {
        guard language != .en else { return day.description }
        let month = CalendarWords.of(language).months[day.month - 1]
        let of = language == .ca && [4, 8, 10].contains(day.month) ? "d’" : "de "
        return "\(day.day) \(of)\(month) de \(day.year)"
    }

    /// The local day of `date` in a sentence (``day(_:in:)``).
    package static func day(_ date: Date) -> String {
        Language.current == .en ? ClientStats.shortDate(date) : day(CalendarDate(date, in: .current))
    }

    /// A measurement's day in a sentence (the stored text when it is no date).
    package static func day(of entry: BodyHistory.Entry) -> String { day(entry.date) }

    /// The week starting on `date` under a chart: `11-02` in English, `2 nov.` in Catalan and Spanish.
    static func week(_ date: Date) -> String {
        guard Language.current != .en else { return String(ClientStats.shortDate(date).dropFirst(5)) }
        let day = CalendarDate(date, in: .current)
        return "\(day.day) \(CalendarWords.of(.current).shortMonths[day.month - 1])"
    }

    /// The week starting on `date` in a table's column: `2026-11-02` in English, `2 nov. 2026` in Catalan and
    /// Spanish.
    package static func weekColumn(_ date: Date) -> String {
        guard Language.current != .en else { return ClientStats.shortDate(date) }
        return "\(week(date)) \(CalendarDate(date, in: .current).year)"
    }
}
