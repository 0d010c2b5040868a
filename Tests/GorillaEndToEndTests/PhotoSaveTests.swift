import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `--save-photo FILE [--force]` on `gorilla profile show` and `gorilla clients show`: the photo fetched with
/// `media.get` and written byte for byte as a normal file of the user's; an existing file kept unless forced; no photo
/// said plainly, with a non-zero exit.
@Suite(.hangLimit)
struct PhotoSaveTests {
    /// A small image the server takes (PNG signature and IHDR header), with seeded bytes after them.
    static func image(seed: UInt64) -> Data {
        var generator = SeededGenerator(seed: seed)
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        return Data(header + (0..<3_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The permission bits of the file at `path`.
    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func theAccountsPhotoIsSavedAsANormalFileAndNotOverwrittenUnlessForced() async throws {
        try await withTestServer { server in
            let folder = try TemporaryFolder("gorilla-e2e-photo")
            let original = folder.url.appendingPathComponent("me.png")
            try Self.image(seed: 38).write(to: original)
            let laptop = try await Device.coach("ada", on: server)
            let edited = try await runGorilla(["profile", "edit", "--photo", original.path], home: laptop.home)
            try #require(edited.status == 0, "\(edited)")

            // Saved on another device, which holds no copy: downloaded with media.get.
            let phone = try await Device.loggedIn("ada", on: server)
            let saved = folder.url.appendingPathComponent("saved.png").path
            let run = try await runGorilla(
                ["--json", "profile", "show", "--save-photo", saved], home: phone.home)
            #expect(run.status == 0, "\(run)")
            #expect(try run.json().objectValue?["savedPhoto"]?.stringValue == saved, "\(run)")
            #expect(try run.json().objectValue?["username"] == "ada", "\(run)")
            #expect(FileManager.default.contents(atPath: saved) == (try Data(contentsOf: original)))
            // A normal file: 0666 less the umask the command ran with (this process's), not the cache's 0600.
            let inherited = umask(0o022)
            umask(inherited)
            let mode = try Self.mode(saved)
            #expect(mode == 0o666 & ~Int(inherited), "mode \(String(mode, radix: 8))")

            // An existing file is kept …
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: saved))
            let refused = try await runGorilla(["profile", "show", "--save-photo", saved], home: phone.home)
            #expect(refused.status != 0, "\(refused)")
            #expect(refused.stderr.contains("\(saved) already exists: nothing was written (--force overwrites it)"))
            #expect(FileManager.default.contents(atPath: saved) == Data("keep me".utf8))
            // … unless forced.
            let forced = try await runGorilla(["profile", "show", "--save-photo", saved, "--force"], home: phone.home)
            #expect(forced.status == 0, "\(forced)")
            #expect(forced.stderr.contains("photo saved to \(saved)"), "\(forced)")
            #expect(FileManager.default.contents(atPath: saved) == (try Data(contentsOf: original)))
        }
    }

    @Test func noPhotoIsSaidPlainlyWithANonZeroExit() async throws {
        try await withTestServer { server in
            let folder = try TemporaryFolder("gorilla-e2e-photo")
            let coach = try await Device.coach("ada", on: server)
            let target = folder.url.appendingPathComponent("none.png").path
            let mine = try await runGorilla(
                ["--language", "es", "profile", "show", "--save-photo", target], home: coach.home)
            #expect(mine.status == 66, "\(mine)")
            #expect(mine.stderr.contains("tu cuenta no tiene foto"), "\(mine)")
            _ = try await coach.app.addClient(name: "Ana", surname: "Serra")
            let theirs = try await runGorilla(["clients", "show", "Ana", "--save-photo", target], home: coach.home)
            #expect(theirs.status == 66, "\(theirs)")
            #expect(theirs.stderr.contains("Ana Serra has no photo"), "\(theirs)")
            #expect(!FileManager.default.fileExists(atPath: target))
            let lonelyForce = try await runGorilla(["profile", "show", "--force"], home: coach.home)
            #expect(lonelyForce.status == 64, "\(lonelyForce)")
        }
    }

    @Test func aCoachSavesAClientsPhoto() async throws {
        try await withTestServer { server in
            let folder = try TemporaryFolder("gorilla-e2e-photo")
            let coach = try await Device.coach("ada", on: server)
            let (id, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            let original = folder.url.appendingPathComponent("ana.png")
            try Self.image(seed: 7).write(to: original)
            let edited = try await runGorilla(["profile", "edit", "--photo", original.path], home: client.home)
            try #require(edited.status == 0, "\(edited)")
            let photo = try #require(client.app.home.loadSession()?.profile.photo)
            _ = try await coach.sync()
            // The server copies the account's photo into the coach's record of the client.
            #expect(try coach.cache().one(Client.self, id)?.photo == photo)
            let saved = folder.url.appendingPathComponent("saved.png").path
            let run = try await runGorilla(["--json", "clients", "show", "Ana", "--save-photo", saved], home: coach.home)
            #expect(run.status == 0, "\(run)")
            #expect(try run.json().objectValue?["savedPhoto"]?.stringValue == saved, "\(run)")
            #expect(FileManager.default.contents(atPath: saved) == (try Data(contentsOf: original)))
        }
    }
}
