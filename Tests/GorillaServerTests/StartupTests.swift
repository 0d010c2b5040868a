import Foundation
import GRDB
import GorillaServer
import GorillaShared
import GorillaTesting
import Logging
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Start-up refuses what it cannot serve safely, and says which file is wrong and why in plain words.
@Suite(.hangLimit)
struct StartupTests {
    /// A data folder of its own, removed afterwards.
    static func withFolder(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gorilla-startup-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    /// Starts a server on `directory` with `configure` applied; returns the start-up error it stopped with, if any.
    static func startError(
        _ directory: URL, configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
        serving body: (Int) async throws -> Void = { _ in }
    ) async -> StartupError? {
        do {
            try await withStarted(TestServer(dataDirectory: directory, logLevel: .error, configure: configure)) {
                server in
                try await body(server.port)
            }
            return nil
        } catch let error as StartupError {
            return error
        } catch {
            Issue.record("not a StartupError: \(error)")
            return nil
        }
    }

    /// A server that ran and stopped: it leaves a database with a coach and a machine.
    static func populate(_ directory: URL) async throws {
        let error = await startError(
            directory,
            serving: { port in
                try await withClient(port: port) { client in
                    try await client.hello()
                    try await client.signUpCoach("ada")
                    _ = try await client.request(
                        "sync.push",
                        [
                            "mutations": [
                                [
                                    "id": UUID().uuidString, "kind": "machine", "entity": UUID().uuidString,
                                    "action": "create", "fields": ["name": "Rack"],
                                ]
                            ]
                        ]
                    ).expectSuccess()
                }
                #expect(
                    FileManager.default.fileExists(
                        atPath: directory.appendingPathComponent("gorilla-server.running").path))
            })
        #expect(error == nil)
    }

    static func expectPlain(_ error: StartupError?, names file: String, _ words: String...) {
        guard let error else {
            Issue.record("the server started")
            return
        }
        #expect(error.message.contains(file), "\(error.message)")
        for word in words { #expect(error.message.contains(word), "\(error.message)") }
        #expect(!error.message.contains("Code=") && !error.message.contains("Domain"), "\(error.message)")
    }

    @Test func aGracefulStopRemovesTheRunningMarker() async throws {
        try await Self.withFolder { directory in
            try await Self.populate(directory)
            #expect(
                !FileManager.default.fileExists(atPath: directory.appendingPathComponent("gorilla-server.running").path)
            )
            #expect(await Self.startError(directory) == nil)
        }
    }

    /// After an unclean stop (the marker is left), a damaged file is checked, refused, and named with how to restore.
    @Test(.enabled(if: TestEngine.current == .sqlite, "SQLite's own files"))
    func aDamagedDatabaseAfterAnUncleanStopIsRefusedByName() async throws {
        try await Self.withFolder { directory in
            try await Self.populate(directory)
            let path = directory.appendingPathComponent("gorilla.sqlite").path
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            // Every page but the first (the schema's root) overwritten.
            let handle = try #require(FileHandle(forUpdatingAtPath: path))
            let size = try handle.seekToEnd()
            #expect(size > 4096)
            try handle.seek(toOffset: 4096)
            try handle.write(contentsOf: Data(repeating: 0x55, count: Int(size) - 4096))
            try handle.close()
            try Data("4242\n".utf8).write(to: directory.appendingPathComponent("gorilla-server.running"))
            let error = await Self.startError(directory)
            #expect(error?.code == .damagedDatabase)
            Self.expectPlain(error, names: path, "damaged", "backup")
            // Still refused next time: the marker stays until a clean run.
            #expect(await Self.startError(directory)?.code == .damagedDatabase)
        }
    }

