import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting

/// How big "a coach's year" is.
struct DatasetSize: Sendable {
    var clients: Int
    var machines: Int
    var exercises: Int
    var trainings: Int
    var sessions: Int
    var messages: Int
    var events: Int

    static let exercisesPerSession = 6
    static let setsPerExercise = 4
    static let setsPerSession = exercisesPerSession * setsPerExercise
    /// One session in five is recorded in real time, with the time of each of its 10 repetitions.
    static let realtimeEvery = 5
    static let repTimesPerRealtimeSet = 10

    static let full = DatasetSize(
        clients: 50, machines: 40, exercises: 150, trainings: 30,
        sessions: 2_500, messages: 5_000, events: 2_500)
    /// A tenth of everything.
    static let quick = DatasetSize(
        clients: 5, machines: 4, exercises: 15, trainings: 3,
        sessions: 250, messages: 500, events: 250)

    var sets: Int { sessions * Self.setsPerSession }
    /// Rows the coach's account sees once seeded.
    var rows: Int { clients + machines + exercises + trainings + sessions + messages + events }
}

/// Generates the mutations of the dataset, deterministically except for the ids.
final class DatasetGenerator {
    private var random = SeededGenerator(seed: 0x6_0121_11A)
    let size: DatasetSize
    let now = Date()

    private(set) var machines: [UUID] = []
    private(set) var exercises: [(id: UUID, name: String)] = []
    private(set) var clients: [(id: UUID, name: String, surname: String)] = []

    init(size: DatasetSize) {
        self.size = size
    }

    private func create(_ kind: String, _ entity: UUID = UUID.v7(), _ fields: [String: JSONValue]) -> Mutation {
        Mutation(id: UUID.v7(), kind: kind, entity: entity, action: .create, fields: fields)
    }

    private func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    // MARK: Catalogue

    static let machineNames = [
        "Leg press", "Smith machine", "Cable tower", "Lat pulldown", "Seated row", "Chest press",
        "Pec deck", "Leg extension", "Leg curl", "Hack squat", "Power rack", "Rowing machine",
        "Treadmill", "Assault bike", "Shoulder press", "Calf raise", "Hip thrust bench",
        "Glute kickback", "Preacher bench", "Dip station",
    ]
    static let exerciseNames = [
        "Back squat", "Front squat", "Bench press", "Incline press", "Deadlift", "Romanian deadlift",
        "Overhead press", "Pull-up", "Chin-up", "Barbell row", "Lunge", "Bulgarian split squat",
        "Hip thrust", "Leg press", "Leg extension", "Leg curl", "Calf raise", "Lat pulldown",
        "Seated row", "Face pull", "Lateral raise", "Biceps curl", "Hammer curl", "Triceps pushdown",
        "Skull crusher", "Dip", "Plank", "Crunch", "Russian twist", "Farmer's walk",
    ]
    static let variants = ["", " (dumbbell)", " (machine)", " (cable)", " (single arm)", " (paused)", " (tempo)"]
    static let muscles = [
        "quadriceps", "hamstrings", "glutes", "chest", "back", "shoulders", "biceps", "triceps", "core", "calves",
    ]

    func machineMutations() -> [Mutation] {
        (0..<size.machines).map { index in
            let id = UUID.v7()
            machines.append(id)
            let round = index / Self.machineNames.count
            let name = Self.machineNames[index % Self.machineNames.count] + (round == 0 ? "" : " \(round + 1)")
            return create("machine", id, ["name": .string(name)])
        }
    }

    func exerciseMutations() -> [Mutation] {
        (0..<size.exercises).map { index in
            let id = UUID.v7()
            let base = Self.exerciseNames[index % Self.exerciseNames.count]
            let variant = index / Self.exerciseNames.count
            let name = base + (variant < Self.variants.count ? Self.variants[variant] : " \(variant)")
            exercises.append((id, name))
            var fields: [String: JSONValue] = [
                "name": .string(name),
                "muscles": .array([.string(pick(Self.muscles)), .string(pick(Self.muscles))]),
                "count": "reps",
            ]
            if !machines.isEmpty, index % 2 == 0 { fields["machine"] = .string(pick(machines).uuidString.lowercased()) }
            return create("exercise", id, fields)
        }
    }

