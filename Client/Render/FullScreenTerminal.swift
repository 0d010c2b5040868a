import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The terminal in raw mode on the alternate screen; `restore()` puts it back (also on SIGINT/SIGTERM).
public final class FullScreenTerminal: @unchecked Sendable {
    private var original = termios()
    private let fd = STDIN_FILENO
    private var restored = false
    private let lock = NSLock()
    nonisolated(unsafe) private static var active: FullScreenTerminal?

    /// Enters raw mode and the alternate screen; throws without a terminal.
    public init() throws {
        guard isatty(fd) != 0, tcgetattr(fd, &original) == 0 else {
            throw ClientError(.usage, "this view needs a terminal")
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(fd, TCSAFLUSH, &raw)
        Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        Self.active = self
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { number in
                FullScreenTerminal.active?.restore()
                _exit(128 + number)
            }
        }
    }

    /// Leaves the alternate screen and restores the saved mode. Safe to call twice.
    public func restore() {
        lock.lock()
        defer { lock.unlock() }
        guard !restored else { return }
        restored = true
        tcsetattr(fd, TCSAFLUSH, &original)
        Self.write("\u{1B}[?25h\u{1B}[?1049l")
    }

    deinit { restore() }

    /// Writes straight to standard output.
    public static func write(_ text: String) {
        text.utf8CString.withUnsafeBufferPointer { buffer in
            var offset = 0
            let count = buffer.count - 1
            while offset < count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }

    /// Rows and columns of the terminal (24×80 if unknown).
    public static var size: (rows: Int, columns: Int) {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0 {
            return (Int(window.ws_row), Int(window.ws_col))
        }
        return (24, 80)
    }
}

/// A key from the terminal.
public enum Key: Sendable, Equatable {
    case character(Character)
    case enter, backspace, escape, interrupt, up, down, left, right
}

/// Reads keys from standard input on a background thread and hands them to `handler`.
public enum KeyReader {
    public static func start(_ handler: @escaping @Sendable (Key) -> Void) {
        let thread = Thread {
            var pending: [UInt8] = []
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                switch byte {
                case 0x03: handler(.interrupt)
                case 0x0D, 0x0A: handler(.enter)
                case 0x7F, 0x08: handler(.backspace)
                case 0x1B:
                    // Alone, Escape; followed at once by '[' and a letter, an arrow key.
                    var next = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                    if poll(&next, 1, 30) > 0, read(STDIN_FILENO, &byte, 1) == 1, byte == UInt8(ascii: "[") {
                        if read(STDIN_FILENO, &byte, 1) == 1 {
                            switch byte {
                            case UInt8(ascii: "A"): handler(.up)
                            case UInt8(ascii: "B"): handler(.down)
                            case UInt8(ascii: "C"): handler(.right)
                            case UInt8(ascii: "D"): handler(.left)
                            default: break
                            }
                        }
                    } else {
                        handler(.escape)
                    }
                default:
                    pending.append(byte)
                    if let text = String(bytes: pending, encoding: .utf8) {
                        pending.removeAll()
                        for character in text where !character.isNewline { handler(.character(character)) }
                    } else if pending.count > 4 {
                        pending.removeAll()
                    }
                }
            }
        }
        thread.start()
    }
}
