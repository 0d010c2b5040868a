import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

/// The calendar's views as the tests call them: the week grid, the agenda and the overview at a chosen time.
extension DeviceCommands {
    /// `gorilla calendar --week [DAY]` at `now`, its text fitted to a terminal `width` columns wide when given.
    package func calendarWeek(
        _ day: String?, style: TerminalStyle = .plain, width: Int? = nil, now: Date = Date()
    ) async throws -> CommandOutput {
        try await runFitted(style: style, width: width) { try await CalendarService($0).week(day, now: now) }
    }

    /// `gorilla agenda [--days N]` at `now`.
    package func agenda(days: Int = 1, now: Date = Date()) async throws -> CommandOutput {
        try await run { try await AgendaService($0).agenda(days: days, now: now) }
    }

    /// `gorilla` with no arguments at `now`.
    package func overview(now: Date) async throws -> CommandOutput {
        try await run { try await OverviewService($0).overview(now: now) }
    }

    /// Runs one service call as ``run(style:_:)`` does, the text fitted to `width` columns as on a terminal.
    func runFitted<Result: Presentable>(
        style: TerminalStyle, width: Int?, _ body: (DeviceContext) async throws -> Result
    ) async throws -> CommandOutput {
        let context = DeviceContext(home: home, deadlines: deadlines)
        defer { keepWarnings(context.takeWarnings()) }
        let result = try await context.command {
            try await context.refreshingLocalRefusals { try await body(context) }
        }
        let viewer = context.viewer(width: width, style: style)
        return CommandOutput(
            text: result.fittedText(for: viewer), json: try result.json,
            notes: context.takeNotes() + result.notes(for: viewer))
    }
}
