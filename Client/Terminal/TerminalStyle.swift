import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How text is styled on one output: attributes (bold, dim, reverse) only on a terminal, and colours
/// only on a terminal when `NO_COLOR` is not set (https://no-color.org: set and not empty).
///
/// Every view styles its text through this one type, so the rule holds everywhere.
package struct TerminalStyle: Sendable, Equatable {
    /// The eight basic foreground colours that the views use.
    package enum Colour: Int, Sendable {
        case red = 31, green, yellow, blue, magenta, cyan
    }

    /// One SGR attribute.
    package enum Attribute: Sendable, Hashable {
        case bold, dim, reverse
        case foreground(Colour)
    }

    /// Whether attributes (bold, dim, reverse) are written.
    package var attributes: Bool
    /// Whether colours are written.
    package var colours: Bool

    package init(attributes: Bool, colours: Bool) {
        self.attributes = attributes
        self.colours = colours && attributes
    }

    /// Plain text: no escape codes at all (what a file or a pipe gets).
    package static let plain = TerminalStyle(attributes: false, colours: false)

    /// The style for an output: plain unless it is a terminal; without colours under `NO_COLOR`.
    package static func forOutput(
        isTerminal: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TerminalStyle {
        TerminalStyle(attributes: isTerminal, colours: (environment["NO_COLOR"] ?? "").isEmpty)
    }

    /// The style for the output on `descriptor` (standard output by default).
    package static func forDescriptor(
        _ descriptor: Int32 = STDOUT_FILENO,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TerminalStyle {
        forOutput(isTerminal: isatty(descriptor) != 0, environment: environment)
    }

    /// `text` with `attributes` applied and reset after it; `text` itself when the style writes none of them.
    package func callAsFunction(_ text: String, _ wanted: Attribute...) -> String {
        let codes = wanted.compactMap(code)
        guard !codes.isEmpty else { return text }
        return "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    private func code(_ attribute: Attribute) -> Int? {
        switch attribute {
        case .bold: attributes ? 1 : nil
        case .dim: attributes ? 2 : nil
        case .reverse: attributes ? 7 : nil
        case .foreground(let colour): colours ? colour.rawValue : nil
        }
    }
}
