/// Programs: their progression notation (`--progress`, `--deload`) and what `today` says.
package enum ProgramPhrases: String, Phrases {
    /// `--progress` without a colon after the exercise's name.
    case progressionNoColon
    /// `--progress "Squat:"` with nothing after the colon.
    case progressionMissing
    /// Wraps a reason with the exercise it is about.
    case progressionOfExercise
    /// Every accepted form, for a rule that is none of them.
    case progressionForm
    /// An increment that does not read or is out of its range.
    case progressionIncrement
    /// A period that does not read (`/week`, `/2 weeks`).
    case progressionPeriod
    /// Double progression's range (`3x8-12`).
    case progressionRange
    /// Double progression's "when all sets reach N" naming another number than the range's top.
    case progressionTop
    /// A wave of shares that does not read.
    case progressionWave
    /// `--deload` that does not read.
    case deloadForm
    /// The kind's name.
    case kindProgram
    /// The kind's name.
    case kindAssignment
    /// The kind after "of".
    case ofProgram
    /// The kind after "of".
    case ofAssignment
    /// None of the kind.
    case noProgram
    /// None of the kind.
    case noAssignment
    /// Several of the kind.
    case severalPrograms
    /// Several of the kind.
    case severalAssignments
    /// `--day` naming one day twice.
    case dayTwice
    /// `--day` that does not read, in a program of weekdays.
    case dayForm
    /// `--day` that does not read, in a cycle.
    case cycleDayForm
    /// `--baseline` that does not read.
    case baselineForm
    /// `programs edit` that changes nothing.
    case nothingToChange
    /// Asked before `programs rm`.
    case deleteQuestion
    /// A program's name already in use.
    case nameTaken
    /// `--cycle` out of range.
    case cycleRange
    /// A program without a length.
    case weeksOrCycle
    /// A program without days.
    case needsADay
    /// `--at` that is not a time.
    case atForm
    /// `--book` without `--at`.
    case bookNeedsAt
    /// `--days` out of range.
    case shiftRange
    /// A client who does not follow the program named.
    case notAssigned
    /// A client who follows no program.
    case followsNone
    /// A client who follows several programs, none named.
    case nameTheProgram
    /// A program added.
    case added
    /// A program changed.
    case updated
    /// A program renamed.
    case renamed
    /// A program deleted.
    case deleted
    /// A program copied.
    case duplicated
    /// `programs list` with none, for a coach.
    case noProgramsForCoach
    /// `programs list` with none, for a client.
    case noProgramsForClient
    /// Table header.
    case headerProgram
    /// Table header.
    case headerLength
    /// Table header.
    case headerDays
    /// Table header.
    case headerClients
    /// A program's length in weeks.
    case lengthWeeks
    /// A cycle program's length.
    case lengthCycles
    /// A cycle without an end.
    case openCycle
    /// A day of a cycle, in `programs show`.
    case cycleDay
    /// `programs show`: its days.
    case sectionDays
    /// `programs show`: its progressions.
    case sectionProgress
    /// `programs show`: its deload.
    case deloadLine
    /// `programs show`: who follows it.
    case sectionFollowers
    /// A client following the program.
    case followerLine
    /// A program assigned.
    case assigned
    /// A program unassigned.
    case unassigned
    /// A program's remaining days moved.
    case shifted
    /// `today`: the day's header.
    case todayHeader
    /// `today` on a day without training.
    case todayRest
    /// `today` after the program's last week.
    case todayEnded
    /// `today` before the program's start.
    case todayNotStarted
    /// `today` inside a postponement.
    case todayPostponed
    /// Help.
    case helpPrograms
    /// Help.
    case helpProgramsAdd
    /// Help.
    case helpWeeks
    /// Help.
    case helpCycle
    /// Help.
    case helpDay
    /// Help.
    case helpProgress
    /// Help.
    case helpNoProgress
    /// Help.
    case helpDeload
    /// Help.
    case helpNoDeload
    /// Help.
    case helpNotes
    /// Help.
    case helpProgramsList
    /// Help.
    case helpProgramsShow
    /// Help.
    case helpProgramsEdit
    /// Help.
    case helpProgramsRename
    /// Help.
    case helpProgramsDuplicate
    /// Help.
    case helpProgramsRemove
    /// Help.
    case helpProgramsAssign
    /// Help.
    case helpStart
    /// Help.
    case helpAt
    /// Help.
    case helpBook
    /// Help.
    case helpRepeat
    /// Help.
    case helpBaseline
    /// Help.
    case helpClient
    /// Help.
    case helpProgramsUnassign
    /// Help.
    case helpProgramsShift
    /// Help.
    case helpShiftDays
    /// Help.
    case helpShiftFrom
    /// Help.
    case helpProgramOptional
    /// Help.
    case helpToday
    /// Help.
    case helpDate
    /// An exported planned workout's title.
    case icsPlanned
    /// An exported planned workout's description.
    case icsPlannedWeek
    /// The planned workouts under the calendar and the agenda.
    case plannedTitle
    /// One planned workout.
    case plannedLine
    /// `clients show`: where the client stands in a program.
    case currentWeek
    /// `clients show`: a program not begun.
    case currentStarts
    /// `clients show`: a program over.
    case currentEnded
    /// `train --today` with another choice of what to train.
    case todayAlone
    /// `train --today` on a day without one.
    case noWorkoutToday
    /// Help.
    case helpTrainToday

    package static func limits(in language: Language) -> [String: any Sendable] {
        [
            "maxWeeks": Progression.maxWeeks,
            "maxCycle": Int(Program.cycleRange.upperBound),
            "maxPercent": Int(Progression.percentRange.upperBound),
            "lowestShare": Int(Progression.shareRange.lowerBound * 100),
            "highestShare": Int(Progression.shareRange.upperBound * 100),
            "lowestDeload": Int(Deload.shareRange.lowerBound * 100),
            "highestDeload": Int(Deload.shareRange.upperBound * 100),
        ]
    }
}
