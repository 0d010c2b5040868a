import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// Conflicts and refusals as a device reports them: in names from its cache, never ids or raw JSON, once each.
@Suite struct ConflictReportTests {
    let cache: LocalCache
    let phone = SyncDevice(id: UUID(), name: "phone")
    let laptop = SyncDevice(id: UUID(), name: "laptop")
    let tablet = SyncDevice(id: UUID(), name: "tablet")
    let training = UUID.v7()
    let exercises = ["Premsa": UUID.v7(), "Sentadilla": UUID.v7(), "Rem": UUID.v7()]

    /// A cache that is the phone's, holding three exercises and the training 'Cames A'.
    init() throws {
        cache = try LocalCache.inMemory()
        try cache.setMeta(DeviceIdentity.idKey, phone.id.key)
        var changes = exercises.map { name, id in
            Change(kind: "exercise", id: id, version: 1, deleted: false, data: ["name": .string(name)])
        }
        changes.append(
            Change(
                kind: "training", id: training, version: 5, deleted: false,
                data: ["name": "Cames A", "exercises": list(["Premsa", "Rem"])]))
        try cache.applyPull(changes, cursor: 5)
    }

    /// Entries of a training naming `names`, the first with a plan.
    func list(_ names: [String]) -> JSONValue {
        .array(
            names.enumerated().map { index, name in
                var entry: [String: JSONValue] = ["exercise": .string(exercises[name]!.key)]
                if index == 0 {
                    entry["sets"] = 4
                    entry["reps"] = 12
                    entry["weight"] = 80
                }
                return .object(entry)
            })
    }

    /// A conflict over the training's list as the server stores it.
    func conflict(replacedBy replaced: SyncDevice?, keptBy kept: SyncDevice?, id: UUID = UUID()) -> Change {
        let document = SyncConflict(
            entity: training, section: "training", field: "exercises", at: Date(),
            replaced: .init(value: list(["Premsa", "Sentadilla", "Rem"]), device: replaced, at: Date()),
            kept: .init(value: list(["Premsa", "Rem"]), device: kept, at: Date()), version: 5
        ).document
        return Change(kind: "conflict", id: id, version: 6, deleted: false, data: .object(document))
    }

