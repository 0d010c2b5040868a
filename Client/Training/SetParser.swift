import Foundation
import GorillaShared

/// Parses `--set "EXERCISE: SET, SET, ..."`, where SET is `REPS[xWEIGHT[kg|lb]][@DURATION][ TYPE]`.
///
/// DURATION is `40s`, `40`, `1m30s` or `1:30`; TYPE is `normal`, `warmup`, `drop` or `failure`
/// (or `n`, `w`, `d`, `f`), after a space or in parentheses: `12x80kg@40s warmup`, `8x60lb(drop)`.
public enum SetParser {
    /// A syntax error naming the offending part, with the text and a caret under it.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        /// The whole text given.
        public let text: String
        /// The offending part.
        public let part: String
        /// Where the offending part starts in `text` (in characters).
        public let offset: Int

        public var description: String {
            "\(message): '\(part)'\n  \(text)\n  \(String(repeating: " ", count: offset))\(String(repeating: "^", count: max(1, part.count)))"
        }
    }

    /// Parses one `--set` argument into an exercise name and its sets.
    public static func parse(
        _ text: String, defaultUnit: WeightUnit = .kg
    ) throws(ParseError) -> (name: String, sets: [PerformedSet]) {
        guard let colon = text.firstIndex(of: ":") else {
            throw ParseError(
                message: "expected \"EXERCISE: SET, SET, ...\" (no ':' after the exercise name)", text: text,
                part: text, offset: 0)
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            throw ParseError(
                message: "the exercise name is missing before ':'", text: text, part: ":",
                offset: text.distance(from: text.startIndex, to: colon))
        }
        var sets: [PerformedSet] = []
        var position = text.index(after: colon)
        let body = text[position...]
        guard !body.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ParseError(
                message: "no sets after '\(name):'", text: text, part: ":",
                offset: text.distance(from: text.startIndex, to: colon))
        }
        for piece in body.split(separator: ",", omittingEmptySubsequences: false) {
            let leading = piece.prefix(while: { $0 == " " }).count
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            let offset = text.distance(from: text.startIndex, to: piece.startIndex) + leading
            position = piece.endIndex
            guard !trimmed.isEmpty else {
                throw ParseError(
                    message: "an empty set (two commas in a row?)", text: text, part: ",", offset: max(0, offset - 1))
            }
            do {
                sets.append(try parseSet(trimmed, defaultUnit: defaultUnit))
            } catch let problem {
                throw ParseError(
                    message: "set \(sets.count + 1) of '\(name)': \(problem.reason)", text: text, part: trimmed,
                    offset: offset)
            }
        }
        _ = position
        return (name, sets)
    }

    struct SetProblem: Error {
        let reason: String
    }

    /// One set: `12x80kg@40s`, `20x0kg`, `15`, `10x22.5lb@1:05 warmup`, `8x60(drop)`.
    static func parseSet(_ text: String, defaultUnit: WeightUnit) throws(SetProblem) -> PerformedSet {
        var rest = Substring(text.lowercased())
        var type = SetType.normal
        if rest.hasSuffix(")"), let open = rest.lastIndex(of: "(") {
            type = try setType(String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]))
            rest = rest[..<open]
        } else if let space = rest.lastIndex(of: " ") {
            type = try setType(String(rest[rest.index(after: space)...]))
            rest = rest[..<space]
        }
        rest = Substring(rest.trimmingCharacters(in: .whitespaces))
        var duration: Double?
        if let at = rest.firstIndex(of: "@") {
            let after = rest[rest.index(after: at)...].trimmingCharacters(in: .whitespaces)
            if after.hasSuffix("kg") || after.hasSuffix("lb") || after.hasSuffix("lbs") {
                throw SetProblem(
                    reason: """
                        this is the form of a plan (SETSxREPS@LOAD, as in trainings --plan); \
                        a performed set is REPSxWEIGHT[kg|lb][@DURATION], e.g. 12x80kg@40s
                        """)
            }
            duration = try parseDuration(String(rest[rest.index(after: at)...]))
            rest = rest[..<at]
        }
        let parts = rest.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        let repsRange = PerformedSet.repsRange
        guard let repsText = parts.first, let reps = Int(repsText), repsRange.contains(Double(reps)) else {
            throw SetProblem(
                reason: """
                    expected REPSxWEIGHT[kg|lb][@DURATION] with REPS a whole number \
                    from \(Int(repsRange.lowerBound)) to \(Int(repsRange.upperBound))
                    """)
        }
        var weight = 0.0
        var unit = defaultUnit
        if parts.count == 2 {
            var weightText = parts[1]
            if weightText.hasSuffix("kg") {
                unit = .kg; weightText = weightText.dropLast(2)
            } else if weightText.hasSuffix("lb") {
                unit = .lb; weightText = weightText.dropLast(2)
            } else if weightText.hasSuffix("lbs") {
                unit = .lb; weightText = weightText.dropLast(3)
            }
            let weightRange = PerformedSet.weightRange
            guard let value = Double(weightText), value.isFinite, weightRange.contains(value) else {
                throw SetProblem(
                    reason: """
                        the weight must be a number from \(Int(weightRange.lowerBound)) to \(Int(weightRange.upperBound)) \
                        followed by kg or lb (e.g. 80kg, 22.5lb)
                        """)
            }
            weight = value
        }
        return PerformedSet(type: type, reps: reps, weight: weight, unit: unit, duration: duration)
    }

    static func setType(_ text: String) throws(SetProblem) -> SetType {
        guard let type = SetType(typed: text) else {
            let names = SetType.allCases.map(\.rawValue)
            throw SetProblem(
                reason: "unknown set type '\(text)' (\(names.dropLast().joined(separator: ", ")) or \(names.last!))")
        }
        return type
    }

    /// `40s`, `40`, `1m30s`, `2m`, `1:30`.
    static func parseDuration(_ text: String) throws(SetProblem) -> Double {
        let limit = TrainingSession.secondsRange
        let invalid = SetProblem(
            reason:
                "the duration after '@' must look like 40s, 1m30s or 1:30 (at most \(Int(limit.upperBound) / 3600) h)")
        var seconds: Double?
        let clean = text.trimmingCharacters(in: .whitespaces)
        if clean.contains(":") {
            let parts = clean.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 2, let m = Int(parts[0]), let s = Double(parts[1]), s < 60 {
                seconds = Double(m) * 60 + s
            }
        } else if let plain = Double(clean) {
            seconds = plain
        } else if clean.hasSuffix("s") || clean.hasSuffix("m") {
            var body = Substring(clean)
            var minutes = 0.0
            if let m = body.firstIndex(of: "m") {
                guard let value = Double(body[..<m]) else { throw invalid }
                minutes = value
                body = body[body.index(after: m)...]
            }
            if body.isEmpty {
                seconds = minutes * 60
            } else if body.hasSuffix("s"), let value = Double(body.dropLast()) {
                seconds = minutes * 60 + value
            }
        }
        guard let seconds, seconds.isFinite, limit.contains(seconds) else { throw invalid }
        return seconds
    }
}
