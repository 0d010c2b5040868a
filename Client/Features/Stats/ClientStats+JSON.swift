import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension ClientStats {
    /// `--json` of an exercise without sets in the range: no sessions, and the exercise asked for.
    struct NoSetsJSON: Encodable {
        var sessions = 0
        let exercise: String
    }

    /// `--json` of the overview: its figures, the weeks named as everywhere else (by their Monday in the viewer's
    /// zone, ``WeekJSON``), and the body figures.
    struct OverviewJSON: Encodable {
        let overview: ClientOverview
        let body: BodyJSON?

        init(_ overview: ClientOverview, body: BodyJSON?) {
            self.overview = overview
            self.body = body
        }

        private enum Key: String, CodingKey {
            case sessions, perWeek, weekStarts, firstWeek, lastTrained, attendance, trainingTime, timeUnderTension
            case exercises, muscles, body
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(overview.sessions, forKey: .sessions)
            try container.encode(overview.perWeek, forKey: .perWeek)
            try container.encode(overview.weekStarts.map(WeekJSON.week), forKey: .weekStarts)
            try container.encodeIfPresent(overview.firstWeek.map(WeekJSON.start), forKey: .firstWeek)
            try container.encodeIfPresent(overview.lastTrained, forKey: .lastTrained)
            try container.encode(overview.attendance, forKey: .attendance)
            try container.encode(overview.trainingTime, forKey: .trainingTime)
            try container.encode(overview.timeUnderTension, forKey: .timeUnderTension)
            try container.encode(overview.exercises, forKey: .exercises)
            try container.encode(overview.muscles, forKey: .muscles)
            try container.encodeIfPresent(body, forKey: .body)
        }
    }

    /// The overview's `body` in `--json` (see ``bodyJSON``).
    struct BodyJSON: Encodable {
        let unit: String
        var weight: Double?
        var date: String?
        var bmi: Double?
        var bmiCategory: String?
        var bmiHeight: Double?
        var bmiHeightDate: String?
        var toGoal: Double?
        var goalWeight: Double?
    }
}
