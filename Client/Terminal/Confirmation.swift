import Foundation
import GorillaClientCore
import GorillaShared

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a destructive command (`gorilla clients rm`, `sessions rm`, `measurements rm`, …) makes sure it is meant:
/// `--yes`, or a yes/no question on the terminal.
///
/// Without `--yes` and without a terminal to ask on (a script, cron, a pipe), the command fails with exit status 64
/// and a hint to add `--yes`, and nothing is deleted. A service resolves what is to be deleted first and calls
/// ``require(_:)`` just before the change, naming it as the person knows it; the command line builds the
/// confirmation with ``init(yes:command:terminal:ask:)``, which refuses at once, before any work, when it could not ask.
package struct Confirmation: Sendable {
    private enum Mode: Sendable {
        /// `--yes`: nothing to ask.
        case given
        /// Ask on the terminal; true for yes.
        case ask(@Sendable (String) -> Bool)
        /// No terminal to ask on: the command (if known) is refused at ``require(_:)``.
        case unavailable(command: String?)
    }

    private let mode: Mode

    private init(_ mode: Mode) {
        self.mode = mode
    }

    /// Confirmed beforehand, as `--yes` does: ``require(_:)`` asks nothing (library callers and tests).
    package static let yes = Confirmation(.given)

    /// `--yes` when `yes`; otherwise the terminal asks, and without one ``require(_:)`` refuses.
    package static func terminal(yes: Bool, command: String? = nil) -> Confirmation {
        if yes { return .yes }
        return Terminal.canAsk ? Confirmation(.ask(Terminal.confirm)) : Confirmation(.unavailable(command: command))
    }

    /// `--yes` when `yes`; otherwise a question asked with `ask`, refused at once when there is no terminal.
    /// - Parameters:
    ///   - yes: Whether `--yes` was given.
    ///   - command: The command, for the hint (`"gorilla clients rm"`).
    ///   - terminal: Whether there is a terminal to ask on (standard input and standard error are one).
    ///   - ask: Asks the question there; true for yes.
    /// - Throws: ``ClientError`` `.usage` (exit status 64) without `yes` and without a terminal.
    package init(
        yes: Bool, command: String, terminal: Bool = Terminal.canAsk,
        ask: @escaping @Sendable (String) -> Bool = Terminal.confirm
    ) throws {
        if yes {
            self.init(.given)
        } else if terminal {
            self.init(.ask(ask))
        } else {
            throw Self.noTerminal(command)
        }
    }

    /// Whether ``require(_:)`` asks a question (false with `--yes`).
    package var asks: Bool {
        if case .ask = mode { return true }
        return false
    }

    /// Goes on when confirmed: asks `question` unless `--yes` was given.
    /// - Throws: ``ClientError`` `.usage` when there is no terminal to ask on, `.cancelled` when the answer is no;
    ///   either way nothing is changed.
    package func require(_ question: @autoclosure () -> String) throws {
        switch mode {
        case .given:
            return
        case .ask(let ask):
            guard ask(question()) else { throw ClientError(.cancelled, AccountPhrases.nothingDeleted.t()) }
        case .unavailable(let command):
            throw Self.noTerminal(command)
        }
    }

    private static func noTerminal(_ command: String?) -> ClientError {
        ClientError(
            .usage, AccountPhrases.noTerminalToConfirm.t(["command": command ?? AccountPhrases.thisCommand.t()]))
    }
}

extension Terminal {
    /// Whether a question can be asked and answered here: standard input and standard error are a terminal.
    package static var canAsk: Bool { isatty(STDIN_FILENO) != 0 && isatty(STDERR_FILENO) != 0 }
}
