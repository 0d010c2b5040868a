import Foundation
import NIOConcurrencyHelpers

/// What a command says beside its result, on standard error: where its long work reports progress, and whether its
/// chatter (notes that only describe the device's state, such as "offline — 2 changes queued") is kept back
/// (`--quiet`). Errors, warnings, refusals and conflicts are never chatter.
///
/// - Important: one per ``DeviceContext``; `Sendable`, its state behind a lock.
package final class SideOutput: Sendable {
    private struct State {
        var progress: ProgressReporter?
        var quiet = false
        var chatter: Set<String> = []
    }

    private let state = NIOLockedValueBox(State())

    init() {}

    /// Where long work (syncs, exports, imports) reports how far it got; nil when nobody draws it.
    package var progress: ProgressReporter? { state.withLockedValue { $0.progress } }

    /// Sends long work's progress to `reporter` (the terminal's progress line), or to nowhere with nil.
    package func reportProgress(to reporter: ProgressReporter?) {
        state.withLockedValue { $0.progress = reporter }
    }

    /// Whether chatter is kept back (`--quiet`).
    package var isQuiet: Bool { state.withLockedValue { $0.quiet } }

    /// Keeps chatter back from now on (`--quiet`).
    package func keepQuiet() {
        state.withLockedValue { $0.quiet = true }
    }

    /// Marks `note` as chatter, shown only when not quiet; returns it.
    package func chatter(_ note: String) -> String {
        state.withLockedValue { _ = $0.chatter.insert(note) }
        return note
    }

    /// `notes` without the chatter when quiet; all of them otherwise.
    package func shown(_ notes: [String]) -> [String] {
        state.withLockedValue { state in state.quiet ? notes.filter { !state.chatter.contains($0) } : notes }
    }
}
