import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension DeviceContext {
    /// Syncs if the server can be reached within the deadlines; offline is not an error, and neither is a server
    /// refused for a changed certificate (nothing is sent to it).
    ///
    /// Returns the summary when the sync ran, and notes what to show: nothing when all went well, "offline — N
    /// changes queued; why" or "server refused — …" otherwise. It never throws, so a command that queued a change
    /// before calling it never fails after queuing.
    @discardableResult
    package func syncOpportunistically() async -> SyncSummary? {
        let (summary, notes) = await opportunisticSync()
        note(notes)
        return summary
    }

    /// ``syncOpportunistically()`` without noting: the summary and the notes it would add.
    func opportunisticSync() async -> (SyncSummary?, [String]) {
        guard storedSession() != nil else { return (nil, []) }
        let config: ClientConfig
        do {
            config = try self.config()
        } catch {
            return (nil, [side.chatter(AccountPhrases.notSynced.t(["reason": GorillaClientCore.describe(error)]))])
        }
        guard config.server != nil, let cache = try? cache() else { return (nil, []) }
        do {
            let summary = try await withServer(timeout: connectTimeout) { connection in
                try await SyncEngine(cache: cache, progress: side.progress).summarisedSync(over: connection)
            }
            var notes: [String] = []
            notes += summary.rejected.map(Self.refusalNote)
            notes += summary.overwritten.map { AccountPhrases.conflictNote.t(["conflict": $0]) }
            notes += summary.codes
            notes += summary.notices
            return (summary, notes)
        } catch let error as ClientError where error.kind == .notLoggedIn {
            return (nil, [error.message])
        } catch {
            let queued = (try? cache.queuedCount()) ?? 0
            let state =
                queued > 0 ? AccountPhrases.changesQueued.t(["count": queued]) : AccountPhrases.showingLocalCopy.t()
            if let error = error as? ClientError, error.kind == .certificateChanged {
                return (nil, [AccountPhrases.serverRefusedNothingSent.t(["state": state, "message": error.message])])
            }
            return (
                nil,
                [
                    side.chatter(
                        AccountPhrases.offlineNote.t(["state": state, "reason": GorillaClientCore.describe(error)]))
                ]
            )
        }
    }

    /// Creates the row `id` holding `value`, then syncs if the server is reachable (notes say what happened).
    ///
    /// - Throws: ``ClientError`` (`.server`, with the server's reason) when that sync carried this very change and the
    ///   server refused it: the local copy is already back to the server's, and the command must not report it done.
    ///   Offline, the change stays queued and nothing is thrown.
    func create<Document: EntityDocument>(_ cache: LocalCache, _ value: Document, id: UUID) async throws {
        try await settle(cache.create(value, id: id))
    }

    /// Changes the row `id` to `value` (only the members that differ are sent), then syncs as
    /// ``create(_:_:id:)`` does; nothing is queued when nothing differs.
    func update<Document: EntityDocument>(_ cache: LocalCache, _ id: UUID, to value: Document) async throws {
        guard let mutation = try cache.update(id, to: value) else { return }
        try await settle(mutation)
    }

    /// Deletes the row `id` of `Document`'s kind, then syncs as ``create(_:_:id:)`` does.
    func delete<Document: EntityDocument>(_ cache: LocalCache, _ type: Document.Type, _ id: UUID) async throws {
        try await settle(cache.delete(type, id))
    }

    /// Sets the member `conflict` is about back to the value it replaced, then syncs as ``create(_:_:id:)`` does.
    func restore(_ cache: LocalCache, _ conflict: SyncConflict) async throws {
        try await settle(cache.queueRestore(conflict))
    }

    /// Syncs after a queued change; throws when that sync carried the change and the server refused it.
    func settle(_ mutation: Mutation) async throws {
        let (summary, notes) = await opportunisticSync()
        guard let refusal = summary?.refused.first(where: { $0.id == mutation.id.key }) else {
            note(notes)
            return
        }
        note(notes.filter { $0 != Self.refusalNote(refusal.text) })
        let wire = refusal.code.map {
            WireError(code: WireErrorCode(rawValue: $0), message: refusal.reason ?? refusal.text)
        }
        throw ClientError(.server, AccountPhrases.refusedNothingChanged.t(["refusal": refusal.text]), wire: wire)
    }

    /// The note of a change the server refused: `refused by the server: …`.
    static func refusalNote(_ refusal: String) -> String {
        AccountPhrases.refusedByServer.t(["refusal": refusal])
    }

    /// The cache of the logged-in account, synced first when possible (for reads).
    func freshCache() async throws -> LocalCache {
        _ = try session()
        let cache = try cache()
        await syncOpportunistically()
        return cache
    }

    /// Runs a step; when it refuses from the local copy alone (a name this device does not know yet, a client it
    /// still thinks is unregistered) it refreshes the copy from the server and runs once more.
    ///
    /// Such refusals come before the step changes anything, so running it again is safe. Offline, the refusal
    /// stands and says that the local copy may be old.
    package func refreshingLocalRefusals<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ClientError where error.fromLocalCopy {
            guard storedSession() != nil, (try? config())?.server != nil else { throw error }
            let (summary, notes) = await opportunisticSync()
            guard summary != nil else {
                throw error.noting(
                    AccountPhrases.copyMayBeOld.t(["reason": notes.first ?? AccountPhrases.serverNotReached.t()]))
            }
            note(notes)
            return try await body()
        }
    }

    /// Whether the logged-in account may do `action` with rows of `kind` sending `fields`, in `relation` (by default
    /// the one it has to the rows it writes): the access table's answer (``GorillaShared/Access``).
    func may(
        _ action: Access.Action, _ kind: EntityKind, relation: Access.Relation? = nil, fields: Set<String> = []
    ) throws -> Bool {
        let role = try session().profile.role
        return Access.may(
            action, kind, as: role, relation: relation ?? Access.newRowRelation(kind, as: role), fields: fields)
    }

    /// Refuses early what the access table refuses the logged-in account (the server refuses it too).
    /// - Parameters:
    ///   - action: What the account would do, to rows of `kind`, in `relation`, sending `fields` (see ``may``).
    ///   - what: What only coaches can do, in the current language (`change the catalogue`).
    func require(
        _ action: Access.Action, _ kind: EntityKind, relation: Access.Relation? = nil, fields: Set<String> = [],
        _ what: String = AccountPhrases.changeTheCatalogue.t()
    ) throws {
        guard try may(action, kind, relation: relation, fields: fields) else {
            throw ClientError(
                .server, AccountPhrases.onlyCoachesCan.t(["action": what]),
                wire: WireError(code: .forbidden, message: "forbidden"))
        }
    }
}
