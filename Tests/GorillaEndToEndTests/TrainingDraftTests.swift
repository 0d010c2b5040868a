import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// An unfinished session synced as a draft and continued on the coach's second device: two real devices of one coach
/// and a real server over TLS, the recording driven through the services `gorilla train` uses (the view's keys fed to
/// the recorder with explicit times, every step kept as the view keeps it).
@Suite(.hangLimit)
struct TrainingDraftTests {
    static let phoneName = "Ada's phone"
    static let tabletName = "Ada's tablet"
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    /// A coach with two devices, a client and a one-exercise training on both.
    static func coachWithTwoDevices(on server: some RunningServer) async throws -> (phone: Device, tablet: Device) {
        let phone = try await Device.coach("ada", on: server)
        _ = try await phone.app.addClient(name: "Bea", surname: "Puig")
        _ = try await phone.app.addExercise(name: "Prensa", ExerciseFields())
        _ = try await phone.app.addTraining(name: "Cames", exercises: ["Prensa"])
        let tablet = try await Device.loggedIn("ada", on: server)
        try await tablet.sync()
        try phone.cache().setMeta("deviceName", phoneName)
        try tablet.cache().setMeta("deviceName", tabletName)
        return (phone, tablet)
    }

    /// Records one real-time set of `reps` on `recorder` from `time`, keeping every step on `device`; returns the time
    /// after a minute of rest.
    @discardableResult
    static func recordSet(
        _ reps: Int, on recorder: inout SessionRecorder, at time: inout Date, device: Device
    ) throws -> Date {
        func press(_ key: SessionRecorder.Key, after seconds: Double) throws {
            time = time.addingTimeInterval(seconds)
            recorder.handle(key, at: time)
            try device.app.persistTraining(recorder)
        }
        try press(.space, after: 0)  // the set's stopwatch
        for _ in 0..<reps { try press(.space, after: 2) }
        try press(.enter, after: 1)
        time = time.addingTimeInterval(60)
        return time
    }

    /// `q`, then `y`: finish and save.
    static func save(_ recorder: inout SessionRecorder, at time: Date) {
        recorder.handle(.character("q"), at: time)
        recorder.handle(.character("y"), at: time)
    }

    static func reps(_ recorder: SessionRecorder) -> [Int] { recorder.performed.flatMap(\.sets).map(\.reps) }

    static func reps(ofSession session: CachedEntity) -> [Int] {
        (session.data["exercises"]?.arrayValue ?? []).flatMap { $0.objectValue?["sets"]?.arrayValue ?? [] }
            .compactMap { $0.objectValue?["reps"]?.intValue }
    }

    /// A session started on the phone and left unfinished (Ctrl-C) after two sets; returns it as the phone kept it.
    static func leftOnThePhone(_ phone: Device) async throws -> (SessionRecorder, Date) {
        var time = start
        var recorder = try await phone.app.startTraining(TrainRequest(client: "Bea", training: "Cames"), at: time)
        time = time.addingTimeInterval(10)
        try recordSet(8, on: &recorder, at: &time, device: phone)
        try recordSet(6, on: &recorder, at: &time, device: phone)
        #expect(reps(recorder) == [8, 6])
        let left = try await phone.app.finishTraining(recorder)
        #expect(left.json.objectValue?["unfinished"] == true, "\(left.json)")
        // Leaving gives the draft's sync a few seconds; on a loaded machine it may stay queued (and say so), and the
        // phone's next command sends it: that sync, made here, is what the other device then finds.
        #expect(left.notes.allSatisfy { $0.hasPrefix("offline — ") }, "\(left.notes)")
        try await phone.sync()
        return (recorder, time)
    }

