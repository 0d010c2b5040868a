import Foundation

/// Number formatting for weights and times: no trailing ".0".
enum Numbers {
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15
            ? String(Int(value))
            : String(format: "%.2f", value)
                .replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }

    /// A weight or volume rounded to its meaning, 0.01 (a sum of decimals or a converted weight would otherwise carry
    /// every digit of the arithmetic).
    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// An estimated 1RM rounded to its meaning, 0.1.
    static func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// "1:05.3" / "42.0 s" for a stopwatch.
    static func clock(_ seconds: Double) -> String {
        let s = max(0, seconds)
        let minutes = Int(s) / 60
        let rest = s - Double(minutes * 60)
        return minutes > 0 ? String(format: "%d:%04.1f", minutes, rest) : String(format: "%.1f s", rest)
    }
}
