import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared

extension ProgramChange: Presentable {
    package func text(for viewer: Viewer) -> String {
        switch action {
        case .added: ProgramPhrases.added.t(["name": change.name])
        case .updated: ProgramPhrases.updated.t(["name": change.name])
        case .deleted: ProgramPhrases.deleted.t(["name": change.name])
        case .renamed(let old): ProgramPhrases.renamed.t(["name": change.name, "old": old])
        case .duplicated(let original): ProgramPhrases.duplicated.t(["name": change.name, "original": original])
        }
    }
}

extension ProgramList: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard !programs.isEmpty else {
            return viewer.may(.create, .program)
                ? ProgramPhrases.noProgramsForCoach.t() : ProgramPhrases.noProgramsForClient.t()
        }
        let rows = programs.map { row -> [String] in
            [
                row.program.name, ProgramText.length(row.program.value), "\(row.program.days.count)", "\(row.clients)",
                row.program.id.short,
            ]
        }
        let header = [
            ProgramPhrases.headerProgram.t(), ProgramPhrases.headerLength.t(), ProgramPhrases.headerDays.t(),
            ProgramPhrases.headerClients.t(), "ID",
        ]
        return Table(header, rows).render()
    }
}

extension ProgramDetail: Presentable {
    package func text(for viewer: Viewer) -> String {
        let words = CalendarWords.of(viewer.language)
        var lines = ["\(program.name)  (\(program.id.key))", "  " + ProgramText.length(program.value)]
        if let notes = program.notes { lines.append("  \(notes)") }
        lines.append(ProgramPhrases.sectionDays.t())
        for (day, training) in days {
            let when =
                program.cycle == nil
                ? words.weekdays[day.day - 1] : ProgramPhrases.cycleDay.t(["day": day.day])
            lines.append("  \(when): \(training ?? "?")")
        }
        if !rules.isEmpty {
            lines.append(ProgramPhrases.sectionProgress.t())
            for (rule, exercise) in rules {
                lines.append("  \(exercise ?? "?"): \(rule.progression.notation)")
            }
        }
        if let deload = program.deload {
            lines.append(
                ProgramPhrases.deloadLine.t(["every": deload.every, "share": Int((deload.share * 100).rounded())]))
        }
        if !followers.isEmpty {
            lines.append(ProgramPhrases.sectionFollowers.t())
            for follower in followers {
                lines.append(
                    "  "
                        + ProgramPhrases.followerLine.t([
                            "client": follower.client, "start": follower.assignment.start.description,
                        ]))
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension AssignmentChange: Presentable {
    package func text(for viewer: Viewer) -> String {
        switch action {
        case .assigned:
            ProgramPhrases.assigned.t([
                "client": client, "program": program, "start": assignment?.start.description ?? "",
            ])
        case .unassigned: ProgramPhrases.unassigned.t(["client": client, "program": program])
        case .shifted(let days): ProgramPhrases.shifted.t(["client": client, "program": program, "days": days])
        }
    }
}

extension TodayWorkout: Presentable {
    package func text(for viewer: Viewer) -> String {
        if let starts { return ProgramPhrases.todayNotStarted.t(["program": program, "start": starts.description]) }
        if ended == true { return ProgramPhrases.todayEnded.t(["program": program]) }
        if postponed == true { return ProgramPhrases.todayPostponed.t(["program": program]) }
        let header = ProgramPhrases.todayHeader.t([
            "client": client, "program": program, "week": week ?? 1,
            "date": CalendarWords.of(viewer.language).shortDay(date),
        ])
        guard let training else { return header + "\n" + ProgramPhrases.todayRest.t() }
        var lines = [header, training]
        for (index, entry) in exercises.enumerated() {
            lines.append("  \(index + 1). \(entry.name)  \(ProgramText.target(entry.target))")
        }
        return lines.joined(separator: "\n")
    }
}

/// How programs and targets are written for a person.
enum ProgramText {
    /// `8 weeks`, `6 cycles of 10 days`, `cycle of 10 days, until unassigned`.
    static func length(_ program: Program) -> String {
        switch (program.weeks, program.cycle) {
        case (let weeks?, nil): ProgramPhrases.lengthWeeks.t(["count": weeks])
        case (let cycles?, let cycle?): ProgramPhrases.lengthCycles.t(["count": cycles, "cycle": cycle])
        case (nil, let cycle?): ProgramPhrases.openCycle.t(["cycle": cycle])
        case (nil, nil): ""
        }
    }

    /// The lines under a calendar or an agenda that list the workouts programs plan (none when there are none): the
    /// day and time, the client (a coach's view), the training, the program and the week.
    static func planned(_ planned: [PlannedWorkout], for viewer: Viewer) -> [String] {
        guard !planned.isEmpty else { return [] }
        let words = CalendarWords.of(viewer.language)
        return ["", ProgramPhrases.plannedTitle.t()]
            + planned.map { workout in
                "  "
                    + ProgramPhrases.plannedLine.t([
                        "when": words.shortDay(workout.date) + (workout.at.map { " \($0)" } ?? ""),
                        "client": viewer.keepsClients ? "\(workout.clientName) · " : "", "training": workout.training,
                        "program": workout.program, "week": workout.week,
                    ])
            }
    }

    /// `Program: Strength, week 2, day 1`, or that it has not begun, or ended.
    static func standing(_ standing: ProgramStanding) -> String {
        switch standing.standing {
        case .running(let week, let day):
            ProgramPhrases.currentWeek.t(["program": standing.program, "week": week, "day": day])
        case .ended: ProgramPhrases.currentEnded.t(["program": standing.program])
        case .notStarted, .postponed:
            ProgramPhrases.currentStarts.t(["program": standing.program, "start": standing.start.description])
        }
    }

    /// A target as a coach writes a plan: `3x8-12@82.5kg`, `5x5@100kg @RPE8`.
    static func target(_ target: ProgramTarget) -> String { target.notation }
}