    @Test func aDraftLeftOnOneDeviceIsContinuedOnAnotherAndSavedOnceAndTheFirstIsTold() async throws {
        try await withTestServer { server in
            let (phone, tablet) = try await Self.coachWithTwoDevices(on: server)
            let database = try ServerDatabase(dataDirectory: server.dataDirectory)
            let (left, time) = try await Self.leftOnThePhone(phone)
            #expect(try database.count("draft", liveOnly: true) == 1)

            // The tablet has no recording of its own: it takes the phone's over, with both sets.
            #expect(throws: ClientError.self) { try tablet.app.resumeTraining() }
            // What the other device did, pulled first: the command's own sync is bounded to seconds, which a loaded
            // machine may take without finishing (the command then works on the copy it has, as designed).
            try await tablet.sync()
            var resumed = try #require(try await tablet.app.resumeTrainingAnywhere().recorder)
            #expect(resumed.id == left.id)
            #expect(resumed.clientName == "Bea Puig")
            #expect(Self.reps(resumed) == [8, 6])
            #expect(try tablet.app.resumeTraining() == resumed, "kept on the tablet as its own recording")
            var now = time
            try Self.recordSet(5, on: &resumed, at: &now, device: tablet)
            Self.save(&resumed, at: now)
            let saved = try await tablet.app.finishTraining(resumed)
            #expect(saved.json.objectValue?["id"]?.stringValue == left.id.key, "\(saved.json)")
            #expect(saved.notes.isEmpty, "\(saved.notes)")
            #expect(throws: ClientError.self) { try tablet.app.resumeTraining() }

            // The coach's history holds one session, with the three sets, on the server and on the phone.
            #expect(try database.count("session") == 1)
            #expect(try database.count("draft", liveOnly: true) == 0, "the draft is deleted once saved")
            try await phone.sync()
            let sessions = try phone.entities("session")
            #expect(sessions.count == 1)
            #expect(sessions.first?.id == left.id)
            #expect(Self.reps(ofSession: try #require(sessions.first)) == [8, 6, 5])
            let listed = try await phone.app.listSessions(client: "Bea", from: nil, to: nil)
            #expect(listed.json.arrayValue?.count == 1, "\(listed.json)")

            // The phone is told where the session went, and keeps no unfinished session.
            // What the other device did, pulled first: the command's own sync is bounded to seconds, which a loaded
            // machine may take without finishing (the command then works on the copy it has, as designed).
            try await phone.sync()
            let told = try #require(try await phone.app.resumeTrainingAnywhere().output)
            #expect(told.text.contains("'\(Self.tabletName)'") && told.text.contains("finished there"), "\(told.text)")
            #expect(told.json.objectValue?["continuesOn"] == .string(Self.tabletName), "\(told.json)")
            #expect(told.json.objectValue?["finished"] == true)
            #expect(throws: ClientError.self) { try phone.app.resumeTraining() }
            let nothing = await #expect(throws: ClientError.self) { try await phone.app.resumeTrainingAnywhere() }
            #expect(nothing?.kind == .notFound)
            #expect(try database.count("session") == 1)
        }
    }

    @Test func theDeviceThatLostTheSessionCannotOverwriteTheDraftNorSaveIt() async throws {
        try await withTestServer { server in
            let (phone, tablet) = try await Self.coachWithTwoDevices(on: server)
            let database = try ServerDatabase(dataDirectory: server.dataDirectory)
            let (left, time) = try await Self.leftOnThePhone(phone)
            // What the other device did, pulled first: the command's own sync is bounded to seconds, which a loaded
            // machine may take without finishing (the command then works on the copy it has, as designed).
            try await tablet.sync()
            var resumed = try #require(try await tablet.app.resumeTrainingAnywhere().recorder)

            // The phone still has its copy and records on it: leaving it unfinished tells it where the session is.
            var stale = try phone.app.resumeTraining()
            var phoneTime = time
            try Self.recordSet(12, on: &stale, at: &phoneTime, device: phone)
            let left2 = try await phone.app.finishTraining(stale)
            #expect(left2.json.objectValue?["continuesOn"] == .string(Self.tabletName), "\(left2.json)")
            #expect(left2.json.objectValue?["finished"] == false)
            #expect(left2.text.contains("continues on '\(Self.tabletName)'"), "\(left2.text)")
            #expect(throws: ClientError.self) { try phone.app.resumeTraining() }

            // The tablet's draft was not overwritten: a third device would take over the tablet's recording.
            let drafts = try await tablet.pullEverything().filter { $0.kind == "draft" && !$0.deleted }
            #expect(drafts.count == 1)
            let device = drafts.first?.data?.objectValue?["device"]?.objectValue
            #expect(device?["name"] == .string(Self.tabletName), "\(String(describing: device))")
            let state = try #require(drafts.first?.data?.objectValue?["state"])
            #expect(Self.reps(try state.decode(SessionRecorder.self)) == [8, 6])

            // The same from a phone that saves instead: nothing is saved there.
            var again = left
            Self.save(&again, at: time)
            try phone.app.persistTraining(again)
            let refused = try await phone.app.finishTraining(again)
            #expect(refused.json.objectValue?["continuesOn"] == .string(Self.tabletName), "\(refused.json)")
            #expect(try database.count("session") == 0)

            var now = time
            try Self.recordSet(5, on: &resumed, at: &now, device: tablet)
            Self.save(&resumed, at: now)
            _ = try await tablet.app.finishTraining(resumed)
            #expect(try database.count("session") == 1)
        }
    }

