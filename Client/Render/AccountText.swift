import Foundation
import GorillaShared

extension ServerPinned {
    public func text(for viewer: Viewer) -> String {
        var text = "Connected to \(server.host):\(server.port)\nCertificate SHA-256: \(fingerprint) (pinned)"
        if let movedFrom {
            text += "\nSame server as \(movedFrom.host):\(movedFrom.port) (same certificate): the login is kept."
        }
        return text
    }
}

extension SignedIn {
    public func text(for viewer: Viewer) -> String {
        registered
            ? "Registered and logged in as \(profile.username) (\(profile.role == .coach ? "coach" : "client"))."
            : "Logged in as \(profile.username) (\(profile.name) \(profile.surname))."
    }
}

extension LoggedOut {
    public func text(for viewer: Viewer) -> String {
        "Logged out \(username)."
    }

    public func notes(for viewer: Viewer) -> [String] {
        var notes: [String] = []
        switch revocation {
        case .reached:
            break
        case .refused(let message):
            notes.append("server refused — the session was forgotten here but not revoked on the server: \(message)")
        case .offline:
            notes.append("offline — the session was forgotten here but could not be revoked on the server")
        }
        if queued > 0 { notes.append("\(queued) queued change(s) stay on this device until you log in again") }
        return notes
    }
}

extension AccountSummary {
    public func text(for viewer: Viewer) -> String {
        """
        \(profile.username) (\(profile.role.rawValue)) — \(profile.name) \(profile.surname) <\(profile.email)>
        server: \(server.map { "\($0.host):\($0.port)" } ?? "none")
        """
    }

    public func notes(for viewer: Viewer) -> [String] {
        switch source {
        case .reached: []
        case .refused(let message):
            ["server refused — showing the account saved on this device, nothing was sent: \(message)"]
        case .offline(let reason): ["offline — showing the account saved on this device; \(reason)"]
        }
    }
}

extension ProfileDetail {
    public func text(for viewer: Viewer) -> String {
        var lines = [
            "username: \(profile.username)",
            "role:     \(profile.role.rawValue)",
            "name:     \(profile.name) \(profile.surname)",
            "email:    \(profile.email)",
            "language: \(profile.language.rawValue)",
            "reminder: \(ReminderTime.describe(profile.reminderMinutes))\(profile.reminder == nil ? " (default)" : "")",
        ]
        if let nif = profile.nif { lines.append("NIF:      \(nif)") }
        if let photo = profile.photo { lines.append("photo:    \(photo.prefix(12))…") }
        lines.append("since:    \(ISOTime.format(profile.created).prefix(10))")
        return (updated ? "Profile updated.\n" : "") + lines.joined(separator: "\n")
    }
}

extension PasswordUpdated {
    public func text(for viewer: Viewer) -> String {
        switch self {
        case .changed: "Password changed; your other devices have been logged out."
        case .reset(let user): "Password reset. Log in with: gorilla login --user \(user)"
        }
    }
}

extension Overview {
    public func text(for viewer: Viewer) -> String {
        switch self {
        case .loggedOut(connected: false):
            "Welcome to GorillaCoach. Start with: gorilla connect HOST:PORT (see gorilla --help)"
        case .loggedOut(connected: true):
            "Not logged in. Log in with: gorilla login --user USERNAME (or: gorilla register coach --help)"
        case .loggedIn(let account):
            Self.text(of: account)
        }
    }

    private static func text(of account: Account) -> String {
        let profile = account.profile
        let coach = profile.role == .coach
        var lines = ["\(profile.name) \(profile.surname) (\(profile.username), \(profile.role.rawValue))", ""]
        if let next = account.next, let start = next.event[string: "start"].flatMap(ISOTime.parse) {
            let who = coach ? next.clientName ?? "?" : "training" + (account.coachName.map { " with \($0)" } ?? "")
            let when = EventFormatting.relative(start, now: account.now, zone: .current)
            lines.append("next: \(who), \(when) — \(EventFormatting.countdown(from: account.now, to: start))")
            lines.append("")
        }
        lines.append("Next events:")
        if account.nextEvents.isEmpty {
            let hint = "  none — schedule one with: gorilla events add --client C --at \"YYYY-MM-DD HH:MM\""
            lines.append(coach ? hint : "  none")
        } else {
            lines += account.nextEvents.map { "  " + EventFormatting.line($0.event, clientName: $0.clientName) }
        }
        lines += waiting(account)
        let unread = account.unread
        lines.append(
            unread == 0
                ? "No unread messages." : "\(unread) unread message\(unread == 1 ? "" : "s") (gorilla messages).")
        let queued = account.queued
        lines.append(
            queued == 0 ? "Everything is synced." : "\(queued) change\(queued == 1 ? "" : "s") queued for the server.")
        if !account.news.isEmpty {
            lines.append("")
            lines += account.news.map { "News: \($0)" }
        }
        if coach {
            lines.append("")
            lines.append("Start a training with: gorilla train --client C [--training T | --free]")
        }
        return lines.joined(separator: "\n")
    }

    /// What waits for an answer: for a coach, their clients' requests and the appointments clients declined; for a
    /// client, the appointments they have not answered, their requests and the ones the coach declined. At most five
    /// lines of each.
    private static func waiting(_ account: Account) -> [String] {
        let coach = account.profile.role == .coach
        let groups: [(title: String, events: [Event])] =
            coach
            ? [
                ("Requests waiting for you (gorilla events accept|decline ID):", account.requests),
                ("Declined by clients:", account.declined),
            ]
            : [
                ("Not answered yet (gorilla events confirm|decline ID):", account.unanswered),
                ("Your requests waiting for your coach:", account.requests),
                ("Requests your coach declined:", account.declined),
            ]
        var lines: [String] = []
        for (title, events) in groups where !events.isEmpty {
            lines.append(title)
            for event in events.prefix(5) {
                var line = "  " + EventFormatting.line(event.event, clientName: event.clientName)
                // The client's reason for a coach; the request's note (the coach's reason when they gave one) for a client.
                if let reason = event.event[string: coach ? "answerNote" : "note"] {
                    line += coach ? " — \(reason)" : " — note: \(reason)"
                }
                lines.append(line)
            }
            if events.count > 5 { lines.append("  … and \(events.count - 5) more (gorilla events list)") }
        }
        return lines
    }
}