    func trainingMutations() -> [Mutation] {
        (0..<size.trainings).map { index in
            let entries: [JSONValue] = (0..<DatasetSize.exercisesPerSession).map { _ in
                .object(["exercise": .string(pick(exercises).id.uuidString.lowercased())])
            }
            return create(
                "training", UUID.v7(), ["name": .string("Routine \(index + 1)"), "exercises": .array(entries)])
        }
    }

    // MARK: Clients

    static let firstNames = [
        "Anna", "Jordi", "Marta", "Pau", "Laia", "Marc", "Núria", "Joan", "Clara", "Oriol",
        "Elena", "Sergi", "Júlia", "David", "Carla", "Albert", "Irene", "Xavier", "Berta", "Toni",
    ]
    static let surnames = ["Puig", "Soler", "Vidal", "Ferrer", "Serra", "Font", "Roca", "Mas", "Pujol", "Costa"]

    func clientMutations() -> [Mutation] {
        (0..<size.clients).map { index in
            let id = UUID.v7()
            let name = Self.firstNames[index % Self.firstNames.count]
            let surname = Self.surnames[index % Self.surnames.count] + (index >= 20 ? " \(index / 20 + 1)" : "")
            clients.append((id, name, surname))
            return create("client", id, ["name": .string(name), "surname": .string(surname)])
        }
    }

    /// Adds one more client (for the scenarios that need a fresh one).
    func extraClient(name: String, surname: String) -> Mutation {
        create("client", UUID.v7(), ["name": .string(name), "surname": .string(surname)])
    }

    // MARK: Calendar, history, messages

    func eventMutations() -> [Mutation] {
        let year: TimeInterval = 365 * 86_400
        return (0..<size.events).map { index in
            // From 300 days ago to 65 days ahead, in the afternoon.
            let offset = -300 * 86_400 + year * Double(index) / Double(max(size.events, 1))
            let day = Calendar(identifier: .gregorian).startOfDay(for: now.addingTimeInterval(offset))
            let start = day.addingTimeInterval(Double(16 + index % 5) * 3600)
            return create(
                "event", UUID.v7(),
                [
                    "client": .string(clients[index % clients.count].id.uuidString.lowercased()),
                    "start": .string(ISOTime.format(start)),
                    "zone": "Europe/Madrid",
                    "duration": 60,
                    "status": .string(start < now ? "done" : "scheduled"),
                ])
        }
    }

    /// One finished session of 6 exercises × 4 sets; real time ones carry a duration and 10 repetition times per set.
    func sessionFields(client: UUID, start: Date, realtime: Bool) -> [String: JSONValue] {
        var performed: [JSONValue] = []
        for _ in 0..<DatasetSize.exercisesPerSession {
            let exercise = pick(exercises)
            var weight = Double(Int.random(in: 8...56, using: &random)) * 2.5
            var sets: [JSONValue] = []
            for position in 1...DatasetSize.setsPerExercise {
                var set: [String: JSONValue] = [
                    "position": .number(Double(position)),
                    "type": position == 1 ? "warmup" : "normal",
                    "weight": .number(position == 1 ? (weight * 0.6).rounded() : weight),
                    "unit": "kg",
                    "rest": .number(Double(Int.random(in: 60...180, using: &random))),
                ]
                if realtime {
                    var elapsed = Double(Int.random(in: 100...250, using: &random)) / 100
                    var times: [JSONValue] = []
                    for _ in 0..<DatasetSize.repTimesPerRealtimeSet {
                        times.append(.number((elapsed * 100).rounded() / 100))
                        elapsed += Double(Int.random(in: 180...320, using: &random)) / 100
                    }
                    set["reps"] = .number(Double(DatasetSize.repTimesPerRealtimeSet))
                    set["repTimes"] = .array(times)
                    set["duration"] = .number(elapsed.rounded())
                } else {
                    set["reps"] = .number(Double(Int.random(in: 6...12, using: &random)))
                }
                sets.append(.object(set))
                if position > 1 { weight += 2.5 }
            }
            performed.append(
                .object([
                    "exercise": .string(exercise.id.uuidString.lowercased()),
                    "name": .string(exercise.name),
                    "sets": .array(sets),
                ]))
        }
        return [
            "client": .string(client.uuidString.lowercased()),
            "mode": .string(realtime ? "realtime" : "handsfree"),
            "start": .string(ISOTime.format(start)),
            "end": .string(
                ISOTime.format(start.addingTimeInterval(Double(Int.random(in: 45...75, using: &random)) * 60))),
            "exercises": .array(performed),
        ]
    }

