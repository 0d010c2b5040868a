import Foundation
import GRDB
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// The device's cache and outbox: local changes, pulled rows, and the server's answers to a push.
@Suite struct LocalCacheTests {
    let cache: LocalCache

    init() throws {
        cache = try LocalCache.inMemory()
    }

    /// A pulled row as the server sends it.
    static func change(
        _ id: UUID, _ version: Int64, name: String, deleted: Bool = false, kind: String = "machine"
    ) -> Change {
        Change(kind: kind, id: id, version: version, deleted: deleted, data: ["name": .string(name)])
    }

    /// An acknowledgement empties the outbox with its own settings (no wait for the disk, fast secure delete) and
    /// leaves the connection's settings as they were for every other write.
    @Test func anAcknowledgementLeavesTheConnectionsSettingsAsTheyWere() throws {
        func setting(_ name: String) throws -> Int? {
            try cache.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA \(name)") }
        }
        let secureDelete = try setting("secure_delete"), synchronous = try setting("synchronous")
        let queued = try cache.enqueue(kind: "machine", entity: UUID(), action: .create, fields: ["name": "Rack"])
        try cache.applyPushResults(
            [MutationResult(id: queued.id, status: .applied, version: 1)], for: cache.outbox(limit: 10))
        #expect(try cache.queuedCount() == 0)
        #expect(try setting("secure_delete") == secureDelete && secureDelete != 2)
        #expect(try setting("synchronous") == synchronous)
    }

    @Test func aLocalChangeUpdatesTheEntityAndQueuesItTogether() throws {
        let id = UUID.v7()
        let mutation = try cache.enqueue(kind: "machine", entity: id, action: .create, fields: ["name": "Leg press"])
        #expect(try cache.entity(id)?.name == "Leg press")
        #expect(try cache.entity(id)?.version == 0)
        #expect(try cache.queuedCount() == 1)
        #expect(try cache.queued(limit: 10) == [mutation])
        #expect(mutation.base == nil)
    }

    @Test func queuedMutationsKeepTheirOrderAndEachHasItsOwnID() throws {
        let id = UUID.v7()
        try cache.enqueue(kind: "machine", entity: id, action: .create, fields: ["name": "A"])
        try cache.enqueue(kind: "machine", entity: id, action: .update, fields: ["name": "B"])
        try cache.enqueue(kind: "machine", entity: id, action: .delete)
        let queued = try cache.queued(limit: 10)
        #expect(queued.map(\.action) == [.create, .update, .delete])
        #expect(Set(queued.map(\.id)).count == 3)
        #expect(try cache.queued(limit: 2).map(\.action) == [.create, .update])
        #expect(try cache.entity(id)?.deleted == true)
        #expect(try cache.entities("machine").isEmpty)
        #expect(try cache.entities("machine", includeDeleted: true).map(\.name) == ["B"])
    }

    @Test func aChangeRecordsTheServerVersionItWasMadeOn() throws {
        let id = UUID.v7()
        try cache.applyPull([Self.change(id, 7, name: "Bench")], cursor: 7)
        let mutation = try cache.enqueue(kind: "machine", entity: id, action: .update, fields: ["name": "Flat bench"])
        #expect(mutation.base == 7)
    }

    @Test func aPullMovesTheCursorAndAppliesTombstones() throws {
        let id = UUID.v7()
        try cache.applyPull([Self.change(id, 3, name: "Rower")], cursor: 3)
        #expect(try cache.cursor() == 3)
        #expect(try cache.entities("machine").map(\.name) == ["Rower"])
        try cache.applyPull([Self.change(id, 9, name: "Rower", deleted: true)], cursor: 12)
        #expect(try cache.cursor() == 12)
        #expect(try cache.entities("machine").isEmpty)
        #expect(try cache.entity(id)?.deleted == true)
        #expect(try cache.entity(id)?.version == 9)
    }

    @Test func pulledRowsKeepQueuedLocalChangesOnTop() throws {
        let id = UUID.v7()
        try cache.applyPull([Self.change(id, 1, name: "Bench")], cursor: 1)
        try cache.enqueue(
            kind: "machine", entity: id, action: .update, fields: ["image": .string(String(repeating: "a", count: 64))])
        // Another device renamed it meanwhile.
        try cache.applyPull([Self.change(id, 2, name: "Flat bench")], cursor: 2)
        let entity = try #require(try cache.entity(id))
        #expect(entity.name == "Flat bench")
        #expect(entity[string: "image"] == String(repeating: "a", count: 64))
        #expect(entity.version == 2)
        #expect(try cache.queuedCount() == 1)
    }

