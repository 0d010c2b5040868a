extension ProgramPhrases {
    package var en: String {
        switch self {
        case .progressionNoColon:
            "expected \"EXERCISE: PROGRESSION\" (no ':' after the exercise name), e.g. \"Squat: +2.5kg/week\""
        case .progressionMissing: "no progression after '{name}:' (e.g. +2.5kg/week)"
        case .progressionOfExercise: "the progression of '{name}': {reason}"
        case .progressionForm:
            """
            a progression is +2.5kg/week, +5%/week, +1 rep/week, +1 set/2 weeks, 3x8-12, +2.5kg when all sets reach \
            12, or 70%,75%,80%,85% of e1RM
            """
        case .progressionIncrement: "an increment is +2.5kg, +5lb, +5% (at most {maxPercent}), +1 rep or +1 set"
        case .progressionPeriod: "a period is /week or /N weeks, N from 1 to {maxWeeks}"
        case .progressionRange: "a range is SETSxLOW-HIGH with LOW at most HIGH: 3x8-12"
        case .progressionTop: "the sets reach the top of the range, {top}; not {given}"
        case .progressionWave:
            """
            a wave is at most {maxWeeks} shares of the maximum, each from {lowestShare}% to {highestShare}%: \
            70%,75%,80%,85% of e1RM
            """
        case .deloadForm:
            """
            a deload is every N weeks, then the share lifted: 4 or 4:60% (N from 2 to {maxWeeks}, the share from \
            {lowestDeload}% to {highestDeload}%, 60% unless given)
            """
        case .kindProgram: "program"
        case .kindAssignment: "assignment"
        case .ofProgram: "of program"
        case .ofAssignment: "of assignment"
        case .noProgram: "no program"
        case .noAssignment: "no assignment"
        case .severalPrograms: "several programs"
        case .severalAssignments: "several assignments"
        case .dayTwice: "the day '{day}' is given twice (one training a day)"
        case .dayForm: "--day \"{text}\": expected \"WEEKDAY: TRAINING\", e.g. \"mon: Legs\" (weekdays: {weekdays})"
        case .cycleDayForm: "--day \"{text}\": expected \"DAY: TRAINING\" with DAY from 1 to {cycle}, e.g. \"1: A\""
        case .baselineForm:
            "--baseline \"{text}\": expected \"EXERCISE=LOAD\", e.g. \"Deadlift=140kg\" or \"Deadlift=315lb\""
        case .nothingToChange:
            """
            nothing to change: give --weeks, --cycle, --day, --progress, --no-progress, --deload, --no-deload or \
            --notes
            """
        case .deleteQuestion:
            "Delete the program '{name}' ({id})? {count|client follows|clients follow} it and will stop."
        case .nameTaken: "a program named '{name}' already exists"
        case .cycleRange: "--cycle is a number of days from 1 to {maxCycle}"
        case .weeksOrCycle: "give --weeks N (1 to {maxWeeks}), or --cycle N for a cycle of N days"
        case .needsADay: "a program needs at least one --day, e.g. --day \"mon: Legs\""
        case .atForm: "--at \"{text}\": expected a time HH:MM, e.g. 18:00"
        case .bookNeedsAt: "--book needs --at HH:MM: the time of the appointments"
        case .shiftRange: "--days is a number of days from 1 to {most}"
        case .notAssigned: "{client} does not follow the program '{program}'"
        case .followsNone: "{client} follows no program"
        case .nameTheProgram: "{client} follows several programs: name one"
        case .added: "Program '{name}' added."
        case .updated: "Program '{name}' updated."
        case .renamed: "Program '{old}' renamed to '{name}'."
        case .deleted: "Program '{name}' deleted."
        case .duplicated: "Program '{original}' copied as '{name}'."
        case .noProgramsForCoach:
            "No programs yet. Add one with: gorilla programs add NAME --weeks 8 --day \"mon: TRAINING\""
        case .noProgramsForClient: "Your coach has no programs yet."
        case .headerProgram: "Program"
        case .headerLength: "Length"
        case .headerDays: "Days"
        case .headerClients: "Clients"
        case .lengthWeeks: "{count|week|weeks}"
        case .lengthCycles: "{count|cycle|cycles} of {cycle} days"
        case .openCycle: "cycle of {cycle} days, until unassigned"
        case .cycleDay: "day {day}"
        case .sectionDays: "Days:"
        case .sectionProgress: "Progression:"
        case .deloadLine: "Deload: every {every} weeks at {share}%"
        case .sectionFollowers: "Clients:"
        case .followerLine: "{client} from {start}"
        case .assigned: "{client} follows '{program}' from {start}."
        case .unassigned: "{client} no longer follows '{program}'."
        case .shifted: "The remaining days of '{program}' for {client} move {days|day|days} later."
        case .todayHeader: "{client} · {program} · week {week} · {date}"
        case .todayRest: "No training today: a rest day."
        case .todayEnded: "The program '{program}' has ended."
        case .todayNotStarted: "The program '{program}' starts on {start}."
        case .todayPostponed: "The program '{program}' is postponed today."
        case .helpPrograms: "Programs: trainings on days for weeks, with progression."
        case .helpProgramsAdd: "Add a program."
        case .helpWeeks: "How many weeks it lasts (cycles, with --cycle)."
        case .helpCycle: "A cycle of N days instead of a week."
        case .helpDay: "A training on a day: \"mon: Legs\", or \"1: A\" in a cycle (repeatable)."
        case .helpProgress:
            """
            How an exercise progresses: \"Squat: +2.5kg/week\", \"Bench: 3x8-12, +2.5kg when all sets reach 12\", \
            \"Deadlift: 70%,75%,80% of e1RM\" (repeatable).
            """
        case .helpNoProgress: "Take out an exercise's progression (repeatable)."
        case .helpDeload: "A lighter week: every N weeks at a share of the load, 4 or 4:60% (60% unless given)."
        case .helpNoDeload: "Take out the deload."
        case .helpNotes: "Notes for the program."
        case .helpProgramsList: "List the programs."
        case .helpProgramsShow: "Show a program: its days, progressions and clients."
        case .helpProgramsEdit: "Change a program."
        case .helpProgramsRename: "Rename a program."
        case .helpProgramsDuplicate: "Copy a program under a new name."
        case .helpProgramsRemove: "Delete a program (its clients stop following it)."
        case .helpProgramsAssign: "A client follows a program from a start day."
        case .helpStart: "The first day (YYYY-MM-DD)."
        case .helpAt: "The time of the workouts (HH:MM)."
        case .helpBook: "Book the days as appointments with their training."
        case .helpRepeat: "Start over after the last week, the progression going on."
        case .helpBaseline: "A tested maximum for waves: \"Deadlift=140kg\" (repeatable)."
        case .helpClient: "The client."
        case .helpProgramsUnassign: "A client stops following a program."
        case .helpProgramsShift: "Move a client's remaining days later (illness, holidays)."
        case .helpShiftDays: "How many days later."
        case .helpShiftFrom: "The first day that moves (today unless given)."
        case .helpProgramOptional: "The program (needed when the client follows several)."
        case .helpToday: "Today's workout of a program, with its targets."
        case .helpDate: "Another day (YYYY-MM-DD)."
        case .icsPlanned: "{training} ({client})"
        case .icsPlannedWeek: "Program {program}, week {week}"
        case .plannedTitle: "Planned workouts:"
        case .plannedLine: "{when}  {client}{training} ({program}, week {week})"
        case .currentWeek: "Program: {program}, week {week}, day {day}"
        case .currentStarts: "Program: {program}, from {start}"
        case .currentEnded: "Program: {program}, ended"
        case .todayAlone:
            """
            --today trains the day's workout of the client's program: leave out --training, --free, --repeat and \
            --next
            """
        case .noWorkoutToday: "no workout of '{program}' today"
        case .helpTrainToday: "Train today's workout of the client's program, its targets as the plan."
        }
    }
}
