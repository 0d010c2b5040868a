import GorillaClientCore
import GorillaShared

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The controlling terminal, `/dev/tty`, that a full-screen view reads keys from and draws on.
///
/// Not standard input or output: those may be redirected (`gorilla --json chat > out.json` writes no
/// screen into the file), and a view without a controlling terminal fails before it changes anything.
package final class TerminalDevice: Sendable {
    /// The open descriptor, closed when the value goes away.
    package let descriptor: Int32

    /// Opens the controlling terminal.
    /// - Parameter command: The command that needs it, for the error (e.g. `"train"`).
    /// - Parameter hint: What to use instead, for the error.
    /// - Throws: ``ClientError`` `.local` when the process has no terminal.
    package init(for command: String, hint: String) throws {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.unavailable(command, hint) }
        guard isatty(descriptor) != 0 else {
            close(descriptor)
            throw Self.unavailable(command, hint)
        }
        self.descriptor = descriptor
    }

    /// Wraps a descriptor that is already open on a terminal (a pseudo-terminal in tests); takes ownership.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    static func unavailable(_ command: String, _ hint: String) -> ClientError {
        ClientError(.local, AccountPhrases.needsTerminal.t(["command": command, "hint": hint]))
    }

    /// Writes all of `text`, retrying after interrupted and partial writes; gives up if the terminal is gone.
    package func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR || errno == EAGAIN { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Rows and columns of the terminal (24×80 if unknown).
    package var size: (rows: Int, columns: Int) { Self.size(of: descriptor) }

    /// Rows and columns of the terminal open on `descriptor` (24×80 if unknown).
    package static func size(of descriptor: Int32) -> (rows: Int, columns: Int) {
        var window = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            return (Int(window.ws_row), Int(window.ws_col))
        }
        return (24, 80)
    }
}

/// `write(2)` (the type's own `write(_:)` hides the system's name inside it).
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
