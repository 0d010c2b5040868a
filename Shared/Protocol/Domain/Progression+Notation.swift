import Foundation

extension Progression {
    /// The rule as ``ProgressionNotation`` reads it, in English: `+2.5kg/week`, `+1 set/2 weeks`,
    /// `3x8-12, +2.5kg when all sets reach 12`, `70%,75%,80% of e1RM`.
    package var notation: String {
        switch self {
        case .step(let increment, let every):
            return increment.notation + (every == 1 ? "/week" : "/\(every) weeks")
        case .double(let sets, let low, let high, let increment):
            return "\(sets)x\(low)-\(high), \(increment.notation) when all sets reach \(high)"
        case .wave(let shares):
            return shares.map { Self.number($0 * 100) + "%" }.joined(separator: ",") + " of e1RM"
        }
    }

    /// A figure without trailing zeros.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

extension Progression.Increment {
    /// `+2.5kg`, `+5%`, `+1 rep`, `+2 sets`.
    package var notation: String {
        switch self {
        case .load(let amount, let unit): "+\(Progression.number(amount))\(unit.rawValue)"
        case .percent(let amount): "+\(Progression.number(amount))%"
        case .reps(let amount): "+\(amount) rep" + (amount == 1 ? "" : "s")
        case .sets(let amount): "+\(amount) set" + (amount == 1 ? "" : "s")
        }
    }
}
