import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// The device's pinned server and files: a changed certificate, a server that moved, loose or unreadable files.
@Suite(.hangLimit)
struct DeviceStateTests {
    /// Starts another server (its own certificate) and points the device's saved address at it.
    static func withImpostor(for device: Device, _ body: () async throws -> Void) async throws {
        try await withTestServer { impostor in
            var config = device.app.home.loadConfig()
            config.server?.port = impostor.port
            try device.app.home.saveConfig(config)
            try await body()
        }
    }

    @Test func withAChangedCertificateLocalCommandsWorkOnTheLocalCopyAndSayTheServerIsRefused() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
            try await Self.withImpostor(for: device) {
                let listed = try await runGorilla(["--json", "machines", "list"], home: device.home)
                #expect(listed.status == 0, "\(listed)")
                #expect(try listed.json().arrayValue?.count == 1, "\(listed)")
                #expect(
                    listed.stderr.contains("server refused — showing the local copy, nothing was sent"), "\(listed)")
                #expect(listed.stderr.contains("the server's certificate changed"), "\(listed)")

                let added = try await runGorilla(["machines", "add", "Bench"], home: device.home)
                #expect(added.status == 0, "\(added)")
                #expect(added.stderr.contains("server refused — 1 change queued, nothing was sent"), "\(added)")
                #expect(try device.names("machine") == ["Bench", "Leg press"])

                // A command that needs the server fails, and leaves the queue as it was.
                let synced = try await runGorilla(["sync"], home: device.home)
                #expect(synced.status == 76, "\(synced)")
                #expect(try device.cache().queuedCount() == 1)

                let overview = try await runGorilla([], home: device.home)
                #expect(overview.status == 0, "\(overview)")
                #expect(overview.stdout.contains("1 change queued"), "\(overview)")
            }
            // The real server again: the queued change goes there.
            var config = device.app.home.loadConfig()
            config.server?.port = server.port
            try device.app.home.saveConfig(config)
            #expect(try await device.sync().pushed == 1)
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("machine") == 2)
        }
    }

    @Test func aCommandThatFailsLeavesNothingQueued() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
            try await Self.withImpostor(for: device) {
                for arguments in [
                    ["machines", "add", "leg press"], ["machines", "add", ""], ["machines", "rename", "Nope", "X"],
                    ["machines", "add", "Rack", "--image", "/nonexistent.png"],
                ] {
                    let failed = try await runGorilla(arguments, home: device.home)
                    #expect(failed.status != 0, "\(arguments): \(failed)")
                }
                #expect(try device.cache().queuedCount() == 0)
            }
        }
    }

    @Test func connectingToTheSameServerAtANewAddressKeepsTheLogin() async throws {
        let folder = try TemporaryFolder("gorilla-e2e-moved")
        let first = TestServer(dataDirectory: folder.child("data"))
        try await first.start()
        let device = try await Device.coach("ada", on: first)
        await first.stop()
        // The same data folder (and certificate) on a port of its own.
        let moved = TestServer(dataDirectory: folder.child("data"))
        try await moved.start()
        defer { withExtendedLifetime(folder) {} }
        do {
            #expect(moved.port != first.port)
            // No --trust, nothing on standard input: the certificate is the pinned one, so nothing is asked.
            let connected = try await runGorilla(["connect", "127.0.0.1:\(moved.port)"], home: device.home)
            #expect(connected.status == 0, "\(connected)")
            #expect(connected.stdout.contains("the login is kept"), "\(connected)")
            let whoami = try await runGorilla(["whoami"], home: device.home)
            #expect(whoami.status == 0, "\(whoami)")
            #expect(whoami.stdout.contains("ada (coach)"), "\(whoami)")
            #expect(whoami.stdout.contains("127.0.0.1:\(moved.port)"), "\(whoami)")
            #expect(whoami.stderr.isEmpty, "\(whoami)")
            let added = try await runGorilla(["machines", "add", "Leg press"], home: device.home)
            #expect(added.status == 0 && added.stderr.isEmpty, "\(added)")

            // Another server (another certificate) still forgets the session.
            try await withTestServer { other in
                let switched = try await runGorilla(
                    ["connect", "127.0.0.1:\(other.port)", "--trust"], home: device.home)
                #expect(switched.status == 0, "\(switched)")
                let anonymous = try await runGorilla(["whoami"], home: device.home)
                #expect(anonymous.status == 77, "\(anonymous)")
            }
        }
        await moved.stop()
    }

    @Test func looseFilesUnderGorillaHomeAreTightened() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
            let names = ["config.json", "session.json", "cache.sqlite", "cache.outbox.jsonl", "notes.txt"]
            _ = FileManager.default.createFile(
                atPath: device.home.appendingPathComponent("notes.txt").path, contents: Data("x".utf8))
            for (name, mode) in zip(names, [0o644, 0o666, 0o644, 0o640, 0o604]) {
                try FileManager.default.setAttributes(
                    [.posixPermissions: mode], ofItemAtPath: device.home.appendingPathComponent(name).path)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: device.home.path)

            let status = try await runGorilla(["sync", "--status"], home: device.home)
            #expect(status.status == 0, "\(status)")
            func mode(_ url: URL) throws -> Int? {
                try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            }
            for name in names {
                #expect(try mode(device.home.appendingPathComponent(name)) == 0o600, "\(name)")
            }
            #expect(try mode(device.home) == 0o700)
        }
    }

    @Test func anUnreadableConfigurationIsReportedAsSuch() async throws {
        try await withTestServer { server in
            let device = try await Device.coach("ada", on: server)
            _ = try await device.app.addMachine(name: "Leg press", imageFile: nil)
            let config = device.home.appendingPathComponent("config.json")
            try Data("{\"server\": {\"host\": ".utf8).write(to: config)

            let synced = try await runGorilla(["sync"], home: device.home)
            #expect(synced.status == 73, "\(synced)")
            #expect(synced.stderr.contains("cannot read the configuration file \(config.path)"), "\(synced)")
            #expect(synced.stderr.contains("not a valid configuration file"), "\(synced)")

            let listed = try await runGorilla(["machines", "list"], home: device.home)
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stdout.contains("Leg press"), "\(listed)")
            #expect(listed.stderr.contains("cannot read the configuration file"), "\(listed)")

            try FileManager.default.removeItem(at: config)
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: false)
            let folder = try await runGorilla(["--json", "sync"], home: device.home)
            #expect(folder.status == 73, "\(folder)")
            #expect(folder.stderr.contains("it is a folder"), "\(folder)")

            // Repaired by connecting again.
            try FileManager.default.removeItem(at: config)
            let connected = try await runGorilla(["connect", "127.0.0.1:\(server.port)", "--trust"], home: device.home)
            #expect(connected.status == 0, "\(connected)")
        }
    }
}
