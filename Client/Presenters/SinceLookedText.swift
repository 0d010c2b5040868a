import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension SinceLooked {
    /// "Since you last looked:" and what came, one line each (at most five sessions and five measurements), as the
    /// home screen and the agenda show it; nothing when nothing came.
    func lines(zone: TimeZone = .current) -> [String] {
        guard !isEmpty else { return [] }
        var lines = [AccountPhrases.overviewSinceLooked.t()]
        for records in [sessions, measurements] where !records.isEmpty {
            lines += records.prefix(5).map { "  " + WatchNotice.recorded($0, zone: zone) }
            if records.count > 5 { lines.append("  " + AccountPhrases.overviewMore.t(["count": records.count - 5])) }
        }
        let counts: [(Int, AccountPhrases)] = [
            (requests, .overviewSinceRequests), (answers, .overviewSinceAnswers), (messages, .overviewSinceMessages),
        ]
        for (count, phrase) in counts where count > 0 { lines.append("  " + phrase.t(["count": count])) }
        return lines
    }
}
