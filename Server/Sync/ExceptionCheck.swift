import Foundation
import GorillaShared

/// A series' rule as its exceptions are checked against it: the rule and the local day of its first occurrence.
struct SeriesRule: Sendable {
    let rule: Recurrence
    let firstDay: CalendarDate

    /// The rule of `row`, a recurring event read as its type (``GorillaShared/Event``); nil for any other row.
    init?(_ row: EntityRow) {
        guard row.kind == EntityKind.event.rawValue, let event = try? JSONValue.object(row.data).decode(Event.self),
            let rule = event.recurrence
        else { return nil }
        self.rule = rule
        // The zone it keeps its wall-clock time in (UTC when it names an unknown one).
        firstDay = CalendarDate(event.start, in: TimeZone(identifier: event.zone) ?? TimeZone(identifier: "UTC")!)
    }

    /// Whether the series has an occurrence named by `day`: arithmetic (``Recurrence/falls(on:startingOn:)``), the
    /// same whether the day is near or centuries away.
    func falls(on day: CalendarDate) -> Bool { rule.falls(on: day, startingOn: firstDay) }
}

extension ServerStore {
    /// The exception creates of a push that carry an id not derived from their series and day, or name a day their
    /// series does not fall on, each with its refusal: found before the push's write transaction, from the
    /// mutations' own fields and the series rows read once, so that no lock is held while they are looked at
    /// (``push``). What this lets through is checked again inside the transaction (``EntityKinds/event``), which has
    /// the last word.
    func refusedExceptions(_ mutations: [PushedMutation], principal: UserRecord) async throws -> [Int: ServerError] {
        var refused: [Int: ServerError] = [:]
        var named: [(index: Int, series: UUID, day: CalendarDate)] = []
        for (index, mutation) in mutations.enumerated()
        where mutation.kind == EntityKind.event.rawValue && mutation.action == .create {
            guard let fields = try? mutation.parsedFields(), let exception = try? Event.Exception(document: fields),
                let series = exception.series, let day = exception.occurrence
            else { continue }
            if mutation.entity != Event.exceptionID(series: series, occurrence: day) {
                refused[index] = ServerError.invalid("id (an exception's id is derived from its series and day)")
            } else {
                named.append((index, series, day))
            }
        }
        guard !named.isEmpty else { return refused }
        let tenant = principal.tenantID
        let ids = Array(Set(named.map(\.series)))
        let rules = try await read { db in
            var rules: [UUID: SeriesRule] = [:]
            for id in ids {
                guard let row = try EntityRow.fetch(db, id: id), row.coachID == tenant, !row.deleted,
                    let rule = SeriesRule(row)
                else { continue }
                rules[id] = rule
            }
            return rules
        }
        for (index, series, day) in named {
            if let rule = rules[series], !rule.falls(on: day) {
                refused[index] = ServerError(.notAnOccurrence, "occurrence \(day)")
            }
        }
        return refused
    }
}
