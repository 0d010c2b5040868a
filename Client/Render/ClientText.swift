import Foundation
import GorillaShared

extension ClientInvitation {
    public func text(for viewer: Viewer) -> String {
        let label = names.isEmpty ? "a new client" : names
        guard let code, let expires else {
            return "Added \(label) (offline). The registration code will be shown by the next sync (gorilla sync) "
                + "and by gorilla clients list."
        }
        return """
            Added \(label). Registration code: \(code) (expires \(expires.prefix(10)))
            Pass this on: "Install gorilla, then run: gorilla register client --code \(code) \
            --username YOU --email YOUR@EMAIL"
            """
    }
}

extension ClientList {
    public func text(for viewer: Viewer) -> String {
        guard !clients.isEmpty else {
            return "No clients yet. Invite the first one with: gorilla clients add --name N --surname S"
        }
        let rows = clients.map { row in
            [
                row.name, row.client[string: "username"] ?? "", row.client[string: "status"] ?? "invited",
                row.lastTrained.map { String($0.prefix(10)) } ?? "never", row.code ?? "", row.client.id.short,
            ]
        }
        return Table(["CLIENT", "USERNAME", "STATUS", "LAST TRAINED", "CODE", "ID"], rows).render()
    }
}

extension ClientDetail {
    public func text(for viewer: Viewer) -> String {
        var lines = [
            "\(name)  (\(client.id.key))",
            "status:   \(client[string: "status"] ?? "invited")",
        ]
        if let username = client[string: "username"] { lines.append("username: \(username)") }
        if let email = client[string: "email"] { lines.append("email:    \(email)") }
        if let joined = client[string: "joined"] { lines.append("joined:   \(joined.prefix(10))") }
        if let code, let codeExpires { lines.append("code:     \(code) (expires \(codeExpires.prefix(10)))") }
        lines.append("unread messages: \(unread)")
        lines.append("next events:")
        lines += nextEvents.map { "  " + EventFormatting.line($0, clientName: nil) }
        if nextEvents.isEmpty {
            lines.append("  none (gorilla events add --client \"\(name)\" --at \"YYYY-MM-DD HH:MM\")")
        }
        lines.append("recent sessions:")
        lines += recentSessions.map {
            "  \(EventFormatting.local($0[string: "start"] ?? ""))  \($0[string: "mode"] ?? "")  \($0.id.short)"
        }
        if recentSessions.isEmpty { lines.append("  none") }
        return lines.joined(separator: "\n")
    }
}

extension IssuedClientSecret {
    public func text(for viewer: Viewer) -> String {
        switch purpose {
        case .registrationCode:
            return "New registration code for \(name): \(secret) (expires \(expires.prefix(10)))"
        case .passwordReset:
            return """
                One-time reset token for \(name) (valid until \(expires.prefix(16))):
                \(secret)
                They run: gorilla password reset --user \(name) --token \(secret)
                """
        }
    }
}

extension ClientRemoval {
    public func text(for viewer: Viewer) -> String {
        "Removed \(name): they can no longer log in; their history stays with you."
    }
}
