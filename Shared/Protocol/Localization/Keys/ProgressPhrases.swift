/// Statistics, charts and body measurements.
package enum ProgressPhrases: String, Phrases {
    // MARK: Words shared by the statistics and the measurements

    /// The title of the options every command takes, in `--help`.
    case helpClient
    /// An argument that names a measurement.
    case helpMeasurementID
    /// A number in a percentage: `50%` (a space before the sign in Catalan and Spanish).
    case percent
    /// The placeholder of a chart without points: `{title}: no data`.
    case chartNoData
    case cannotWrite
    /// A figure option that is no number (`--weight abc`).
    case notANumber

    // MARK: stats — help

    case helpStatsAbstract
    case helpStatsDiscussion
    case helpStatsExercise
    case helpStatsSVG
    case helpStatsCSV
    case helpStatsUnit
    case helpStatsHistory
    case helpStatsMuscles
    case helpStatsCompliance

    // MARK: stats — errors

    case unitIsKgOrLb
    case dayIsYYYYMMDD
    case onlyYourOwnFigures
    case nameTheClient

    // MARK: stats — one exercise

    case noSetsYet
    case noSessionsYet
    case noSessionsYetFor
    case labelSessions
    case labelBestWeight
    case labelBestReps
    case labelE1RM
    case labelVolume
    case labelBestDuration
    case labelLastSession
    /// The change from the session before the last: `volume +50 kg, e1RM +2.50 kg`.
    case lastSessionChange
    case labelLongestSet
    case labelLongestDistance
    case chartE1RMPerSession
    case chartLongestDistancePerSession
    case chartLongestSetPerSession
    case personalRecords
    case noRecordsYet
    case heaviestSetPerRange
    /// The range of repetitions `1`.
    case rangeOneRep
    /// A range of repetitions: `2–3 reps`.
    case rangeReps
    case recordHistory
    case recordHeaviestWeight
    case recordBestE1RM
    case recordMostReps
    case recordSessionVolume
    case recordLongestDuration
    case recordLongestDistance

    // MARK: stats — the overview

    case labelAttendance
    case labelTrainingTime
    case labelBodyWeight
    case labelGoalWeight
    /// After `sessions:`: the count and the last session's start.
    case overviewSessions
    /// The last session of a client who never trained.
    case neverTrained
    case overviewAttendance
    /// After `training time:`: the time trained and the time under tension.
    case overviewTrainingTime
    case chartSessionsPerWeek
    /// The unit of a chart of sessions.
    case chartUnitSessions
    case chartBodyWeight
    /// After `body weight:`: the latest weight and its day.
    case bodyWeightOn
    /// After `body weight:`: the latest weight, its day and its BMI.
    case bodyWeightOnWithBMI
    /// After `goal weight:` when no weight was recorded.
    case goalWithoutWeight
    case headerExercise
    case headerSessions
    /// The best weight's column, in a unit: `BEST KG`.
    case headerBest
    case headerE1RM
    case headerVolume
    case headerE1RMTrend
    case svgSessionsTitle

    // MARK: stats --muscles

    case perMuscleGroup
    case headerMuscle
    case headerSets
    case headerSetsPerWeek
    /// The volume's column, in a unit: `VOLUME KG`.
    case headerVolumeIn
    /// The sparkline's column of sets week by week.
    case headerSetsPerWeekTrend
    case workingSetsPerWeek
    /// The muscle group of exercises that name none.
    case muscleUnassigned
    case svgMusclesTitle
    /// The unit of a chart of sets per week.
    case chartUnitSetsPerWeek

    // MARK: stats --compliance

    case noClientsYet
    /// The weeks a report covers: `2 weeks from 2026-03-02`.
    case compliancePeriod
    /// A period that ends before the client joined or their plan was set: no week is counted.
    case complianceNoWeeks
    case complianceOfClient
    case appointmentsKept
    case planPerWeek
    case planNotSet
    /// A week whose sessions met the plan.
    case planMet
    case complianceTitle
    case headerWeekOf
    case headerAppointments
    case headerKept
    case headerPlan
    case headerClient
    case headerKeptRate
    case headerPlanPerWeek
    case headerPlanMet
    case headerSessionsPerWeek
    /// Planned workouts done over 7, 30 and 90 days (``PlannedCompliance``).
    case plannedDone
    /// No program planned a workout in the last 90 days.
    case plannedNone
    case headerPlanned30
    /// The clients whose 7-day planned rate fell 20 points or more below their 90-day rate.
    case needsAttention

    // MARK: measurements — help

    case helpMeasurementsAbstract
    case helpMeasurementsDiscussion
    case helpMeasurementDate
    case helpWeight
    case helpHeight
    case helpBodyFat
    case helpNeck
    case helpShoulders
    case helpChest
    case helpArm
    case helpForearm
    case helpWaist
    case helpHips
    case helpThigh
    case helpCalf
    case helpNote
    case helpForce
    case helpMeasurementsAdd
    case helpMeasurementsList
    case helpMeasurementsEdit
    case helpClear
    case helpMeasurementsRemove
    case helpDeleteWithoutAsking

    // MARK: measurements — the figures

    case figureWeight
    case figureHeight
    case figureBodyFat
    case figureNeck
    case figureShoulders
    case figureChest
    case figureArm
    case figureForearm
    case figureWaist
    case figureHips
    case figureThigh
    case figureCalf
    /// The body fat's column.
    case headerBodyFat
    case bmiUnderweight
    case bmiNormal
    case bmiOverweight
    case bmiObesityClass1
    case bmiObesityClass2
    case bmiObesityClass3
    /// A BMI computed with the height of another day: `24.9 (normal, height 178 cm of 2026-10-02)`.
    case bmiWithHeightOf
    case goalReached
    case goalToLose
    case goalToGain

    // MARK: measurements add, edit, rm, list

    case measurementRefused
    case measurementRecorded
    case measurementUpdated
    case measurementDeleted
    /// Appended to a measurement's sentence.
    case bmiSentence
    /// Appended to a measurement's sentence.
    case goalSentence
    case deleteMeasurementQuestion
    case noMeasurementsYet
    case listGoalWeight
    case listGoalWeightOnly
    case headerDate
    case headerBMI
    case headerID
    case headerNote

    // MARK: measurements — errors

    case giveAFigure
    case clearIsForEdit
    case clearNotAFigure
    case clearContradicts
    case nothingToChange
    case keepOneFigure
    case figureImplausible
    case figureBeyondLimits
    /// Added to an implausible figure's error.
    case checkOrForce
    case noteTooLong
    case dateIsDay

    // MARK: clients edit --goal-weight

    case goalRefused
    case goalRemoved
    case goalWithoutWeightSentence
    case goalWithWeightSentence
    /// `--per-week N`: the sessions a week set, and the day compliance counts them from.
    case perWeekSet
    /// `--per-week none`.
    case perWeekRemoved
}

extension ProgressPhrases {
    /// The limits these texts name (see ``Phrases/limits(in:)``).
    package static func limits(in language: Language) -> [String: any Sendable] {
        [
            "weightLowest": Measurement.Measure.weight.plausible.lowerBound,
            "weightHighest": Measurement.Measure.weight.plausible.upperBound,
            "heightLowest": Measurement.Measure.height.plausible.lowerBound,
            "heightHighest": Measurement.Measure.height.plausible.upperBound,
            "bodyFatLowest": Measurement.Measure.bodyFat.plausible.lowerBound,
            "bodyFatHighest": Measurement.Measure.bodyFat.plausible.upperBound,
        ]
    }
}
