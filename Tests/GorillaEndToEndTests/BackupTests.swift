import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// `gorilla-server backup`, `restore` and `check` on a SQLite data folder, run as the operator runs them, beside a
/// server process that goes on serving (docs/operations.md, "Backups").
@Suite(.hangLimit)
struct BackupTests {
    /// What `gorilla-server check --json` printed.
    static func check(_ run: CommandRun) throws -> StoreCheck {
        try JSONDecoder().decode(StoreCheck.self, from: Data(run.stdout.utf8))
    }

    @Test func aBackupTakenDuringPushesRestoresToAServerThatPullsTheSameRowsUpToItsVersion() async throws {
        let folder = try TemporaryFolder()
        try await withServerProcess { server in
            let coach = try await Device.coach("anna", on: server)
            let out = folder.url.appendingPathComponent("during.backup")
            if server.engine == .postgres {
                // Refused before any connection: pg_dump is the way.
                let refused = try await runGorillaServer([
                    "backup", "--data", server.dataDirectory.path, "--database", "postgres://gorilla@127.0.0.1/any",
                    "--out", out.path,
                ])
                #expect(refused.status == 1 && refused.stderr.contains("pg_dump"), "\(refused)")
                return
            }
            // One device pushes machines in batches while the backup runs beside it.
            let pushing = Task {
                for batch in 0..<40 {
                    _ = try await coach.push((0..<25).map { Mutation.createMachine("batch \(batch) machine \($0)") })
                }
            }
            _ = try await eventually(timeout: .seconds(30)) { try await coach.pullEverything().count >= 100 }
            let backup = try await runGorillaServer(["backup", "--data", server.dataDirectory.path, "--out", out.path])
            #expect(backup.status == 0, "\(backup)")
            try await pushing.value
            let attributes = try FileManager.default.attributesOfItem(atPath: out.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

            let restored = folder.url.appendingPathComponent("restored", isDirectory: true)
            let restore = try await runGorillaServer(["restore", out.path, "--data", restored.path])
            #expect(restore.status == 0, "\(restore)")
            for name in ["server-cert.pem", "server-key.pem"] {
                #expect(
                    FileManager.default.contents(atPath: restored.appendingPathComponent(name).path)
                        == FileManager.default.contents(atPath: server.dataDirectory.appendingPathComponent(name).path),
                    "\(name) differs: the restored server would change its fingerprint")
            }
            let check = try await runGorillaServer(["check", "--data", restored.path, "--json"])
            #expect(check.status == 0, "\(check)")
            #expect(try Self.check(check).healthy)

            let original = try await coach.pullEverything()
            let second = ServerProcess(
                dataDirectory: restored, logFile: folder.url.appendingPathComponent("restored.log"), engine: .sqlite)
            try await second.start()
            defer { Task { await second.stop() } }
            let reader = try await Device.loggedIn("anna", on: second)
            let copy = try await reader.pullEverything()
            let upTo = try #require(copy.map(\.version).max())
            #expect(copy.count >= 100)
            let sorted = { (changes: [Change]) in changes.sorted { $0.version < $1.version } }
            #expect(sorted(copy) == sorted(original.filter { $0.version <= upTo }))
        }
    }

