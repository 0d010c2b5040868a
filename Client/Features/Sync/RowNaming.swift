import Foundation
import GorillaClientCore
import GorillaShared

/// How a cached row is named in reports, read through its kind's type: by its name (a client's full name), a session
/// or an appointment by its start, a measurement by its day.
enum RowNaming: Equatable {
    case name(String)
    case start(Date)
    case day(CalendarDate)

    /// The naming of a cached row (read as `kind`, its own kind unless given); nil for a row without a name, a start
    /// or a day (or that its type cannot read).
    init?(_ row: CachedEntity, kind: String? = nil) {
        func read<Document: EntityDocument>(_ type: Document.Type) -> Document? {
            (LocalCache.stored(row) as Stored<Document>?)?.value
        }
        let kind = kind ?? row.kind
        let named: RowNaming? =
            switch EntityKind(rawValue: kind) {
            case .client:
                read(GorillaShared.Client.self).flatMap { client in
                    let full = [client.name, client.surname].compactMap { $0 }.joined(separator: " ")
                    return full.isEmpty ? nil : .name(full)
                }
            case .machine: read(Machine.self).map { .name($0.name) }
            case .exercise: read(Exercise.self).map { .name($0.name) }
            case .training: read(Training.self).map { .name($0.name) }
            case .program: read(Program.self).map { .name($0.name) }
            case .session: read(TrainingSession.self).map { .start($0.start) }
            case .event: read(Event.self).map { .start($0.start) }
            case .measurement: read(GorillaShared.Measurement.self).map { .day($0.date) }
            case .message, .draft, .conflict, .assignment, nil: nil
            }
        guard let named, named != .name("") else { return nil }
        self = named
    }

    /// Whether it is named by a name (not by a start or a day).
    var isName: Bool {
        if case .name = self { return true }
        return false
    }
}
