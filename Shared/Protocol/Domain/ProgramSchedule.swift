import Foundation

/// Where a client stands in a program on a day: which week, which day, which training. A pure function of the program
/// and the assignment, the same on every device.
///
/// Day 0 of the program is the assignment's start; each postponement (``Assignment/Shift``) moves the days from its
/// first day on later, leaving its days free. A program of weekdays places each training on the weekday of the day it
/// falls on before postponements; a cycle places it on its day of the cycle. Week `n` (or cycle `n`) is the `n`-th
/// period from the start; after the last one the program has ended, unless it repeats, when the days start over and
/// the weeks go on counting (so that the progression goes on).
package enum ProgramSchedule {
    /// A planned workout: a training on a day of a client's program.
    package struct Planned: Sendable, Equatable {
        package var date: CalendarDate
        /// The week (or cycle) it belongs to, from 1.
        package var week: Int
        /// Its day of the week (1 = Monday) or of the cycle.
        package var day: Int
        package var training: UUID

        package init(date: CalendarDate, week: Int, day: Int, training: UUID) {
            self.date = date
            self.week = week
            self.day = day
            self.training = training
        }
    }

    /// Where a day stands in an assignment.
    package enum Standing: Sendable, Equatable {
        /// Before the start.
        case notStarted
        /// Inside a postponement: no day of the program falls on it.
        case postponed
        /// Week `week`, on day `day` of the week or cycle.
        case running(week: Int, day: Int)
        /// After the last week of a program that does not repeat.
        case ended
    }

    /// Of the programs a client follows (each by its assignment's first day), the one a day's workout comes from: the
    /// newest that has begun by `date`, else the one that begins first.
    package static func followed<Followed>(
        on date: CalendarDate, _ programs: [Followed], start: (Followed) -> CalendarDate
    ) -> Followed? {
        programs.filter { start($0) <= date }.max { start($0) < start($1) } ?? programs.min { start($0) < start($1) }
    }

    /// How many days after the start `date` falls in the program (postponements taken out); nil before the start or
    /// inside a postponement.
    package static func offset(of date: CalendarDate, in assignment: Assignment) -> Int? {
        var offset = date.daysSinceEpoch - assignment.start.daysSinceEpoch
        guard offset >= 0 else { return nil }
        for shift in assignment.shifts.sorted(by: { $0.from < $1.from }) where shift.from <= date {
            if date.daysSinceEpoch < shift.from.daysSinceEpoch + shift.days { return nil }
            offset -= shift.days
        }
        return offset >= 0 ? offset : nil
    }

    /// Where `date` stands in `assignment` of `program`.
    package static func standing(on date: CalendarDate, _ program: Program, _ assignment: Assignment) -> Standing {
        if date < assignment.start { return .notStarted }
        guard let offset = offset(of: date, in: assignment) else { return .postponed }
        let week = offset / program.period + 1
        if let weeks = program.weeks, week > weeks, assignment.repeats != true { return .ended }
        let day =
            program.cycle == nil
            ? Weekday(of: assignment.start.adding(days: offset)).index + 1 : offset % program.period + 1
        return .running(week: week, day: day)
    }

    /// The planned workout on `date`, if the program has a training that day.
    package static func planned(on date: CalendarDate, _ program: Program, _ assignment: Assignment) -> Planned? {
        guard case .running(let week, let day) = standing(on: date, program, assignment),
            let training = program.days.first(where: { $0.day == day })?.training
        else { return nil }
        return Planned(date: date, week: week, day: day, training: training)
    }

    /// The planned workouts from `first` to `last`, both included, in order (at most a few years of days are read).
    package static func planned(
        from first: CalendarDate, to last: CalendarDate, _ program: Program, _ assignment: Assignment
    ) -> [Planned] {
        let begin = max(first, assignment.start)
        let days = min(last.daysSinceEpoch - begin.daysSinceEpoch, 4000)
        guard days >= 0 else { return [] }
        return (0...days).compactMap { planned(on: begin.adding(days: $0), program, assignment) }
    }
}
