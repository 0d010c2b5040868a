import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

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
        CataloguePhrases.passOnRegistration.t([
            "command": text(code: code, needsName: needsName, needsSurname: needsSurname)
        ])
    }
}

extension ClientInvitation: Presentable {
    package func text(for viewer: Viewer) -> String {
        let label = names.isEmpty ? CataloguePhrases.aNewClient.t() : names
        guard let code, let expires else {
            return CataloguePhrases.clientAddedOffline.t(["client": label])
        }
        return [
            CataloguePhrases.clientAdded.t([
                "client": label, "code": code, "date": String(EventFormatting.local(expires).prefix(10)),
            ]),
            RegistrationCommand.passOn(code: code, needsName: name == nil, needsSurname: surname == nil),
        ].joined(separator: "\n")
    }
}

extension ClientStatus {
    /// The status as lists show it.
    var shownInList: String {
        switch self {
        case .invited: CataloguePhrases.statusInvited.t()
        case .active: CataloguePhrases.statusActive.t()
        case .removed: CataloguePhrases.statusRemoved.t()
        }
    }
}

extension ClientList: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard !clients.isEmpty else {
            guard viewer.may(.create, .client) else { return CataloguePhrases.noClientsForClient.t() }
            return CataloguePhrases.noClientsForCoach.t()
        }
        let rows = clients.map { row in
            [
                row.sharedBy.map { "\(row.name) (\(SharePhrases.sharedBy.t(["user": $0])))" } ?? row.name,
                row.client.username ?? "",
                row.removed ? ClientStatus.removed.shownInList : row.client.status.shownInList,
                row.lastTrained.map { String($0.prefix(10)) } ?? CataloguePhrases.never.t(), Self.cell(row.code),
                row.client.id.short,
            ]
        }
        let header = [
            CataloguePhrases.tableHeaderClient.t(), CataloguePhrases.tableHeaderUsername.t(),
            CataloguePhrases.tableHeaderStatus.t(), CataloguePhrases.tableHeaderLastTrained.t(),
            CataloguePhrases.tableHeaderCode.t(), "ID",
        ]
        var lines = [Table(header, rows).render()]
        if clients.contains(where: { if case .elsewhere = $0.code { true } else { false } }) {
            lines.append(CataloguePhrases.codeOnOtherDeviceLegend.t())
        }
        if clients.contains(where: { $0.code == .expired }) {
            lines.append(CataloguePhrases.codeExpiredLegend.t())
        }
        return lines.joined(separator: "\n")
    }

    private static func cell(_ code: RegistrationCodeState) -> String {
        switch code {
        case .none: ""
        case .held(let code, _): code
        case .elsewhere: CataloguePhrases.codeOnOtherDevice.t()
        case .expired: CataloguePhrases.codeExpired.t()
        }
    }
}

