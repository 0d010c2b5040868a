import Foundation

/// ISO-8601 timestamps in UTC with milliseconds (`2026-11-22T14:59:08.123Z`), as the wire carries them.
package enum ISOTime {
    /// Formats a date in UTC with milliseconds.
    package static func format(_ date: Date) -> String {
        // To the nearest millisecond: a Double often holds an exact millisecond a hair below itself.
        var millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = millis / 1000
        millis -= seconds * 1000
        if millis < 0 { millis += 1000; seconds -= 1 }
        let (y, m, d) = civilDate(daysSinceEpoch: floorDiv(seconds, 86_400))
        let secondOfDay = seconds - floorDiv(seconds, 86_400) * 86_400
        // Written digit by digit: `String(format:)` costs more than the rest of a small request.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        func digits(_ value: Int64, _ count: Int) {
            var divisor: Int64 = 1
            for _ in 1..<count { divisor *= 10 }
            var rest = value
            if rest >= divisor * 10 {  // a year past 9999 keeps all its digits
                bytes += String(rest).utf8
                return
            }
            while divisor > 0 {
                bytes.append(UInt8(48 + rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        if y < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(abs(y), 4)
        bytes.append(UInt8(ascii: "-"))
        digits(m, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(d, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits((secondOfDay % 3600) / 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2)
        bytes.append(UInt8(ascii: "."))
        digits(millis, 3)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM]`; returns nil for anything else, and for a time that does not
    /// exist: a day the month does not have (`2026-02-30`), year 0000, second 60, an offset beyond ±23:59.
    package static func parse(_ text: String) -> Date? {
        let chars = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= chars.count else { return nil }
            var value: Int64 = 0
            for i in from..<(from + count) {
                let c = chars[i]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int64(c - 48)
            }
            return value
        }
        guard chars.count >= 19, chars[4] == 45, chars[7] == 45, chars[10] == 84 || chars[10] == 32,
            chars[13] == 58, chars[16] == 58,
            let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2),
            let h = number(11, 2), let mi = number(14, 2), let s = number(17, 2),
            dateProblem(year: Int(y), month: Int(mo), day: Int(d)) == nil, h < 24, mi < 60, s < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < chars.count, chars[index] == 46 {
            index += 1
            var digits = 0
            var millis: Int64 = 0
            let start = index
            while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                if digits < 3 { millis = millis * 10 + Int64(chars[index] - 48) }
                digits += 1
                index += 1
            }
            if index == start { return nil }
            if digits < 3 { for _ in digits..<3 { millis *= 10 } }
            fraction = Double(millis) / 1000
        }
        var offset: Int64 = 0
        if index < chars.count {
            switch chars[index] {
            case 90 where index == chars.count - 1: break  // Z
            case 43, 45:  // + -
                guard chars.count == index + 6, chars[index + 3] == 58,
                    let oh = number(index + 1, 2), let om = number(index + 4, 2), oh < 24, om < 60
                else { return nil }
                offset = (oh * 3600 + om * 60) * (chars[index] == 43 ? 1 : -1)
            default: return nil
            }
        }
        let days = daysSinceEpoch(year: y, month: mo, day: d)
        let seconds = days * 86_400 + h * 3600 + mi * 60 + s - offset
        // Built from whole milliseconds so that formatting it again gives the same text.
        return Date(timeIntervalSince1970: Double(seconds * 1000 + Int64((fraction * 1000).rounded())) / 1000)
    }

    /// The one rule for calendar dates, on both sides: why `year`-`month`-`day` is not a date, in plain words
    /// ("February 2026 has 28 days"), or nil when it is one. Years run from 1 to 9999 (the Gregorian calendar,
    /// leap years included); nothing is ever moved to the next valid day.
    package static func dateProblem(year: Int, month: Int, day: Int) -> String? {
        guard (1...9999).contains(year) else { return "the year must be between 0001 and 9999" }
        guard (1...12).contains(month) else { return "the month must be between 01 and 12" }
        let days = daysIn(month: month, year: year)
        guard (1...days).contains(day) else { return "\(monthNames[month - 1]) \(year) has \(days) days" }
        return nil
    }

    /// How many days `month` (1–12) of `year` has.
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    // Howard Hinnant's civil-from-days and days-from-civil algorithms.
    static func civilDate(daysSinceEpoch z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
