import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// The full-screen terminal view of `gorilla train`: a thin shell over ``SessionRecorder``.
///
/// Runs on ``FullScreenTerminal``: raw mode on `/dev/tty`, the alternate screen, a redraw ten times a
/// second when the frame changed; the terminal is restored on every way out. Ctrl-C leaves with the
/// unfinished session kept for `gorilla train --resume`; so does SIGTERM or SIGHUP, which end the run with
/// ``TerminalInterruption``. The view never touches the network.
package struct TrainView: Sendable {
    package let recorder: SessionRecorder
    let persist: @Sendable (SessionRecorder) throws -> Void
    package let clock: @Sendable () -> Date

    package init(
        recorder: SessionRecorder, clock: @escaping @Sendable () -> Date = Date.init,
        persist: @escaping @Sendable (SessionRecorder) throws -> Void
    ) {
        self.recorder = recorder
        self.clock = clock
        self.persist = persist
    }

    /// Opens the controlling terminal for `gorilla train`, before anything is started.
    /// - Throws: ``ClientError`` `.local` without a terminal.
    package static func openTerminal() throws -> TerminalDevice {
        try TerminalDevice(for: "train", hint: TrainingPhrases.trainNeedsTerminalHint.t())
    }

    /// Runs until the coach saves, discards or presses Ctrl-C; returns the final state.
    /// - Throws: ``TerminalInterruption`` on SIGTERM/SIGHUP (every step is already saved), and what `persist` throws.
    package func run(on device: TerminalDevice) async throws -> SessionRecorder {
        let (start, persist, clock) = (recorder, persist, clock)
        return try await FullScreenTerminal.run(on: device, tick: .milliseconds(100)) { terminal in
            var recorder = start
            var shown = ""
            func draw() {
                let frame = TrainScreen.render(
                    recorder, at: clock(), style: terminal.style, width: terminal.size.columns,
                    height: terminal.size.rows)
                if frame != shown { terminal.draw(frame) }
                shown = frame
            }
            draw()
            for await event in terminal.events {
                switch event {
                case .key(.interrupt):
                    return recorder  // Ctrl-C: kept for --resume
                case .key(let key):
                    guard let key = Self.recorderKey(key) else { continue }
                    recorder.handle(key, at: clock())
                    try persist(recorder)
                    if recorder.outcome != .recording { return recorder }
                case .resized:
                    shown = ""
                case .tick:
                    // The planned rest ran out: the bell, and the rest line turns reversed (the visible flash).
                    if recorder.tick(at: clock()) { terminal.draw("\u{07}") }
                }
                draw()
            }
            return recorder
        }
    }

    /// The recorder's key for a terminal key; nil for keys the recorder does not use.
    static func recorderKey(_ key: Key) -> SessionRecorder.Key? {
        switch key {
        case .character(" "): .space
        case .character(let character): .character(character)
        case .enter: .enter
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .delete: .backspace
        case .escape: .escape
        case .backspace: .backspace
        default: nil
        }
    }
}

extension DeviceContext {
    /// The local cache for opening a full-screen view, synced first when the server answers within `limit`.
    ///
    /// A server that accepts but never answers must not keep the view from opening: past `limit` the view
    /// opens on the local copy and the sync is cancelled (it never held anything the view needs). What the sync
    /// would note is not shown: the view shows the copy, and the session's own sync at the end says how it went.
    func cacheForView(limit: Duration = .seconds(3)) async throws -> LocalCache {
        _ = try session()
        let cache = try cache()
        await syncWithin(limit, noting: false)
        return cache
    }
}
