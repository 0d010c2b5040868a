import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import NIOCore

/// gym_pull_s: what a gym's shared library costs a coach's device. A gym of 20 coaches, each with a catalogue of
/// their own, shares a library (the dataset's catalogue, published by its owner); a coach of the gym with nothing of
/// her own syncs a new device (`SyncEngine.sync`: the pull brings the library's rows, marked, and the device
/// follows the gym). Against it, an independent coach with the same rows in her own catalogue syncs a new device the
/// same way. Target: the gym's sync costs at most 1.2 times the independent coach's.
extension Benchmark {
    /// Coaches in the gym.
    static let gymCoaches = 20

    func gymPull(endpoint: ServerEndpoint, folder: TemporaryFolder) async throws {
        let owner = try await account(endpoint, "gymowner")
        _ = try await withSession(endpoint, token: owner.token) { connection in
            try await connection.request(Operation.gymCreate, GymNameBody(name: "Bench Gym"), as: Gym.self)
        }
        // The library: the dataset's catalogue, the owner's own first, published a training (with its exercises and
        // their machines) or an exercise or machine at a time; rows already in the library are refused (120).
        let library = DatasetGenerator(size: size)
        let catalogue = library.machineMutations() + library.exerciseMutations() + library.trainingMutations()
        try await withSession(endpoint, token: owner.token) { [catalogue] connection in
            _ = try await Seeder(connection: connection).push(catalogue)
            for kind in [EntityKind.training, .exercise, .machine] {
                for mutation in catalogue where mutation.kind == kind.rawValue {
                    let line = try await connection.roundTripAllowingRefusal(
                        Operation.gymPublish, GymLibraryBody(kind: kind, id: mutation.entity))
                    if let code = line, code != WireErrorCode.nameTaken.rawValue {
                        throw BenchError("gym.publish refused with \(code)")
                    }
                }
            }
        }
        // The other coaches, each with a catalogue of their own that the measured coach's pull must not walk.
        var member: Account?
        for index in 1..<Self.gymCoaches {
            let coach = try await account(endpoint, String(format: "gymcoach%02d", index))
            let code = try await withSession(endpoint, token: owner.token) { connection in
                try await connection.request(Operation.gymInvite, GymInviteBody(), as: GymInvitation.self).code
            }
            let rows = index > 1 ? ownCatalogue() : []
            try await withSession(endpoint, token: coach.token) { connection in
                _ = try await connection.request(Operation.gymJoin, GymCodeBody(code: code), as: Gym.self)
                if !rows.isEmpty { _ = try await Seeder(connection: connection).push(rows) }
            }
            if index == 1 { member = coach }
        }
        // The independent coach: the same rows, her own.
        let independent = try await account(endpoint, "solocoach")
        let sameRows = ownCatalogue()
        try await withSession(endpoint, token: independent.token) { connection in
            _ = try await Seeder(connection: connection).push(sameRows)
        }

        let directory = folder.child("gym-pull")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var gym: [Duration] = []
        var solo: [Duration] = []
        var rows = (gym: 0, solo: 0)
        // Alternating, so that both sample the same moments of a shared machine.
        for trial in 0..<(Self.trials * 2) {
            for (label, coach) in [("gym", member!), ("solo", independent)] {
                let cache = try LocalCache.open(path: directory.appendingPathComponent("\(label)-\(trial).sqlite").path)
                let engine = SyncEngine(cache: cache)
                let (pass, duration) = try await withSession(endpoint, token: coach.token) { connection in
                    try await timed { try await engine.sync(over: connection) }
                }
                if label == "gym" {
                    gym.append(duration)
                    rows.gym = pass.pulled
                    guard try cache.libraryGym() != nil else { throw BenchError("the gym's device holds no library") }
                } else {
                    solo.append(duration)
                    rows.solo = pass.pulled
                }
            }
        }
        guard rows.gym == catalogue.count, rows.solo == catalogue.count else {
            let pulled = "the gym's coach pulled \(rows.gym) rows, the independent \(rows.solo)"
            throw BenchError(pulled + ", not \(catalogue.count)")
        }
        gym.sort()
        solo.sort()
        let gymTimes: String = gym.map { format($0.seconds) }.joined(separator: ", ")
        let soloTimes: String = solo.map { format($0.seconds) }.joined(separator: ", ")
        var note = "a new device of a coach of a \(Self.gymCoaches)-coach gym syncs its library of \(rows.gym) rows "
        note += "(the other coaches hold \(catalogue.count) rows each of their own); limit = a new device of an "
        note += "independent coach with the same rows of her own; best of \(gym.count), alternating "
        note += "(gym: \(gymTimes) s; independent: \(soloTimes) s)"
        metrics.append(
            Metric(
                name: "gym_pull_s", value: gym[0].seconds, unit: "s", limit: solo[0].seconds,
                goal: .ratioAtMost(1.2), note: note))
        progress("gym pull: \(format(gym[0].seconds)) s, independent \(format(solo[0].seconds)) s")
    }

    /// The dataset's catalogue with ids of its own, for one coach.
    private func ownCatalogue() -> [Mutation] {
        let own = DatasetGenerator(size: size)
        return own.machineMutations() + own.exerciseMutations() + own.trainingMutations()
    }

    /// A new coach account named `username`.
    private func account(_ endpoint: ServerEndpoint, _ username: String) async throws -> Account {
        let reply = try await ServerConnection.withConnection(to: endpoint, connectTimeout: .seconds(10)) {
            connection in
            try await connection.request(
                Operation.signup,
                SignupBody(
                    username: username, email: "\(username)@example.com", password: Self.password, name: "Bench",
                    surname: "Coach", language: .en),
                as: SessionReply.self)
        }
        return Account(id: reply.profile.id, token: reply.token)
    }
}

extension ServerConnection {
    /// Sends `op` with `body`; nil when it succeeded, else the refusal's code.
    fileprivate func roundTripAllowingRefusal<Body: Codable & Sendable>(
        _ op: GorillaShared.Operation, _ body: Body
    ) async throws -> Int? {
        do {
            _ = try await roundTrip(op, body)
            return nil
        } catch let error as ClientError {
            guard let code = error.wire?.code.rawValue else { throw error }
            return code
        }
    }
}
