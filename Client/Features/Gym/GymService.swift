import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// A coach's gym: making one, inviting and joining, its members and their roles, leaving and dissolving
/// (`gorilla gym`). The server decides who may do what (``GorillaShared/Access/gymTable``) from the membership it
/// stores; this device keeps none of it, so every command asks the server.
package struct GymService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla gym create NAME`: the coach becomes the new gym's owner.
    package func create(_ name: String) async throws -> GymResult {
        GymResult(.created, try await ask(.gymCreate, GymNameBody(name: name), as: Gym.self))
    }

    /// `gorilla gym invite [--role coach|admin]`: a single-use code for one coach.
    package func invite(role: GymRole) async throws -> GymInvitation {
        try await ask(.gymInvite, GymInviteBody(role: role), as: GymInvitation.self)
    }

    /// `gorilla gym join CODE`: the coach joins the gym whose invitation `code` is.
    package func join(_ code: String) async throws -> GymResult {
        guard let code = RegistrationCode.normalize(code) else {
            throw ClientError(.usage, GymPhrases.codeFormat.t())
        }
        return GymResult(.joined, try await ask(.gymJoin, GymCodeBody(code: code), as: Gym.self))
    }

    /// `gorilla gym show`.
    package func show() async throws -> GymResult {
        GymResult(.shown, try await ask(.gymShow, Empty(), as: Gym.self))
    }

    /// `gorilla gym members`: usernames, names and roles, owners first.
    package func members() async throws -> GymMembersReply {
        try await ask(.gymMembers, Empty(), as: GymMembersReply.self)
    }

    /// `gorilla gym role USER ROLE`.
    package func setRole(_ user: String, to role: GymRole) async throws -> GymMemberChange {
        try await ask(.gymRole, GymRoleBody(user: user, role: role), as: GymMemberChange.self)
    }

    /// `gorilla gym leave`: the coach keeps all of their own data.
    package func leave() async throws -> GymDeparture {
        GymDeparture(try await ask(.gymLeave, Empty(), as: GymGone.self), dissolved: false)
    }

    /// `gorilla gym remove USER`.
    package func remove(_ user: String) async throws -> GymMemberChange {
        try await ask(.gymRemove, GymMemberBody(user: user), as: GymMemberChange.self)
    }

    /// `gorilla gym rename NAME`.
    package func rename(_ name: String) async throws -> GymResult {
        GymResult(.renamed, try await ask(.gymRename, GymNameBody(name: name), as: Gym.self))
    }

    /// `gorilla gym dissolve [--yes]`: asks first (`confirmation`), naming the gym and how many coaches it has.
    package func dissolve(confirmation: Confirmation) async throws -> GymDeparture {
        let gym = try await ask(.gymShow, Empty(), as: Gym.self)
        try confirmation.require(GymPhrases.dissolveQuestion.t(["gym": gym.name, "count": gym.members]))
        return GymDeparture(try await ask(.gymDissolve, Empty(), as: GymGone.self), dissolved: true)
    }

    /// `gorilla gym calendar [--week] [DAY]`: every coach's appointments at the gym on `day` (today when nil), or in
    /// its week (Monday to Sunday), in this device's time zone.
    package func calendar(day: String?, week: Bool) async throws -> GymCalendar {
        let zone = TimeZone.current
        var first = CalendarDate.today(in: zone)
        if let day {
            guard let given = CalendarDate(day) else {
                throw ClientError(.usage, GymPhrases.dayInvalid.t(["text": day]))
            }
            first = given
        }
        // Day 0 of the epoch was a Thursday: Monday is three days before it.
        if week { first = first.adding(days: -((first.daysSinceEpoch % 7 + 10) % 7)) }
        let last = first.adding(days: week ? 6 : 0)
        let body = GymCalendarBody(from: first.start(in: zone), to: last.adding(days: 1).start(in: zone))
        return GymCalendar(
            reply: try await ask(.gymCalendar, body, as: GymCalendarReply.self), first: first, last: last)
    }

    /// `gorilla gym overview [--from YYYY-MM-DD] [--to YYYY-MM-DD]` (owners and admins): each coach's figures, the
    /// gym's totals and busiest hours, the weeks counted in this device's time zone as `stats --compliance` counts
    /// them.
    package func overview(from: String?, to: String?) async throws -> GymOverview {
        let body = GymOverviewBody(
            from: try from.map { try StatsService.day($0, "--from") },
            to: try to.map { try StatsService.day($0, "--to").addingTimeInterval(86_400) },
            zone: TimeZone.current.identifier)
        return try await ask(.gymOverview, body, as: GymOverview.self)
    }

    /// Sends `op` with `body` for a logged-in coach; a client is told at once that gyms are for coaches.
    private func ask<Body: Codable & Sendable, Reply: Decodable & Sendable>(
        _ op: GorillaShared.Operation, _ body: Body, as reply: Reply.Type
    ) async throws -> Reply {
        guard Access.mayBelongToGym(try context.session().profile.role) else {
            throw ClientError(
                .server, GymPhrases.coachesOnly.t(), wire: WireError(code: .forbidden, message: "forbidden"))
        }
        return try await context.withServer { connection in try await connection.request(op, body, as: Reply.self) }
    }
}

/// `gorilla gym create|join|show|rename`: the gym as the coach now sees it.
package struct GymResult: Sendable {
    /// What the command did.
    package enum Action: Sendable { case created, joined, shown, renamed }
    package let action: Action
    package let gym: Gym

    init(_ action: Action, _ gym: Gym) {
        self.action = action
        self.gym = gym
    }

    /// What `--json` prints: the gym (`id`, `name`, `created`, `role` — the coach's own — and `members`, a count).
    package var jsonForm: Gym { gym }
}

/// `gorilla gym leave|dissolve`: the gym the coach is no longer in.
package struct GymDeparture: Sendable {
    package let gone: GymGone
    /// Whether the gym itself ended (`dissolve`), not only the coach's membership.
    package let dissolved: Bool

    init(_ gone: GymGone, dissolved: Bool) {
        self.gone = gone
        self.dissolved = dissolved
    }

    /// What `--json` prints: `gym` (its name), `members` (how many it has, or had) and `dissolved`.
    package struct JSONForm: Encodable {
        let gym: String
        let members: Int
        let dissolved: Bool
    }

    package var jsonForm: JSONForm { JSONForm(gym: gone.gym, members: gone.members, dissolved: dissolved) }
}

/// `gorilla gym calendar`: the gym's appointments over the days asked.
package struct GymCalendar: Sendable {
    package let reply: GymCalendarReply
    /// The first and last day shown (in this device's time zone).
    package let first: CalendarDate
    package let last: CalendarDate

    /// What `--json` prints: `gym`, `from` and `to` (the days), and `appointments`, each with `start`, `duration`
    /// (minutes), `status`, `coach` (`username`, `name`, `surname`), `client` (the name, only for your own clients)
    /// and `booked` (true when the client is a colleague's).
    package struct JSONForm: Encodable {
        let gym: String
        let from: CalendarDate
        let to: CalendarDate
        let appointments: [GymAppointment]
    }

    package var jsonForm: JSONForm { JSONForm(gym: reply.gym, from: first, to: last, appointments: reply.appointments) }
}
