import Foundation

/// A byte-level JSON reader and writer for ``JSONValue``, without `Codable`.
///
/// Stored documents and sync pages are read and written here: it is an order of magnitude faster than
/// `JSONDecoder`/`JSONEncoder` on them. The reader is strict (RFC 8259 numbers, valid UTF-8, no control
/// characters in strings, no unpaired surrogates, no repeated keys, no trailing bytes, at most ``maxDepth`` levels, finite numbers only); the writer
/// produces what `WireCoding.encoder` does: sorted keys, slashes unescaped.
package enum FastJSON {
    /// Why a text is not JSON, and where.
    package struct Malformed: Error, CustomStringConvertible {
        package let offset: Int
        package let reason: String
        package var description: String { "malformed JSON at byte \(offset): \(reason)" }
    }

    /// Deepest nesting the reader accepts (the same as Foundation's decoder).
    package static let maxDepth = 512

    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { try parse($0) }
    }

    package static func parse(_ text: String) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { try parse($0) }
    }

    package static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        try withParser(buffer) { try $0.value() }
    }

    /// Runs `body` with a parser over `bytes`, then requires that nothing but whitespace follows.
    /// The parser must not escape `body`.
    /// `maxDepth` (at most ``maxDepth``) lowers the nesting the parser accepts.
    package static func withParser<T>(
        _ bytes: [UInt8], maxDepth: Int = FastJSON.maxDepth, _ body: (inout Parser) throws -> T
    ) throws -> T {
        try bytes.withUnsafeBufferPointer { try withParser($0, maxDepth: maxDepth, body) }
    }

    package static func withParser<T>(
        _ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int = FastJSON.maxDepth,
        _ body: (inout Parser) throws -> T
    ) throws -> T {
        var parser = Parser(bytes: buffer, maxDepth: min(maxDepth, FastJSON.maxDepth))
        let result = try body(&parser)
        parser.skipWhitespace()
        guard parser.index == buffer.count else { throw parser.malformed("unexpected bytes after the value") }
        return result
    }

    /// A cursor over JSON bytes. Besides whole values it walks objects and arrays member by member and
    /// skips values while remembering their byte range, so a reader can keep part of a text as it is.
    package struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        package private(set) var index = 0
        private var depth = 0
        private let maxDepth: Int
        /// Set by ``beginObject()`` and ``beginArray()`` until the container's first member or element is asked for.
        private var atFirst = false

        init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = FastJSON.maxDepth) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        /// An error at the current position.
        package func malformed(_ reason: String) -> Malformed { Malformed(offset: index, reason: reason) }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        private mutating func peek() throws -> UInt8 {
            skipWhitespace()
            guard index < bytes.count else { throw malformed("unexpected end") }
            return bytes[index]
        }

        /// Reads the next value.
        package mutating func value() throws -> JSONValue {
            switch try peek() {
            case UInt8(ascii: "{"):
                var members: [String: JSONValue] = [:]
                try self.members { key, parser in
                    // A repeated key would let two readers of one text see different values: refused.
                    guard members.updateValue(try parser.value(), forKey: key) == nil else {
                        throw parser.malformed("a repeated key")
                    }
                }
                return .object(members)
            case UInt8(ascii: "["):
                var items: [JSONValue] = []
                try elements { parser in items.append(try parser.value()) }
                return .array(items)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        /// Checks the next value without building it (grammar, UTF-8, escapes and depth; a number's range is left to
        /// whoever reads it later); returns its bytes' range.
        @discardableResult
        package mutating func skipValue() throws -> Range<Int> {
            try skip(checkingNumbers: false)
        }

        /// Checks the next value as ``value()`` would (numbers' ranges and repeated keys included) without building it;
        /// returns its bytes' range. Whatever passes reads without error later.
        @discardableResult
        package mutating func checkValue() throws -> Range<Int> {
            try skip(checkingNumbers: true)
        }

        @discardableResult
        private mutating func skip(checkingNumbers: Bool) throws -> Range<Int> {
            let first = try peek()
            let start = index
            switch first {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                // Keys are only checked; a repeated key is refused only when checking as `value()` does.
                try container(object: first == UInt8(ascii: "{"), readKeys: false, uniqueKeys: checkingNumbers) {
                    _, parser in
                    try parser.skip(checkingNumbers: checkingNumbers)
                }
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default:
                if checkingNumbers { _ = try number() } else { _ = try scanNumber() }
            }
            return start..<index
        }

        /// Moves past the object or array that comes next by its brackets alone: strings are skipped by their quotes
        /// (escapes honoured) and nothing else is checked. For text that whoever reads it later checks in full, and
        /// that sits in one request line: a push finds its documents' ends this way. Refuses an unterminated string, a
        /// control byte inside a string, a line feed anywhere, a bracket left open, a bracket that closes another kind
        /// (`{` closed by `]`: the line's own structure would not parse), and nesting deeper than the parser accepts;
        /// returns the value's range.
        package mutating func skipBalanced() throws -> Range<Int> {
            let first = try peek()
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
                throw malformed("an object or array was expected")
            }
            let start = index
            let deepest = maxDepth - depth
            let bytes = bytes
            var position = index
            var failure: String? = "unexpected end"
            // A table lookup per byte: most bytes need nothing, and branching on each kind separately costs half again.
            // Which bracket opened each level is one bit (1 for `[`) of a stack on the stack: at most 512 levels.
            Self.balanceClasses.withUnsafeBufferPointer { classes in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: FastJSON.maxDepth / 64 + 1) { arrays in
                    var open = 0
                    scan: while position < bytes.count {
                        let kind = classes[Int(bytes[position])]
                        switch kind {
                        case Self.plain: break
                        case Self.openingObject, Self.openingArray:
                            if open >= deepest { failure = "nested deeper than \(maxDepth) levels"; break scan }
                            let bit = UInt64(1) << UInt64(open & 63)
                            if kind == Self.openingArray { arrays[open >> 6] |= bit } else { arrays[open >> 6] &= ~bit }
                            open += 1
                        case Self.closingObject, Self.closingArray:
                            open -= 1
                            let isArray = arrays[open >> 6] & (UInt64(1) << UInt64(open & 63)) != 0
                            if isArray != (kind == Self.closingArray) {
                                failure = "a bracket that closes another kind of bracket"
                                break scan
                            }
                            if open == 0 { position += 1; failure = nil; break scan }
                        case Self.quote:
                            position += 1
                            while position < bytes.count {
                                switch classes[Int(bytes[position])] {
                                case Self.quote: position += 1; continue scan
                                case Self.backslash: position += 2
                                case Self.control, Self.lineBreak:
                                    failure = "a control character in a string"; break scan
                                default: position += 1
                                }
                            }
                            break scan
                        case Self.lineBreak: failure = "a line break"; break scan
                        default: break  // a backslash or control byte outside a string is left to whoever reads the text
                        }
                        position += 1
                    }
                }
            }
            index = position
            if let failure { throw malformed(failure) }
            return start..<position
        }

        private static let plain: UInt8 = 0, openingObject: UInt8 = 1, closingObject: UInt8 = 2, quote: UInt8 = 3,
            backslash: UInt8 = 4, control: UInt8 = 5, lineBreak: UInt8 = 6, openingArray: UInt8 = 7,
            closingArray: UInt8 = 8
        /// What each byte means to ``skipBalanced()``.
        private static let balanceClasses: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
            switch byte {
            case Int(UInt8(ascii: "{")): openingObject
            case Int(UInt8(ascii: "[")): openingArray
            case Int(UInt8(ascii: "}")): closingObject
            case Int(UInt8(ascii: "]")): closingArray
            case Int(UInt8(ascii: "\"")): quote
            case Int(UInt8(ascii: "\\")): backslash
            case 0x0A: lineBreak  // a carriage return is whitespace outside strings (RFC 8259), a control byte inside
            case 0..<0x20: control
            default: plain
            }
        }

        // MARK: Step by step
        //
        // For readers that walk a known shape without closures: `beginObject()`, then `nextKey()` until it answers
        // nil (reading or skipping each value in between); `beginArray()`, then `nextElement()` until it answers false.

        /// Enters the object that comes next.
        package mutating func beginObject() throws {
            guard try peek() == UInt8(ascii: "{") else { throw malformed("an object was expected") }
            try enter()
            index += 1
            atFirst = true
        }

        /// The next key of the object being read, as its raw bytes between the quotes (escapes left as they are), or nil
        /// at the object's end.
        package mutating func nextKey() throws -> UnsafeBufferPointer<UInt8>? {
            guard try moveToNext(close: UInt8(ascii: "}")) else { return nil }
            guard try peek() == UInt8(ascii: "\"") else { throw malformed("a key was expected") }
            let (range, escaped, ascii) = try scanString()
            try checkString(range, escaped: escaped, ascii: ascii)
            guard try peek() == UInt8(ascii: ":") else { throw malformed("\":\" was expected") }
            index += 1
            return UnsafeBufferPointer(rebasing: bytes[range])
        }

        /// Enters the array that comes next.
        package mutating func beginArray() throws {
            guard try peek() == UInt8(ascii: "[") else { throw malformed("an array was expected") }
            try enter()
            index += 1
            atFirst = true
        }

        /// Whether another element of the array being read follows (false at the array's end).
        package mutating func nextElement() throws -> Bool {
            try moveToNext(close: UInt8(ascii: "]"))
        }

        /// Moves past the comma before the next member or element; false (past `close`) at the container's end.
        private mutating func moveToNext(close: UInt8) throws -> Bool {
            let byte = try peek()
            if byte == close {
                index += 1
                depth -= 1
                atFirst = false
                return false
            }
            if atFirst {
                atFirst = false
                return true
            }
            guard byte == UInt8(ascii: ",") else { throw malformed("\",\" or a closing bracket was expected") }
            index += 1
            return true
        }

        /// The raw bytes of the string that comes next, if it holds no escapes (nil, and moved past it, if it does).
        package mutating func rawString() throws -> UnsafeBufferPointer<UInt8>? {
            guard try peek() == UInt8(ascii: "\"") else { throw malformed("a string was expected") }
            let (range, escaped, ascii) = try scanString()
            try checkString(range, escaped: escaped, ascii: ascii)
            return escaped ? nil : UnsafeBufferPointer(rebasing: bytes[range])
        }

        /// Whether the value that comes next is an object (nothing is read).
        package mutating func objectFollows() -> Bool { follows(UInt8(ascii: "{")) }

        /// Whether the value that comes next is an array (nothing is read).
        package mutating func arrayFollows() -> Bool { follows(UInt8(ascii: "[")) }

        private mutating func follows(_ byte: UInt8) -> Bool {
            skipWhitespace()
            return index < bytes.count && bytes[index] == byte
        }

        /// Moves past the next value if it is `null`; returns whether it was.
        package mutating func skipNull() throws -> Bool {
            guard try peek() == UInt8(ascii: "n") else { return false }
            try literal("null")
            return true
        }

        /// Whether the value at `range` is an object.
        package func isObject(_ range: Range<Int>) -> Bool {
            !range.isEmpty && bytes[range.lowerBound] == UInt8(ascii: "{")
        }

        /// A copy of the bytes of `range`.
        package func copyBytes(_ range: Range<Int>) -> [UInt8] {
            Array(bytes[range])
        }

        /// The text of a range returned by ``skipValue()``.
        package func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// Reads an object, handing each key to `body`, which must read or skip its value.
        package mutating func members(_ body: (String, inout Parser) throws -> Void) throws {
            try container(object: true, readKeys: true) { key, parser in try body(key!, &parser) }
        }

        /// Reads an array, calling `body` for each element, which must read or skip it.
        package mutating func elements(_ body: (inout Parser) throws -> Void) throws {
            try container(object: false, readKeys: false) { _, parser in try body(&parser) }
        }

        /// The one loop over an object's members or an array's elements: brackets, commas, colons and depth.
        /// `body` gets each key (nil for arrays, or when `readKeys` is false: then keys are only checked).
        private mutating func container(
            object: Bool, readKeys: Bool, uniqueKeys: Bool = false,
            _ body: (String?, inout Parser) throws -> Void
        ) throws {
            let (open, close) = object ? (UInt8(ascii: "{"), UInt8(ascii: "}")) : (UInt8(ascii: "["), UInt8(ascii: "]"))
            guard try peek() == open else {
                throw malformed(object ? "an object was expected" : "an array was expected")
            }
            try enter()
            index += 1
            if try peek() == close {
                index += 1
                depth -= 1
                return
            }
            var seen = KeySet()
            while true {
                var key: String?
                if object {
                    guard try peek() == UInt8(ascii: "\"") else { throw malformed("a key was expected") }
                    if readKeys {
                        key = try string()
                    } else if uniqueKeys {
                        let (range, escaped, ascii) = try scanString()
                        try checkString(range, escaped: escaped, ascii: ascii)
                        guard try seen.insert(range, escaped: escaped, in: self) else {
                            throw malformed("a repeated key")
                        }
                    } else {
                        try skipString()
                    }
                    guard try peek() == UInt8(ascii: ":") else { throw malformed("\":\" was expected") }
                    index += 1
                }
                try body(key, &self)
                switch try peek() {
                case UInt8(ascii: ","): index += 1
                case close: index += 1; depth -= 1; return
                default: throw malformed("\",\" or a closing bracket was expected")
                }
            }
        }

        private mutating func enter() throws {
            depth += 1
            guard depth <= maxDepth else { throw malformed("nested deeper than \(maxDepth) levels") }
        }

        private mutating func literal(_ text: StaticString) throws {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw malformed("unexpected end") }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
                throw malformed("unknown literal")
            }
            index += count
        }

        /// Reads a string value or key.
        package mutating func string() throws -> String {
            guard try peek() == UInt8(ascii: "\"") else { throw malformed("a string was expected") }
            let (range, escaped, ascii) = try scanString()
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            if escaped { return try unescape(raw) }
            if ascii { return String(decoding: raw, as: UTF8.self) }
            guard let text = String(validating: raw, as: UTF8.self) else { throw malformed("invalid UTF-8") }
            return text
        }

        private mutating func skipString() throws {
            let (range, escaped, ascii) = try scanString()
            try checkString(range, escaped: escaped, ascii: ascii)
        }

        private func checkString(_ range: Range<Int>, escaped: Bool, ascii: Bool) throws {
            if escaped {
                _ = try unescape(UnsafeBufferPointer(rebasing: bytes[range]))
            } else if !ascii, String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil {
                throw malformed("invalid UTF-8")
            }
        }

        /// The keys of one object, for refusing a repeated one without building them: a few unescaped keys are
        /// compared as bytes; past that, or once a key holds escapes, they are compared as strings.
        private struct KeySet {
            private var ranges: [Range<Int>] = []
            private var names: Set<String>?

            mutating func insert(_ range: Range<Int>, escaped: Bool, in parser: Parser) throws -> Bool {
                if names == nil, !escaped, ranges.count < 16 {
                    let base = parser.bytes.baseAddress!
                    for known in ranges
                    where known.count == range.count
                        && memcmp(base + known.lowerBound, base + range.lowerBound, range.count) == 0
                    { return false }
                    ranges.append(range)
                    return true
                }
                if names == nil { names = Set(ranges.map(parser.text)) }
                let name =
                    escaped
                    ? try parser.unescape(UnsafeBufferPointer(rebasing: parser.bytes[range])) : parser.text(range)
                return names!.insert(name).inserted
            }
        }

        /// Moves past a string; returns the range between the quotes, whether it holds escapes, and whether it is
        /// plain ASCII (then it needs no UTF-8 validation).
        private mutating func scanString() throws -> (Range<Int>, escaped: Bool, ascii: Bool) {
            index += 1
            let start = index
            var escaped = false
            var high: UInt8 = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return (start..<index - 1, escaped, high < 0x80)
                }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    index += 2
                    continue
                }
                if byte < 0x20 { throw malformed("a control character in a string") }
                high |= byte
                index += 1
            }
            throw malformed("an unterminated string")
        }

        private func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws -> String {
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var i = 0
            func hex4(_ at: Int) throws -> UInt32 {
                guard at + 4 <= raw.count else { throw malformed("a short \\u escape") }
                var value: UInt32 = 0
                for offset in 0..<4 {
                    let c = raw[at + offset]
                    let digit: UInt32
                    switch c {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
                    default: throw malformed("a bad \\u escape")
                    }
                    value = value << 4 | digit
                }
                return value
            }
            while i < raw.count {
                let c = raw[i]
                guard c == UInt8(ascii: "\\") else {
                    out.append(c)
                    i += 1
                    continue
                }
                guard i + 1 < raw.count else { throw malformed("a bad escape") }
                let e = raw[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4(i)
                    i += 4
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"),
                            case let low = try hex4(i + 2), (0xDC00..<0xE000).contains(low)
                        else {
                            throw malformed("an unpaired surrogate")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                    guard let character = Unicode.Scalar(scalar) else { throw malformed("an unpaired surrogate") }
                    out.append(contentsOf: String(Character(character)).utf8)
                default: throw malformed("a bad escape")
                }
            }
            guard let text = String(validating: out, as: UTF8.self) else { throw malformed("invalid UTF-8") }
            return text
        }

        /// Reads a number, with its text.
        package mutating func numberAndText() throws -> (value: Double, text: UnsafeBufferPointer<UInt8>) {
            let start = index
            let value = try number()
            return (value, UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }

        /// Reads a number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, finite.
        package mutating func number() throws -> Double {
            let start = index
            let (negative, integerStart, integerEnd, integral) = try scanNumber()
            if integral && integerEnd - integerStart <= 15 {
                var mantissa: Int64 = 0
                for position in integerStart..<integerEnd {
                    mantissa = mantissa * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
                }
                return negative ? -Double(mantissa) : Double(mantissa)
            }
            // A plain decimal of at most 15 digits (`62.5`, `1.234`): the digits and the power of ten are both exact
            // doubles, so one division rounds correctly, exactly as `Double(String)` does.
            if integerEnd < index, bytes[integerEnd] == UInt8(ascii: "."), index - integerStart <= 16,
                !bytes[integerEnd..<index].contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
            {
                var mantissa: Int64 = 0
                for position in integerStart..<index where position != integerEnd {
                    mantissa = mantissa * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
                }
                let value = Double(mantissa) / Self.powersOfTen[index - integerEnd - 1]
                return negative ? -value : value
            }
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
                throw malformed("a number out of range")
            }
            // A non-zero mantissa that underflows to zero (`1e-400`) is out of range too.
            if value == 0,
                text.prefix(while: { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") })
                    .contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") })
            {
                throw malformed("a number out of range")
            }
            return value
        }

        /// Moves past a number's text, checking its grammar; returns its sign, the range of its integer digits and
        /// whether it has neither fraction nor exponent.
        private mutating func scanNumber() throws -> (
            negative: Bool, integerStart: Int, integerEnd: Int, integral: Bool
        ) {
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            let integerStart = index
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw malformed("a value was expected") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            }
            let integerEnd = index
            var integral = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                integral = false
                index += 1
                try digits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                integral = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                try digits()
            }
            return (negative, integerStart, integerEnd, integral)
        }

        private mutating func digits() throws {
            let start = index
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            guard index > start else { throw malformed("a digit was expected") }
        }

        /// 10⁰ … 10¹⁵, all exact doubles.
        private static let powersOfTen: [Double] = (0...15).map { exponent in
            (0..<exponent).reduce(1.0) { value, _ in value * 10 }
        }

        private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    }

    // MARK: Writing

    /// Writes `value` as `WireCoding.encoder` does (sorted keys, slashes unescaped).
    package static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): writeNumber(number, into: &out)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            write(members, into: &out)
        }
    }

    package static func write(_ members: [String: JSONValue], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for (key, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            writeString(key, into: &out)
            out.append(UInt8(ascii: ":"))
            write(member, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    package static func writeNumber(_ number: Double, into out: inout [UInt8]) {
        guard number.isFinite else {
            // JSON has no NaN or infinity; validation refuses them before anything is stored.
            out.append(contentsOf: "null".utf8)
            return
        }
        if number.rounded() == number, abs(number) < 1e15 {
            var whole = Int64(number)
            if whole < 0 {
                out.append(UInt8(ascii: "-"))
                whole = -whole
            }
            // The digits, written backwards into a small buffer, then copied in order.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { digits in
                var count = 0
                repeat {
                    digits[15 - count] = UInt8(ascii: "0") + UInt8(whole % 10)
                    whole /= 10
                    count += 1
                } while whole > 0
                out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(16 - count)...]))
            }
        } else {
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            out.append(contentsOf: text.utf8)
        }
    }

    /// Writes `number`, read from `text`: the text itself when it is already what ``writeNumber(_:into:)`` writes
    /// (a whole number of at most 15 digits, or a plain decimal from 0.1 with at most 15 digits and no trailing zero).
    @inlinable
    package static func writeNumber(
        _ number: Double, readFrom text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]
    ) {
        var digits = 0
        var point: Int?
        for (offset, byte) in text.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): point = offset
            default: return writeNumber(number, into: &out)  // a sign or an exponent
            }
        }
        guard digits <= 15 else { return writeNumber(number, into: &out) }
        if let point {
            // `0.05` is written as it is, but not `0.005`, nor `1.50`.
            guard text[text.count - 1] != UInt8(ascii: "0"),
                text[0] != UInt8(ascii: "0") || text[point + 1] != UInt8(ascii: "0")
            else {
                return writeNumber(number, into: &out)
            }
        }
        out.append(contentsOf: text)
    }

    /// An object written member by member, in the order given (sorted, as the wire coders write them): `{` before
    /// the first member, `,` before the others, `{}` for none. For writers that know their members and skip the
    /// ``JSONValue`` tree.
    ///
    /// Inlinable: the one-pass readers write a member every few bytes they read.
    @frozen package struct ObjectWriter: Sendable {
        @usableFromInline var started = false

        @inlinable package init() {}

        /// Starts the member `name` (a plain key, without escapes): `{"name":` or `,"name":`; its value follows.
        @inlinable package mutating func member(_ name: StaticString, into out: inout [UInt8]) {
            out.append(started ? UInt8(ascii: ",") : UInt8(ascii: "{"))
            started = true
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
        }

        /// Closes the object.
        @inlinable package func close(into out: inout [UInt8]) {
            if !started { out.append(UInt8(ascii: "{")) }
            out.append(UInt8(ascii: "}"))
        }
    }

    package static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                    hex[Int(byte & 0xF)],
                ])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    package static func text(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    package static func text(_ members: [String: JSONValue]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(members, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// A reply value already encoded as JSON (sorted keys), written into the response line as is.
package struct RawJSONValue: Encodable, Sendable {
    package let bytes: [UInt8]
    package init(bytes: [UInt8]) { self.bytes = bytes }
    /// Only for coders that are not the connection's writer (which copies `bytes` directly).
    package func encode(to encoder: any Encoder) throws { try FastJSON.parse(bytes).encode(to: encoder) }
}
