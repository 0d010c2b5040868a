import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen terminal view of `gorilla train`: a thin shell over ``SessionRecorder``.
///
/// Raw mode on `/dev/tty`, the alternate screen, a redraw at least ten times a second; the terminal is
/// restored on exit and on Ctrl-C (the unfinished session stays saved for `gorilla train --resume`).
public struct TrainView {
    public private(set) var recorder: SessionRecorder
    let persist: (SessionRecorder) throws -> Void
    let clock: () -> Date

    public init(recorder: SessionRecorder, clock: @escaping () -> Date = Date.init, persist: @escaping (SessionRecorder) throws -> Void) {
        self.recorder = recorder
        self.clock = clock
        self.persist = persist
    }

    /// Runs until the coach saves, discards or presses Ctrl-C; returns the final state.
    public mutating func run() throws -> SessionRecorder {
        let tty = open("/dev/tty", O_RDWR)
        guard tty >= 0 else { throw TerminalUnavailable() }
        defer { close(tty) }
        try TrainTerminal.enter(tty)
        defer { TrainTerminal.leave() }
        var pending: [UInt8] = []
        while recorder.outcome == .recording {
            draw(tty)
            var poller = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(tty, &buffer, buffer.count)
            guard count > 0 else { break }
            pending += buffer[..<count]
            let now = clock()
            while let (key, used) = Self.key(from: pending) {
                pending.removeFirst(used)
                guard let key else { continue }
                if case .character("\u{3}") = key { return recorder }  // Ctrl-C: keep it for --resume
                recorder.handle(key, at: now)
                try persist(recorder)
            }
        }
        return recorder
    }

    /// The next key in `bytes` and how many bytes it used; nil when more bytes are needed.
    static func key(from bytes: [UInt8]) -> (SessionRecorder.Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B:
            if bytes.count >= 3, bytes[1] == 0x5B || bytes[1] == 0x4F {
                switch bytes[2] {
                case 0x41: return (.up, 3)
                case 0x42: return (.down, 3)
                default: return (nil, 3)
                }
            }
            return (.escape, 1)
        case 0x20: return (.space, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03: return (.character("\u{3}"), 1)
        default:
            let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
            guard bytes.count >= length else { return nil }
            let text = String(decoding: bytes[..<length], as: UTF8.self)
            return (text.first.map { .character($0) }, length)
        }
    }

    func draw(_ tty: Int32) {
        let screen = TrainScreen.render(recorder, at: clock())
        _ = screen.withCString { write(tty, $0, strlen($0)) }
    }
}

/// No `/dev/tty` to draw on.
public struct TerminalUnavailable: Error, CustomStringConvertible {
    public var description: String { "gorilla train needs a terminal (use gorilla sessions log to record without one)" }
}

/// The terminal's saved settings, restored on exit and from the SIGINT/SIGTERM handler.
enum TrainTerminal {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var fd: Int32 = -1

    static func enter(_ tty: Int32) throws {
        guard tcgetattr(tty, &saved) == 0 else { throw TerminalUnavailable() }
        fd = tty
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_oflag &= ~tcflag_t(OPOST)
        tcsetattr(tty, TCSAFLUSH, &raw)
        signal(SIGINT) { _ in TrainTerminal.leave(); _exit(130) }
        signal(SIGTERM) { _ in TrainTerminal.leave(); _exit(143) }
        let enter = "\u{1B}[?1049h\u{1B}[?25l"
        _ = enter.withCString { write(tty, $0, strlen($0)) }
    }

    static func leave() {
        guard fd >= 0 else { return }
        let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = leave.withCString { write(fd, $0, strlen($0)) }
        tcsetattr(fd, TCSAFLUSH, &saved)
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        fd = -1
    }
}
