import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal
import NIOConcurrencyHelpers

/// What `gorilla train --resume` opens: a recording, or nothing because the session went on elsewhere.
package enum Resumption: Sendable {
    /// The recording to open: this device's own, or (`takeOver`) the newest draft of the account, which
    /// ``TrainService/takeOver(_:)`` moves to this device.
    case recording(SessionRecorder, takeOver: Bool)
    /// Nothing to open here: another device holds the session (or finished it); this device's copy was dropped.
    case elsewhere(TrainingEnd)

    /// What to print instead of opening the view, if anything.
    package var notice: TrainingEnd? {
        if case .elsewhere(let end) = self { end } else { nil }
    }
}

/// A recording this device had, which another device took over.
package struct ContinuedElsewhere: Sendable, Equatable {
    /// The session's id (the recording's).
    package let id: UUID
    /// The name of the device that holds it (or held it last).
    package let device: String
    /// When that device last wrote it.
    package let since: Date?
    /// Whether it was finished there (saved or discarded).
    package let finished: Bool
    /// Whether it was finished there without being saved (discarded, or left with nothing recorded).
    package var discarded: Bool = false
}

/// The unfinished recording's draft on the server (``TrainingDraft``): shared when the recording begins and when its
/// view is left unfinished, deleted when it is saved or discarded, and taken over by `gorilla train --resume` on
/// another device. The view never touches the network: all of this happens as it opens or closes. A correction of a
/// saved session (`gorilla train --edit`) has no draft: it stays on its device.
extension TrainService {
    /// How long the syncs around the view may hold it up before it opens (or the command ends) on the local copy.
    static let draftSyncLimit: Duration = .seconds(3)
    /// How long leaving a view waits for its draft's sync: the coach is done, so a busy server gets a little longer.
    static let leavingSyncLimit: Duration = .seconds(6)

    /// This device's recording if it has one; else the newest draft of the account, to take over. Syncs first
    /// (bounded, like any view's opening).
    ///
    /// A recording here whose draft another device took over (or finished) meanwhile is dropped, and the result says
    /// where the session went on: it must not overwrite the other device's draft.
    /// - Throws: ``ClientError`` `.notFound` when there is no unfinished session here or on the server.
    package func prepareResume() async throws -> Resumption {
        let cache = try await context.cacheForView(limit: Self.draftSyncLimit)
        if let recorder = try load(cache) {
            if let elsewhere = try continuedElsewhere(recorder, cache: cache) {
                try cache.setMeta(Self.recorderKey, "")
                return .elsewhere(.continuedElsewhere(elsewhere))
            }
            return .recording(recorder, takeOver: false)
        }
        var newest: (recorder: SessionRecorder, updated: Date)?
        for row in try cache.all(TrainingDraft.self) {
            guard let recorder = try? row.state.decode(SessionRecorder.self) else { continue }
            if try cache.entity(recorder.id) != nil {
                // Saved, but its draft was not deleted: delete it now (this account's own, as every draft it sees).
                try cache.enqueue(kind: EntityKind.draft.rawValue, entity: row.id, action: .delete)
                continue
            }
            if newest.map({ row.updated > $0.updated }) ?? true { newest = (recorder, row.updated) }
        }
        guard let newest else {
            throw ClientError(.notFound, TrainingPhrases.noUnfinishedSessionAnywhere.t())
        }
        return .recording(newest.recorder, takeOver: true)
    }

    /// Makes a prepared resumption this device's recording: a draft taken over is kept here and marked as held by
    /// this device (synced at once, bounded), so the device that held it is told.
    /// - Throws: ``ClientError`` `.usage` when there is nothing to open (``Resumption/elsewhere(_:)``).
    package func takeOver(_ resumption: Resumption) async throws -> SessionRecorder {
        guard case .recording(let recorder, let takeOver) = resumption else {
            throw ClientError(.usage, TrainingPhrases.sessionContinuesElsewhere.t())
        }
        guard takeOver else { return recorder }
        let cache = try context.cache()
        try save(recorder, in: cache)
        try shareDraft(recorder, cache: cache)
        // As when a view opens, the sync's notes are not shown: the session's own sync at the end says how it went.
        await context.syncWithin(Self.draftSyncLimit, noting: false)
        return recorder
    }

    /// Queues the draft of the recording kept on this device, without the network: for a view ended by SIGTERM or
    /// SIGHUP (every step is kept; the next command's sync sends it).
    package func keepUnfinished() throws {
        let cache = try context.cache()
        guard let recorder = try load(cache), try continuedElsewhere(recorder, cache: cache) == nil else { return }
        try shareDraft(recorder, cache: cache)
    }

    // MARK: The ends of a recording (called by `begin` and `finish`)

    /// Shares the first state of a recording that begins (bounded, so that the view opens on time).
    func shareBeginning(_ recorder: SessionRecorder, cache: LocalCache) async throws {
        try shareDraft(recorder, cache: cache)
        await context.syncWithin(Self.draftSyncLimit, noting: false)
    }

    /// A view left unfinished: the draft is updated and synced; when the server says another device holds the
    /// session, this device's copy is dropped and the result says so.
    func leftUnfinished(_ recorder: SessionRecorder, cache: LocalCache) async throws -> TrainingEnd {
        if try continuedElsewhere(recorder, cache: cache) == nil {
            try shareDraft(recorder, cache: cache)
            await context.syncWithin(Self.leavingSyncLimit)
        }
        if let elsewhere = try continuedElsewhere(recorder, cache: cache) {
            try cache.setMeta(Self.recorderKey, "")
            return .continuedElsewhere(elsewhere)
        }
        return .unfinished(recorder.id)
    }