    @Test(.enabled(if: TestEngine.current == .sqlite, "SQLite's own files"))
    func aFileThatIsNotADatabaseIsRefusedByName() async throws {
        try await Self.withFolder { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("gorilla.sqlite").path
            try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: path))
            let error = await Self.startError(directory)
            #expect(error?.code == .damagedDatabase)
            Self.expectPlain(error, names: path, "backup")
        }
    }

    /// A missing `counters` row is named at start-up; a store that lost it while running refuses writes, never crashes.
    @Test(.enabled(if: TestEngine.current == .sqlite, "SQLite's own files"))
    func aMissingCounterRowIsAnErrorNeverACrash() async throws {
        try await Self.withFolder { directory in
            try await Self.populate(directory)
            let path = directory.appendingPathComponent("gorilla.sqlite").path
            // The stopped server's last connections may still be closing (folding the log back): wait for them.
            var waiting = Configuration()
            waiting.busyMode = .timeout(10)
            try await DatabaseQueue(path: path, configuration: waiting).write {
                try $0.execute(sql: "DELETE FROM counters")
            }
            let error = await Self.startError(directory)
            #expect(error?.code == .damagedDatabase)
            Self.expectPlain(error, names: path, "counters")

            let store = try ServerStore.open(path: path)
            var configuration = ServerConfiguration(dataDirectory: directory)
            configuration.passwordHasher = .testing
            var logger = Logger(label: "startup-tests")
            logger.logLevel = .critical
            let session = InProcessSession(store: store, configuration: configuration, logger: logger)
            _ = await session.respond(to: Array(#"{"id":1,"op":"hello","body":{"version":1}}"#.utf8))
            let signup = await session.respond(
                to: Array(
                    #"{"id":2,"op":"auth.signup","body":{"username":"bob","email":"bob@x.io","password":"password123","name":"B","surname":"C"}}"#
                        .utf8))
            let login = await session.respond(
                to: Array(#"{"id":3,"op":"auth.login","body":{"user":"ada","password":"correct horse"}}"#.utf8))
            let push = await session.respond(
                to: Array(
                    #"{"id":4,"op":"sync.push","body":{"mutations":[{"action":"create","entity":"\#(UUID().uuidString)","fields":{"name":"Bench"},"id":"\#(UUID().uuidString)","kind":"machine"}]}}"#
                        .utf8))
            for reply in [signup, login, push] {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any])
                #expect(object["result"] is Int, "\(String(decoding: reply, as: UTF8.self))")
            }
            let pushed = try #require(try JSONSerialization.jsonObject(with: Data(push)) as? [String: Any])
            let results = (pushed["value"] as? [String: Any])?["results"] as? [[String: Any]]
            #expect(
                pushed["result"] as? Int != 0 || results?.first?["status"] as? String != "applied",
                "\(String(decoding: push, as: UTF8.self))")
        }
    }

    @Test func aDataFolderThatIsAFileIsNamed() async throws {
        try await Self.withFolder { directory in
            try Data("not a folder".utf8).write(to: directory)
            let error = await Self.startError(directory)
            #expect(error?.code == .dataFolder)
            Self.expectPlain(error, names: directory.path)
        }
    }

    @Test func aDataFolderUnderAFileIsNamed() async throws {
        try await Self.withFolder { directory in
            try Data("not a folder".utf8).write(to: directory)
            let inside = directory.appendingPathComponent("data", isDirectory: true)
            let error = await Self.startError(inside)
            #expect(error?.code == .dataFolder)
            Self.expectPlain(error, names: inside.path)
        }
    }

    /// A read-only folder (only checkable by a user the permissions bind: not root).
    @Test(.enabled(if: getuid() != 0, "root writes to read-only folders"))
    func aReadOnlyDataFolderIsNamed() async throws {
        try await Self.withFolder { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path) }
            let error = await Self.startError(directory)
            #expect(error?.code == .dataFolder)
            Self.expectPlain(error, names: directory.path, "not writable", "permission denied")
        }
    }

    @Test func aServerFileThatCannotBeWrittenIsNamed() async throws {
        try await Self.withFolder { directory in
            let serverFile = directory.appendingPathComponent("server.json", isDirectory: true)
            try FileManager.default.createDirectory(
                at: serverFile.appendingPathComponent("in-the-way"), withIntermediateDirectories: true)
            let error = await Self.startError(directory)
            #expect(error?.code == .serverFile)
            Self.expectPlain(error, names: serverFile.path)
        }
    }

    @Test func aKeyThatIsNotTheCertificatesIsNamed() async throws {
        try await Self.withFolder { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let (certificate, _) = try ServerCertificate.makeSelfSigned()
            let (_, otherKey) = try ServerCertificate.makeSelfSigned()
            let certificatePath = directory.appendingPathComponent("cert.pem").path,
                keyPath = directory.appendingPathComponent("key.pem").path
            try Data(certificate.utf8).write(to: URL(fileURLWithPath: certificatePath))
            try Data(otherKey.utf8).write(to: URL(fileURLWithPath: keyPath))
            let error = await Self.startError(directory.appendingPathComponent("data")) {
                $0.certificatePath = certificatePath
                $0.keyPath = keyPath
            }
            #expect(error?.code == .certificate)
            Self.expectPlain(error, names: keyPath, "does not match", certificatePath)
        }
    }

    @Test func aMissingCertificateIsNamed() async throws {
        try await Self.withFolder { directory in
            let missing = directory.appendingPathComponent("nowhere.pem").path
            let error = await Self.startError(directory.appendingPathComponent("data")) {
                $0.certificatePath = missing
                $0.keyPath = missing
            }
            #expect(error?.code == .certificate)
            Self.expectPlain(error, names: missing)
        }
    }

    /// File-system errors read as words, never as a domain and a number (`NSCocoaErrorDomain Code=642`).
    @Test func causesReadAsWords() {
        let cases: [(any Error, String)] = [
            (CocoaError(.fileWriteVolumeReadOnly), "read-only"),
            (NSError(domain: NSCocoaErrorDomain, code: 642), "read-only"),
            (NSError(domain: NSCocoaErrorDomain, code: 513), "permission denied"),
            (POSIXError(.EACCES), "permission denied"),
            (POSIXError(.EROFS), "read-only"),
            (POSIXError(.ENOSPC), "disk is full"),
            (
                NSError(
                    domain: NSCocoaErrorDomain, code: 512,
                    userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS))]),
                "read-only"
            ),
            (DatabaseError(resultCode: .SQLITE_READONLY), "read-only"),
            (DatabaseError(resultCode: .SQLITE_NOTADB), "not a SQLite database"),
        ]
        for (error, words) in cases {
            let text = StartupError.describe(error)
            #expect(text.contains(words) && !text.contains("Code="), "\(error): \(text)")
        }
    }
}
