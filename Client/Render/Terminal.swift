import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Small terminal helpers: reading a password without echo, asking yes/no.
public enum Terminal {
    /// Reads one line from standard input (for `--password-stdin`), without its newline.
    public static func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    /// Prompts on the terminal and reads a line without echo; nil without a terminal.
    public static func readSecret(prompt: String) -> String? {
        let tty = open("/dev/tty", O_RDWR)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var original = termios()
        guard tcgetattr(tty, &original) == 0 else { return nil }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        _ = prompt.withCString { write(tty, $0, strlen($0)) }
        tcsetattr(tty, TCSAFLUSH, &silent)
        defer {
            tcsetattr(tty, TCSAFLUSH, &original)
            _ = "\n".withCString { write(tty, $0, 1) }
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(tty, &byte, 1) == 1, byte != 10, byte != 13 { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Asks a yes/no question on the terminal; false without a terminal.
    public static func confirm(_ question: String) -> Bool {
        guard isatty(STDIN_FILENO) != 0 else { return false }
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        guard let answer = Swift.readLine() else { return false }
        return ["y", "yes", "s", "si", "sí"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Whether standard output is a terminal.
    public static var isInteractive: Bool { isatty(STDOUT_FILENO) != 0 }
}