    /// Whether `text` holds an id (or the start of one).
    static func holdsID(_ text: String) -> Bool {
        text.range(of: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-", options: .regularExpression) != nil
    }

    @Test func theDeviceWhoseListWasReplacedReadsItInNamesOnce() throws {
        let pulled = conflict(replacedBy: phone, keptBy: laptop)
        try cache.applyPull([pulled], cursor: 6)
        let reports = try cache.takeSyncReports()
        let report = try #require(reports.conflicts.first)
        #expect(reports.conflicts.count == 1)
        #expect(report.side == "lost")
        #expect(report.text.contains("training 'Cames A': the exercise list from this device (phone)"), "\(report)")
        #expect(report.text.contains("replaced by laptop's at "), "\(report)")
        #expect(report.text.contains("was Premsa 4x12@80kg, Sentadilla, Rem"), "\(report)")
        #expect(report.text.contains("gorilla sync --restore \(pulled.id.short)"), "\(report)")
        #expect(report.yours == "Premsa 4x12@80kg, Sentadilla, Rem")
        #expect(report.theirs == "Premsa 4x12@80kg, Rem")
        #expect(report.device == "laptop")
        #expect(report.name == "Cames A" && report.kind == "training" && report.field == "exercises")
        #expect(report.id == pulled.id.key && report.entity == training.key)
        for text in [report.text, report.yours ?? "", report.theirs ?? ""] {
            #expect(!text.contains("{") && !Self.holdsID(text), "\(text)")
        }
        // Pulled again (a page redone after a power cut): not reported twice, still listed.
        try cache.applyPull([pulled], cursor: 6)
        #expect(try cache.takeSyncReports().conflicts.isEmpty)
        #expect(try cache.conflictReports().map(\.id) == [pulled.id.key])
    }

    @Test func theDeviceThatReplacedItIsToldToo() throws {
        try cache.applyPull([conflict(replacedBy: laptop, keptBy: phone)], cursor: 6)
        let report = try #require(try cache.takeSyncReports().conflicts.first)
        #expect(report.side == "won")
        #expect(report.text.contains("the exercise list from laptop was replaced by this device's (phone)"))
        #expect(report.text.contains("laptop's list was Premsa 4x12@80kg, Sentadilla, Rem"), "\(report)")
        #expect(report.yours == "Premsa 4x12@80kg, Rem" && report.theirs == "Premsa 4x12@80kg, Sentadilla, Rem")
        #expect(report.device == "laptop")
    }

    @Test func aConflictBetweenTwoOtherDevicesIsListedButNotReported() throws {
        try cache.applyPull([conflict(replacedBy: laptop, keptBy: tablet)], cursor: 6)
        #expect(try cache.takeSyncReports().conflicts.isEmpty)
        let listed = try #require(try cache.conflictReports().first)
        #expect(listed.side == "other")
        #expect(listed.text.contains("from laptop was replaced by tablet's"), "\(listed)")
        let table = ConflictList(conflicts: try cache.conflictReports()).text(for: Viewer())
        #expect(table.contains("training Cames A: exercise list"), "\(table)")
        #expect(table.contains("laptop: Premsa 4x12@80kg, Sentadilla, Rem"), "\(table)")
    }

    @Test func aValueFromAnotherAccountOrAnUnnamedDeviceIsSaidSo() throws {
        var pulled = conflict(replacedBy: nil, keptBy: phone)
        var data = pulled.data!.objectValue!
        data["replaced"] = .object(["value": list(["Rem"]), "otherAccount": true])
        pulled.data = .object(data)
        try cache.applyPull([pulled], cursor: 6)
        let report = try #require(try cache.takeSyncReports().conflicts.first)
        #expect(report.text.contains("from another account was replaced"), "\(report)")
        #expect(report.theirs == "Rem 4x12@80kg")
    }

    @Test func valuesReadAsAPersonReadsThem() throws {
        let client = UUID.v7()
        try cache.applyPull(
            [
                Change(
                    kind: "client", id: client, version: 7, deleted: false, data: ["name": "Ana", "surname": "Serra"])
            ],
            cursor: 7)
        let values = cache.readableValues
        #expect(values.text(.string(client.key), field: "client", section: "event") == "Ana Serra")
        #expect(values.text(.string(UUID().key), field: "client", section: "event") == "an unknown item")
        let sets: JSONValue = [
            [
                "name": "Squat",
                "sets": [["reps": 5, "weight": 100, "unit": "kg"], ["reps": 5, "weight": 100, "unit": "kg"]],
            ],
            ["name": "Bench press", "sets": [["reps": 8, "weight": 65, "unit": "kg"]]],
        ]
        #expect(
            values.text(sets, field: "exercises", section: "session") == "Squat: 5x100kg, 5x100kg; Bench press: 8x65kg")
        #expect(values.text(nil, field: "notes", section: "session") == "nothing")
        #expect(values.text(["quads", "glutes"], field: "muscles", section: "exercise") == "quads, glutes")
        let time = "2026-03-02T17:30:00.000Z"
        #expect(values.text(.string(time), field: "start", section: "event") == EventFormatting.local(time))
        #expect(values.text(fields: ["name": "Rack", "sets": 3], section: "training") == "name 'Rack'; sets 3")
    }

    @Test func aRefusalKeepsWhatWasRefusedAndWhatTheServerKeeps() throws {
        let rename = try cache.enqueue(kind: "training", entity: training, action: .update, fields: ["name": "Cames B"])
        try cache.applyPushResults(
            [
                MutationResult(
                    id: rename.id, status: .rejected, error: WireError(code: .nameTaken, message: "name taken"))
            ], for: try cache.outbox(limit: 10), device: "phone")
        let refused = try #require(try cache.takeSyncReports().refused.first)
        #expect(refused.text == "update of training 'Cames B' was refused: name taken")
        #expect(refused.kind == "training" && refused.id == rename.id.key && refused.entity == training.key)
        #expect(refused.field == "name" && refused.yours == "'Cames B'" && refused.theirs == "'Cames A'")
        #expect(refused.action == "update" && refused.reason == "name taken" && refused.code == 120)
        #expect(refused.device == "phone")
        #expect(try cache.entity(training)?.name == "Cames A")
    }
}