extension ClientDetail: Presentable {
    package func text(for viewer: Viewer) -> String {
        // The labels of the profile are aligned; the code's second line starts under its value.
        let labels = [
            CataloguePhrases.labelStatus, .labelUsername, .labelEmail, .labelJoined, .labelCode,
        ].map { $0.t() }
        let width = (labels.map(\.cells).max() ?? 0) + 2
        func field(_ label: CataloguePhrases, _ value: String) -> String {
            CatalogueDetailLines.label(padded: label.t(), to: width) + value
        }
        var lines = [
            "\(name)  (\(client.id.key))" + (sharedBy.map { "  " + SharePhrases.sharedBy.t(["user": $0]) } ?? ""),
            field(
                .labelStatus,
                removed
                    ? CataloguePhrases.statusRemovedLong.t() : client.status.shownInList),
        ]
        if let username = client.username { lines.append(field(.labelUsername, username)) }
        if let email = client.email { lines.append(field(.labelEmail, email)) }
        if let joined = client.joined { lines.append(field(.labelJoined, String(ISOTime.format(joined).prefix(10)))) }
        if let goal = client.goalWeight {
            lines.append(CataloguePhrases.goalWeightLine.t(["weight": goal]))
        }
        switch codeState {
        case .held(let code, let expires):
            lines.append(
                field(
                    .labelCode,
                    CataloguePhrases.codeWithExpiry.t([
                        "code": code, "date": String(EventFormatting.local(expires).prefix(10)),
                    ])))
            lines.append(
                String(repeating: " ", count: width)
                    + RegistrationCommand.passOn(
                        code: code, needsName: client.name == nil,
                        needsSurname: client.surname == nil))
        case .elsewhere(let expires):
            lines.append(
                field(
                    .labelCode,
                    CataloguePhrases.codeIssuedElsewhere.t([
                        "date": String(EventFormatting.local(expires).prefix(10)), "name": name,
                    ])))
        case .expired:
            lines.append(field(.labelCode, CataloguePhrases.codeExpiredHint.t(["name": name])))
        case .none:
            break
        }
        lines += programs.map(ProgramText.standing)
        lines.append(CataloguePhrases.unreadMessages.t(["count": unread]))
        lines.append(CataloguePhrases.nextEvents.t())
        lines += nextEvents.map { "  " + EventFormatting.line($0, clientName: nil) }
        if nextEvents.isEmpty {
            lines.append(
                "  "
                    + (removed || !viewer.may(.create, .event, relation: .ownClient)
                        ? CataloguePhrases.noItemsFeminine.t() : CataloguePhrases.nextEventsNoneHint.t(["name": name])))
        }
        lines.append(CataloguePhrases.recentSessions.t())
        lines += recentSessions.map { session in
            let mode = Self.mode(session.mode)
            let way = session.recorder.map { TrainingPhrases.listRecordedBy.t(["mode": mode, "who": $0]) } ?? mode
            return "  \(EventFormatting.local(session.start))  \(way)  \(session.id.short)"
        }
        if recentSessions.isEmpty { lines.append("  " + CataloguePhrases.noItemsFeminine.t()) }
        return lines.joined(separator: "\n")
    }

    /// A session's mode as the profile shows it.
    private static func mode(_ mode: SessionMode) -> String {
        switch mode {
        case .realtime: CataloguePhrases.sessionModeRealtime.t()
        case .handsfree: CataloguePhrases.sessionModeHandsfree.t()
        }
    }
}

extension IssuedClientSecret: Presentable {
    package func text(for viewer: Viewer) -> String {
        switch purpose {
        case .registrationCode:
            return [
                CataloguePhrases.newRegistrationCode.t([
                    "name": name, "code": secret, "date": String(EventFormatting.local(expires).prefix(10)),
                ]),
                RegistrationCommand.passOn(code: secret, needsName: needsName, needsSurname: needsSurname),
            ].joined(separator: "\n")
                + (link.map { "\n" + CataloguePhrases.registrationLink.t(["link": $0]) } ?? "")
        case .passwordReset:
            return [
                CataloguePhrases.resetToken.t(["name": name, "until": EventFormatting.local(expires)]),
                secret,
                CataloguePhrases.resetTokenTheyRun.t([
                    "command": "gorilla password reset --user \(name) --token \(secret)"
                ]),
            ].joined(separator: "\n")
        }
    }
}

extension ClientDetail {
    package func notes(for viewer: Viewer) -> [String] {
        (replacedCode ? [CataloguePhrases.codeReplacedNote.t()] : [])
            + (savedPhoto.map { [SettingsPhrases.photoSaved.t(["path": $0])] } ?? [])
    }
}

extension ClientRemoval: Presentable {
    package func text(for viewer: Viewer) -> String {
        var said: [String] = []
        if cancelledEvents > 0 { said.append(CataloguePhrases.appointmentsCancelled.t(["count": cancelledEvents])) }
        if pendingEvents > 0 { said.append(CataloguePhrases.appointmentsToCancel.t(["count": pendingEvents])) }
        guard !said.isEmpty else { return CataloguePhrases.clientRemoved.t(["name": name]) }
        return CataloguePhrases.clientRemovedWithAppointments.t([
            "name": name, "appointments": said.joined(separator: "; "),
        ])
    }
}
