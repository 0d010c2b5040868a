import Foundation
import GorillaShared

/// One message as the web door shows it: its row's id and version, and the document.
package struct StoredMessage: Sendable {
    package let id: UUID
    package let message: Message
    package let version: Int64
}

/// Someone the principal writes to: a client of hers (or shared with her) for a coach, one of their coaches for a
/// client.
package struct Correspondent: Sendable, Equatable {
    package let id: UUID
    package let name: String
}

/// The conversations the web door shows, read through the rows the access table lets the reader read (the pull's own
/// scoping, ``visibleRows(_:columns:since:now:dialect:narrowedBy:)``): a coach reads only her own conversation with a client
/// (``GorillaShared/Access/Condition/party``).
extension ServerStore {
    /// The messages between `principal` and `other`, oldest first: of the rows about the conversation's client (the
    /// client, or the coach's correspondent), those the two of them exchanged.
    package func conversation(for principal: UserRecord, with other: UUID, now: Date) async throws -> [StoredMessage] {
        let client = principal.role == .client ? principal.id : other
        return try await visible(Message.self, for: principal, client: client, now: now).compactMap { row in
            let message = row.value
            guard (message.from == principal.id && message.to == other)
                || (message.from == other && message.to == principal.id)
            else { return nil }
            return StoredMessage(id: row.id, message: message, version: row.version)
        }.sorted { ($0.message.sent, $0.id.key) < ($1.message.sent, $1.id.key) }
    }

    /// The people `principal` may write to, by name: a coach's registered clients (her own and those shared with
    /// her); a client's coaches (``coaches(of:now:)``).
    package func correspondents(of principal: UserRecord, now: Date) async throws -> [Correspondent] {
        if principal.role == .client {
            return try await coaches(of: principal, now: now)?.map { Correspondent(id: $0.id, name: $0.name) } ?? []
        }
        return try await visible(Client.self, for: principal, now: now).compactMap { row -> Correspondent? in
            guard row.value.status == .active else { return nil }
            return Correspondent(id: row.id, name: row.value.fullName ?? row.id.key)
        }.sorted { $0.name.localizedCompare($1.name) == .orderedAscending }
    }
}
