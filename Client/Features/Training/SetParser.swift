import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Parses `--set "EXERCISE: SET, SET, ..."`, where SET is `REPS[xWEIGHT[kg|lb]][@DURATION][ TYPE]`, or for a
/// distance exercise (a rower) `METRESm[@DURATION][ TYPE]` (`2000m`, `2km`, `2000m@7:30`).
///
/// DURATION is `40s`, `40`, `1m30s` or `1:30`; TYPE is `normal`, `warmup`, `drop` or `failure`, their Catalan or
/// Spanish words (``Keyword``: `escalfament`, `descendente`, …) or `n`, `w`, `d`, `f`, after a space or in parentheses: `12x80kg@40s warmup`, `8x60lb(drop)`.
/// The effort reached comes after a space: `8x100kg @8`, `8x100kg rir 2` (``effort(_:)``).
///
/// Numbers take a decimal comma as well as a point (`12x62,5kg`): a comma between two digits is a decimal comma, and
/// any other comma (followed by a space or by anything but a digit) separates sets: `12x62,5kg, 10x85kg`.
package enum SetParser {
    /// A syntax error naming the offending part, with the text and a caret under it.
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        package let message: String
        /// The whole text given.
        package let text: String
        /// The offending part.
        package let part: String
        /// Where the offending part starts in `text` (in characters).
        package let offset: Int

        package var description: String {
            "\(message): '\(part)'\n  \(text)\n  \(String(repeating: " ", count: offset))\(String(repeating: "^", count: max(1, part.count)))"
        }
    }

    /// Parses one `--set` argument into an exercise name and its sets.
    package static func parse(
        _ text: String, defaultUnit: WeightUnit = .kg
    ) throws(ParseError) -> (name: String, sets: [PerformedSet]) {
        guard let colon = text.firstIndex(of: ":") else {
            throw ParseError(message: TrainingPhrases.setsNoColon.t(), text: text, part: text, offset: 0)
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            throw ParseError(
                message: TrainingPhrases.exerciseNameMissing.t(), text: text, part: ":",
                offset: text.distance(from: text.startIndex, to: colon))
        }
        var sets: [PerformedSet] = []
        var position = text.index(after: colon)
        let body = text[position...]
        guard !body.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ParseError(
                message: TrainingPhrases.noSetsAfterName.t(["name": name]), text: text, part: ":",
                offset: text.distance(from: text.startIndex, to: colon))
        }
        for piece in pieces(of: body) {
            let leading = piece.prefix(while: { $0 == " " }).count
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            let offset = text.distance(from: text.startIndex, to: piece.startIndex) + leading
            position = piece.endIndex
            guard !trimmed.isEmpty else {
                throw ParseError(
                    message: TrainingPhrases.emptySet.t(), text: text, part: ",", offset: max(0, offset - 1))
            }
            do {
                sets.append(try parseSet(trimmed, defaultUnit: defaultUnit))
            } catch let problem {
                // "15,12,10": sets written without spaces read as one number with a decimal comma.
                let decimalComma = trimmed.contains(where: { $0 == "," })
                let reason = problem.reason + (decimalComma ? TrainingPhrases.decimalCommaHint.t() : "")
                let values: [String: any Sendable] = ["number": sets.count + 1, "name": name, "reason": reason]
                throw ParseError(
                    message: TrainingPhrases.setOfExercise.t(values), text: text, part: trimmed, offset: offset)
            }
        }
        _ = position
        return (name, sets)
    }

    /// The sets of `body`, split at every comma that is not a decimal comma (one between two digits).
    static func pieces(of body: Substring) -> [Substring] {
        var pieces: [Substring] = []
        var start = body.startIndex
        var index = body.startIndex
        while index < body.endIndex {
            let next = body.index(after: index)
            if body[index] == ",", !isDecimalComma(at: index, in: body) {
                pieces.append(body[start..<index])
                start = next
            }
            index = next
        }
        pieces.append(body[start...])
        return pieces
    }

    /// Whether the comma at `index` stands between two digits (`62,5`).
    static func isDecimalComma(at index: Substring.Index, in text: Substring) -> Bool {
        guard index > text.startIndex, text.index(after: index) < text.endIndex else { return false }
        let digits: ClosedRange<Character> = "0"..."9"
        return digits.contains(text[text.index(before: index)]) && digits.contains(text[text.index(after: index)])
    }

    /// A number typed with a decimal comma or point (`62,5`, `62.5`); nil when `text` is none.
    package static func number(_ text: some StringProtocol) -> Double? {
        Language.parseNumber(String(text))
    }

    /// Why a set (or a plan) does not read, in the current language.
    struct SetProblem: Error {
        let reason: String
    }

    /// One set: `12x80kg@40s`, `20x0kg`, `15`, `10x22.5lb@1:05 warmup`, `8x60(drop)`.
    static func parseSet(_ text: String, defaultUnit: WeightUnit) throws(SetProblem) -> PerformedSet {
        var rest = Substring(text.lowercased())
        let rpe = try effort(&rest)
        var type = SetType.normal
        if rest.hasSuffix(")"), let open = rest.lastIndex(of: "(") {
            type = try setType(String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]))
            rest = rest[..<open]
        } else if let space = rest.lastIndex(of: " ") {
            let word = String(rest[rest.index(after: space)...])
            do {
                type = try setType(word)
            } catch let problem {
                // "10 x 50 kg": spaces inside the set, not a type after it.
                let inside = rest[..<space].trimmingCharacters(in: .whitespaces).contains(" ")
                let piece =
                    ["kg", "lb", "lbs"].contains(word) || (word.first.map { $0.isNumber || "x@".contains($0) } ?? false)
                guard inside || piece else { throw problem }
                throw SetProblem(reason: TrainingPhrases.setWithoutSpaces.t())
            }
            rest = rest[..<space]
        }
        rest = Substring(rest.trimmingCharacters(in: .whitespaces))
        var duration: Double?
        if let at = rest.firstIndex(of: "@") {
            let after = rest[rest.index(after: at)...].trimmingCharacters(in: .whitespaces)
            if after.hasSuffix("kg") || after.hasSuffix("lb") || after.hasSuffix("lbs") {
                throw SetProblem(reason: TrainingPhrases.setWrittenAsPlan.t())
            }
            duration = try parseDuration(String(rest[rest.index(after: at)...]))
            rest = rest[..<at]
        }
        if let metres = try distance(String(rest)) {
            return PerformedSet(type: type, reps: 0, unit: defaultUnit, duration: duration, distance: metres)
        }
        let parts = rest.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        let repsRange = PerformedSet.repsRange
        guard let repsText = parts.first, let reps = Int(repsText), repsRange.contains(Double(reps)) else {
            throw SetProblem(
                reason: TrainingPhrases.setReps.t([
                    "lowest": Int(repsRange.lowerBound), "highest": Int(repsRange.upperBound),
                ]))
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
            guard let value = number(weightText), value.isFinite, weightRange.contains(value) else {
                throw SetProblem(
                    reason: TrainingPhrases.setWeight.t([
                        "lowest": Int(weightRange.lowerBound), "highest": Int(weightRange.upperBound),
                    ]))
            }
            weight = value
        }
        return PerformedSet(type: type, reps: reps, weight: weight, unit: unit, duration: duration, rpe: rpe)
    }

    /// The effort reached, written after the set with a space (`8x100kg @8`, `@7,5`, `@rpe 8`, `rpe8`, `rir 2` for
    /// RPE 8), removed from `text`; nil when the set says none. `12x80kg@40s` stays a time.
    static func effort(_ text: inout Substring) throws(SetProblem) -> Double? {
        var words = text.split(separator: " ")
        guard let index = words.indices.dropFirst().first(where: { index in
            ["@", "rpe", "rir"].contains { words[index].hasPrefix($0) }
        }) else { return nil }
        var word = words[index].drop { $0 == "@" }
        let mark = ["rpe", "rir"].first { word.hasPrefix($0) }
        word = word.dropFirst(mark?.count ?? 0)
        var taken = 1
        if word.isEmpty, mark != nil, index + 1 < words.count {
            word = words[index + 1]
            taken = 2
        }
        guard let value = number(word) else {
            // "12x80kg @40s" is a time written apart, not an effort: the set's own errors say so.
            if mark == nil { return nil }
            throw SetProblem(reason: TrainingPhrases.setEffort.t())
        }
        let rpe = mark == "rir" ? Effort.performedRange.upperBound - value : value
        guard Effort.isValid(rpe, in: Effort.performedRange) else {
            throw SetProblem(reason: TrainingPhrases.setEffort.t())
        }
        words.removeSubrange(index..<(index + taken))
        text = Substring(words.joined(separator: " "))
        return rpe
    }

    /// The metres of a distance set (`2000m`, `2km`, `1.5km`), nil when `text` is not one.
    static func distance(_ text: String) throws(SetProblem) -> Double? {
        let factor: Double
        let number: Substring
        if text.hasSuffix("km") {
            (factor, number) = (1000, text.dropLast(2))
        } else if text.hasSuffix("m") {
            (factor, number) = (1, text.dropLast())
        } else {
            return nil
        }
        let range = PerformedSet.distanceRange
        guard let value = Self.number(number), value.isFinite, range.contains(value * factor) else {
            throw SetProblem(reason: TrainingPhrases.setDistance.t(["km": Int(range.upperBound / 1000)]))
        }
        return value * factor
    }

    /// A set written as `--set` takes it: `12x80kg`, `12x80kg@40s warmup`, `2000m@7:30`, `1@45s`.
    package static func text(of set: PerformedSet) -> String {
        text(of: set, in: .en)
    }

    /// ``text(of:)`` with the numbers as `language` writes them (`12x82,5kg` in Catalan and Spanish; read back too).
    package static func text(of set: PerformedSet, in language: Language) -> String {
        var text: String
        if let distance = set.distance {
            text = "\(language.number(distance))m"
        } else {
            text = "\(set.reps)"
            if set.weight > 0 { text += "x\(language.number(set.weight))\(set.unit.rawValue)" }
        }
        if let duration = set.duration { text += "@" + durationText(duration, in: language) }
        if let rpe = set.rpe { text += " @" + language.number(rpe) }
        if set.type != .normal { text += " \(set.type.rawValue)" }
        return text
    }

    /// A duration as `--set` takes it: `45s`, `1:30`, `7:05.5`.
    static func durationText(_ seconds: Double, in language: Language = .en) -> String {
        let rounded = PerformedExercise.rounded(max(0, seconds))
        guard rounded >= 60 else { return language.number(rounded) + "s" }
        let minutes = Int(rounded) / 60
        let rest = rounded - Double(minutes * 60)
        return "\(minutes):" + (rest < 10 ? "0" : "") + language.number(rest)
    }

    static func setType(_ text: String) throws(SetProblem) -> SetType {
        guard let type = SetType(typed: text) else {
            let names = SetType.allCases.map { $0.keyword.spelled() }
            throw SetProblem(
                reason: TrainingPhrases.unknownSetType.t([
                    "type": text, "names": names.dropLast().joined(separator: ", "), "last": names.last!,
                ]))
        }
        return type
    }

    /// `40s`, `40`, `1m30s`, `2m`, `1:30`.
    static func parseDuration(_ text: String) throws(SetProblem) -> Double {
        let limit = TrainingSession.secondsRange
        let invalid = SetProblem(reason: TrainingPhrases.setDuration.t(["hours": Int(limit.upperBound) / 3600]))
        var seconds: Double?
        let clean = text.trimmingCharacters(in: .whitespaces)
        if clean.contains(":") {
            let parts = clean.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 2, let m = Int(parts[0]), let s = number(parts[1]), s < 60 {
                seconds = Double(m) * 60 + s
            }
        } else if let plain = number(clean) {
            seconds = plain
        } else if clean.hasSuffix("s") || clean.hasSuffix("m") {
            var body = Substring(clean)
            var minutes = 0.0
            if let m = body.firstIndex(of: "m") {
                guard let value = number(body[..<m]) else { throw invalid }
                minutes = value
                body = body[body.index(after: m)...]
            }
            if body.isEmpty {
                seconds = minutes * 60
            } else if body.hasSuffix("s"), let value = number(body.dropLast()) {
                seconds = minutes * 60 + value
            }
        }
        guard let seconds, seconds.isFinite, limit.contains(seconds) else { throw invalid }
        return seconds
    }
}
