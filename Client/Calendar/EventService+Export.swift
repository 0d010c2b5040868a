import Foundation
import GorillaShared

extension EventService {
    /// `gorilla events export --ics FILE [--from] [--to]`: writes the events as iCalendar.
    public func export(icsFile: String, from: String?, to: String?) async throws -> EventExport {
        let cache = try await context.freshCache()
        let events = try Self.events(cache, from: from, to: to, client: nil)
        let title = try Self.icsTitle(cache, profile: context.session().profile)
        let text = ICalendar.render(
            events.map { event in
                ICalendar.Event(
                    id: event.id, start: event[string: "start"].flatMap(ISOTime.parse) ?? Date(),
                    minutes: event.data["duration"]?.intValue ?? 60, summary: title(event),
                    location: event[string: "gym"], description: event[string: "note"],
                    cancelled: event[string: "status"] == "cancelled")
            })
        guard FileManager.default.createFile(atPath: icsFile, contents: Data(text.utf8)) else {
            throw ClientError(.local, "cannot write \(icsFile)")
        }
        return EventExport(file: icsFile, events: events.count)
    }

    /// An exported event's title from the viewer's side: a coach sees the client's name, a client their coach's.
    static func icsTitle(_ cache: LocalCache, profile: Profile) throws -> (CachedEntity) -> String {
        guard profile.role == .coach else {
            let coach = try cache.entity(profile.id)?[string: "coachName"].flatMap { $0.isEmpty ? nil : $0 }
            return { _ in coach.map { "Training with \($0)" } ?? "Training with your coach" }
        }
        let names = try ClientDirectory(cache: cache).names()
        return { event in "Training: " + (event[string: "client"].flatMap { names[$0] } ?? "client") }
    }
}
