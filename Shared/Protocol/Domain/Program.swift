import Foundation

/// A coach's program: trainings on days for a number of weeks (or of cycles of N days), with a progression per
/// exercise and an optional deload, which clients follow from their own start (``Assignment``).
package struct Program: EntityDocument {
    package static let kind = EntityKind.program
    /// Most days a program lists.
    package static let maxDays = 100
    /// Most progressions a program lists.
    package static let maxRules = 100
    /// Weeks (or cycles) a program may last.
    package static let weeksRange: ClosedRange<Double> = 1...Double(Progression.maxWeeks)
    /// Days a cycle may last.
    package static let cycleRange: ClosedRange<Double> = 1...56

    package var name: String
    package var notes: String?
    /// How many weeks (or cycles) it lasts; nil only for a cycle, which then repeats until it is unassigned.
    package var weeks: Int?
    /// Days in a cycle that does not fit a week; nil for a program of weekdays.
    package var cycle: Int?
    /// The trainings on their days.
    package var days: [ProgramDay]
    /// How exercises progress from week to week, one rule per exercise.
    package var progress: [ProgramRule]
    /// A lighter week now and then.
    package var deload: Deload?

    package init(
        name: String, notes: String? = nil, weeks: Int? = nil, cycle: Int? = nil, days: [ProgramDay] = [],
        progress: [ProgramRule] = [], deload: Deload? = nil
    ) {
        self.name = name
        self.notes = notes
        self.weeks = weeks
        self.cycle = cycle
        self.days = days
        self.progress = progress
        self.deload = deload
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case name, notes, weeks, cycle, days, progress, deload
    }

    package static let forms = DocumentForms([
        CodingKeys.weeks: .count, .cycle: .count, .days: .list(ProgramDay.forms), .progress: .list(ProgramRule.forms),
    ])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        weeks = try container.decodeIfPresent(Int.self, forKey: .weeks)
        cycle = try container.decodeIfPresent(Int.self, forKey: .cycle)
        days = try container.decodeIfPresent([ProgramDay].self, forKey: .days) ?? []
        progress = try container.decodeIfPresent([ProgramRule].self, forKey: .progress) ?? []
        deload = try container.decodeIfPresent(Deload.self, forKey: .deload)
    }

    /// Days in one period of the program: a week, or the cycle.
    package var period: Int { cycle ?? 7 }

    /// The progression of `exercise`, if the program gives one.
    package func progression(of exercise: UUID) -> Progression? {
        progress.first { $0.exercise == exercise }?.progression
    }
}

/// A training on a day of a program: a weekday (1 = Monday … 7 = Sunday) or a day of the cycle (1 … N).
package struct ProgramDay: Codable, Sendable, Equatable {
    package var day: Int
    @WireID package var training: UUID

    package init(day: Int, training: UUID) {
        self.day = day
        self.training = training
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case day, training
    }

    package static let forms = DocumentForms([CodingKeys.day: .count, .training: .id])
}

/// How one exercise of a program progresses (`--progress "Squat: +2.5kg/week"`).
package struct ProgramRule: Codable, Sendable, Equatable {
    @WireID package var exercise: UUID
    package var progression: Progression

    package init(exercise: UUID, progression: Progression) {
        self.exercise = exercise
        self.progression = progression
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case exercise, progression
    }

    package static let forms = DocumentForms([CodingKeys.exercise: .id])
}

extension Program: NamedDocument {
    package var lookupName: String { name }
}
