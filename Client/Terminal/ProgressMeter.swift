import Foundation
import GorillaClientCore
import GorillaShared

#if canImport(Glibc)
import Glibc
#endif

/// Draws long work's progress (``WorkProgress``) as one line on standard error, redrawn in place (carriage return,
/// clear the line) at most ten times a second, and cleared when the work ends: the thin shell over ``ProgressLine``.
///
/// Made only when standard error is a terminal (``onStandardError(language:)``); the CLI does not make one under
/// `--json` or `--quiet`.
///
/// - Important: reports come from whatever task does the work; the state is behind `lock`, and the terminal is
///   written while holding it, so that draws never interleave. Hence `@unchecked Sendable`.
package final class ProgressMeter: @unchecked Sendable {
    private let lock = NSLock()
    private var line: ProgressLine
    private var flushing = false
    private var ended = false
    private let width: @Sendable () -> Int
    private let write: @Sendable (String) -> Void

    /// A meter writing through `write`, fitting lines to `width()` columns.
    package init(
        language: Language, width: @escaping @Sendable () -> Int, write: @escaping @Sendable (String) -> Void
    ) {
        self.line = ProgressLine(language: language)
        self.width = width
        self.write = write
    }

    /// A meter on standard error when it is a terminal; nil otherwise (piped, redirected to a file).
    package static func onStandardError(language: Language) -> ProgressMeter? {
        guard isatty(STDERR_FILENO) != 0 else { return nil }
        return ProgressMeter(
            language: language, width: { TerminalDevice.size(of: STDERR_FILENO).columns },
            write: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// Takes one report (a ``ProgressReporter``).
    package func report(_ progress: WorkProgress) {
        lock.withLock {
            guard !ended else { return }
            perform(line.report(progress, at: .now, width: width()))
        }
    }

    /// Clears a drawn line and draws nothing more: called before the command prints anything else.
    package func finish() {
        lock.withLock {
            guard !ended else { return }
            ended = true
            if line.showing { write("\r\u{1B}[2K") }
        }
    }

    private func perform(_ action: ProgressLine.Action) {
        switch action {
        case .none: break
        case .draw(let text): write("\r\u{1B}[2K" + text)
        case .clear: write("\r\u{1B}[2K")
        case .flush(let instant):
            guard !flushing else { return }
            flushing = true
            Task { [self] in
                try? await Task.sleep(until: instant, clock: .continuous)
                lock.withLock {
                    flushing = false
                    guard !ended else { return }
                    perform(line.flush(at: .now, width: width()))
                }
            }
        }
    }
}
