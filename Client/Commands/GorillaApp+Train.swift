import Foundation
import GorillaShared

extension GorillaApp {
    /// The meta key under which the unfinished session is kept, step by step.
    static let recorderKey = "recorder"

    /// Opens a new recording for `gorilla train` (refusing while another one is unfinished) and saves its first state.
    public func startTraining(
        client: String, training: String?, free: Bool, event: String?, handsFree: Bool,
        at now: Date = Date()
    ) async throws -> SessionRecorder {
        try requireCoach()
        let cache = try await cacheForView()
        if try loadRecorder(cache) != nil {
            throw ClientError(
                .usage,
                "a session is still unfinished on this device; continue it with: gorilla train --resume (Esc there discards it)"
            )
        }
        guard training == nil || !free else { throw ClientError(.usage, "give --training T or --free, not both") }
        let owner = try resolveClient(cache, client)
        let routine = try training.map { try NameResolver(cache: cache).resolve("training", $0) }
        let appointment = try event.map { try resolveEvent(cache, $0) }
        if let appointment, appointment[string: "client"] != owner.id.uuidString.lowercased() {
            throw ClientError(.usage, "event \(appointment.id.short) is with another client")
        }
        var items: [SessionRecorder.Item] = []
        if let routine {
            for entry in exerciseEntries(routine) {
                guard let id = entry["exercise"]?.stringValue.flatMap(UUID.init(uuidString:)),
                    let exercise = try cache.entity(id)
                else { continue }
                items.append(SessionRecorder.Item(performed: PerformedExercise(exercise: id, name: exercise.name)))
            }
        }
        let recorder = SessionRecorder(
            client: owner.id, clientName: Self.displayName(owner), training: routine?.id,
            trainingName: routine?.name, event: appointment?.id, realTime: !handsFree,
            free: routine == nil, items: try withPrevious(items, client: owner.id, cache: cache), at: now)
        try saveRecorder(recorder, in: cache)
        return recorder
    }

    /// Fills in what the client did last time for each exercise (by catalogue id, else by name).
    func withPrevious(_ items: [SessionRecorder.Item], client: UUID, cache: LocalCache) throws -> [SessionRecorder.Item]
    {
        let key = client.uuidString.lowercased()
        let history = try cache.timeline("session", client: key)
            .sorted { ($0[string: "start"] ?? "") > ($1[string: "start"] ?? "") }.map(Self.performed)
        return items.map { item in
            var item = item
            let match = history.lazy.compactMap { exercises in
                exercises.first { done in
                    if let id = item.performed.exercise, done.exercise == id { return true }
                    return done.name.lowercased() == item.performed.name.lowercased()
                }
            }.first
            item.previous = match?.sets ?? []
            return item
        }
    }

    /// The unfinished recording of this device, if any.
    public func resumeTraining() throws -> SessionRecorder {
        let cache = try cache()
        guard let recorder = try loadRecorder(cache) else {
            throw ClientError(
                .notFound, "no unfinished session on this device; start one with: gorilla train --client C")
        }
        return recorder
    }

    func loadRecorder(_ cache: LocalCache) throws -> SessionRecorder? {
        guard let text = try cache.meta(Self.recorderKey), !text.isEmpty else { return nil }
        return try? JSONDecoder().decode(SessionRecorder.self, from: Data(text.utf8))
    }

    func saveRecorder(_ recorder: SessionRecorder, in cache: LocalCache) throws {
        try cache.setMeta(Self.recorderKey, String(decoding: try JSONEncoder().encode(recorder), as: UTF8.self))
    }

    /// Saves one step of the recording (called by the view after every key).
    public func persist(_ recorder: SessionRecorder) throws {
        try saveRecorder(recorder, in: try cache())
    }

    /// Ends a recording: stores the session if the coach said yes, forgets it if they cancelled.
    public func finishTraining(_ recorder: SessionRecorder) async throws -> CommandOutput {
        let cache = try cache()
        switch recorder.outcome {
        case .recording:
            try saveRecorder(recorder, in: cache)
            return CommandOutput(
                text: "Session kept on this device; continue with: gorilla train --resume",
                json: ["id": .string(recorder.id.uuidString.lowercased()), "unfinished": true])
        case .discard:
            try cache.setMeta(Self.recorderKey, "")
            return CommandOutput(
                text: "Session discarded.",
                json: ["id": .string(recorder.id.uuidString.lowercased()), "discarded": true])
        case .save:
            var exercises = recorder.performed
            var notes = try link(&exercises, cache: cache)
            let start = Date(timeIntervalSince1970: recorder.started)
            let draft = SessionDraft(
                client: recorder.client, event: recorder.event, training: recorder.training,
                mode: recorder.realTime ? "realtime" : "handsfree", start: start,
                end: Date(timeIntervalSince1970: recorder.ended ?? Date().timeIntervalSince1970),
                paused: recorder.pausedTotal, notes: nil, exercises: exercises)
            // A crash between queuing the session and clearing the recorder leaves the recorder to resume; the cached
            // row (same id) shows the session was already queued, so it is never queued twice.
            if try cache.entity(recorder.id) == nil {
                notes += try await store(draft, id: recorder.id, in: cache)
            }
            try cache.setMeta(Self.recorderKey, "")
            let totals = Self.totals(exercises)
            return try output(
                cache, recorder.id,
                "Saved the session of \(recorder.clientName): \(exercises.count) exercise\(exercises.count == 1 ? "" : "s"), "
                    + "\(totals.sets) set\(totals.sets == 1 ? "" : "s"), \(totals.reps) reps (\(recorder.id.short)).",
                notes)
        }
    }
}
