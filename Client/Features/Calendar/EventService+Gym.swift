import Foundation
import GorillaClientCore
import GorillaShared

extension EventService {
    /// The cache's note of the coach's gym (`ID NAME`, empty for none), kept for when the server cannot be reached.
    static let gymMeta = "gym"

    /// Makes `--gym TEXT` in `edit` the coach's gym when the coach belongs to one: its name matched like other names
    /// (``GorillaShared/NameMatch``), the appointment then holds the gym's name and id (`gymID`). A coach in no gym
    /// keeps the text as typed, and clearing the gym clears both.
    /// - Throws: ``ClientError`` `.usage` when a coach of a gym names another place.
    func place(_ edit: inout EventEdit, in cache: LocalCache) async throws {
        guard let typed = edit.gym else { return }
        guard let text = typed else {
            edit.gymID = .some(nil)
            return
        }
        guard let gym = try await currentGym(cache) else {
            edit.gymID = .some(nil)
            return
        }
        guard NameMatch.quality(of: text, for: gym.name) != nil else {
            throw ClientError(.usage, GymPhrases.gymNotYours.t(["text": text, "gym": gym.name]))
        }
        edit.gym = .some(gym.name)
        edit.gymID = .some(gym.id)
    }

    /// The coach's gym, asked of the server and noted in the cache; the noted one when the server cannot be reached;
    /// nil for a coach in no gym.
    private func currentGym(_ cache: LocalCache) async throws -> (id: UUID, name: String)? {
        do {
            let gym = try await context.withServer { connection in
                try await connection.request(.gymShow, Empty(), as: Gym.self)
            }
            try cache.setMeta(Self.gymMeta, "\(gym.id.key) \(gym.name)")
            return (gym.id, gym.name)
        } catch let error as ClientError where error.wire?.code == .notInGym {
            try cache.setMeta(Self.gymMeta, "")
            return nil
        } catch let error as ClientError where error.kind != .server {
            guard let noted = try cache.meta(Self.gymMeta), let space = noted.firstIndex(of: " "),
                let id = UUID(uuidString: String(noted[..<space]))
            else { return nil }
            return (id, String(noted[noted.index(after: space)...]))
        }
    }
}
