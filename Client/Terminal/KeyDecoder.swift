/// A key from the terminal, as ``KeyDecoder`` reads it from the bytes of a terminal in raw mode.
package enum Key: Sendable, Hashable {
    /// A printable character (a space included), decoded from UTF-8.
    case character(Character)
    case enter, tab, backspace, escape
    /// Ctrl-C (raw mode turns off the signal, so it arrives as a byte).
    case interrupt
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    /// F1…F12.
    case function(Int)
    /// Another control byte: Ctrl-A is `control(1)`, Ctrl-D `control(4)` and so on.
    case control(UInt8)
}

/// Turns the bytes a terminal sends into keys: a pure state machine, fed as bytes arrive.
///
/// Escape sequences (CSI `ESC [ … final`, SS3 `ESC O x`, Alt-key `ESC x`) and UTF-8 characters may be split
/// across reads: the decoder keeps the unfinished part until the next ``decode(_:)``. A sequence it does
/// not know is swallowed whole, so that PgUp's `ESC [ 5 ~` never types `~5~`. A lone `ESC` is ambiguous
/// until the next byte comes: the reader calls ``flush()`` when no byte followed it for a moment, and
/// the pending Escape becomes a key.
package struct KeyDecoder: Sendable {
    private enum State: Sendable, Equatable {
        case ground
        /// After ESC.
        case escape
        /// After `ESC [`: parameter and intermediate bytes so far.
        case csi([UInt8])
        /// After `ESC [ [` (the Linux console's F1–F5).
        case linuxFunction
        /// After `ESC O`.
        case ss3
        /// Inside a UTF-8 character: the bytes so far and how many it needs.
        case utf8([UInt8], needed: Int)
    }

    /// The longest CSI sequence kept; a longer one is dropped (terminals never send one).
    static let longestSequence = 32

    private var state = State.ground

    package init() {}

    /// Whether a lone Escape is waiting for ``flush()`` (or for the rest of its sequence).
    package var isWaitingAfterEscape: Bool { state == .escape }

    /// Whether part of a key has been read and the rest has not.
    package var hasPendingBytes: Bool { state != .ground }

    /// Decodes `bytes`, continuing any key left unfinished by the previous call.
    package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        var keys: [Key] = []
        for byte in bytes { feed(byte, into: &keys) }
        return keys
    }

    /// No more bytes came for a while: a pending lone Escape is the Escape key; half a sequence or half a
    /// character is dropped.
    package mutating func flush() -> [Key] {
        defer { state = .ground }
        return state == .escape ? [.escape] : []
    }

    private mutating func feed(_ byte: UInt8, into keys: inout [Key]) {
        switch state {
        case .ground:
            ground(byte, into: &keys)
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .csi([])
            case UInt8(ascii: "O"): state = .ss3
            case 0x1B:
                keys.append(.escape)  // Escape pressed twice: the first one is a key
            default:
                state = .ground  // Alt and a key, or an unknown two-byte sequence: swallowed
            }
        case .csi(var collected):
            if collected.isEmpty, byte == UInt8(ascii: "[") {
                state = .linuxFunction
            } else if (0x20...0x3F).contains(byte) {
                collected.append(byte)
                state = collected.count > Self.longestSequence ? .ground : .csi(collected)
            } else if (0x40...0x7E).contains(byte) {
                state = .ground
                if let key = Self.csiKey(parameters: collected, final: byte) { keys.append(key) }
            } else {
                // Not part of a CSI sequence: drop what was collected and read this byte afresh.
                state = .ground
                ground(byte, into: &keys)
            }
        case .linuxFunction:
            state = .ground
            if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(byte) {
                keys.append(.function(Int(byte - UInt8(ascii: "A")) + 1))
            }
        case .ss3:
            state = .ground
            if let key = Self.ss3Key(byte) { keys.append(key) }
        case .utf8(var collected, let needed):
            guard byte & 0xC0 == 0x80 else {
                state = .ground  // a broken character: dropped, and this byte read afresh
                ground(byte, into: &keys)
                return
            }
            collected.append(byte)
            guard collected.count == needed else {
                state = .utf8(collected, needed: needed)
                return
            }
            state = .ground
            var codec = UTF8()
            var iterator = collected.makeIterator()
            if case .scalarValue(let scalar) = codec.decode(&iterator), scalar.properties.generalCategory != .control {
                keys.append(.character(Character(scalar)))
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x1B: state = .escape
        case 0x0D, 0x0A: keys.append(.enter)
        case 0x09: keys.append(.tab)
        case 0x7F, 0x08: keys.append(.backspace)
        case 0x03: keys.append(.interrupt)
        case 0x00..<0x20: keys.append(.control(byte))
        case 0x20..<0x7F: keys.append(.character(Character(Unicode.Scalar(byte))))
        case 0xC2...0xDF: state = .utf8([byte], needed: 2)
        case 0xE0...0xEF: state = .utf8([byte], needed: 3)
        case 0xF0...0xF4: state = .utf8([byte], needed: 4)
        default: break  // a stray continuation byte or an invalid lead byte
        }
    }

    /// The key of `ESC [ parameters final`, or nil for a sequence the views do not use.
    static func csiKey(parameters: [UInt8], final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up  // also with modifiers, e.g. ESC [ 1 ; 5 A
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            let first = parameters.prefix { $0 != UInt8(ascii: ";") }
            guard !first.isEmpty, first.allSatisfy({ (0x30...0x39).contains($0) }),
                let number = Int(String(decoding: first, as: UTF8.self))
            else { return nil }
            switch number {
            case 1, 7: return .home
            case 2: return .insert
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 11...15: return .function(number - 10)
            case 17...21: return .function(number - 11)
            case 23, 24: return .function(number - 12)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The key of `ESC O byte`, or nil.
    static func ss3Key(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(byte - UInt8(ascii: "P")) + 1)
        case UInt8(ascii: "M"): .enter  // keypad Enter in application mode
        default: nil
        }
    }
}
