import Dispatch
import Foundation
import GorillaShared
import UnixSignals

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a full-screen view reacts to: a key, the terminal's new size, or the periodic tick.
package enum TerminalEvent: Sendable, Hashable {
    case key(Key)
    case resized
    case tick
}

/// A full-screen view ended because the process got SIGTERM, SIGHUP or SIGINT; the terminal is already
/// restored. The command exits with ``exitCode`` (128 + the signal), as a shell expects.
package struct TerminalInterruption: Error, Sendable, CustomStringConvertible {
    package let signal: Int32
    package var exitCode: Int32 { 128 + signal }
    package var description: String { AccountPhrases.interruptedBySignal.t(["signal": Int(signal)]) }
}

/// The terminal of a running full-screen view: its events, its style, and where to draw.
package struct FullScreenTerminal: Sendable {
    /// Keys, resizes and ticks, in order; ends when the terminal goes away or the view is cancelled.
    package let events: AsyncStream<TerminalEvent>
    /// Attributes always (it is a terminal); colours unless `NO_COLOR` is set.
    package let style: TerminalStyle
    package let device: TerminalDevice

    /// Rows and columns now.
    package var size: (rows: Int, columns: Int) { device.size }

    /// Writes one frame (the caller includes the cursor movement and clearing it needs).
    package func draw(_ frame: String) { device.write(frame) }

    /// Rows and columns of standard output's terminal (24×80 if unknown), for commands that fit a chart to it.
    package static var size: (rows: Int, columns: Int) { TerminalDevice.size(of: STDOUT_FILENO) }

    /// Runs a full-screen view on `device`: raw mode, the alternate screen, a hidden cursor, keys read as
    /// they come, and a ``TerminalEvent/tick`` every `tick` if given.
    ///
    /// The terminal is restored on every way out: `body` returning or throwing, the task being cancelled,
    /// and SIGTERM, SIGHUP or SIGINT (watched through `UnixSignalsSequence`: no work in a signal handler),
    /// which cancel `body` and end the call with ``TerminalInterruption``.
    package static func run<T: Sendable>(
        on device: TerminalDevice,
        tick: Duration? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        _ body: @escaping @Sendable (FullScreenTerminal) async throws -> T
    ) async throws -> T {
        let trapped: [UnixSignal] = [.sigterm, .sighup, .sigint, .sigwinch]
        // The dispatch sources go with the sequence but leave their handler installed: give each signal back the
        // action it had, so that whatever the command does after the view can still be interrupted.
        var before: [Int32: sigaction] = [:]
        for trap in trapped {
            var action = sigaction()
            if sigaction(trap.rawValue, nil, &action) == 0 { before[trap.rawValue] = action }
        }
        defer {
            for (number, action) in before {
                var action = action
                sigaction(number, &action, nil)
            }
        }
        let signals = await UnixSignalsSequence(trapping: trapped)
        return try await RawMode.with(device.descriptor) {
            device.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
            defer { device.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l") }
            let (events, input) = AsyncStream.makeStream(of: TerminalEvent.self)
            let reader = TerminalKeyReader(
                descriptor: device.descriptor, deliver: { input.yield(.key($0)) },
                end: { input.finish() })
            defer { reader.cancel() }
            let terminal = FullScreenTerminal(
                events: events, style: .forOutput(isTerminal: true, environment: environment),
                device: device)
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    for await signal in signals {
                        guard signal == .sigwinch else { throw TerminalInterruption(signal: signal.rawValue) }
                        input.yield(.resized)
                    }
                    return nil
                }
                if let tick {
                    group.addTask {
                        while true {
                            try await Task.sleep(for: tick)
                            input.yield(.tick)
                        }
                    }
                }
                group.addTask { try await body(terminal) }
                while let result = try await group.next() {
                    if let value = result {
                        group.cancelAll()
                        return value
                    }
                }
                throw CancellationError()
            }
        }
    }
}
