import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// What `gorilla train` starts from (`--next`, `--event` alone, `--repeat last`) and what it keeps at the end,
/// on a device without a server.
@Suite struct TrainStartTests {
    /// A local "YYYY-MM-DD HH:MM" as the CLI reads it.
    static func local(_ text: String) throws -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return try #require(formatter.date(from: text))
    }

    static func device(clients: [String]) async throws -> OfflineDevice {
        let device = try OfflineDevice()
        for name in clients { _ = try await device.app.addClient(name: name, surname: "Puig") }
        return device
    }

    @Test func nextStartsTheEventInProgressElseTheNextScheduledOne() async throws {
        let device = try await Self.device(clients: ["Bea", "Joan", "Marta"])
        let ended = try await device.app.addEvent(client: "Bea", EventFields(at: "2030-03-04 09:00", duration: 60))
        let now = try await device.app.addEvent(client: "Joan", EventFields(at: "2030-03-04 10:00", duration: 60))
        let later = try await device.app.addEvent(client: "Marta", EventFields(at: "2030-03-05 18:00"))
        let service = device.app
        func next(at text: String, pickingTheOnly: Bool = false) async throws -> SessionRecorder {
            var request = TrainRequest(next: true)
            if pickingTheOnly { request.chooseNext = { _, lines in lines.count == 1 ? 0 : nil } }
            let recorder = try await service.startTraining(request, at: try Self.local(text))
            _ = try await service.finishTraining(try Self.discarded(recorder))
            return recorder
        }
        let inProgress = try await next(at: "2030-03-04 10:30")
        #expect(inProgress.clientName == "Joan Puig")
        #expect(inProgress.event?.key == now.json.objectValue?["id"]?.stringValue)
        #expect(inProgress.free && inProgress.training == nil, "events name no training: free mode")
        // The next one is tomorrow: not certain, so it is asked for (and refused with nobody to ask).
        let notToday = await #expect(throws: ClientError.self) { try await next(at: "2030-03-04 11:00") }
        #expect(notToday?.kind == .usage && notToday?.message.contains("--event") == true)
        let upcoming = try await next(at: "2030-03-04 11:00", pickingTheOnly: true)
        #expect(upcoming.clientName == "Marta Puig")
        #expect(upcoming.event?.key == later.json.objectValue?["id"]?.stringValue)
        let laterID = try #require(later.json.objectValue?["id"]?.stringValue)
        _ = try await device.app.setEventStatus(laterID, status: "cancelled")
        let error = await #expect(throws: ClientError.self) {
            try await service.startTraining(TrainRequest(next: true), at: try Self.local("2030-03-04 11:00"))
        }
        #expect(error?.kind == .notFound)
        #expect(error?.message.contains("gorilla events add") == true, "\(String(describing: error))")
        #expect(ended.json.objectValue?["id"] != nil)
        #expect(throws: ClientError.self) { try device.app.resumeTraining() }
    }

    @Test func anEventAloneNamesTheClientAndAnotherClientIsRefused() async throws {
        let device = try await Self.device(clients: ["Bea", "Joan"])
        let event = try await device.app.addEvent(client: "Bea", EventFields(at: "2030-03-04 10:00"))
        let id = try #require(event.json.objectValue?["id"]?.stringValue)
        let error = await #expect(throws: ClientError.self) {
            try await device.app.startTraining(TrainRequest(client: "Joan", event: id))
        }
        #expect(error?.kind == .usage)
        let recorder = try await device.app.startTraining(TrainRequest(event: id))
        #expect(recorder.clientName == "Bea Puig")
        #expect(recorder.event?.key == id)
    }

    @Test func repeatLastStartsFromThePreviousSessionsExercisesWithItsSets() async throws {
        let device = try await Self.device(clients: ["Bea", "Joan"])
        let error = await #expect(throws: ClientError.self) {
            try await device.app.startTraining(TrainRequest(client: "Bea", repeating: .last))
        }
        #expect(error?.kind == .notFound)
        #expect(error?.message.contains("no previous session") == true, "\(String(describing: error))")
        _ = try await device.app.logSession(
            SessionLogRequest(
                client: "Bea", date: "2030-03-01 10:00", sets: ["Press: 10x40kg"], allowNew: true))
        _ = try await device.app.logSession(
            SessionLogRequest(
                client: "Bea", date: "2030-03-03 10:00", sets: ["Prensa: 12x80kg, 10x85kg", "Crunch: 20x0kg"],
                allowNew: true))
        _ = try await device.app.logSession(
            SessionLogRequest(client: "Joan", date: "2030-03-04 10:00", sets: ["Curl: 8x30lb"], allowNew: true))

        let recorder = try await device.app.startTraining(TrainRequest(client: "Bea", repeating: .last))
        #expect(recorder.items.map(\.performed.name) == ["Prensa", "Crunch"])
        #expect(recorder.items.allSatisfy { $0.performed.sets.isEmpty })
        #expect(recorder.items[0].previous.map(\.reps) == [12, 10])
        #expect(recorder.items[0].previous.map(\.weight) == [80, 85])
        #expect(recorder.nextWeight(0) == (80, .kg))
        #expect(!recorder.free, "the exercises are set, as with a training")
        #expect(recorder.event == nil)
    }

    @Test func optionsThatDoNotGoTogetherAreRefused() {
        // Nobody named (`TrainRequest()`) is a client training themselves, or a coach told to name someone by
        // `prepare`, which knows the account (SessionCorrectionTests.aClientTrainsThemselvesAndACoachMustNameWhoTrains).
        let refused = [
            TrainRequest(client: "Bea", next: true),
            TrainRequest(event: "abc", next: true),
            TrainRequest(client: "Bea", training: "Cames", free: true),
            TrainRequest(client: "Bea", training: "Cames", repeating: .last),
            TrainRequest(client: "Bea", free: true, repeating: .last),
        ]
        for request in refused {
            #expect(throws: ClientError.self, "\(request)") { try request.validate() }
        }
        #expect(throws: Never.self) { try TrainRequest(next: true, repeating: .last).validate() }
        #expect(throws: Never.self) { try TrainRequest(training: "Cames", next: true).validate() }
    }

    @Test func aSessionFinishedWithoutASetIsNotSavedAndLeavesNothingToResume() async throws {
        let device = try await Self.device(clients: ["Bea"])
        let event = try await device.app.addEvent(client: "Bea", EventFields(at: "2030-03-04 10:00"))
        let id = try #require(event.json.objectValue?["id"]?.stringValue)
        var recorder = try await device.app.startTraining(TrainRequest(free: true, event: id))
        let now = Date()
        recorder.handle(.character("q"), at: now)
        recorder.handle(.character("y"), at: now)
        #expect(recorder.outcome == .save)
        let finished = try await device.app.finishTraining(recorder)
        #expect(finished.text.contains("Nothing recorded; no session saved"), "\(finished.text)")
        #expect(finished.json.objectValue?["empty"] == true)
        #expect(try device.cache().entities(.session).isEmpty)
        #expect(try device.cache().entity(try #require(UUID(uuidString: id)))?[string: "status"] == "scheduled")
        #expect(throws: ClientError.self) { try device.app.resumeTraining() }
    }

    @Test func sessionsLogWithoutASetSavesNothing() async throws {
        let device = try await Self.device(clients: ["Bea"])
        let file = device.folder.appendingPathComponent("empty.json")
        try Data(#"[{"name": "Prensa", "sets": []}]"#.utf8).write(to: file)
        let error = await #expect(throws: ClientError.self) {
            try await device.app.logSession(SessionLogRequest(client: "Bea", file: file.path, allowNew: true))
        }
        #expect(error?.kind == .usage)
        #expect(error?.message.contains("nothing recorded; no session saved") == true, "\(String(describing: error))")
        #expect(try device.cache().entities(.session).isEmpty)
    }

    /// `recorder` as Esc then y leaves it.
    static func discarded(_ recorder: SessionRecorder) throws -> SessionRecorder {
        var recorder = recorder
        recorder.handle(.escape, at: Date())
        recorder.handle(.character("y"), at: Date())
        try #require(recorder.outcome == .discard)
        return recorder
    }
}