    @Test func restoreRefusesAFolderInUseOrNotEmptyAndABackupThatIsNotOne() async throws {
        let folder = try TemporaryFolder()
        try await withServerProcess { server in
            guard server.engine == .sqlite else { return }
            _ = try await Device.coach("anna", on: server)
            let out = folder.url.appendingPathComponent("b.backup")
            #expect(try await runGorillaServer(["backup", "--data", server.dataDirectory.path, "--out", out.path]).status == 0)

            let inUse = try await runGorillaServer(["restore", out.path, "--data", server.dataDirectory.path])
            #expect(inUse.status == 1 && inUse.stderr.contains("in use"), "\(inUse)")

            let busy = folder.url.appendingPathComponent("busy", isDirectory: true)
            try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: busy.appendingPathComponent("notes.txt").path, contents: Data())
            let notEmpty = try await runGorillaServer(["restore", out.path, "--data", busy.path])
            #expect(notEmpty.status == 1 && notEmpty.stderr.contains("not empty"), "\(notEmpty)")

            let text = folder.url.appendingPathComponent("text.backup")
            FileManager.default.createFile(atPath: text.path, contents: Data("not a backup".utf8))
            let fresh = folder.url.appendingPathComponent("fresh", isDirectory: true)
            let bogus = try await runGorillaServer(["restore", text.path, "--data", fresh.path])
            #expect(bogus.status == 1 && bogus.stderr.contains("not a GorillaCoach backup"), "\(bogus)")
            #expect(
                ((try? FileManager.default.contentsOfDirectory(atPath: fresh.path)) ?? []).isEmpty,
                "a refused restore leaves nothing behind")
        }
    }

    @Test func checkSaysWhatIsWrongWithItsExitStatus() async throws {
        let folder = try TemporaryFolder()
        let data = folder.url.appendingPathComponent("data", isDirectory: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let missing = try await runGorillaServer(["check", "--data", data.path])
        #expect(missing.status == 2 && missing.stderr.contains("no GorillaCoach database"), "\(missing)")

        // A database some other program wrote: sound for SQLite, but not GorillaCoach's.
        FileManager.default.createFile(atPath: data.appendingPathComponent("gorilla.sqlite").path, contents: Data())
        let empty = try await runGorillaServer(["check", "--data", data.path, "--json"])
        #expect(empty.status == 1, "\(empty)")
        #expect(try !Self.check(empty).healthy)
    }

    @Test func theRunningServerBacksUpOnItsScheduleKeepingTheNewest() async throws {
        guard TestEngine.current == .sqlite else { return }
        try await withTestServer(configure: {
            $0.backupInterval = 0.3
            $0.backupsKept = 2
        }) { server in
            let coach = try await Device.coach("anna", on: server)
            _ = try await coach.push([Mutation.createMachine("Leg press")])
            let folder = server.dataDirectory.appendingPathComponent("backups", isDirectory: true)
            func backups() -> [String] {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                    $0.hasSuffix(".backup")
                }.sorted()
            }
            // Names go by the second: three seconds bring at least three, of which two are kept.
            let start = ContinuousClock.now
            _ = try await eventually(timeout: .seconds(20)) {
                backups().count == 2 && ContinuousClock.now - start > .seconds(3)
            }
            let newest = try #require(backups().last)
            let restored = try TemporaryFolder().url.appendingPathComponent("data", isDirectory: true)
            let restore = try await runGorillaServer([
                "restore", folder.appendingPathComponent(newest).path, "--data", restored.path,
            ])
            #expect(restore.status == 0, "\(restore)")
            let check = try await runGorillaServer(["check", "--data", restored.path, "--json"])
            #expect(try Self.check(check).rows["machine"] == 1, "\(check)")
        }
    }

    @Test func scheduledBackupsKeepTheNewestAndParseTheirInterval() throws {
        #expect(BackupSchedule.interval(parsing: "6h") == 21_600)
        #expect(BackupSchedule.interval(parsing: "90m") == 5_400)
        #expect(BackupSchedule.interval(parsing: "1d") == 86_400)
        #expect(BackupSchedule.interval(parsing: "120") == 120)
        #expect(BackupSchedule.interval(parsing: "30s") == nil)
        #expect(BackupSchedule.interval(parsing: "6x") == nil)
        #expect(BackupSchedule.interval(parsing: "h") == nil)

        let folder = try TemporaryFolder()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for hour in 0..<5 {
            let name = BackupSchedule.name(at: start.addingTimeInterval(Double(hour) * 3_600))
            FileManager.default.createFile(atPath: folder.url.appendingPathComponent(name).path, contents: Data())
        }
        FileManager.default.createFile(atPath: folder.url.appendingPathComponent("other.txt").path, contents: Data())
        let removed = try BackupSchedule.prune(folder.url, keeping: 3)
        #expect(removed.count == 2)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(left.count == 4 && left.contains("other.txt"))
        #expect(!left.contains(BackupSchedule.name(at: start)))
        #expect(left.contains(BackupSchedule.name(at: start.addingTimeInterval(4 * 3_600))))
    }
}
