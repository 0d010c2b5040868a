import Foundation
import GorillaShared

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks for a new password on a terminal (`gorilla register`, `password change`, `password reset`): typed twice
/// without echo, and asked again when the two differ or it is too short or too long, so that a typo never becomes the
/// password. A password given on standard input (`--password-stdin`) is read once and never goes through here.
public struct NewPasswordPrompt {
    /// Reads one line without echo after showing a prompt; nil at the end of input.
    let read: (String) -> String?
    /// Shows a line to the person.
    let say: (String) -> Void
    /// How many times the person may try before the command gives up.
    let attempts: Int

    /// A prompt that reads with `read` and talks with `say` (a pseudo-terminal or canned input in tests).
    public init(attempts: Int = 3, read: @escaping (String) -> String?, say: @escaping (String) -> Void) {
        self.attempts = attempts
        self.read = read
        self.say = say
    }

    /// Asks on the controlling terminal; nil when the process has none.
    ///
    /// Ctrl-C while typing restores the terminal first and then interrupts the process (exit status 130).
    public static func onTerminal() -> NewPasswordPrompt? {
        guard let tty = try? TerminalDevice(for: "password", hint: "") else { return nil }
        return NewPasswordPrompt(
            read: { prompt in
                let (secret, interrupted) = Terminal.readSecret(on: tty, prompt: prompt)
                if interrupted { kill(getpid(), SIGINT) }
                return secret
            },
            say: { tty.write($0 + "\n") })
    }

    /// The new password, once it is acceptable and typed the same twice.
    /// - Parameter prompt: The first prompt (the second asks to type it again).
    /// - Throws: ``ClientError`` `.usage` at the end of input, or after `attempts` tries that did not agree.
    public func ask(prompt: String = "New password (8+ characters): ") throws -> String {
        let length = "\(Validation.minimumPasswordLength)–\(Validation.maximumPasswordLength) characters"
        for attempt in 1...attempts {
            let last = attempt == attempts
            guard let first = read(prompt) else { throw Self.noPassword }
            guard Validation.isAcceptablePassword(first) else {
                say(
                    first.count < Validation.minimumPasswordLength
                        ? "Too short: a password has at least \(Validation.minimumPasswordLength) characters."
                            + (last ? "" : " Try again.")
                        : "Too long: a password has \(length)." + (last ? "" : " Try again."))
                continue
            }
            guard let second = read("Type it again: ") else { throw Self.noPassword }
            guard first == second else {
                say("The two passwords differ." + (last ? "" : " Type the new one again, twice."))
                continue
            }
            return first
        }
        throw ClientError(
            .usage, "no new password after \(attempts) tries (a password has \(length), typed the same twice)")
    }

    private static let noPassword = ClientError(.usage, "no password was typed")
}
