import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// The device reads ids as the server stores them, lower case, whatever case an older server or a journal record
/// holds: in the documents it pulls and in the mutations it reads back from its journal.
@Suite struct StoredIDsReadingTests {
    @Test func aPulledDocumentKeepsItsIdsLowerCase() throws {
        let client = UUID(), exercise = UUID()
        let document =
            #"{"client":"\#(client.uuidString)","exercises":[{"exercise":"\#(exercise.uuidString)","name":"Press","sets":[]}],"notes":"ABCDEF01-not-an-id","start":"2026-03-02T18:30:00.000Z"}"#
        let line =
            #"{"id":3,"result":0,"value":{"changes":[{"data":\#(document),"deleted":false,"id":"\#(UUID().uuidString)","kind":"session","version":4}],"cursor":4,"more":false}}"#
        let page = try SyncEngine.decodePull(Array(line.utf8))
        let change = try #require(page.changes.first)
        let data = try #require(try FastJSON.parse(change.dataText).objectValue)
        #expect(data["client"]?.stringValue == client.key)
        #expect(data["exercises"]?.arrayValue?.first?.objectValue?["exercise"]?.stringValue == exercise.key)
        #expect(data["notes"]?.stringValue == "ABCDEF01-not-an-id")
        // A document whose ids are already lower case is kept as the server's text.
        let plain = #"{"client":"\#(client.key)","name":"Ana DEF"}"#
        let same = try SyncEngine.decodePull(
            Array(
                #"{"value":{"changes":[{"data":\#(plain),"id":"\#(UUID().key)","kind":"event","version":1}],"cursor":1}}"#
                    .utf8))
        #expect(same.changes.first?.dataText == plain)
    }

    @Test func aJournalRecordIsReadWithItsIdsLowerCase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gorilla-ids-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        let journal = OutboxJournal(cachePath: path)
        let client = UUID()
        let fields = #"{"client":"\#(client.uuidString)","start":"2026-03-02T18:30:00.000Z"}"#
        let record: JSONValue = [
            "queued": [
                "id": .string(UUID().key), "kind": "event", "entity": .string(UUID().key), "action": "create",
                "fields": .string(fields), "at": "2026-03-02T18:00:00.000Z",
            ]
        ]
        try Data((FastJSON.text(record) + "\n").utf8).write(to: journal.url)
        let pending = try #require(try journal.pending())
        let text = try #require(pending.first?.entry.fieldsText)
        let read = try #require(try FastJSON.parse(text).objectValue)
        #expect(read["client"]?.stringValue == client.key)
    }
}
