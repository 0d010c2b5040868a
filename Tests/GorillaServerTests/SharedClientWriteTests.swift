import Foundation
import GorillaServer
import GorillaShared
import GorillaTesting
import Testing

/// A colleague's writes for a client shared with her, over a real server (``GymWorld``): olga shares her client cleo
/// with cora, a coach of her gym. Cora records sessions and schedules appointments for cleo, filed under olga (who, and
/// cleo, pull them as usual, marked with cora's username) and corrects or deletes only those she created; she writes
/// nothing else of cleo's. However the share ends (unshared, cora leaves the gym, its end passes), her next push for
/// cleo is refused.
@Suite(.hangLimit)
struct SharedClientWriteTests {
    /// How a share ends.
    enum End: String, CaseIterable, CustomStringConvertible {
        case unshare, leave, until
        var description: String { rawValue }
    }

    let clock: TestClock
    let session = UUID()
    let event = UUID()
    /// Olga's own session for cleo.
    let ownersSession = UUID()
    /// Cora's unfinished session's draft for cleo, and olga's: each read by its recorder alone.
    let draft = UUID()
    let ownersDraft = UUID()

    init() throws { clock = try TestClock() }

    /// A session for `client` that names `exercise`.
    func sessionFields(_ client: UUID, exercise: UUID) -> JSONObject {
        [
            "client": client.key, "start": "2026-11-24T09:00:00Z", "end": "2026-11-24T10:00:00Z",
            "exercises": [["exercise": exercise.key, "name": "Press", "sets": [["reps": 10, "weight": 40]]]],
        ]
    }

    /// A weekly series for `client`, from Wednesday 2026-12-02.
    func series(_ client: UUID) -> JSONObject {
        [
            "client": client.key, "start": "2026-12-02T10:00:00Z", "zone": "Europe/Madrid",
            "recurrence": ["frequency": "weekly"],
        ]
    }

    /// The exception that cancels `day` of `series`.
    func cancelled(_ series: UUID, _ day: CalendarDate, client: UUID) -> JSONObject {
        ["series": series.key, "occurrence": day.description, "client": client.key, "status": "cancelled"]
    }

    @Test(arguments: End.allCases)
    func aColleagueWritesOnlyHerOwnSessionsAndAppointmentsForASharedClientWhileTheShareLasts(_ end: End)
        async throws
    {
        try await withGorillaServer(.tls, clock: clock, configure: GymPermissionMatrixTests.configure) { gorilla in
            let port = try gorilla.requireTLS().port
            let world = try await GymWorld.build(port: port)
            let cleo = world.client
            let coraSession = sessionFields(cleo, exercise: GymWorld.ownExercise(of: .coach))
            #expect(
                try await world.push(
                    .owner, port: port,
                    [
                        mutation(
                            "session", ownersSession, fields: ["client": cleo.key, "start": "2026-11-23T09:00:00Z"]),
                        mutation("draft", ownersDraft, fields: draftFields(client: cleo.key)),
                    ]
                ) == [nil, nil])
            // Before any share, cleo is no client of cora's.
            #expect(
                try await world.push(
                    .coach, port: port,
                    [mutation("session", UUID(), fields: coraSession)]
                ) == [124])
            let until = end == .until ? ISOTime.format(clock.now.addingTimeInterval(86_400)) : nil
            try await world.run(
                .owner, port: port, "gym.share",
                ["client": cleo.key, "with": "cora"].merging(until.map { ["until": $0] } ?? [:]) { a, _ in a })

