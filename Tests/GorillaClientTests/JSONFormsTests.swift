import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// The few `--json` forms whose coding is written by hand (their wire form flattens or chooses among values), read
/// back: each writes exactly its chosen value's members, and a row's document reads back from its record.
@Suite struct JSONFormsTests {
    static let id = UUID(uuidString: "0193A7C2-0000-7000-8000-00000000F0A1")!
    static let machine = UUID(uuidString: "0193A7C2-0000-7000-8000-00000000F0A2")!

    struct Note: Codable, Equatable, Sendable {
        var note: String
    }

    /// The JSON object `value` writes, as `--json` prints it (without nulls).
    func object(_ value: some Encodable) throws -> JSONValue {
        try WireCoding.decoder.decode(JSONValue.self, from: Data(WireCoding.textWithoutNulls(value).utf8))
    }

    @Test func aDocumentRecordReadsBackAsItsDocumentWithItsIDAndTheAddedMembers() throws {
        let exercise = Exercise(name: "Press", machine: Self.machine, muscles: ["chest"])
        let record = DocumentRecord(Stored(id: Self.id, value: exercise, version: 3), adding: Note(note: "nou"))
        let data = try WireCoding.encoder.encode(record)
        #expect(try WireCoding.decoder.decode(Exercise.self, from: data) == exercise)
        #expect(try WireCoding.decoder.decode(Note.self, from: data) == Note(note: "nou"))
        let members = try #require(try object(record).objectValue)
        #expect(members["id"] == .string(Self.id.key))
        #expect(members["machine"] == .string(Self.machine.key))
        #expect(members["version"] == nil)
    }

    @Test func aChangedRowIsTheRowOrItsRefusal() throws {
        let row = ChangedRow(Note(note: "a"), id: Self.id)
        #expect(try object(row) == ["note": "a"])
        let refused = ChangedRow<Note>(nil, id: Self.id)
        #expect(try object(refused) == ["id": .string(Self.id.key), "rejected": true])
    }

    @Test func oneOfIsTheChosenValueAlone() throws {
        #expect(try object(OneOf<Note, [Int]>.first(Note(note: "b"))) == ["note": "b"])
        #expect(try object(OneOf<Note, [Int]>.second([1, 2])) == [1, 2])
    }

    @Test func mergedPutsTheAddedMembersBesideTheBaseAndAnyValueIsItsOwn() throws {
        struct Count: Encodable, Sendable { let count: Int }
        #expect(try object(Merged(Note(note: "c"), adding: Count(count: 2))) == ["note": "c", "count": 2])
        #expect(try object(AnyJSONForm(Note(note: "d"))) == ["note": "d"])
    }
}