    @Test func aSaveMadeOfflineOnTheDeviceThatLostTheSessionIsRefusedAndLeavesOneSession() async throws {
        try await withTestServer { server in
            let (phone, tablet) = try await Self.coachWithTwoDevices(on: server)
            let database = try ServerDatabase(dataDirectory: server.dataDirectory)
            let (left, time) = try await Self.leftOnThePhone(phone)
            // What the other device did, pulled first: the command's own sync is bounded to seconds, which a loaded
            // machine may take without finishing (the command then works on the copy it has, as designed).
            try await tablet.sync()
            var resumed = try #require(try await tablet.app.resumeTrainingAnywhere().recorder)
            var now = time
            try Self.recordSet(5, on: &resumed, at: &now, device: tablet)
            Self.save(&resumed, at: now)
            _ = try await tablet.app.finishTraining(resumed)

            // Offline, the phone cannot learn that the session moved on: it saves its own copy, queued.
            var stale = try phone.app.resumeTraining()
            #expect(stale.id == left.id)
            Self.save(&stale, at: time)
            await server.stop()
            let offline = try await phone.app.finishTraining(stale)
            #expect(offline.notes.contains { $0.contains("offline") }, "\(offline.notes)")
            try await server.start()

            // The server already has a session with that id: the create is refused, and the history keeps one
            // session with the tablet's three sets, on the server and on the phone.
            let summary = try await phone.sync()
            #expect(summary.rejected.contains { $0.contains("session") }, "\(summary.rejected)")
            #expect(try database.count("session") == 1)
            let sessions = try phone.entities("session")
            #expect(sessions.count == 1)
            #expect(Self.reps(ofSession: try #require(sessions.first)) == [8, 6, 5])
            #expect(try database.count("draft", liveOnly: true) == 0)
        }
    }

    @Test func aDiscardedSessionDeletesItsDraftOnTheServer() async throws {
        try await withTestServer { server in
            let (phone, tablet) = try await Self.coachWithTwoDevices(on: server)
            let database = try ServerDatabase(dataDirectory: server.dataDirectory)
            let (left, time) = try await Self.leftOnThePhone(phone)
            #expect(try database.count("draft", liveOnly: true) == 1)
            // A draft is no session: not in the history, nor in the statistics, on either device.
            try await tablet.sync()
            for device in [phone, tablet] {
                let listed = try await device.app.listSessions(client: nil, from: nil, to: nil)
                #expect(listed.json.arrayValue?.isEmpty == true, "\(listed.json)")
                #expect(try device.entities("session").isEmpty)
                #expect(try device.entities("draft").count == 1)
            }

            // Resumed on the same device: its own recording, no take-over.
            // What the other device did, pulled first: the command's own sync is bounded to seconds, which a loaded
            // machine may take without finishing (the command then works on the copy it has, as designed).
            try await phone.sync()
            var resumed = try #require(try await phone.app.resumeTrainingAnywhere().recorder)
            #expect(resumed == left)
            resumed.handle(.escape, at: time)
            resumed.handle(.character("y"), at: time)
            let discarded = try await phone.app.finishTraining(resumed)
            #expect(discarded.json.objectValue?["discarded"] == true, "\(discarded.json)")
            #expect(try database.count("draft") == 1)
            #expect(try database.count("draft", liveOnly: true) == 0)
            #expect(try database.count("session") == 0)

            let nothing = await #expect(throws: ClientError.self) { try await tablet.app.resumeTrainingAnywhere() }
            #expect(nothing?.kind == .notFound)
        }
    }

    /// The real binary: `gorilla train --resume` on the device that lost the session only reports, without a
    /// terminal, and its `--json` output is one JSON value.
    @Test func resumeOnTheDeviceThatLostTheSessionReportsWhereItContinues() async throws {
        try await withTestServer { server in
            let (phone, tablet) = try await Self.coachWithTwoDevices(on: server)
            _ = try await Self.leftOnThePhone(phone)
            // What the other device did, pulled first: the command's own sync is bounded to seconds, which a loaded
            // machine may take without finishing (the command then works on the copy it has, as designed).
            try await tablet.sync()
            _ = try #require(try await tablet.app.resumeTrainingAnywhere().recorder)

            let run = try await runGorilla(["--json", "train", "--resume"], home: phone.home)
            #expect(run.status == 0, "\(run)")
            let json = try run.json()
            #expect(json.objectValue?["continuesOn"] == .string(Self.tabletName), "\(run)")
            #expect(json.objectValue?["finished"] == false)
            #expect(json.objectValue?["since"]?.stringValue.flatMap(ISOTime.parse) != nil, "\(run)")
            #expect(throws: ClientError.self) { try phone.app.resumeTraining() }
        }
    }
}
