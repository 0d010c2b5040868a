import Foundation
import GorillaClient
import GorillaShared

extension ClientShareResult: Presentable {
    package func text(for viewer: Viewer) -> String {
        let client = reply.client
        guard ended else {
            if let until, let colleague {
                return SharePhrases.sharedUntil.t(["client": client, "user": colleague, "day": until.description])
            }
            return SharePhrases.shared.t(["client": client, "users": reply.with.joined(separator: ", ")])
        }
        let rest =
            reply.with.isEmpty
            ? SharePhrases.sharedWithNobody.t(["client": client])
            : SharePhrases.stillSharedWith.t(["client": client, "users": reply.with.joined(separator: ", ")])
        return SharePhrases.unshared.t(["client": client, "count": reply.ended]) + "\n" + rest
    }
}

extension Profile {
    /// A client account's coaches in words: "ada (Ada Puig), bob (Bob Soler) (shared)"; nil when none are named.
    var coachesText: String? {
        guard let coaches, !coaches.isEmpty else { return nil }
        return coaches.map { coach in
            let named = "\(coach.username) (\(coach.name))"
            return coach.shared == true ? SharePhrases.sharedCoach.t(["coach": named]) : named
        }.joined(separator: ", ")
    }
}
