import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The real `gorilla watch` in a tmux pane, with the coach's and the client's other devices acting meanwhile.
@Suite(.hangLimit, .requiresTmux)
struct WatchTmuxTests {
    /// Takes about a minute and a half: the reminder comes a minute before an appointment that starts on a whole
    /// minute more than a minute away.
    @Test func aWatchShowsMessagesAnswersAndTheReminderBeforeTheAppointmentStarts() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Anna", surname: "Serra")
            let client = try await Device.registered("anna", code: code, on: server)
            let phone = try await Device.loggedIn("ada", on: server)
            try await coach.sync()
            // A notify-send that writes down what it was asked to show.
            let bin = try TemporaryFolder("gorilla-watch-bin")
            let notified = bin.url.appendingPathComponent("notified.txt")
            let script = bin.url.appendingPathComponent("notify-send")
            try "#!/bin/sh\nprintf '%s|%s\\n' \"$1\" \"$2\" >> '\(notified.path)'\n".write(
                to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)

            let tmux = Tmux()
            let outcome: Result<Void, any Error>
            do {
                try await tmux.start(
                    "PATH='\(bin.url.path)':\"$PATH\" GORILLA_HOME='\(coach.home.path)' '\(Products.gorilla.path)' "
                        + "watch --before 1m; echo watch-exited-$?; sleep 30")
                let opened = try await tmux.waitFor("connected")
                #expect(opened.contains("watching as ada — next: nothing scheduled"), "\(opened)")
                #expect(opened.contains("reminders 1 min before"), "\(opened)")

                // A message from the client's device shows within two seconds of being stored on the server (the
                // client's command returns once it is: its own start-up and sync are not the watch's to count).
                _ = try await client.app.sendMessage(to: nil, text: "Running late, sorry")
                let sent = ContinuousClock.now
                let told = try await tmux.waitFor("message from Anna Serra: Running late, sorry", within: .seconds(5))
                #expect(told.contains("message from Anna Serra: Running late, sorry"), "\(told)")
                #expect(ContinuousClock.now - sent < .seconds(2), "the message took \(ContinuousClock.now - sent)")

                // The coach's phone schedules a training on the first whole minute more than 90 s away: the reminder
                // comes at least 30 s later, after the client's confirmation even on a loaded machine.
                let now = Date()
                let start = Date(
                    timeIntervalSince1970: ((now.timeIntervalSince1970 + 90) / 60).rounded(.up) * 60)
                let added = try await runGorilla(
                    [
                        "--json", "events", "add", "--client", "Anna", "--at", EventFormatting.local(start),
                        "--gym", "Gym Nord",
                    ], home: phone.home)
                #expect(added.status == 0, "\(added)")
                let id = try #require(try added.json().objectValue?["id"]?.stringValue, "\(added)")
                let clock = String(EventFormatting.local(start).suffix(5))
                let reminder = "in 1 min: \(clock) training with Anna Serra (Gym Nord)"

                // The client confirms it: the coach's watch says so.
                let confirmed = try await runGorilla(["events", "confirm", id], home: client.home)
                #expect(confirmed.status == 0, "\(confirmed)")
                let answered = try await tmux.waitFor("Anna Serra confirmed", within: .seconds(5))
                #expect(
                    answered.contains("Anna Serra confirmed \(EventFormatting.local(start)) training"), "\(answered)")
                #expect(!answered.contains(reminder), "the reminder came early: \(answered)")

                // The reminder comes a minute before the start, from the watch's own timer.
                let reminded = try await tmux.waitFor(reminder, within: .seconds(start.timeIntervalSinceNow + 5))
                #expect(reminded.contains(reminder), "\(reminded)")
                #expect(Date() < start, "the reminder came after the start")
                #expect(Date() > start.addingTimeInterval(-62), "the reminder came before its minute")
                #expect(reminded.components(separatedBy: reminder).count == 2, "once: \(reminded)")

                // Each line was also a desktop notification.
                let notifications = (try? String(contentsOf: notified, encoding: .utf8)) ?? ""
                #expect(notifications.contains("GorillaCoach|message from Anna Serra: Running late, sorry"))
                #expect(notifications.contains("GorillaCoach|\(reminder)"), "\(notifications)")

                // Ctrl-C ends it normally.
                try await tmux.keys("C-c")
                let ended = try await tmux.waitFor("watch-exited-")
                #expect(ended.contains("watch-exited-0"), "\(ended)")
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            await tmux.stop()
            try outcome.get()
        }
    }
}
