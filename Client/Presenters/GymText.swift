import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared

extension GymRole {
    /// The role as the viewer's language names it.
    var word: String {
        switch self {
        case .owner: GymPhrases.roleOwner.t()
        case .admin: GymPhrases.roleAdmin.t()
        case .coach: GymPhrases.roleCoach.t()
        }
    }
}

extension GymResult: Presentable {
    package func text(for viewer: Viewer) -> String {
        switch action {
        case .created: GymPhrases.created.t(["gym": gym.name])
        case .joined: GymPhrases.joined.t(["gym": gym.name, "role": gym.role.word])
        case .renamed: GymPhrases.renamed.t(["gym": gym.name])
        case .shown:
            GymPhrases.show.t([
                "gym": gym.name, "role": gym.role.word, "count": gym.members,
                "date": String(EventFormatting.local(gym.created).prefix(10)),
            ])
        }
    }
}

extension GymInvitation: Presentable {
    package func text(for viewer: Viewer) -> String {
        [
            GymPhrases.invitation.t([
                "gym": gym, "role": role.word, "code": code, "date": String(EventFormatting.local(expires).prefix(10)),
            ]),
            GymPhrases.invitationJoin.t(["code": code]),
        ].joined(separator: "\n")
    }
}

extension GymMembersReply: Presentable {
    package func text(for viewer: Viewer) -> String {
        let rows = members.map { member in
            [
                member.username, "\(member.name) \(member.surname)", member.role.word,
                String(EventFormatting.local(member.joined).prefix(10)),
            ]
        }
        let header = [
            GymPhrases.columnUsername.t(), GymPhrases.columnName.t(), GymPhrases.columnRole.t(),
            GymPhrases.columnJoined.t(),
        ]
        return GymPhrases.membersTitle.t(["gym": gym.name, "count": members.count]) + "\n"
            + Table(header, rows).render()
    }
}

extension GymMemberChange: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard let role else { return GymPhrases.removed.t(["user": user, "name": name, "gym": gym]) }
        var lines = [GymPhrases.roleChanged.t(["user": user, "name": name, "role": role.word, "gym": gym])]
        if let yourRole, yourRole != .owner { lines.append(GymPhrases.yourRoleNow.t(["role": yourRole.word])) }
        return lines.joined(separator: "\n")
    }
}

extension GymDeparture: Presentable {
    package func text(for viewer: Viewer) -> String {
        dissolved
            ? GymPhrases.dissolved.t(["gym": gone.gym, "count": gone.members]) : GymPhrases.left.t(["gym": gone.gym])
    }
}

extension GymCalendar: Presentable {
    package func text(for viewer: Viewer) -> String {
        let days = ["gym": reply.gym, "from": first.description, "to": last.description]
        guard !reply.appointments.isEmpty else { return GymPhrases.calendarEmpty.t(days) }
        let rows = reply.appointments.map { appointment in
            let end = appointment.start.addingTimeInterval(Double(appointment.duration) * 60)
            return [
                "\(EventFormatting.local(appointment.start))–\(EventFormatting.local(end).suffix(5))",
                "\(appointment.coach.username) (\(appointment.coach.name) \(appointment.coach.surname))",
                appointment.client ?? GymPhrases.booked.t(),
            ]
        }
        let header = [GymPhrases.columnTime.t(), GymPhrases.columnCoach.t(), GymPhrases.columnClient.t()]
        return GymPhrases.calendarTitle.t(days) + "\n" + Table(header, rows).render()
    }
}

extension GymOverview: Presentable {
    package func text(for viewer: Viewer) -> String {
        func rate(_ value: Double?) -> String {
            value.map { ProgressPhrases.percent.t(["value": Int(($0 * 100).rounded())]) } ?? "—"
        }
        func columns(_ figures: GymFigures) -> [String] {
            [
                "\(figures.activeClients)", "\(figures.sessions)", "\(figures.kept)", "\(figures.missed)",
                rate(figures.appointmentRate), rate(figures.planRate), rate(figures.planned30),
            ]
        }
        var rows = coaches.map { line in
            ["\(line.username) (\(line.name) \(line.surname))"] + columns(line.figures)
                + [line.lastActivity.map { String(EventFormatting.local($0).prefix(10)) } ?? "—"]
        }
        rows.append([GymPhrases.overviewTotal.t()] + columns(totals) + [""])
        let phrases: [GymPhrases] = [
            .columnCoach, .columnClients, .columnSessions, .columnKept, .columnMissed, .columnAttendance, .columnPlan,
        ]
        let header =
            phrases.map { $0.t() } + [
                ProgressPhrases.headerPlanned30.t(PlannedCompliance.phraseValues), GymPhrases.columnLastActivity.t(),
            ]
        let lastDay = to.addingTimeInterval(-1)
        let hours =
            busiestHours.isEmpty
            ? GymPhrases.busiestHoursNone.t()
            : GymPhrases.busiestHours.t([
                "hours": busiestHours.map {
                    GymPhrases.busiestHour.t(["hour": String(format: "%02d", $0.hour), "count": $0.appointments])
                }.joined(separator: ", ")
            ])
        return [
            GymPhrases.overviewTitle.t([
                "gym": gym, "from": String(EventFormatting.local(from).prefix(10)),
                "to": String(EventFormatting.local(lastDay).prefix(10)),
            ]),
            Table(header, rows).render(), hours,
        ].joined(separator: "\n")
    }
}

extension GymTransfer: Presentable {
    package func text(for viewer: Viewer) -> String {
        GymPhrases.transferred.t([
            "client": client, "to": to, "toName": toName, "sessions": sessions, "measurements": measurements,
            "appointments": appointments, "exercises": exercisesCopied, "trainings": trainingsCopied,
        ])
    }
}

extension LibraryResult: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard let asked = reply.rows.first else { return "" }
        let name = "\(KindWords.name(asked.kind)) '\(asked.name)'"
        let head =
            switch action {
            case .machineAdded: GymPhrases.libraryMachineAdded.t(["name": "'\(asked.name)'", "gym": reply.gym])
            case .published: GymPhrases.libraryPublished.t(["name": name, "gym": reply.gym])
            case .copied: GymPhrases.libraryCopied.t(["name": name, "gym": reply.gym])
            }
        let used = reply.rows.dropFirst().map { row in
            (row.matched ? GymPhrases.libraryMatched : GymPhrases.libraryWith).t([
                "kind": KindWords.name(row.kind), "name": "'\(row.name)'",
            ])
        }
        return ([head] + used).joined(separator: "\n")
    }
}