            // Cora records a session naming an exercise of her own, and schedules an appointment.
            let created = try await world.push(
                .coach, port: port,
                [
                    mutation("session", session, fields: coraSession),
                    mutation(
                        "event", event,
                        fields: ["client": cleo.key, "start": "2026-12-02T10:00:00Z", "zone": "Europe/Madrid"]),
                    mutation("draft", draft, fields: draftFields(client: cleo.key)),
                ])
            #expect(created == [nil, nil, nil])
            // She corrects and deletes what she created, nothing of olga's, and writes nothing else of cleo's.
            let writes = try await world.push(
                .coach, port: port,
                [
                    mutation("session", session, "update", fields: ["notes": "Good form"]),
                    mutation("event", event, "update", fields: ["note": "Bring shoes"]),
                    mutation("session", ownersSession, "update", fields: ["notes": "Not hers"]),
                    mutation("session", ownersSession, "delete"),
                    mutation(
                        "measurement", UUID(),
                        fields: ["client": cleo.key, "date": "2026-11-23T08:00:00Z", "weight": 70]),
                    mutation("client", cleo, "update", fields: ["name": "Renamed"]),
                    mutation(
                        "event", UUID(),
                        fields: ["client": cleo.key, "start": "2026-12-03T10:00:00Z", "answer": "confirmed"]),
                ])
            #expect(writes == [nil, nil, 111, 111, 111, 111, 111], "\(writes)")
            // An exception changes an occurrence of its series: she moves or cancels only the series she scheduled.
            let ownersSeries = UUID()
            let corasSeries = UUID()
            let day = CalendarDate("2026-12-09")!
            #expect(
                try await world.push(.owner, port: port, [mutation("event", ownersSeries, fields: series(cleo))])
                    == [nil])
            let exceptions = try await world.push(
                .coach, port: port,
                [
                    mutation("event", corasSeries, fields: series(cleo)),
                    mutation(
                        "event", Event.exceptionID(series: ownersSeries, occurrence: day),
                        fields: cancelled(ownersSeries, day, client: cleo)),
                    mutation(
                        "event", Event.exceptionID(series: corasSeries, occurrence: day),
                        fields: cancelled(corasSeries, day, client: cleo)),
                ])
            #expect(exceptions == [nil, 111, nil], "\(exceptions)")
            // A member cleo is not shared with cannot record for her.
            #expect(
                try await world.push(
                    .admin, port: port,
                    [
                        mutation(
                            "session", UUID(), fields: sessionFields(cleo, exercise: GymWorld.ownExercise(of: .admin)))
                    ]
                ) == [124])

            // Olga and cleo pull cora's session as theirs, marked with who recorded it; olga corrects it.
            for principal in [GymPrincipal.owner, .client, .coach] {
                let rows = try await world.pulled(principal, port: port)
                let data = try #require(rows[session.key]?["data"] as? JSONObject, "\(principal)")
                #expect(data["recorder"] as? String == "cora", "\(principal)")
                #expect(data["notes"] as? String == "Good form", "\(principal)")
                let appointment = try #require(rows[event.key]?["data"] as? JSONObject, "\(principal)")
                #expect(appointment["recorder"] as? String == "cora", "\(principal)")
                #expect((rows[draft.key] != nil) == (principal == .coach), "\(principal) reads cora's draft")
                #expect((rows[ownersDraft.key] != nil) == (principal == .owner), "\(principal) reads olga's draft")
            }
            #expect(
                try await world.push(
                    .owner, port: port, [mutation("session", session, "update", fields: ["notes": "Checked"])])
                    == [nil])

            switch end {
            case .unshare: try await world.run(.owner, port: port, "gym.unshare", ["client": cleo.key])
            case .leave: try await world.run(.coach, port: port, "gym.leave")
            case .until: try clock.advance(by: 2 * 86_400)
            }
            // Cora's next push for cleo is refused: she no longer stands to cleo's rows at all.
            let after = try await world.push(
                .coach, port: port,
                [
                    mutation("session", UUID(), fields: coraSession),
                    mutation("session", session, "update", fields: ["notes": "Too late"]),
                    mutation("event", event, "delete"),
                ])
            #expect(after == [124, 112, 112], "after \(end): \(after)")
        }
    }

    /// An update keeps naming what the stored row names as a reference, and nothing else: another gym's exercise whose
    /// id a note of the session holds stays unknown (124), while the coach's own goes in.
    @Test func anIdInANoteIsNoReferenceAnUpdateMayKeep() async throws {
        try await withGorillaServer(.tls, clock: clock, configure: GymPermissionMatrixTests.configure) { gorilla in
            let port = try gorilla.requireTLS().port
            let world = try await GymWorld.build(port: port)
            let foreign = GymWorld.ownExercise(of: .otherGym).key
            let own = GymWorld.ownExercise(of: .owner).key
            let noted = ["client": world.client.key, "start": "2026-11-23T09:00:00Z", "notes": "See \(foreign)"]
            #expect(
                try await world.push(.owner, port: port, [mutation("session", ownersSession, fields: noted)])
                    == [nil])
            let named = { (exercise: String) -> JSONObject in
                ["exercises": [["exercise": exercise, "name": "Press", "sets": [["reps": 10, "weight": 40]]]]]
            }
            let updates = try await world.push(
                .owner, port: port,
                [
                    mutation("session", ownersSession, "update", fields: named(foreign)),
                    mutation("session", ownersSession, "update", fields: named(own)),
                ])
            #expect(updates == [124, nil], "\(updates)")
        }
    }
}
