import Foundation
import GorillaShared

#if canImport(Glibc)
import Glibc
#endif

/// Small terminal helpers: reading a password without echo, asking yes/no.
package enum Terminal {
    /// Reads one line from standard input (for `--password-stdin`), without its newline.
    package static func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    /// Prompts on the terminal and reads a line without echo; nil without a terminal or at end of input.
    ///
    /// The terminal is back as it was however the line ends. Ctrl-C restores it first and then interrupts
    /// the process as the shell expects (exit status 130).
    package static func readSecret(prompt: String) -> String? {
        guard let tty = try? TerminalDevice(for: "password", hint: "") else { return nil }
        let (secret, interrupted) = readSecret(on: tty, prompt: prompt)
        if interrupted { kill(getpid(), SIGINT) }
        return secret
    }

    /// Reads a line without echo on `tty`; says whether Ctrl-C ended it instead (the terminal is restored either way).
    package static func readSecret(on tty: TerminalDevice, prompt: String) -> (secret: String?, interrupted: Bool) {
        tty.write(prompt)
        var interrupted = false
        let secret = try? RawMode.changing(tty.descriptor, to: RawMode.secret(from:)) { () -> String? in
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while read(tty.descriptor, &byte, 1) == 1 {
                switch byte {
                case 0x0A, 0x0D: return String(decoding: bytes, as: UTF8.self)
                case 0x03:
                    interrupted = true
                    return nil
                case 0x04 where bytes.isEmpty: return nil
                case 0x7F, 0x08: while let last = bytes.popLast(), last & 0xC0 == 0x80 {}  // one character, all its bytes
                case 0x15: bytes.removeAll()  // Ctrl-U
                default: bytes.append(byte)
                }
            }
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
        tty.write("\n")
        return (secret ?? nil, interrupted)
    }

    /// Asks a yes/no question on the terminal (`[y/N]`, `[s/N]` in Catalan and Spanish); false without a terminal.
    package static func confirm(_ question: String) -> Bool {
        guard isatty(STDIN_FILENO) != 0 else { return false }
        FileHandle.standardError.write(Data("\(question) \(AccountPhrases.yesNo.t()) ".utf8))
        guard let answer = Swift.readLine() else { return false }
        return isYes(answer)
    }

    /// Whether `answer` is yes: `y`, `yes`, or `s`, `si`, `sí` (Catalan and Spanish), whatever the case.
    package static func isYes(_ answer: String) -> Bool {
        ["y", "yes", "s", "si", "sí"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Whether standard output is a terminal.
    package static var isInteractive: Bool { isatty(STDOUT_FILENO) != 0 }
}
