import Dispatch
import Foundation
import GorillaClient
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// The progress line of a cold pull: drawn on a terminal (the real CLI in tmux) in place, one line redrawn, and cleared
/// at the end; never drawn when standard error is piped, nor with `--quiet` or `--json`.
@Suite(.hangLimit, .requiresTmux)
struct ProgressTmuxTests {
    /// Machines the coach's account holds: three pages of the CLI's 1,000 changes.
    static let machines = 2_500

    /// Holds the server's `n`th `sync.pull` page (counted from ``arm(holding:for:)``) until ``release()`` or for a
    /// time at most, so that a test sees the screen while a pull is under way (or a pull lasts long enough to be
    /// drawn: a slow network).
    final class PageGate: @unchecked Sendable {
        /// Guards `armed`, `seen` and `holding`.
        private let lock = NSLock()
        private var armed = false
        private var seen = 0
        private var holding = 0
        private var longest: Duration = .zero
        private let released = DispatchSemaphore(value: 0)

        /// Counts pages from now on and holds page `page` for `longest` at most.
        func arm(holding page: Int, for longest: Duration = .seconds(60)) {
            lock.withLock { (armed, seen, holding, self.longest) = (true, 0, page, longest) }
        }

        /// The server's hook: called as each page is about to be built.
        func pageStarts() {
            let hold = lock.withLock { () -> Duration? in
                guard armed else { return nil }
                seen += 1
                return seen == holding ? longest : nil
            }
            if let hold {
                let milliseconds = Int(
                    hold.components.seconds * 1_000 + hold.components.attoseconds / 1_000_000_000_000_000)
                _ = released.wait(timeout: .now() + .milliseconds(milliseconds))
            }
        }

        func release() { released.signal() }
    }

    /// A coach whose account holds ``machines`` machines (pushed in batches by another device), and `devices` more
    /// devices logged in before they were, so that each has all of them to pull.
    static func coachWithMachines(devices: Int, on server: TestServer) async throws -> [Device] {
        let coach = try await Device.coach("ada", on: server)
        var fresh: [Device] = []
        for _ in 0..<devices { fresh.append(try await Device.loggedIn("ada", on: server)) }
        let names = (1...machines).map { "Machine \($0)" }
        for start in stride(from: 0, to: names.count, by: SyncLimits.maxPushBatch) {
            let batch = names[start..<min(start + SyncLimits.maxPushBatch, names.count)]
            let results = try await coach.push(batch.map { Mutation.createMachine($0) })
            try #require(results.count == batch.count)
        }
        return fresh
    }

    /// The lines of `screen` that are the progress line of a pull.
    static func progressLines(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { $0.contains("pulling") }
    }

    @Test func aColdPullRedrawsOneLineInPlaceAndClearsItAtTheEnd() async throws {
        let gate = PageGate()
        try await withTestServer(configure: { $0.onPullPageStart = { _ in gate.pageStarts() } }) { server in
            let laptop = try #require(try await Self.coachWithMachines(devices: 1, on: server).first)
            let tmux = Tmux()
            let outcome: Result<Void, any Error>
            do {
                // The third page is held: the first two are pulled and stored, and the line says so.
                gate.arm(holding: 3)
                try await tmux.start(
                    "GORILLA_HOME='\(laptop.home.path)' '\(Products.gorilla.path)' sync; echo sync-exited-$?; sleep 60")
                let during = try await tmux.waitFor("pulling 2,000 of 2,500 changes")
                gate.release()
                let lines = Self.progressLines(during)
                #expect(lines.count == 1, "one line, redrawn in place: \(during)")
                #expect(lines.first?.hasPrefix("pulling 2,000 of 2,500 changes · ") == true, "\(during)")
                #expect(lines.first?.contains(" kB") == true, "the bytes pulled: \(during)")

                let after = try await tmux.waitFor("sync-exited-")
                #expect(after.contains("sync-exited-0"), "\(after)")
                #expect(after.contains("pulled \(Self.machines)."), "\(after)")
                #expect(Self.progressLines(after).isEmpty, "the line is cleared at the end: \(after)")
                #expect(try laptop.cache().entities("machine").count == Self.machines)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            gate.release()
            await tmux.stop()
            try outcome.get()
        }
    }

    @Test func noProgressIsDrawnWhenStandardErrorIsPipedOrWithQuietOrJSON() async throws {
        let gate = PageGate()
        try await withTestServer(configure: { $0.onPullPageStart = { _ in gate.pageStarts() } }) { server in
            let devices = try await Self.coachWithMachines(devices: 4, on: server)

            // Every pull below waits 0.8 s for its third page (a slow network), long enough to be drawn on a terminal.
            // Piped: standard error is a file.
            gate.arm(holding: 3, for: .milliseconds(800))
            let piped = try await runGorilla(["sync"], home: devices[0].home)
            #expect(piped.status == 0 && piped.stdout.contains("pulled \(Self.machines)."), "\(piped)")
            #expect(!piped.stderr.contains("pulling") && !piped.stderr.contains("\r"), "\(piped)")

            // On a terminal: everything the command writes, recorded from its first byte. Without a flag the line is
            // drawn (so the recording would show it), with --quiet or --json never.
            for (device, flags) in [(devices[1], [] as [String]), (devices[2], ["--quiet"]), (devices[3], ["--json"])] {
                let folder = try TemporaryFolder("gorilla-e2e-progress")
                let recording = folder.url.appendingPathComponent("recording")
                let go = folder.url.appendingPathComponent("go")
                let tmux = Tmux()
                let outcome: Result<String, any Error>
                do {
                    try await tmux.start(
                        "while [ ! -e '\(go.path)' ]; do sleep 0.05; done; GORILLA_HOME='\(device.home.path)' "
                            + "'\(Products.gorilla.path)' \(flags.joined(separator: " ")) sync; echo sync-exited-$?; sleep 60"
                    )
                    try await tmux.record(to: recording)
                    gate.arm(holding: 3, for: .milliseconds(800))
                    FileManager.default.createFile(atPath: go.path, contents: Data())
                    let screen = try await tmux.waitFor("sync-exited-")
                    #expect(screen.contains("sync-exited-0"), "\(flags): \(screen)")
                    outcome = .success((try? String(contentsOf: recording, encoding: .utf8)) ?? "")
                } catch {
                    outcome = .failure(error)
                }
                await tmux.stop()
                let written = try outcome.get()
                if flags.isEmpty {
                    #expect(
                        written.contains("\r\u{1B}[2Kpulling 2,000 of 2,500 changes"), "\(written.debugDescription)")
                } else {
                    #expect(!written.contains("pulling"), "\(flags): \(written.debugDescription)")
                }
                #expect(try device.cache().entities("machine").count == Self.machines, "\(flags)")
            }
        }
    }
}