    /// `count` sessions spread over the last year, the clients taking turns; one in five in real time.
    func sessionMutations(count: Int, clients ids: [UUID]? = nil) -> [Mutation] {
        let ids = ids ?? clients.map(\.id)
        let year: TimeInterval = 365 * 86_400
        return (0..<count).map { index in
            let start = now.addingTimeInterval(-year + year * Double(index) / Double(max(count, 1)) - 7200)
            return create(
                "session", UUID.v7(),
                sessionFields(
                    client: ids[index % ids.count], start: start,
                    realtime: index % DatasetSize.realtimeEvery == 0))
        }
    }

    static let messageTexts = [
        "Great work today, keep the rest times short.", "Remember to bring water and a towel.",
        "Can we move Thursday's session to 18:00?", "Your squat depth is much better this month!",
        "Don't forget the mobility routine at home, 10 minutes a day.",
        "Next week we start the new block: heavier, fewer reps.", "How is the knee feeling after yesterday?",
    ]

    func messageMutations() -> [Mutation] {
        (0..<size.messages).map { index in
            create(
                "message", UUID.v7(),
                [
                    "to": .string(clients[index % clients.count].id.uuidString.lowercased()),
                    "text": .string(Self.messageTexts[index % Self.messageTexts.count]),
                ])
        }
    }
}

/// Pushes mutations over one open connection in batches, the way a device does: at most 500 per request
/// and, because a request line may hold at most 1 MiB, at most `maxBatchBytes` of encoded mutations.
struct Seeder {
    static let maxBatchMutations = SyncLimits.maxPushBatch
    static let maxBatchBytes = 900_000

    let connection: ServerConnection

    /// Splits `mutations` into request-sized batches.
    static func batches(_ mutations: [Mutation]) throws -> [[Mutation]] {
        let encoder = WireCoding.encoder
        var batches: [[Mutation]] = []
        var current: [Mutation] = []
        var bytes = 0
        for mutation in mutations {
            let size = try encoder.encode(mutation).count + 1
            if !current.isEmpty, current.count >= maxBatchMutations || bytes + size > maxBatchBytes {
                batches.append(current)
                current = []
                bytes = 0
            }
            current.append(mutation)
            bytes += size
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }

    /// Pushes everything; every mutation must be applied.
    @discardableResult
    func push(_ mutations: [Mutation]) async throws -> [MutationResult] {
        var results: [MutationResult] = []
        for batch in try Self.batches(mutations) {
            let reply = try await connection.request(Operation.syncPush, PushBody(mutations: batch), as: PushReply.self)
            if let refused = reply.results.first(where: { $0.status != .applied }) {
                throw BenchError(
                    "the server refused a \(batch.first?.kind ?? "") mutation: \(refused.error?.message ?? "\(refused.status)")"
                )
            }
            results += reply.results
        }
        return results
    }
}
