import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension ServerPinned: Presentable {
    package func text(for viewer: Viewer) -> String {
        var text = AccountPhrases.connectedTo.t([
            "address": "\(server.host):\(server.port)", "fingerprint": fingerprint,
        ])
        if let movedFrom {
            text += "\n" + AccountPhrases.sameServerMoved.t(["address": "\(movedFrom.host):\(movedFrom.port)"])
        }
        return text
    }
}

extension SignedIn: Presentable {
    package func text(for viewer: Viewer) -> String {
        registered
            ? AccountPhrases.registeredAs.t(["user": profile.username, "role": roleWord(profile.role)])
            : AccountPhrases.loggedInAs.t([
                "user": profile.username, "name": "\(profile.name) \(profile.surname)",
            ])
    }
}

extension LoggedOut: Presentable {
    package func text(for viewer: Viewer) -> String {
        everywhere
            ? AccountPhrases.loggedOutEverywhere.t(["user": username]) : AccountPhrases.loggedOut.t(["user": username])
    }

    package func notes(for viewer: Viewer) -> [String] {
        var notes: [String] = []
        switch revocation {
        case .reached:
            break
        case .refused(let message):
            notes.append(AccountPhrases.logoutServerRefused.t(["message": message]))
        case .offline:
            notes.append(AccountPhrases.logoutOffline.t())
        }
        if queued > 0 { notes.append(AccountPhrases.logoutQueuedStay.t(["count": queued])) }
        return notes
    }
}

extension AccountSummary: Presentable {
    package func text(for viewer: Viewer) -> String {
        let address = server.map { "\($0.host):\($0.port)" } ?? AccountPhrases.serverNone.t()
        let coaches = profile.coachesText.map { "\n\(SharePhrases.coaches.t()): \($0)" } ?? ""
        return """
            \(profile.username) (\(roleWord(profile.role))) — \(profile.name) \(profile.surname) <\(profile.email)>
            \(AccountPhrases.whoamiServer.t(["server": address]))
            """ + coaches
    }

    package func notes(for viewer: Viewer) -> [String] {
        switch source {
        case .reached: []
        case .refused(let message):
            [AccountPhrases.whoamiServerRefused.t(["message": message])]
        case .offline(let reason): [AccountPhrases.whoamiOffline.t(["reason": reason])]
        }
    }
}

extension ProfileDetail: Presentable {
    package func text(for viewer: Viewer) -> String {
        let reminder =
            ReminderTime.describe(profile.reminderMinutes)
            + (profile.reminder == nil ? AccountPhrases.reminderDefault.t() : "")
        var rows: [(label: String, value: String)] = [
            (AccountPhrases.profileUsername.t(), profile.username),
            (AccountPhrases.profileRole.t(), roleWord(profile.role)),
            (AccountPhrases.profileName.t(), "\(profile.name) \(profile.surname)"),
            (AccountPhrases.profileEmail.t(), profile.email),
            (AccountPhrases.profileLanguage.t(), profile.language.rawValue),
            (AccountPhrases.profileReminder.t(), reminder),
        ]
        if let nif = profile.nif { rows.append(("NIF", nif)) }
        if let coaches = profile.coachesText { rows.append((SharePhrases.coaches.t(), coaches)) }
        if let photo = profile.photo { rows.append((AccountPhrases.profilePhoto.t(), "\(photo.prefix(12))…")) }
        rows.append((AccountPhrases.profileSince.t(), String(ISOTime.format(profile.created).prefix(10))))
        return (updated ? AccountPhrases.profileUpdated.t() + "\n" : "") + labelled(rows)
    }

    package func notes(for viewer: Viewer) -> [String] {
        savedPhoto.map { [SettingsPhrases.photoSaved.t(["path": $0])] } ?? []
    }
}

extension PasswordUpdated: Presentable {
    package func text(for viewer: Viewer) -> String {
        switch self {
        case .changed: AccountPhrases.passwordChanged.t()
        case .reset(let user): AccountPhrases.passwordReset.t(["user": user])
        }
    }
}

extension Overview: Presentable {
    package func text(for viewer: Viewer) -> String {
        switch self {
        case .loggedOut(connected: false):
            AccountPhrases.overviewWelcome.t()
        case .loggedOut(connected: true):
            AccountPhrases.overviewNotLoggedIn.t()
        case .loggedIn(let account):
            Self.text(of: account)
        }
    }

