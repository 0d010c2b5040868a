import Foundation

/// Effort on the RPE scale (10 = nothing left in reserve), in half steps: planned (`3x8@RPE8`, `3x8 RIR2`) and
/// performed (`8x100kg @8`). One rule for the CLI's notation and the server's checks.
package enum Effort {
    /// The efforts a plan may ask for (`RIR n` is RPE 10−n, so RIR 0 to 4).
    package static let plannedRange: ClosedRange<Double> = 6...10
    /// The efforts a performed set may record.
    package static let performedRange: ClosedRange<Double> = 1...10

    /// Whether `rpe` lies in `range` in half steps.
    package static func isValid(_ rpe: Double, in range: ClosedRange<Double>) -> Bool {
        rpe.isFinite && range.contains(rpe) && (rpe * 2).rounded() == rpe * 2
    }

    /// Refuses an effort outside `range` or between half steps.
    package static func check(_ rpe: Double?, _ field: String, in range: ClosedRange<Double>) throws(DocumentProblem) {
        guard let rpe, !isValid(rpe, in: range) else { return }
        throw .invalid(
            "\(field) must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)) in half steps")
    }

    /// The effort as written: `8`, `7.5`.
    package static func text(_ rpe: Double) -> String {
        rpe == rpe.rounded() ? String(Int(rpe)) : String(rpe)
    }
}
