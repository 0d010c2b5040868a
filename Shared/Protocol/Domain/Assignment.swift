import Foundation

/// A client following a program from a start day (`programs assign`): the client's calendar gets the program's days
/// as planned workouts, and `today` reads the week and the day from it. Several clients follow one program, each with
/// their own assignment.
package struct Assignment: EntityDocument {
    package static let kind = EntityKind.assignment
    /// Most postponements an assignment keeps.
    package static let maxShifts = 100
    /// Days one postponement may move the remaining days.
    package static let shiftRange: ClosedRange<Double> = 1...365

    @WireID package var client: UUID
    @WireID package var program: UUID
    /// The program's first day for this client (week 1 starts here).
    package var start: CalendarDate
    /// The local time the planned workouts are at (`18:00`), when the coach gives one.
    package var at: String?
    /// Whether the days are booked as appointments with their training.
    package var book: Bool?
    /// Whether the program starts over (its progression going on) after its last week.
    package var repeats: Bool?
    /// Tested maxima that waves and efforts read instead of the client's e1RM on the start day.
    package var baselines: [Baseline]
    /// Postponements: from a day on, the remaining days move later (illness, holidays).
    package var shifts: [Shift]

    package init(
        client: UUID, program: UUID, start: CalendarDate, at: String? = nil, book: Bool? = nil, repeats: Bool? = nil,
        baselines: [Baseline] = [], shifts: [Shift] = []
    ) {
        self.client = client
        self.program = program
        self.start = start
        self.at = at
        self.book = book
        self.repeats = repeats
        self.baselines = baselines
        self.shifts = shifts
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case client, program, start, at, book
        case repeats = "repeat"
        case baselines, shifts
    }

    package static let forms = DocumentForms([
        CodingKeys.client: .id, .program: .id, .baselines: .list(Baseline.forms), .shifts: .list(Shift.forms),
    ])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _client = WireID(wrappedValue: try container.decodeOwner(forKey: .client, in: decoder))
        _program = try container.decode(WireID.self, forKey: .program)
        start = try container.decode(CalendarDate.self, forKey: .start)
        at = try container.decodeIfPresent(String.self, forKey: .at)
        book = try container.decodeIfPresent(Bool.self, forKey: .book)
        repeats = try container.decodeIfPresent(Bool.self, forKey: .repeats)
        baselines = try container.decodeIfPresent([Baseline].self, forKey: .baselines) ?? []
        shifts = try container.decodeIfPresent([Shift].self, forKey: .shifts) ?? []
    }

    /// A tested maximum of one exercise (`--baseline "Deadlift=140kg"`).
    package struct Baseline: Codable, Sendable, Equatable {
        @WireID package var exercise: UUID
        package var weight: Double
        package var unit: WeightUnit

        package init(exercise: UUID, weight: Double, unit: WeightUnit) {
            self.exercise = exercise
            self.weight = weight
            self.unit = unit
        }

        package enum CodingKeys: String, CodingKey, CaseIterable {
            case exercise, weight, unit
        }

        package static let forms = DocumentForms([CodingKeys.exercise: .id])
    }

    /// From `from` on, the remaining days move `days` later.
    package struct Shift: Codable, Sendable, Equatable {
        package var from: CalendarDate
        package var days: Int

        package init(from: CalendarDate, days: Int) {
            self.from = from
            self.days = days
        }

        package enum CodingKeys: String, CodingKey, CaseIterable {
            case from, days
        }

        package static let forms = DocumentForms([CodingKeys.days: .count])
    }

    /// The tested maximum of `exercise` in `unit`, if the coach gave one.
    package func baseline(of exercise: UUID, in unit: WeightUnit) -> Double? {
        baselines.first { $0.exercise == exercise }.map { Strength.converted($0.weight, from: $0.unit, to: unit) }
    }
}
