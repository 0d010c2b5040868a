/// How long to wait before trying again, as a person reads it: "2 min 40 s", "15 min", "10 s", and the sentence
/// around it in their language ("torneu-ho a provar d'aquí a 2 min 40 s").
///
/// The server adds it to every refusal that carries a `retryAfter` (``WireError``), so the CLI prints it as the
/// server's message says it.
package struct RetryWait: Sendable, Equatable {
    /// Seconds to wait (at least one).
    package let seconds: Int

    package init(seconds: Int) { self.seconds = max(1, seconds) }

    /// Minutes and seconds, leaving out a part that is zero: the abbreviations read alike in Catalan, Spanish and
    /// English.
    package var duration: String {
        let (minutes, rest) = seconds.quotientAndRemainder(dividingBy: 60)
        switch (minutes, rest) {
        case (0, _): return "\(rest) s"
        case (_, 0): return "\(minutes) min"
        default: return "\(minutes) min \(rest) s"
        }
    }

    /// "try again in 2 min 40 s", in `language`.
    package func phrase(in language: Language) -> String {
        switch language {
        case .ca: "torneu-ho a provar d'aquí a \(duration)"
        case .es: "vuelva a intentarlo en \(duration)"
        case .en: "try again in \(duration)"
        }
    }
}
