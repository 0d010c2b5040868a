import Foundation
import GorillaClientCore
import GorillaShared

/// The changes `events add`, `edit` and `request` make to an appointment, as its type's members: nil leaves a member
/// as it is; `.some(nil)` clears one that may be cleared (the gym, the note, the training).
struct EventEdit: Sendable, Equatable {
    package var start: Date?
    /// The zone the start was given in.
    var zone: String?
    var duration: Int?
    var gym: String??
    /// The coach's gym when `gym` names it (``EventService/place(_:in:)``).
    var gymID: UUID??
    var note: String??
    var training: UUID??
    var recurrence: Recurrence?

    /// Whether it changes nothing.
    var isEmpty: Bool { self == EventEdit() }

    /// Makes the changes to a single appointment or a series.
    func apply(to event: inout Event) {
        if let start { event.start = start }
        if let zone { event.zone = zone }
        if let duration { event.duration = duration }
        if let gym { event.gym = gym }
        if let gymID { event.gymID = gymID }
        if let note { event.note = note }
        if let training { event.training = training }
        if let recurrence { event.recurrence = recurrence }
    }

    /// Makes the changes to an occurrence's exception: a member cleared there is its series' again.
    func apply(to exception: inout EventPatch) {
        if let start { exception.start = start }
        if let zone { exception.zone = zone }
        if let duration { exception.duration = duration }
        if let gym { exception.gym = gym }
        if let gymID { exception.gymID = gymID }
        if let note { exception.note = note }
        if let training { exception.training = training }
    }
}

extension EventService {
    /// The changes that `given` asks for (a training named is looked for in `cache`).
    /// - Throws: ``ClientError`` `.usage` for a time or a length that is none, `.notFound` for an unknown training.
    static func edit(_ given: EventFields, cache: LocalCache? = nil) throws -> EventEdit {
        var edit = EventEdit()
        if let training = given.training, let cache {
            let id: UUID? = training.isEmpty ? nil : try NameResolver(cache: cache).resolve(Training.self, training).id
            edit.training = id
        }
        if let at = given.at {
            guard let date = EventFormatting.parseLocal(at) else {
                throw ClientError(
                    .usage,
                    EventFormatting.dateProblem(at).map { "--at: \($0)" }
                        ?? CalendarPhrases.atInvalid.t(["text": at]))
            }
            edit.start = date
            edit.zone = TimeZone.current.identifier
        }
        if let duration = given.duration {
            guard (1...1440).contains(duration) else { throw ClientError(.usage, CalendarPhrases.durationRange.t()) }
            edit.duration = duration
        }
        if let gym = given.gym { edit.gym = .some(gym.isEmpty ? nil : gym) }
        if let note = given.note { edit.note = .some(note.isEmpty ? nil : note) }
        return edit
    }
}
