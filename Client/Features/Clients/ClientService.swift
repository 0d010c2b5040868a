import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// A coach's clients: invite, list, show, new codes, password resets, removal (`gorilla clients`).
package struct ClientService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// `gorilla clients add [--name N] [--surname S]`: the registration code when the server was reached.
    package func add(name: String?, surname: String?) async throws -> ClientInvitation {
        try context.require(.create, .client, CataloguePhrases.coachesInviteClients.t())
        let cache = try context.cache()
        func clean(_ value: String?, option: String) throws -> String? {
            guard let value else { return nil }
            guard let clean = Validation.cleanName(value) else {
                throw ClientError(.usage, CataloguePhrases.clientNameInvalid.t(["option": option]))
            }
            return clean
        }
        let invited = Invitation(
            name: try clean(name, option: "--name"), surname: try clean(surname, option: "--surname"))
        let id = UUID.v7()
        try cache.create(invited, id: id)
        // The new client's code is the result itself: the sync's report of it is not repeated as a note.
        let (summary, notes) = await context.opportunisticSync()
        context.note(notes.filter { !(summary?.codes.contains($0) ?? false) })
        let code = try ClientDirectory(cache: cache).knownCode(id)
        return ClientInvitation(
            id: id, name: invited.name, surname: invited.surname, code: code?.code, expires: code?.expires)
    }

    /// `gorilla clients list [--all]`: every client with when they last trained and, while invited, their code;
    /// with `all`, removed clients too (marked removed), whose history stays readable.
    package func list(all: Bool = false) async throws -> ClientList {
        let cache = try await context.freshCache()
        let directory = ClientDirectory(cache: cache)
        let clients = try cache.all(Client.self, includeDeleted: all).sortedByFoldedName(ClientDirectory.displayName)
        let lastTrained = try cache.latestSessionStarts()
        let sharing = try cache.sharingCoaches()
        let given = try cache.givenShares()
        return ClientList(
            clients: try clients.map { client in
                var row = ClientList.Row(
                    client: client, name: ClientDirectory.displayName(client),
                    lastTrained: lastTrained[client.id],
                    code: sharing[client.id] == nil ? try Self.code(of: client, in: directory) : .none,
                    sharedBy: sharing[client.id])
                row.sharedWith = given[client.id] ?? []
                return row
            },
            all: all)
    }

    /// Where an invited client's registration code stands on this device.
    static func code(of client: Stored<Client>, in directory: ClientDirectory) throws -> RegistrationCodeState {
        guard !client.deleted, client.status == .invited else { return .none }
        if let kept = try directory.knownCode(client) { return .held(kept.code, expires: kept.expires) }
        guard let expires = client.codeExpires else { return .none }
        return expires > Date() ? .elsewhere(expires: ISOTime.format(expires)) : .expired
    }

    /// `gorilla clients show CLIENT [--code]`: the profile, next events, recent sessions and unread messages (a
    /// removed client's too). With `code`, an invited client's registration code: the one this device keeps, else a
    /// new one from the server (the code another device of the coach issued then stops working). With `savePhoto`,
    /// the client's profile photo is written there.
    /// - Throws: ``ClientError`` `.notFound` when the client has no photo to save.
    package func show(
        _ name: String, code wantsCode: Bool = false, savePhoto: PhotoFile? = nil
    ) async throws -> ClientDetail {
        if wantsCode { try context.require(.update, .client, CataloguePhrases.coachesSeeCodes.t()) }
        let cache = try await context.freshCache()
        let directory = ClientDirectory(cache: cache)
        var client = try directory.client(name, for: wantsCode ? .writing(.issueCode) : .reading)
        // A shared client's registration code is their own coach's business: not shown, nor asked for.
        let sharedBy = try cache.sharingCoaches()[client.id]
        if let sharedBy, wantsCode {
            throw ClientError(
                .usage,
                SharePhrases.sharedCodeRefused.t(["client": ClientDirectory.displayName(client), "coach": sharedBy]))
        }
        var code = sharedBy == nil ? try Self.code(of: client, in: directory) : .none
        var replaced = false
        if wantsCode {
            try Self.requireInvited(client)
            if code.held == nil {
                let issued = try await issueCode(for: client, in: directory)
                if case .elsewhere = code { replaced = true }
                code = .held(issued.secret, expires: issued.expires)
                client = try cache.one(Client.self, client.id) ?? client
            }
        }
        let events = try EventCalendar(cache: cache).events(
            from: Date(), client: client.id,
            horizon: Date().addingTimeInterval(Double(EventService.defaultHorizon) * 86_400)
        ).filter(\.status.isLive)
        let sessions = try cache.timeline(TrainingSession.self, client: client.id).sorted { $0.start > $1.start }
        if let savePhoto {
            guard let photo = client.photo else {
                throw ClientError(
                    .notFound, SettingsPhrases.clientHasNoPhoto.t(["name": ClientDirectory.displayName(client)]))
            }
            try await savePhoto.save(photo, context: context)
        }
        let me = try context.session().profile.id
        let unread = try cache.all(DeviceMessage.self).filter {
            $0.from == client.id && $0.to == me && $0.read == nil
        }.count
        var detail = ClientDetail(
            client: client, name: ClientDirectory.displayName(client),
            codeState: code, replacedCode: replaced, unread: unread,
            nextEvents: events.prefix(5).map { AppointmentRecord($0) }, recentSessions: Array(sessions.prefix(5)),
            savedPhoto: savePhoto?.path)
        detail.sharedBy = sharedBy
        detail.programs = try ProgramStanding.of(client.id, on: .today(), in: cache)
        return detail
    }

    /// `gorilla clients code CLIENT`: a new registration code for a client who has not registered yet.
    /// With `link`, the web door's page where the client registers with the code is printed too.
    /// - Throws: ``ClientError`` `.server` (134) for `link` when the server has no web door.
    package func newCode(_ name: String, link: Bool = false) async throws -> IssuedClientSecret {
        try context.require(.update, .client, CataloguePhrases.coachesIssueCodes.t())
        let cache = try await quietlySyncedCache()
        let directory = ClientDirectory(cache: cache)
        let client = try directory.client(name, for: .writing(.issueCode))
        try Self.requireInvited(client)
        var issued = try await issueCode(for: client, in: directory)
        if link {
            guard issued.link != nil else {
                throw ClientError(
                    .server, WireErrorCode.noWebDoor.message(in: Language.current),
                    wire: WireError(code: .noWebDoor, message: "noWebDoor"))
            }
        } else {
            issued.link = nil
        }
        return issued
    }

    /// A new registration code for the invited `client`, kept on this device; the client's row is marked with its
    /// expiry at once, as the server marks it, so that the code reads as this device's own.
    private func issueCode(for client: Stored<Client>, in directory: ClientDirectory) async throws -> IssuedClientSecret
    {
        let issued = try await context.withServer { connection in
            try await connection.request(Operation.clientCode, ClientBody(client: client.id), as: IssuedSecret.self)
        }
        let expires = ISOTime.format(issued.expires)
        try directory.keepCode(client.id, code: issued.secret, expires: expires)
        try directory.cache.annotate(client.id, ["codeExpires": .string(expires)])
        var secret = IssuedClientSecret(
            .registrationCode, client: client.id, name: ClientDirectory.displayName(client),
            secret: issued.secret, expires: expires, needsName: client.name == nil,
            needsSurname: client.surname == nil)
        secret.link = issued.link
        return secret
    }

    /// Refuses a client who has registered: a registration code is only for an invited one.
    private static func requireInvited(_ client: Stored<Client>) throws {
        guard client.status == .invited else {
            throw ClientError(
                .usage, CataloguePhrases.clientAlreadyRegistered.t(["name": ClientDirectory.displayName(client)]))
        }
    }

    /// `gorilla clients reset-password CLIENT`: a one-time token for a registered client.
    package func resetPassword(_ name: String) async throws -> IssuedClientSecret {
        try context.require(.update, .client, CataloguePhrases.coachesResetPasswords.t())
        let cache = try await quietlySyncedCache()
        let client = try ClientDirectory(cache: cache).client(name, for: .writing(.resetPassword))
        guard let username = client.username else {
            throw ClientError(
                .usage, CataloguePhrases.clientNotRegisteredYet.t(["name": ClientDirectory.displayName(client)])
            )
            .decidedLocally()
        }
        let issued = try await context.withServer { connection in
            try await connection.request(
                Operation.clientResetPassword, ClientBody(client: client.id), as: IssuedSecret.self)
        }
        return IssuedClientSecret(
            .passwordReset, client: client.id, name: username, secret: issued.secret,
            expires: ISOTime.format(issued.expires))
    }

    /// `gorilla clients rm CLIENT`: they can no longer log in; their history stays. Asks first (`confirmation`).
    package func remove(_ name: String, confirmation: Confirmation) async throws -> ClientRemoval {
        try context.require(.delete, .client, CataloguePhrases.coachesRemoveClients.t())
        let cache = try context.cache()
        let client = try ClientDirectory(cache: cache).client(name, for: .writing(.remove))
        let shown = ClientDirectory.displayName(client)
        try confirmation.require(CataloguePhrases.removeClientQuestion.t(["name": shown, "id": client.id.short]))
        // The server cancels their future appointments and ends their series; counted, occurrence by occurrence, as
        // this device pulls them back.
        let now = Date()
        let future = try EventCalendar.ahead(of: client.id, after: now, in: cache)
        try await context.delete(cache, Client.self, client.id)
        let still = Set(try EventCalendar.ahead(of: client.id, after: now, in: cache).map(\.id))
        let cancelled = future.filter { !still.contains($0.id) }.count
        return ClientRemoval(
            client: client, name: ClientDirectory.displayName(client),
            cancelledEvents: cancelled, pendingEvents: future.count - cancelled)
    }

    /// The cache synced first when possible, without notes: the server is asked right after, and says what fails.
    private func quietlySyncedCache() async throws -> LocalCache {
        _ = try context.session()
        let cache = try context.cache()
        _ = await context.opportunisticSync()
        return cache
    }
}

/// What a coach's device sends to invite a client: the names given, nothing else (the server sets the status).
struct Invitation: EntityDocument {
    static let kind = EntityKind.client
    static let forms = DocumentForms.none

    var name: String?
    var surname: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, surname
    }
}
