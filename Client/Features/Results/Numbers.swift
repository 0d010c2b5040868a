import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Number formatting for weights and times: no trailing ".0".
///
/// `plain`, `clock` and `fixed` write a decimal point whatever the language (set syntax, files, the English texts);
/// their `written…` forms write the current language's decimal separator (`62,5` in Catalan and Spanish) for the
/// texts a person reads.
package enum Numbers {
    package static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15
            ? String(Int(value))
            : String(format: "%.2f", value)
                .replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    /// A weight or volume rounded to its meaning, 0.01 (a sum of decimals or a converted weight would otherwise carry
    /// every digit of the arithmetic).
    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// An estimated 1RM rounded to its meaning, 0.1.
    static func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// "0:45", "1:30", "1:02:05": a set's time, a rest, a stopwatch or a countdown, in whole seconds (cut down, so a
    /// stopwatch never shows a second before it has passed; `roundingUp` for a countdown, which shows "0:01" until
    /// the end). The one way the CLI writes such a time.
    package static func clock(_ seconds: Double, roundingUp: Bool = false) -> String {
        let whole = Int(max(0, roundingUp ? (seconds - 0.0005).rounded(.up) : (seconds + 0.0005).rounded(.down)))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// `value` with exactly `decimals` places ("%.1f"); `signed` writes a "+" before a positive value.
    static func fixed(_ value: Double, decimals: Int, signed: Bool = false) -> String {
        String(format: "%\(signed ? "+" : "").\(decimals)f", value)
    }

    /// `number`, a figure written with a decimal point, with the decimal separator of `language` ("62,5").
    static func spoken(_ number: String, in language: Language = .current) -> String {
        language == .en ? number : number.replacingOccurrences(of: ".", with: language.decimalSeparator)
    }

    /// ``plain(_:)`` in the current language: "62.5" / "62,5".
    package static func written(_ value: Double) -> String { spoken(plain(value)) }

    /// ``clock(_:roundingUp:)`` as a person reads it (the same in every language: "1:05").
    package static func writtenClock(_ seconds: Double) -> String { clock(seconds) }

    /// ``fixed(_:decimals:signed:)`` in the current language: "+2.50" / "+2,50".
    package static func writtenFixed(_ value: Double, decimals: Int, signed: Bool = false) -> String {
        spoken(fixed(value, decimals: decimals, signed: signed))
    }
}
