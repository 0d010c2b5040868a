import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks for a new password on a terminal (`gorilla register`, `password change`, `password reset`): typed twice
/// without echo, and asked again when the two differ or it is too short or too long, so that a typo never becomes the
/// password. A password given on standard input (`--password-stdin`) is read once and never goes through here.
package struct NewPasswordPrompt {
    /// Reads one line without echo after showing a prompt; nil at the end of input.
    let read: (String) -> String?
    /// Shows a line to the person.
    let say: (String) -> Void
    /// How many times the person may try before the command gives up.
    let attempts: Int

    /// A prompt that reads with `read` and talks with `say` (a pseudo-terminal or canned input in tests).
    package init(attempts: Int = 3, read: @escaping (String) -> String?, say: @escaping (String) -> Void) {
        self.attempts = attempts
        self.read = read
        self.say = say
    }

    /// Asks on the controlling terminal; nil when the process has none.
    ///
    /// Ctrl-C while typing restores the terminal first and then interrupts the process (exit status 130).
    package static func onTerminal() -> NewPasswordPrompt? {
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
    /// - Parameter prompt: The first prompt (the second asks to type it again); by default "New password (8+
    ///   characters): " in the current language.
    /// - Throws: ``ClientError`` `.usage` at the end of input, or after `attempts` tries that did not agree.
    package func ask(prompt: String? = nil) throws -> String {
        let prompt = prompt ?? AccountPhrases.newPasswordPrompt.t(["count": Validation.minimumPasswordLength])
        let length = AccountPhrases.passwordLengthRange.t([
            "minimum": Validation.minimumPasswordLength, "maximum": Validation.maximumPasswordLength,
        ])
        for attempt in 1...attempts {
            let last = attempt == attempts
            let tryAgain = last ? "" : AccountPhrases.tryAgain.t()
            guard let first = read(prompt) else { throw Self.noPassword }
            guard Validation.isAcceptablePassword(first) else {
                say(
                    first.count < Validation.minimumPasswordLength
                        ? AccountPhrases.passwordTooShort.t(["count": Validation.minimumPasswordLength]) + tryAgain
                        : AccountPhrases.passwordTooLong.t(["length": length]) + tryAgain)
                continue
            }
            guard let second = read(AccountPhrases.typePasswordAgain.t()) else { throw Self.noPassword }
            guard first == second else {
                say(AccountPhrases.passwordsDiffer.t() + (last ? "" : AccountPhrases.typeNewPasswordTwice.t()))
                continue
            }
            return first
        }
        throw ClientError(.usage, AccountPhrases.noNewPassword.t(["count": attempts, "length": length]))
    }

    private static var noPassword: ClientError { ClientError(.usage, AccountPhrases.noPasswordTyped.t()) }
}
