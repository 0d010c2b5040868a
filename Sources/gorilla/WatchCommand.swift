import ArgumentParser
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal

struct Watch: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "watch", abstract: CalendarPhrases.helpWatch.t(),
            discussion: CalendarPhrases.helpWatchDiscussion.t())
    }
    @OptionGroup(title: HelpPhrases.globalOptionsTitle.t()) var global: GlobalOptions
    @Option(help: ArgumentHelp(CalendarPhrases.helpWatchBefore.t())) var before: String?
    @Flag(help: ArgumentHelp(CalendarPhrases.helpWatchNoNotify.t())) var noNotify = false

    func validate() throws {
        if let before, ReminderTime.minutes(before).map(Profile.reminderRange.contains) != true {
            throw ValidationError(ReminderTime.rangeProblem(option: "--before", given: before))
        }
    }

    func run() async throws {
        let json = global.json
        let notifier = noNotify ? nil : DesktopNotifier.onPath()
        let minutes = before.flatMap(ReminderTime.minutes)
        let viewer = Runtime.context.viewer()
        try await present(global) {
            try await WatchService($0).watch(before: minutes) { notice in
                let line: String
                if json {
                    line = (try? notice.jsonText) ?? ""
                } else {
                    line = notice.text(for: viewer)
                }
                // Written at once, not kept in a buffer: the reader may be a pipe or a file.
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
                if notice.news.type != "status" { notifier?.notify(notice.line()) }
            }
        }
    }
}
