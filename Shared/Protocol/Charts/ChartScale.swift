import Foundation

/// A chart's value axis: from `low` to `high` in steps of `step`, each tick a round number (1, 2 or 5 × 10ⁿ), whole
/// numbers only for counts. Progress axes start near the data; count axes start at zero.
package struct ChartScale: Sendable, Equatable {
    package let low: Double
    package let high: Double
    package let step: Double

    /// The axis for `values`: from zero for counts (`fromZero`), else around the data with a little room.
    package init(_ values: [Double], fromZero: Bool, whole: Bool, ticks: Int = 4) {
        var low = fromZero ? min(0, values.min() ?? 0) : values.min() ?? 0
        var high = values.max() ?? 1
        if !fromZero {
            let room = max((high - low) * 0.1, abs(high) * 0.02, whole ? 1 : 0.5)
            low -= room
            high += room
            if (values.min() ?? 0) >= 0 { low = max(0, low) }
        }
        if high - low < (whole ? 1 : 1e-9) { high = low + 1 }
        var step = Self.roundStep((high - low) / Double(max(1, ticks)))
        if whole { step = max(1, step.rounded(.up)) }
        self.step = step
        self.low = (low / step).rounded(.down) * step
        self.high = max((high / step).rounded(.up) * step, self.low + step)
    }

    /// The ticks, lowest first.
    package var ticks: [Double] {
        stride(from: low, through: high + step / 1000, by: step).map { ($0 / step).rounded() * step }
    }

    /// Where `value` sits between the ends, 0…1.
    package func fraction(_ value: Double) -> Double { (value - low) / (high - low) }

    /// 1, 2 or 5 × 10ⁿ at or above `raw`.
    static func roundStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for multiple in [1.0, 2, 5, 10] where multiple * magnitude >= raw * 0.999 { return multiple * magnitude }
        return 10 * magnitude
    }

    /// "80", "112.5": a whole number without decimals, else one (with a decimal point: files and attributes).
    package static func format(_ value: Double) -> String {
        abs(value - value.rounded()) < 0.005 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }

    /// ``format(_:)`` as `language` writes it ("112,5" in Catalan and Spanish), for the texts a person reads.
    package static func written(_ value: Double, in language: Language = .current) -> String {
        language == .en ? format(value) : format(value).replacingOccurrences(of: ".", with: language.decimalSeparator)
    }
}