    private static func text(of account: Account) -> String {
        let profile = account.profile
        let coach = profile.role.keepsClients
        var lines = ["\(profile.name) \(profile.surname) (\(profile.username), \(roleWord(profile.role)))", ""]
        if let next = account.next {
            let start = next.start
            let who =
                coach
                ? next.clientName ?? "?"
                : account.coachName.map { AccountPhrases.overviewTrainingWith.t(["coach": $0]) }
                    ?? AccountPhrases.overviewTraining.t()
            let training = next.event.trainingName.map { " · \($0)" } ?? ""
            let when = EventFormatting.relative(start, now: account.now, zone: .current)
            let countdown = EventFormatting.countdown(from: account.now, to: start)
            lines.append(
                AccountPhrases.overviewNext.t(["who": who + training, "when": when, "countdown": countdown]))
            lines.append("")
        }
        lines.append(AccountPhrases.overviewNextEvents.t())
        if account.nextEvents.isEmpty {
            lines.append("  " + (coach ? AccountPhrases.overviewNoEventsHint.t() : AccountPhrases.overviewNoEvents.t()))
        } else {
            lines += account.nextEvents.map { "  " + EventFormatting.line($0.event, clientName: $0.clientName) }
        }
        lines += account.since.lines()
        if !account.attention.isEmpty {
            let values = PlannedCompliance.phraseValues.merging(["clients": account.attention.joined(separator: ", ")])
            {
                $1
            }
            lines.append(ProgressPhrases.needsAttention.t(values))
        }
        lines += waiting(account)
        let unread = account.unread
        lines.append(
            unread == 0 ? AccountPhrases.overviewNoUnread.t() : AccountPhrases.overviewUnread.t(["count": unread]))
        let queued = account.queued
        lines.append(
            queued == 0 ? AccountPhrases.overviewSynced.t() : AccountPhrases.overviewQueued.t(["count": queued]))
        if !account.news.isEmpty {
            lines.append("")
            lines += account.news.map { AccountPhrases.overviewNews.t(["news": $0]) }
        }
        if coach {
            lines.append("")
            lines.append(AccountPhrases.overviewStartTraining.t())
        }
        return lines.joined(separator: "\n")
    }

    /// What waits for an answer: for a coach, their clients' requests and the appointments clients declined; for a
    /// client, the appointments they have not answered, their requests and the ones the coach declined. At most five
    /// lines of each.
    private static func waiting(_ account: Account) -> [String] {
        let coach = account.profile.role.keepsClients
        let groups: [(title: String, events: [Event])] =
            coach
            ? [
                (AccountPhrases.overviewRequestsForYou.t(), account.requests),
                (AccountPhrases.overviewDeclinedByClients.t(), account.declined),
            ]
            : [
                (AccountPhrases.overviewNotAnswered.t(), account.unanswered),
                (AccountPhrases.overviewYourRequests.t(), account.requests),
                (AccountPhrases.overviewRequestsDeclined.t(), account.declined),
            ]
        var lines: [String] = []
        for (title, events) in groups where !events.isEmpty {
            lines.append(title)
            for event in events.prefix(5) {
                var line = "  " + EventFormatting.line(event.event, clientName: event.clientName)
                // The client's reason for a coach; the request's note (the coach's reason when they gave one) for a client.
                if let reason = coach ? event.event.answerNote : event.event.note {
                    line += coach ? " — \(reason)" : " — " + AccountPhrases.overviewNote.t(["note": reason])
                }
                lines.append(line)
            }
            if events.count > 5 { lines.append("  " + AccountPhrases.overviewMore.t(["count": events.count - 5])) }
        }
        return lines
    }
}

/// A role as a person reads it: `coach`, `entrenador`.
func roleWord(_ role: Role) -> String {
    role == .coach ? AccountPhrases.roleCoach.t() : AccountPhrases.roleClient.t()
}

/// `label: value` lines with the values in one column (`username: ada`, `role:     coach`).
func labelled(_ rows: [(label: String, value: String)]) -> String {
    let width = rows.map { $0.label.count + 1 }.max() ?? 0
    return rows.map { row in
        let label = row.label + ":"
        return label + String(repeating: " ", count: width - label.count + 1) + row.value
    }.joined(separator: "\n")
}

extension FeedAddress: Presentable {
    package func text(for viewer: Viewer) -> String {
        url + "\n" + (reset ? AccountPhrases.feedReset.t() : AccountPhrases.feedHint.t())
    }
}