    /// A recording discarded, or finished empty (already forgotten here): its draft is deleted, unless another device
    /// holds the session, which then goes on there (and the result says so).
    func ended(_ recorder: SessionRecorder, cache: LocalCache, as end: TrainingEnd) async throws -> TrainingEnd {
        if try continuedElsewhere(recorder, cache: cache) == nil {
            try deleteDraft(of: recorder, cache: cache)
            await context.syncWithin(Self.leavingSyncLimit)
        }
        if let elsewhere = try continuedElsewhere(recorder, cache: cache) { return .continuedElsewhere(elsewhere) }
        return end
    }

    /// Before a recording is saved: where the session went on, when another device took it over (a sync first,
    /// bounded). Then this device's copy is dropped and nothing is saved: the session is the other device's to save.
    func savedElsewhere(_ recorder: SessionRecorder, cache: LocalCache) async throws -> TrainingEnd? {
        // Its notes are not shown: the save's own sync says how it went (refusals are kept as reports anyway).
        await context.syncWithin(Self.draftSyncLimit, noting: false)
        guard let elsewhere = try continuedElsewhere(recorder, cache: cache) else { return nil }
        try cache.setMeta(Self.recorderKey, "")
        return .continuedElsewhere(elsewhere)
    }

    // MARK: The draft in the cache

    /// Where the session of `recorder` went on, when its draft (as this device last saw it) is held by another device.
    func continuedElsewhere(_ recorder: SessionRecorder, cache: LocalCache) throws -> ContinuedElsewhere? {
        guard recorder.correcting != true,
            let row = try cache.one(TrainingDraft.self, TrainingDraft.id(forSession: recorder.id)),
            row.device.id != (try DeviceIdentity.current(cache)).id
        else { return nil }
        let saved = try cache.entity(recorder.id) != nil
        return ContinuedElsewhere(
            id: recorder.id, device: row.device.name, since: row.updated, finished: row.deleted || saved,
            discarded: row.deleted && !saved)
    }

    /// Queues the draft of `recorder` as held by this device: a create the first time, then updates. A draft deleted
    /// meanwhile stays deleted; a recording too large for a draft stays on this device only (with a note).
    func shareDraft(_ recorder: SessionRecorder, cache: LocalCache, at now: Date = Date()) throws {
        guard recorder.correcting != true else { return }
        let id = TrainingDraft.id(forSession: recorder.id)
        let existing = try cache.entity(id)
        if existing?.deleted == true { return }
        let state = try JSONValue.encode(recorder)
        if let problem = TrainingDraft.stateProblem(state) {
            context.note([TrainingPhrases.draftKeptHereOnly.t(["problem": "\(problem)"])])
            return
        }
        let draft = TrainingDraft(
            client: recorder.client, session: recorder.id, state: state, device: try DeviceIdentity.current(cache),
            updated: now)
        guard existing != nil else {
            try cache.create(draft, id: id)
            return
        }
        // Every write of the holder names its device (the server checks it), so an update sends it even unchanged.
        let written = Set(Self.holderWrites.map(\.rawValue))
        try cache.enqueue(
            kind: EntityKind.draft.rawValue, entity: id, action: .update,
            fields: draft.document.filter { written.contains($0.key) })
    }

    /// What the holding device writes on each save of its draft: the recording, itself, and when.
    static let holderWrites: [TrainingDraft.CodingKeys] = [.state, .device, .updated]

    /// Queues the deletion of the draft of `recorder`, naming this device (the server refuses it from a device that
    /// has not seen the draft move on).
    func deleteDraft(of recorder: SessionRecorder, cache: LocalCache) throws {
        let id = TrainingDraft.id(forSession: recorder.id)
        guard recorder.correcting != true, let existing = try cache.entity(id), !existing.deleted else { return }
        try cache.enqueue(
            kind: EntityKind.draft.rawValue, entity: id, action: .delete,
            fields: [TrainingDraft.CodingKeys.device.rawValue: try JSONValue.encode(try DeviceIdentity.current(cache))])
    }
}

extension DeviceContext {
    /// An opportunistic sync that gives up after `limit` (a server that accepts but never answers): past the limit it
    /// is cancelled. With `noting`, its notes are kept (or, past the limit, a note says what stays queued).
    func syncWithin(_ limit: Duration, noting: Bool = true) async {
        let outcome = NIOLockedValueBox<[String]?>(nil)
        let (firstDone, done) = AsyncStream.makeStream(of: Void.self)
        let sync = Task {
            let (_, notes) = await self.opportunisticSync()
            outcome.withLockedValue { $0 = notes }
            done.yield()
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            done.yield()
        }
        defer {
            sync.cancel()
            timer.cancel()
        }
        for await _ in firstDone { break }
        guard noting else { return }
        if let notes = outcome.withLockedValue({ $0 }) {
            note(notes)
        } else {
            // Past the limit: only what is still queued is worth a note (a push that went through lost nothing).
            let queued = (try? cache().queuedCount()) ?? 0
            if queued > 0 {
                note([TrainingPhrases.offlineQueued.t(["count": queued])])
            }
        }
    }
}
