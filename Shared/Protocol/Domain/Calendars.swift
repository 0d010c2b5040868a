import Foundation

/// The one calendar factory: the Gregorian calendar, or ISO 8601's (weeks from Monday, the first week holding a
/// Thursday), in a zone (the viewer's by default) and with the POSIX locale, so that days, weeks and times never depend
/// on the machine's language or region settings.
package enum Calendars {
    /// The Gregorian calendar in `zone`.
    package static func gregorian(in zone: TimeZone = .current) -> Calendar {
        make(.gregorian, zone)
    }

    /// ISO 8601's calendar in `zone`: weeks start on Monday.
    package static func iso8601(in zone: TimeZone = .current) -> Calendar {
        make(.iso8601, zone)
    }

    private static func make(_ identifier: Calendar.Identifier, _ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: identifier)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.timeZone = zone
        return calendar
    }
}
