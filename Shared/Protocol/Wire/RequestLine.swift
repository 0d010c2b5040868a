import Foundation

/// A request line read strictly (RFC 8259): the one reading of `id`, `op` and `body` every request gets before its
/// operation is looked at. Its `body`, when present, is an object; an absent one is `{}` (``absentBody``).
///
/// Strict means one text has one meaning for every reader: UTF-8 only (no byte order mark, no UTF-16), no trailing
/// commas, no repeated keys, numbers in range, and an `id` written as an integer. `JSONDecoder` takes all of those
/// (keeping one of two equal keys), so nothing reaches it before this reading has passed.
package struct RequestLine: Sendable {
    /// The request's `id`, when it is an integer (nil when missing or of another type).
    package let id: Int?
    /// The request's `op`, when it is a string (nil when missing or of another type).
    package let op: String?
    /// Where the `body` member's value lies in the line. An object or array is found by its brackets alone (as the
    /// push's one-pass reader finds its documents); its contents are checked by ``checkBody(_:)``, or, for a push,
    /// document by document.
    package let body: Range<Int>?

    /// Why a line is refused before its operation is looked at.
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        /// What is wrong, in a few words, with the byte offset where it was found.
        package let reason: String
        /// The line's `id`, when it was read before the problem and the line is otherwise well-formed JSON (so the
        /// device can tell which request failed); nil for a broken line.
        package let id: Int?
        package var description: String { reason }

        package init(reason: String, id: Int?) {
            self.reason = reason
            self.id = id
        }
    }

    /// Reads a request line strictly (see ``RequestLine``).
    /// - Throws: ``Refusal`` for a line that is not one strict JSON object.
    package static func read(_ line: [UInt8]) throws(Refusal) -> RequestLine {
        if line.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw Refusal(reason: "a byte order mark: lines are UTF-8 without one", id: nil)
        }
        // UTF-16 text of JSON starts with its byte order mark or has a NUL byte in its first two (elsewhere a NUL is
        // only a grammar error).
        if line.starts(with: [0xFF, 0xFE]) || line.starts(with: [0xFE, 0xFF]) || line.prefix(2).contains(0) {
            throw Refusal(reason: "UTF-16 text: lines are UTF-8", id: nil)
        }
        var id: Int?, op: String?, body: Range<Int>?
        var idRead = false, idRepeated = false, isObject = true
        do {
            try FastJSON.withParser(line, maxDepth: JSONDepth.requestLimit) { parser in
                var keys: Set<String> = []
                try parser.members { key, parser in
                    guard keys.insert(key).inserted else {
                        if key == "id" { idRepeated = true }
                        throw parser.malformed("the key \(WireText.quoted(key)) is repeated")
                    }
                    switch key {
                    case "id":
                        let range = try parser.checkValue()
                        id = RequestHeader.integer(parser.text(range))
                        idRead = true
                    case "op":
                        if case .string(let name) = try parser.value() { op = name }
                    case "body":
                        // Found by its brackets only, as the push's one-pass reader finds its documents: what is inside
                        // is checked by ``checkBody(_:)``, or, for a push, document by document.
                        isObject = parser.objectFollows()
                        body =
                            isObject || parser.arrayFollows() ? try parser.skipBalanced() : try parser.checkValue()
                    default:
                        try parser.checkValue()
                    }
                }
            }
        } catch let malformed as FastJSON.Malformed {
            let echoed = idRead && !idRepeated && Self.isWellFormed(line) ? id : nil
            throw Refusal(reason: malformed.description, id: echoed)
        } catch {
            throw Refusal(reason: "not a JSON object", id: nil)
        }
        // Every operation's body is an object (an absent one stands for `{}`, ``absentBody``): one rule, before any
        // operation reads it.
        guard isObject else { throw Refusal(reason: "the body must be an object", id: id) }
        return RequestLine(id: id, op: op, body: body)
    }

    /// What a request without a `body` is read as: an empty object.
    package static let absentBody: [UInt8] = Array("{}".utf8)

    /// Checks the body as strictly as the rest of the line (``read(_:)`` only found its end).
    /// - Throws: ``Refusal`` (with the line's id) for anything in it that is not strict JSON.
    package func checkBody(_ line: [UInt8]) throws(Refusal) {
        guard let body else { return }
        do {
            try line.withUnsafeBufferPointer { buffer in
                try FastJSON.withParser(UnsafeBufferPointer(rebasing: buffer[body]), maxDepth: JSONDepth.requestLimit) {
                    parser in
                    _ = try parser.checkValue()
                }
            }
        } catch let malformed as FastJSON.Malformed {
            throw refusal(inBody: malformed, of: line)
        } catch {
            throw refusal(inBody: FastJSON.Malformed(offset: body.lowerBound, reason: "an unreadable body"), of: line)
        }
    }

    /// The refusal of this line for what is wrong in its body: with the line's id when the line is otherwise
    /// well-formed JSON (a repeated key, a number out of range, invalid UTF-8), without it when it is broken.
    package func refusal(inBody malformed: FastJSON.Malformed, of line: [UInt8]) -> Refusal {
        let offset = malformed.offset + (body?.lowerBound ?? 0)
        return Refusal(
            reason: "malformed JSON at byte \(offset) (in the body): \(malformed.reason)",
            id: id.flatMap { Self.isWellFormed(line) ? $0 : nil })
    }

    /// Whether a lenient reader takes the line at all: a refused line that is still JSON to it is answered with its id.
    private static func isWellFormed(_ line: [UInt8]) -> Bool {
        (try? WireCoding.decoder.decode(RequestHeader.self, from: Data(line))) != nil
    }
}

/// Text from a request quoted in an error message: never more than a short prefix of it.
package enum WireText {
    /// Most characters of a peer's text an error message repeats.
    package static let quoteLimit = 64

    /// `text` as a JSON string literal, cut to ``quoteLimit`` characters (then ending in `…`).
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        FastJSON.writeString(prefix(text), into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` cut to ``quoteLimit`` characters (then ending in `…`).
    package static func prefix(_ text: String) -> String {
        guard text.count > quoteLimit else { return text }
        return String(text.prefix(quoteLimit)) + "…"
    }
}
