import Foundation
import GorillaTesting
import GRDB
import GorillaShared
import Testing

@testable import GorillaServer

/// Each rule of the domain types (allowed values, limits, members) holds the same on every path that reads a document:
/// the kind's `validate`, and for sessions the one-pass reader of pushed bytes. A value allowed by one and refused by
/// the other fails here.
@Suite struct DomainRulesTests {
    private struct Tenant {
        var coach: UserRecord
        var client: UUID
        var exercise: UUID
    }

    private static func tenant(_ store: ServerStore, _ configuration: ServerConfiguration) async throws -> Tenant {
        let coach = UserRecord(
            role: .coach, username: "ada", email: "ada@example.com", passwordHash: "scrypt$stored",
            name: "Ada", surname: "Lovelace", nif: nil, language: .en)
        try await store.createUser(coach)
        let tenant = Tenant(coach: coach, client: UUID(), exercise: UUID())
        let outcome = try await store.push(
            [
                PushedMutation(
                    Mutation(
                        kind: EntityKind.client.rawValue, entity: tenant.client, action: .create,
                        fields: ["name": "Joan"])),
                PushedMutation(
                    Mutation(
                        kind: EntityKind.exercise.rawValue, entity: tenant.exercise, action: .create,
                        fields: ["name": "Press"])),
            ], principal: coach, configuration: configuration)
        #expect(outcome.results.allSatisfy { $0.status == .applied })
        return tenant
    }

