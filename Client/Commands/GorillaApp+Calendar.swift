import Foundation
import GorillaShared

extension GorillaApp {
    /// `gorilla calendar [YYYY-MM]`: a month grid, Monday first, today highlighted, days with events marked,
    /// then the month's events.
    /// - Parameter style: how today is marked: in reverse video where the output takes attributes (a terminal, with or
    ///   without `NO_COLOR`), with `<` otherwise.
    public func calendar(
        month: String?, style: TerminalStyle = .plain, now: Date = Date()
    ) async throws -> CommandOutput {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        var year = calendar.component(.year, from: now)
        var monthNumber = calendar.component(.month, from: now)
        if let month {
            let parts = month.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, (1...12).contains(parts[1]), (1900...9999).contains(parts[0]) else {
                throw ClientError(.usage, "the month is YYYY-MM, not '\(month)'")
            }
            (year, monthNumber) = (parts[0], parts[1])
        }
        let first = calendar.date(from: DateComponents(year: year, month: monthNumber, day: 1))!
        let next = calendar.date(byAdding: .month, value: 1, to: first)!
        let days = calendar.range(of: .day, in: .month, for: first)!.count
        let (cache, notes) = try await freshCache()
        let names = try clientNames(cache)
        let events = try cache.entities("event").compactMap { event -> (Date, CachedEntity)? in
            guard let start = event[string: "start"].flatMap(ISOTime.parse), start >= first, start < next else {
                return nil
            }
            return (start, event)
        }.sorted { $0.0 < $1.0 }
        var perDay: [Int: Int] = [:]
        for (start, event) in events where event[string: "status"] != "cancelled" {
            perDay[calendar.component(.day, from: start), default: 0] += 1
        }
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let todayDay = today.year == year && today.month == monthNumber ? today.day : nil

        let title = "\(Self.monthNames[monthNumber - 1]) \(year)"
        var lines = [
            String(repeating: " ", count: max(0, (27 - title.count) / 2)) + title, "Mon Tue Wed Thu Fri Sat Sun",
        ]
        let weekday = (calendar.component(.weekday, from: first) + 5) % 7  // Monday = 0
        var cells = Array(repeating: "    ", count: weekday)
        for day in 1...days {
            let marker = perDay[day] != nil ? "*" : " "
            var cell = String(format: "%3d", day) + marker
            if day == todayDay {
                cell =
                    style.attributes
                    ? style(String(format: "%3d", day), .reverse) + marker
                    : String(format: "%2d", day) + "<" + marker
            }
            cells.append(cell)
        }
        for week in stride(from: 0, to: cells.count, by: 7) {
            lines.append(cells[week..<min(week + 7, cells.count)].joined().trimmingTrailingSpaces())
        }
        lines.append(style.attributes ? "* events" : "* events   < today")
        lines.append("")
        if events.isEmpty {
            lines.append("No events this month.")
        } else {
            lines += events.map { EventFormatting.line($0.1, clientName: $0.1[string: "client"].flatMap { names[$0] }) }
        }
        let json: JSONValue = [
            "month": .string(String(format: "%04d-%02d", year, monthNumber)),
            "days": .array(
                perDay.keys.sorted().map {
                    .object(["day": .number(Double($0)), "events": .number(Double(perDay[$0]!))])
                }),
            "events": .array(events.map { Self.json($0.1) }),
        ]
        return CommandOutput(text: lines.joined(separator: "\n"), json: json, notes: notes)
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]
}
