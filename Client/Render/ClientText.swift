import Foundation
import GorillaShared

/// The command an invited client runs to join, with placeholders for what they fill in: `--name` and `--surname`
/// only when the coach left them out (the server needs both, and takes the coach's when the client gives none).
enum RegistrationCommand {
    static func text(code: String, needsName: Bool, needsSurname: Bool) -> String {
        var command = "gorilla register client --code \(code) --username YOU --email YOUR@EMAIL"
        if needsName { command += " --name NAME" }
        if needsSurname { command += " --surname SURNAME" }
        return command
    }

    /// The line to pass on to the client.
    static func passOn(code: String, needsName: Bool, needsSurname: Bool) -> String {
        "Pass this on: \"Install gorilla, then run: "
            + text(code: code, needsName: needsName, needsSurname: needsSurname) + "\""
    }
}

extension ClientInvitation {
    public func text(for viewer: Viewer) -> String {
        let label = names.isEmpty ? "a new client" : names
        guard let code, let expires else {
            return "Added \(label) (offline). The registration code will be shown by the next sync (gorilla sync) "
                + "and by gorilla clients list."
        }
        return """
            Added \(label). Registration code: \(code) (expires \(expires.prefix(10)))
            \(RegistrationCommand.passOn(code: code, needsName: name == nil, needsSurname: surname == nil))
            """
    }
}

extension ClientList {
    public func text(for viewer: Viewer) -> String {
        guard !clients.isEmpty else {
            guard viewer.role == .coach else { return "Your entry has not reached this device yet: run gorilla sync." }
            return "No clients yet. Invite the first one with: gorilla clients add --name N --surname S"
        }
        let rows = clients.map { row in
            [
                row.name, row.client[string: "username"] ?? "",
                row.removed ? "removed" : row.client[string: "status"] ?? "invited",
                row.lastTrained.map { String($0.prefix(10)) } ?? "never", Self.cell(row.code), row.client.id.short,
            ]
        }
        var lines = [Table(["CLIENT", "USERNAME", "STATUS", "LAST TRAINED", "CODE", "ID"], rows).render()]
        if clients.contains(where: { if case .elsewhere = $0.code { true } else { false } }) {
            lines.append(
                "(other device): the code was issued on another of your devices; "
                    + "gorilla clients show C --code shows one here (a new one: the other stops working)")
        }
        if clients.contains(where: { $0.code == .expired }) {
            lines.append("expired: issue a new code with gorilla clients code C")
        }
        return lines.joined(separator: "\n")
    }

    private static func cell(_ code: RegistrationCodeState) -> String {
        switch code {
        case .none: ""
        case .held(let code, _): code
        case .elsewhere: "(other device)"
        case .expired: "expired"
        }
    }
}

extension ClientDetail {
    public func text(for viewer: Viewer) -> String {
        var lines = [
            "\(name)  (\(client.id.key))",
            "status:   "
                + (removed
                    ? "removed (history kept; they can no longer log in)" : client[string: "status"] ?? "invited"),
        ]
        if let username = client[string: "username"] { lines.append("username: \(username)") }
        if let email = client[string: "email"] { lines.append("email:    \(email)") }
        if let joined = client[string: "joined"] { lines.append("joined:   \(joined.prefix(10))") }
        if let goal = client.fields["goalWeight"]?.doubleValue {
            lines.append("goal weight: \(BodyMeasure.weight.format(goal))")
        }
        switch codeState {
        case .held(let code, let expires):
            lines.append("code:     \(code) (expires \(expires.prefix(10)))")
            lines.append(
                "          "
                    + RegistrationCommand.passOn(
                        code: code, needsName: client[string: "name"] == nil,
                        needsSurname: client[string: "surname"] == nil))
        case .elsewhere(let expires):
            lines.append(
                "code:     issued on another of your devices (expires \(expires.prefix(10))); "
                    + "gorilla clients show \"\(name)\" --code shows one here (a new one: the other stops working)")
        case .expired:
            lines.append("code:     expired; issue a new one with gorilla clients code \"\(name)\"")
        case .none:
            break
        }
        lines.append("unread messages: \(unread)")
        lines.append("next events:")
        lines += nextEvents.map { "  " + EventFormatting.line($0, clientName: nil) }
        if nextEvents.isEmpty {
            lines.append(
                removed || viewer.role != .coach
                    ? "  none" : "  none (gorilla events add --client \"\(name)\" --at \"YYYY-MM-DD HH:MM\")")
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
            return """
                New registration code for \(name): \(secret) (expires \(expires.prefix(10)))
                \(RegistrationCommand.passOn(code: secret, needsName: needsName, needsSurname: needsSurname))
                """
        case .passwordReset:
            return """
                One-time reset token for \(name) (valid until \(expires.prefix(16))):
                \(secret)
                They run: gorilla password reset --user \(name) --token \(secret)
                """
        }
    }
}

extension ClientDetail {
    public func notes(for viewer: Viewer) -> [String] {
        replacedCode
            ? [
                "note: a new registration code was issued here; the one issued on another of your devices no longer works"
            ]
            : []
    }
}

extension ClientRemoval {
    public func text(for viewer: Viewer) -> String {
        func appointments(_ count: Int) -> String { "\(count) future appointment\(count == 1 ? "" : "s")" }
        var said: [String] = []
        if cancelledEvents > 0 {
            said.append("\(appointments(cancelledEvents)) \(cancelledEvents == 1 ? "was" : "were") cancelled")
        }
        if pendingEvents > 0 { said.append("\(appointments(pendingEvents)) will be cancelled when this device syncs") }
        let rest = "they can no longer log in; their history stays with you."
        guard !said.isEmpty else { return "Removed \(name): \(rest)" }
        return "Removed \(name); " + said.joined(separator: "; ") + ". They" + rest.dropFirst(4)
    }
}
