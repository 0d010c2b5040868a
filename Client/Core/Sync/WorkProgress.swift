import Foundation

/// How far a long piece of work has got, as the work itself counts it: rows done of a total, and bytes moved.
///
/// The sync engine reports its pulls and pushes, the export and the import theirs, through a ``ProgressReporter``;
/// the terminal layer draws them (`ProgressMeter`), and nothing else does, so the work never knows whether anyone
/// is watching.
package struct WorkProgress: Sendable, Equatable {
    /// What is being done.
    package enum Work: String, Sendable, CaseIterable {
        /// Changes arriving from the server (`sync.pull`).
        case pull
        /// Queued changes going to the server (`sync.push`).
        case push
        /// Rows written to an export's files.
        case export
        /// A file's sessions read into the outbox.
        case `import`
    }

    package var work: Work
    /// Rows done so far.
    package var done: Int
    /// Rows in all, when known (a server older than `sync.pull`'s `remaining` does not say).
    package var total: Int?
    /// Bytes moved so far (received, sent or written).
    package var bytes: Int
    /// Whether the work has ended (its last report): a drawn line is cleared.
    package var finished: Bool

    package init(_ work: Work, done: Int, total: Int?, bytes: Int, finished: Bool = false) {
        self.work = work
        self.done = done
        self.total = total
        self.bytes = bytes
        self.finished = finished
    }
}

/// Where a piece of work sends its progress: called on whatever task does the work, so it must return at once.
package typealias ProgressReporter = @Sendable (WorkProgress) -> Void
