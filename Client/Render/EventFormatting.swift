import Foundation
import GorillaShared

/// Local-time parsing and formatting of event times (entered and shown in the user's time zone, stored in UTC).
public enum EventFormatting {
    /// Parses "YYYY-MM-DD HH:MM" (or "YYYY-MM-DDTHH:MM") in `zone`.
    public static func parseLocal(_ text: String, zone: TimeZone = .current) -> Date? {
        let parts = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "T", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 else { return nil }
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        let time = parts[1].split(separator: ":").compactMap { Int($0) }
        guard day.count == 3, time.count == 2, ISOTime.dateProblem(year: day[0], month: day[1], day: day[2]) == nil,
            (0...23).contains(time[0]), (0...59).contains(time[1])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1])
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day[2] || calendar.component(.hour, from: date) != time[0]
        else { return nil }
        return date
    }

    /// Why the date a person typed ("YYYY-MM-DD", with or without a time) does not exist, in plain words
    /// ("2026-02-30 is not a date: February 2026 has 28 days"); nil when it exists or is not written as a date at all.
    public static func dateProblem(_ text: String) -> String? {
        let day = text.trimmingCharacters(in: .whitespaces).prefix(while: { $0 != " " && $0 != "T" })
        let parts = day.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let dayOfMonth = parts[2],
            let problem = ISOTime.dateProblem(year: year, month: month, day: dayOfMonth)
        else { return nil }
        return "\(day) is not a date: \(problem)"
    }

    /// Parses "YYYY-MM-DD" as the start of that day in `zone`.
    public static func parseDay(_ text: String, zone: TimeZone = .current) -> Date? {
        parseLocal(text + " 00:00", zone: zone)
    }

    /// "2026-11-22 09:30" in `zone`.
    public static func local(_ date: Date, zone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
    }

    /// "2026-11-20T10:00:00+01:00": the time in `zone` with its offset from UTC, as exports write it (a reader sees
    /// the wall-clock time the person saw and can still place it exactly).
    public static func localISO(_ date: Date, zone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date) / 60
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
            + (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(offset) / 60, abs(offset) % 60)
    }

    /// The local form of a stored ISO time (unchanged if it does not parse).
    public static func local(_ iso: String) -> String {
        ISOTime.parse(iso).map { local($0) } ?? iso
    }

    /// One line describing an event: when, how long, who, where, status, id.
    static func line(_ event: EntityRecord, clientName: String?) -> String {
        var parts = [local(event[string: "start"] ?? ""), "\(event.fields["duration"]?.intValue ?? 60) min"]
        if let clientName { parts.append(clientName) }
        if let gym = event[string: "gym"] { parts.append("@ \(gym)") }
        let status = event[string: "status"] ?? "scheduled"
        if status != "scheduled" { parts.append("(\(status))") }
        parts.append(event.id.short)
        return parts.joined(separator: "  ")
    }
}
