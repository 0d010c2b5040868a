import Foundation
import GorillaShared

extension CalendarMonth {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    /// A grid, Monday first, days with events marked `*`, today in reverse video where the output takes attributes
    /// (with `<` otherwise); then the month's events.
    public func text(for viewer: Viewer) -> String {
        let style = viewer.style
        let title = "\(Self.monthNames[month - 1]) \(year)"
        var lines = [
            String(repeating: " ", count: max(0, (27 - title.count) / 2)) + title, "Mon Tue Wed Thu Fri Sat Sun",
        ]
        var cells = Array(repeating: "    ", count: firstWeekday)
        for day in 1...days {
            let marker = eventsPerDay[day] != nil ? "*" : " "
            var cell = String(format: "%3d", day) + marker
            if day == today {
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
            lines += events.map { EventFormatting.line($0.event, clientName: $0.clientName) }
        }
        return lines.joined(separator: "\n")
    }
}
