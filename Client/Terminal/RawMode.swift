#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and sets a terminal's attributes: ``SystemTerminalAttributes`` (`tcgetattr`/`tcsetattr`), or a
/// stand-in that records the calls in tests.
package protocol TerminalAttributes: Sendable {
    /// The current attributes of the terminal open on `descriptor`.
    func attributes(of descriptor: Int32) throws(TerminalAttributesError) -> termios
    /// Sets the attributes of the terminal open on `descriptor`, after pending output is written.
    func setAttributes(_ attributes: termios, of descriptor: Int32) throws(TerminalAttributesError)
}

/// `tcgetattr` or `tcsetattr` failed (the descriptor is not a terminal, or it went away).
package struct TerminalAttributesError: Error, Sendable, CustomStringConvertible {
    package let errorNumber: Int32
    package init(errorNumber: Int32) { self.errorNumber = errorNumber }
    package var description: String { "terminal attributes: \(String(cString: strerror(errorNumber)))" }
}

/// The system's `tcgetattr` and `tcsetattr`.
package struct SystemTerminalAttributes: TerminalAttributes {
    package init() {}

    package func attributes(of descriptor: Int32) throws(TerminalAttributesError) -> termios {
        var attributes = termios()
        guard tcgetattr(descriptor, &attributes) == 0 else { throw TerminalAttributesError(errorNumber: errno) }
        return attributes
    }

    package func setAttributes(_ attributes: termios, of descriptor: Int32) throws(TerminalAttributesError) {
        var attributes = attributes
        // TCSADRAIN, not TCSAFLUSH: keys typed just before the view opens are kept, not thrown away.
        while tcsetattr(descriptor, TCSADRAIN, &attributes) != 0 {
            guard errno == EINTR else { throw TerminalAttributesError(errorNumber: errno) }
        }
    }
}

/// Raw mode as a scope: the terminal is raw while `body` runs and back as it was on every way out.
package enum RawMode {
    /// `original` turned raw: no echo, no line editing, no signals from Ctrl-C/Ctrl-Z (they arrive as
    /// bytes), no flow control or CR→NL translation, no output processing; reads return from one byte.
    package static func raw(from original: termios) -> termios {
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        return raw
    }

    /// `original` for reading a secret a byte at a time: raw mode's input side (no echo, no line editing,
    /// Ctrl-C as a byte) with output processing kept, so that the prompt's line ends stay as they are.
    package static func secret(from original: termios) -> termios {
        var secret = raw(from: original)
        secret.c_oflag = original.c_oflag
        return secret
    }

    /// Runs `body` with the attributes `change` makes of the saved ones, and restores the saved ones when
    /// `body` returns or throws. The synchronous form of ``with(_:attributes:isolation:_:)``.
    package static func changing<T>(
        _ descriptor: Int32,
        attributes: any TerminalAttributes = SystemTerminalAttributes(),
        to change: (termios) -> termios,
        _ body: () throws -> T
    ) throws -> T {
        let original = try attributes.attributes(of: descriptor)
        try attributes.setAttributes(change(original), of: descriptor)
        defer { try? attributes.setAttributes(original, of: descriptor) }
        return try body()
    }

    /// Runs `body` with the terminal on `descriptor` in raw mode, and restores the saved attributes
    /// when `body` returns, throws or ends because its task was cancelled.
    ///
    /// - Throws: ``TerminalAttributesError`` when the attributes cannot be read or set (nothing runs
    ///   then), and whatever `body` throws.
    package static func with<T>(
        _ descriptor: Int32,
        attributes: any TerminalAttributes = SystemTerminalAttributes(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async throws -> T {
        let original = try attributes.attributes(of: descriptor)
        try attributes.setAttributes(raw(from: original), of: descriptor)
        defer { try? attributes.setAttributes(original, of: descriptor) }
        return try await body()
    }
}
