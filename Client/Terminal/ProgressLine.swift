import GorillaClientCore
import GorillaShared

/// The progress line's state machine: which reports to draw, when, and in what words; fed timestamped reports, so that
/// a test moves the clock by hand. ``ProgressMeter`` is its thin shell on standard error.
///
/// Nothing is drawn before a piece of work has run for ``delay``, so the short sync after each command draws nothing;
/// then at most once every ``interval`` (ten times a second). A report that comes sooner is kept and drawn when the
/// wait is over (``flush(at:width:)``), so the line never stays behind the work for long. A finished report clears
/// the line.
package struct ProgressLine: Sendable {
    /// What to do on the terminal.
    package enum Action: Equatable, Sendable {
        /// Nothing now.
        case none
        /// Redraw the line with this text (in place: carriage return, clear the line, the text).
        case draw(String)
        /// Clear the drawn line.
        case clear
        /// Nothing now; call ``flush(at:width:)`` at this instant to draw the report kept.
        case flush(at: ContinuousClock.Instant)
    }

    /// The shortest time between two draws.
    package static let interval: Duration = .milliseconds(100)
    /// How long a piece of work runs before its line is first drawn.
    package static let delay: Duration = .milliseconds(200)

    private let language: Language
    private var started: (work: WorkProgress.Work, at: ContinuousClock.Instant)?
    private var lastDrawn: ContinuousClock.Instant?
    private var kept: WorkProgress?
    /// Whether a line is on the terminal now.
    package private(set) var showing = false

    package init(language: Language) {
        self.language = language
    }

    /// What to do with `progress`, reported at `now`, on a terminal `width` columns wide.
    package mutating func report(_ progress: WorkProgress, at now: ContinuousClock.Instant, width: Int) -> Action {
        if progress.finished {
            kept = nil
            started = nil
            guard showing else { return .none }
            showing = false
            return .clear
        }
        if started?.work != progress.work { started = (progress.work, now) }
        if let due = due(), now < due {
            kept = progress
            return .flush(at: due)
        }
        return draw(progress, at: now, width: width)
    }

    /// Draws the report kept back by the delay or the interval, if any and if the wait is over.
    package mutating func flush(at now: ContinuousClock.Instant, width: Int) -> Action {
        guard let kept else { return .none }
        if let due = due(), now < due { return .flush(at: due) }
        return draw(kept, at: now, width: width)
    }

    /// The first instant the line may be drawn: after the delay since the work began and the interval since the last
    /// draw.
    private func due() -> ContinuousClock.Instant? {
        let afterDelay = started.map { $0.at + Self.delay }
        let afterInterval = lastDrawn.map { $0 + Self.interval }
        switch (afterDelay, afterInterval) {
        case (let delay?, let interval?): return max(delay, interval)
        case (let delay?, nil): return delay
        case (nil, let interval?): return interval
        case (nil, nil): return nil
        }
    }

    private mutating func draw(_ progress: WorkProgress, at now: ContinuousClock.Instant, width: Int) -> Action {
        kept = nil
        lastDrawn = now
        showing = true
        let elapsed = started.map { now - $0.at } ?? .zero
        return .draw(String(text(progress, elapsed: elapsed).prefix(max(width - 1, 1))))
    }

    /// The line for `progress`, `elapsed` after its work began: rows done of the total, bytes, and the time left
    /// once there is something to estimate it from.
    package func text(_ progress: WorkProgress, elapsed: Duration) -> String {
        let done = language.grouped(progress.done)
        let counted: [String: any Sendable] = ["done": done, "total": progress.total.map(language.grouped) ?? done]
        var parts: [String] = []
        switch progress.work {
        case .pull:
            parts.append(
                progress.total == nil
                    ? DataPhrases.progressPullingUncounted.text(in: language, counted)
                    : DataPhrases.progressPulling.text(in: language, counted))
        case .push: parts.append(DataPhrases.progressPushing.text(in: language, counted))
        case .export: parts.append(DataPhrases.progressExporting.text(in: language, counted))
        case .import: parts.append(DataPhrases.progressImporting.text(in: language, counted))
        }
        parts.append(size(progress.bytes))
        if let left = left(progress, elapsed: elapsed) {
            parts.append(DataPhrases.progressLeft.text(in: language, ["time": left]))
        }
        return parts.joined(separator: " · ")
    }

    /// `1,5 MB`, `820 kB`, `96 B`, as the language writes numbers.
    func size(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return language.number((Double(bytes) / 1_000_000 * 10).rounded() / 10) + " MB" }
        if bytes >= 1_000 { return language.grouped(bytes / 1_000) + " kB" }
        return "\(bytes) B"
    }

    /// The time left at the pace so far (`3 s`, `2 min`): nil before half a second of work, with nothing done yet,
    /// or without a total.
    func left(_ progress: WorkProgress, elapsed: Duration) -> String? {
        guard let total = progress.total, progress.done > 0, total > progress.done, elapsed >= .milliseconds(500)
        else { return nil }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let remaining = seconds * Double(total - progress.done) / Double(progress.done)
        if remaining < 60 { return "\(max(Int(remaining.rounded(.up)), 1)) s" }
        return "\(Int((remaining / 60).rounded())) min"
    }
}
