import ArgumentParser
import Foundation
import GorillaClient
import GorillaShared

struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Stay connected and show what happens, with reminders before appointments.",
        discussion: """
            Prints one line per happening until Ctrl-C: new messages, answers and requests, appointments scheduled, \
            moved or cancelled, and a reminder before each appointment (also offline, from this device's copy). \
            Where notify-send is installed each line is also a desktop notification. With --json, one JSON object \
            per line.
            """)
    @OptionGroup(title: "Global options") var global: GlobalOptions
    @Option(
        help:
            "How long before an appointment to remind: 30m, 1h, 90 (minutes), 0 (at the start). Default: your profile's."
    )
    var before: String?
    @Flag(help: "No desktop notifications.") var noNotify = false

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
                    line =
                        (try? notice.json).flatMap { try? WireCoding.encoder.encode($0) }
                        .map { String(decoding: $0, as: UTF8.self) } ?? ""
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
