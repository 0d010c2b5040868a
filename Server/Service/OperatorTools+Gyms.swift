import Foundation
import GorillaShared

extension OperatorTools {
    /// `gyms list`: every gym with its members (username, name, role), as a table or JSON.
    package func listGyms(json: Bool) async throws -> String {
        let gyms = try await store.allGyms()
        if json { return String(decoding: try WireCoding.encoder.encode(gyms), as: UTF8.self) }
        if gyms.isEmpty { return "No gyms yet. A coach makes one with: gorilla gym create NAME" }
        var lines: [String] = []
        for gym in gyms {
            let count = gym.members.count == 1 ? "1 member" : "\(gym.members.count) members"
            lines.append("\(gym.name)  (\(count), since \(ISOTime.format(gym.created).prefix(10)), id \(gym.id.key))")
            for member in gym.members {
                lines.append(
                    "  " + member.role.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                        + member.username.padding(toLength: 21, withPad: " ", startingAt: 0) + member.name)
            }
        }
        return lines.joined(separator: "\n")
    }
}