    /// What both paths make of a session document: the stored text, or nil when refused. Fails when they disagree.
    private static func bothPaths(
        _ document: [String: JSONValue], _ context: MutationContext,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String? {
        let text = Array(FastJSON.text(.object(document)).utf8)
        var fast = CanonicalWriter.document(text, EntityKinds.session.canonicalCreate!)
        if let read = fast, try !read.referencesHold(context) { fast = nil }
        var slow = document
        do {
            try EntityKinds.session.validate(&slow, context)
        } catch is ServerError {
            #expect(
                fast == nil,
                "the one-pass reader accepts what validate refuses: \(String(decoding: text, as: UTF8.self))",
                sourceLocation: sourceLocation)
            return nil
        }
        let stored = FastJSON.text(.object(slow))
        // Documents as devices write them (sorted, plain values) take the one-pass reader.
        let fastText = try #require(
            fast, "validate accepts what the one-pass reader refuses: \(stored)", sourceLocation: sourceLocation)
        #expect(String(decoding: fastText.text, as: UTF8.self) == stored, sourceLocation: sourceLocation)
        return stored
    }

    private static func accepted(
        _ document: [String: JSONValue], _ context: MutationContext,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let stored = try bothPaths(document, context, sourceLocation: sourceLocation)
        #expect(
            stored != nil, "refused: \(FastJSON.text(.object(document)).prefix(300))", sourceLocation: sourceLocation)
    }

    private static func refused(
        _ document: [String: JSONValue], _ context: MutationContext,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let stored = try bothPaths(document, context, sourceLocation: sourceLocation)
        #expect(
            stored == nil, "accepted: \(FastJSON.text(.object(document)).prefix(300))", sourceLocation: sourceLocation)
    }

    private static func withContext<T: Sendable>(
        _ body: @Sendable @escaping (MutationContext, Tenant) throws -> T
    ) async throws -> T {
        let store = try await TestEngine.current.makeStore()
        let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        let tenant = try await tenant(store, configuration)
        return try await store.write { db in
            let context = MutationContext(
                db: db, principal: tenant.coach, now: Date(), configuration: configuration, entityID: UUID(),
                creating: true, extras: ExtrasBox(), references: ReferenceCache())
            return try body(context, tenant)
        }
    }

    /// A session with one exercise of `sets` sets, each with `set`'s members.
    private static func session(
        _ tenant: Tenant, set: [String: JSONValue] = ["reps": 10], sets: Int = 1, exercises: Int = 1,
        extra: [String: JSONValue] = [:]
    ) -> [String: JSONValue] {
        let exercise: JSONValue = [
            "exercise": .string(tenant.exercise.key), "name": "Press",
            "sets": .array(Array(repeating: .object(set), count: sets)),
        ]
        var document: [String: JSONValue] = [
            "client": .string(tenant.client.key), "start": "2026-11-20T18:00:00Z",
            "exercises": .array(Array(repeating: exercise, count: exercises)),
        ]
        document.merge(extra) { $1 }
        return document
    }

    @Test func everyAllowedValueOfASessionIsAllowedOnBothPathsAndNoOther() async throws {
        try await Self.withContext { context, tenant in
            for type in SetType.allCases {
                try Self.accepted(Self.session(tenant, set: ["reps": 5, "type": .string(type.rawValue)]), context)
            }
            for unit in WeightUnit.allCases {
                try Self.accepted(Self.session(tenant, set: ["reps": 5, "unit": .string(unit.rawValue)]), context)
            }
            for mode in SessionMode.allCases {
                try Self.accepted(Self.session(tenant, extra: ["mode": .string(mode.rawValue)]), context)
            }
            try Self.refused(Self.session(tenant, set: ["reps": 5, "type": "heavy"]), context)
            try Self.refused(Self.session(tenant, set: ["reps": 5, "unit": "stone"]), context)
            try Self.refused(Self.session(tenant, extra: ["mode": "live"]), context)
        }
    }

    @Test func everyLimitOfASessionIsTheSameOnBothPaths() async throws {
        try await Self.withContext { context, tenant in
            let ranges: [(String, ClosedRange<Double>)] = [
                ("reps", PerformedSet.repsRange), ("weight", PerformedSet.weightRange),
                ("duration", TrainingSession.secondsRange), ("rest", TrainingSession.secondsRange),
                ("distance", PerformedSet.distanceRange),
            ]
            for (member, range) in ranges {
                for inside in [range.lowerBound, range.upperBound] {
                    var set: [String: JSONValue] = ["reps": 1]
                    set[member] = .number(inside)
                    try Self.accepted(Self.session(tenant, set: set), context)
                }
                for outside in [range.lowerBound - 1, range.upperBound + 1] {
                    var set: [String: JSONValue] = ["reps": 1]
                    set[member] = .number(outside)
                    try Self.refused(Self.session(tenant, set: set), context)
                }
            }
            let seconds = TrainingSession.secondsRange
            try Self.accepted(Self.session(tenant, extra: ["paused": .number(seconds.upperBound)]), context)
            try Self.refused(Self.session(tenant, extra: ["paused": .number(seconds.upperBound + 1)]), context)
            let times = { (count: Int) in
                ["reps": 1, "repTimes": .array(Array(repeating: 1, count: count))] as [String: JSONValue]
            }
            try Self.accepted(Self.session(tenant, set: times(PerformedSet.maxRepTimes)), context)
            try Self.refused(Self.session(tenant, set: times(PerformedSet.maxRepTimes + 1)), context)
            // The effort reached: RPE 1 to 10 in half steps (``Effort``), on both paths.
            try Self.accepted(Self.session(tenant, set: ["reps": 1, "rpe": 9.5]), context)
            for rpe: JSONValue in [10.5, 0.5, 8.2, "8"] {
                try Self.refused(Self.session(tenant, set: ["reps": 1, "rpe": rpe]), context)
            }
            try Self.accepted(Self.session(tenant, sets: PerformedExercise.maxSets), context)
            try Self.refused(Self.session(tenant, sets: PerformedExercise.maxSets + 1), context)
            try Self.accepted(Self.session(tenant, exercises: TrainingSession.maxExercises), context)
            try Self.refused(Self.session(tenant, exercises: TrainingSession.maxExercises + 1), context)
        }
    }

    @Test func theMembersOfASessionAreTheTypesMembersOnBothPaths() async throws {
        try await Self.withContext { context, tenant in
            #expect(Set(EntityKinds.SessionReader.members.map(\.rawValue)) == TrainingSession.fieldNames)
            #expect(Set(EntityKinds.ExerciseReader.members.map(\.rawValue)) == PerformedExercise.fieldNames)
            #expect(Set(EntityKinds.SetReader.members.map(\.rawValue)) == PerformedSet.fieldNames)
            // A full set, as the type writes it, is stored; a member the type does not have is refused.
            let full = try #require(
                JSONValue.encode(
                    PerformedSet(
                        type: .drop, reps: 8, weight: 60, unit: .lb, duration: 30, rest: 90,
                        repTimes: [1, 2.5], distance: 500, rpe: 8.5)
                ).objectValue)
            let stored = try #require(try Self.bothPaths(Self.session(tenant, set: full), context))
            for member in PerformedSet.fieldNames {
                #expect(stored.contains("\"\(member)\""), "\(member) in \(stored)")
            }
            try Self.refused(Self.session(tenant, set: ["reps": 1, "tempo": "3-1-1"]), context)
            try Self.refused(Self.session(tenant, extra: ["mood": "good"]), context)
            // Who recorded it and its revision are the server's: stored for the coach who pushed it, never taken.
            let created = try #require(try Self.bothPaths(Self.session(tenant), context))
            #expect(created.contains(#""recordedBy":"coach""#) && created.contains(#""revision":1"#), "\(created)")
        }
    }

    @Test func everyKindRefusesMembersItsTypeDoesNotHaveAndTakesItsAllowedValues() async throws {
        try await Self.withContext { context, tenant in
            for kind in EntityKind.allCases {
                var document: [String: JSONValue] = ["surprise": 1]
                #expect(throws: ServerError.self, "\(kind)") {
                    try EntityKinds.rules(kind).validate(&document, context)
                }
                #expect(EntityKinds.all[kind.rawValue]?.kind == kind)
            }
            for mode in CountMode.allCases {
                var exercise: [String: JSONValue] = ["name": "Plank", "count": .string(mode.rawValue)]
                try EntityKinds.exercise.validate(&exercise, context)
            }
            var laps: [String: JSONValue] = ["name": "Plank", "count": "laps"]
            #expect(throws: ServerError.self) { try EntityKinds.exercise.validate(&laps, context) }
            for status in EventStatus.allCases {
                var event: [String: JSONValue] = [
                    "client": .string(tenant.client.key), "start": "2026-11-20T18:00:00Z",
                    "status": .string(status.rawValue),
                ]
                guard status != .requested else {
                    // Only a client asks for an appointment; the coach schedules one.
                    #expect(throws: ServerError.self) { try EntityKinds.event.validate(&event, context) }
                    continue
                }
                try EntityKinds.event.validate(&event, context)
                #expect(try Event(document: event).status == status)
            }
            var series: [String: JSONValue] = [
                "client": .string(tenant.client.key), "start": "2026-11-23T18:00:00Z",
                "recurrence": try JSONValue.encode(Recurrence(.weekly, days: [.mo, .th], count: 4)),
            ]
            try EntityKinds.event.validate(&series, context)
            #expect(try Event(document: series).recurrence == Recurrence(.weekly, days: [.mo, .th], count: 4))
            for measure in Measurement.Measure.allCases {
                for value in [measure.range.lowerBound, measure.range.upperBound] {
                    var document: [String: JSONValue] = [
                        "client": .string(tenant.client.key), "date": "2026-11-20T00:00:00Z",
                        measure.rawValue: .number(value),
                    ]
                    try EntityKinds.measurement.validate(&document, context)
                }
                for value in [measure.range.lowerBound - 1, measure.range.upperBound + 1] {
                    var document: [String: JSONValue] = [
                        "client": .string(tenant.client.key), "date": "2026-11-20T00:00:00Z",
                        measure.rawValue: .number(value),
                    ]
                    #expect(throws: ServerError.self, "\(measure) \(value)") {
                        try EntityKinds.measurement.validate(&document, context)
                    }
                }
            }
            var message: [String: JSONValue] = [
                "to": .string(tenant.client.key),
                "text": .string(String(repeating: "a", count: Message.maxLength + 1)),
            ]
            #expect(throws: ServerError.self) { try EntityKinds.message.validate(&message, context) }
        }
    }

    @Test func aRegistrationCodeIsReadTheSameWhateverWayItIsTyped() throws {
        var random = SeededGenerator.forTest()
        for _ in 0..<50 {
            let characters = (0..<RegistrationCode.length).map { _ in
                RegistrationCode.alphabet.randomElement(using: &random)!
            }
            let code = String(characters.prefix(4)) + "-" + String(characters.dropFirst(4))
            #expect(RegistrationCode.normalize(code) == code)
            let typed = [
                code.lowercased(), code.replacingOccurrences(of: "-", with: " "),
                code.replacingOccurrences(of: "1", with: "l").replacingOccurrences(of: "0", with: "o"),
            ]
            for variant in typed {
                #expect(RegistrationCode.normalize(variant) == code, "\(variant)")
                #expect(RegistrationCodes.hash(variant) == RegistrationCodes.hash(code))
            }
        }
        #expect(RegistrationCode.normalize("ABCD-EFGU") == nil)
        #expect(RegistrationCode.normalize("ABCD-EFGH-J") == nil)
        #expect(RegistrationCodes.hash("short") == nil)
    }

    @Test func deletingAMachineInUseIsRefusedAndDeletingAnExerciseTakesItOutOfTrainings() async throws {
        let store = try await TestEngine.current.makeStore()
        let configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        let tenant = try await Self.tenant(store, configuration)
        let machine = UUID(), exercise = UUID(), training = UUID()
        let create: [PushedMutation] = [
            PushedMutation(Mutation(kind: "machine", entity: machine, action: .create, fields: ["name": "Rack"])),
            PushedMutation(
                Mutation(
                    kind: "exercise", entity: exercise, action: .create,
                    fields: ["name": "Squat", "machine": .string(machine.key)])),
            PushedMutation(
                Mutation(
                    kind: "training", entity: training, action: .create,
                    fields: [
                        "name": "Legs",
                        "exercises": [
                            ["exercise": .string(exercise.key), "sets": 4], ["exercise": .string(tenant.exercise.key)],
                        ],
                    ])),
        ]
        _ = try await store.push(create, principal: tenant.coach, configuration: configuration)
        let refused = try await store.push(
            [PushedMutation(Mutation(kind: "machine", entity: machine, action: .delete))],
            principal: tenant.coach, configuration: configuration)
        #expect(refused.results.first?.status != .applied)
        #expect(
            refused.results.first?.error?.message.contains(DeleteRule.inUseMessage(name: "Rack", users: ["Squat"]))
                == true,
            "\(String(describing: refused.results.first?.error))")
        let deleted = try await store.push(
            [PushedMutation(Mutation(kind: "exercise", entity: exercise, action: .delete))],
            principal: tenant.coach, configuration: configuration)
        #expect(deleted.results.first?.status == .applied)
        let entries = try await store.read { db in
            try db.value(String.self, sql: "SELECT data FROM entities WHERE id = ?", arguments: [training.key])
        }
        let text = try #require(entries)
        let document = try #require(try FastJSON.parse(Array(text.utf8)).objectValue)
        let read = try Training(document: document)
        #expect(read.exercises.map(\.exercise) == [tenant.exercise])
        #expect(Training.entries(document["exercises"]!.arrayValue!, removing: tenant.exercise)?.isEmpty == true)
        #expect(EntityKind.machine.deleteRule == .refuseWhileUsed(by: .exercise, field: "machine"))
    }
}
