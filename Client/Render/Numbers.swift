import Foundation

/// Number formatting for weights and times: no trailing ".0".
enum Numbers {
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15
            ? String(Int(value))
            : String(format: "%.2f", value)
                .replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }

    /// "1:05.3" / "42.0 s" for a stopwatch.
    static func clock(_ seconds: Double) -> String {
        let s = max(0, seconds)
        let minutes = Int(s) / 60
        let rest = s - Double(minutes * 60)
        return minutes > 0 ? String(format: "%d:%04.1f", minutes, rest) : String(format: "%.1f s", rest)
    }
}