    @Test func anAcknowledgedMutationLeavesTheOutbox() throws {
        let id = UUID.v7()
        let mutation = try cache.enqueue(kind: "machine", entity: id, action: .create, fields: ["name": "Leg press"])
        try cache.applyPushResults(
            [MutationResult(id: mutation.id, status: .applied, version: 5)], for: try cache.outbox(limit: 10))
        #expect(try cache.queuedCount() == 0)
        #expect(try cache.entity(id)?.name == "Leg press")
        #expect(try cache.takeReports().isEmpty)
        // A duplicate answer (the server had it already) is an acknowledgement too.
        let second = try cache.enqueue(kind: "machine", entity: id, action: .update, fields: ["name": "Leg press 2"])
        try cache.applyPushResults(
            [MutationResult(id: second.id, status: .duplicate, version: 6)], for: try cache.outbox(limit: 10))
        #expect(try cache.queuedCount() == 0)
    }

    @Test func aRejectedCreateIsRolledBackAndReportedOnce() throws {
        let id = UUID.v7()
        let mutation = try cache.enqueue(kind: "machine", entity: id, action: .create, fields: ["name": "Rack"])
        let error = WireError(code: .nameTaken, message: "That name is already in use: 'Rack'")
        try cache.applyPushResults(
            [MutationResult(id: mutation.id, status: .rejected, error: error)], for: try cache.outbox(limit: 10))
        #expect(try cache.entity(id) == nil)
        #expect(try cache.queuedCount() == 0)
        let reports = try cache.takeReports()
        #expect(reports.map(\.kind) == ["rejected"])
        #expect(reports.first?.text.contains("machine 'Rack'") == true)
        #expect(reports.first?.text.contains("That name is already in use") == true)
        #expect(try cache.takeReports().isEmpty)
    }

    @Test func aRejectedUpdateRestoresTheServerValueButKeepsLaterQueuedChanges() throws {
        let id = UUID.v7()
        try cache.applyPull([Self.change(id, 4, name: "Bench")], cursor: 4)
        let rename = try cache.enqueue(kind: "machine", entity: id, action: .update, fields: ["name": "Rack"])
        let image = try cache.enqueue(
            kind: "machine", entity: id, action: .update, fields: ["image": .string(String(repeating: "b", count: 64))])
        try cache.applyPushResults(
            [MutationResult(id: rename.id, status: .rejected, error: WireError(code: .nameTaken, message: "taken"))],
            for: try cache.outbox(limit: 10))
        let entity = try #require(try cache.entity(id))
        #expect(entity.name == "Bench")
        #expect(entity[string: "image"] == String(repeating: "b", count: 64))
        #expect(try cache.queued(limit: 10) == [image])
    }

    @Test func aRejectedDeleteBringsTheEntityBack() throws {
        let id = UUID.v7()
        try cache.applyPull([Self.change(id, 4, name: "Leg press")], cursor: 4)
        let delete = try cache.enqueue(kind: "machine", entity: id, action: .delete)
        #expect(try cache.entities("machine").isEmpty)
        try cache.applyPushResults(
            [MutationResult(id: delete.id, status: .rejected, error: WireError(code: .inUse, message: "in use"))],
            for: try cache.outbox(limit: 10))
        #expect(try cache.entities("machine").map(\.name) == ["Leg press"])
    }

    /// The server stores an overwrite as a conflict that every device of the account pulls (`ConflictReportTests`):
    /// the push's answer alone reports nothing, so the device that overwrote is not told twice.
    @Test func anOverwriteInAPushAnswerIsLeftToThePulledConflict() throws {
        let id = UUID.v7()
        try cache.applyPull([Self.change(id, 4, name: "Bench")], cursor: 4)
        let rename = try cache.enqueue(kind: "machine", entity: id, action: .update, fields: ["name": "Incline bench"])
        try cache.applyPushResults(
            [MutationResult(id: rename.id, status: .applied, version: 6, overwritten: ["name": "Flat bench"])],
            for: try cache.outbox(limit: 10))
        #expect(try cache.takeReports().isEmpty)
        #expect(try cache.entity(id)?.name == "Incline bench")
    }

    @Test func theOutboxSurvivesReopeningTheCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gorilla-cache-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        let id = UUID.v7()
        let mutation = try LocalCache.open(path: path).enqueue(
            kind: "machine", entity: id, action: .create, fields: ["name": "Leg press"])
        let reopened = try LocalCache.open(path: path)
        #expect(try reopened.queued(limit: 10) == [mutation])
        #expect(try reopened.entity(id)?.name == "Leg press")
    }
}
