import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// What `gorilla watch` and the home screen read from the cache, read through the documents' types.
@Suite struct TypedWatchReadsTests {
    /// A measurement written before measurements had calendar dates holds an instant; the coach is told its day, as
    /// `Measurement` reads it, not the instant as stored.
    @Test func aClientsOwnMeasurementStoredAsAnInstantIsToldOnItsDay() throws {
        let cache = try LocalCache.inMemory()
        let client = UUID.v7(), measurement = UUID.v7(), coachs = UUID.v7()
        let stored: [String: JSONValue] = [
            "client": .string(client.key), "date": "2026-11-20T00:00:00+01:00", "weight": 71.5,
            "recordedBy": "client",
        ]
        var coachMeasurement = stored
        coachMeasurement["recordedBy"] = "coach"
        try cache.applyPull(
            [
                Change(kind: "measurement", id: measurement, version: 1, deleted: false, data: .object(stored)),
                Change(kind: "measurement", id: coachs, version: 2, deleted: false, data: .object(coachMeasurement)),
            ], cursor: 2)
        let records = try WatchRecord.read(cache, client: { $0 == client ? "Anna" : "?" }, trainings: [:])
        #expect(records.count == 1, "only the client's own work: \(records)")
        let record = try #require(records[measurement])
        #expect(record.day == "2026-11-20")
        #expect(record.client == "Anna" && record.figures == [.weight: 71.5] && record.fromServer)
    }

    /// A session the client logged is told with its training's name and its length.
    @Test func aClientsOwnSessionIsToldWithItsTrainingAndLength() throws {
        let cache = try LocalCache.inMemory()
        let client = UUID.v7(), session = UUID.v7(), training = UUID.v7()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var document = TrainingSession(
            client: client, training: training, start: start, end: start.addingTimeInterval(45 * 60),
            exercises: [PerformedExercise(name: "Plank", sets: [PerformedSet(reps: 1)])]
        ).document
        document["recordedBy"] = "client"
        try cache.applyPull(
            [Change(kind: "session", id: session, version: 1, deleted: false, data: .object(document))], cursor: 1)
        let records = try WatchRecord.read(
            cache, client: { $0 == client ? "Anna" : "?" }, trainings: [training: "Legs"])
        let record = try #require(records[session])
        #expect(record.kind == .session && record.start == start && record.minutes == 45)
        #expect(record.training == "Legs" && record.client == "Anna")
    }
}
