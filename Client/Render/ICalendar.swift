import Foundation

/// RFC 5545 iCalendar output: UTC times, escaped text, lines folded at 75 octets, CRLF endings.
public enum ICalendar {
    public struct Event: Sendable {
        public var id: UUID
        public var start: Date
        public var minutes: Int
        public var summary: String
        public var location: String?
        public var description: String?
        public var cancelled: Bool
    }

    public static func render(_ events: [Event], now: Date = Date()) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//GorillaCoach//gorilla//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
        ]
        for event in events {
            lines += [
                "BEGIN:VEVENT",
                "UID:\(event.id.uuidString.lowercased())@gorillacoach",
                "DTSTAMP:\(stamp(now))",
                "DTSTART:\(stamp(event.start))",
                "DTEND:\(stamp(event.start.addingTimeInterval(Double(event.minutes) * 60)))",
                "SUMMARY:\(escape(event.summary))",
            ]
            if let location = event.location { lines.append("LOCATION:\(escape(location))") }
            if let description = event.description { lines.append("DESCRIPTION:\(escape(description))") }
            lines.append("STATUS:\(event.cancelled ? "CANCELLED" : "CONFIRMED")")
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// `20261122T153000Z`.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// TEXT escaping: backslash, semicolon, comma and newlines.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\r\n", with: "\\n")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Folds a content line into chunks of at most 75 octets, continuation lines starting with a space,
    /// never splitting a UTF-8 character.
    static func fold(_ line: String) -> String {
        var result = ""
        var current = ""
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > 75 {
                result += current + "\r\n "
                current = ""
                octets = 1
            }
            current.append(character)
            octets += size
        }
        return result + current
    }
}
