import Foundation
import Logging

/// What every line logged while one request is served says about it: the request's id, its operation and the
/// principal it runs as. The router sets it around each request; ``metadataProvider`` adds it to each line, whichever
/// logger writes it (docs/operations.md, "Logs").
package struct RequestLog: Sendable {
    /// The request being served by this task, if any.
    @TaskLocal package static var current: RequestLog?

    /// Unique in the server's run: the connection's id and the request's position on it (`3f9c0a1b27d4.12`).
    package var id: String
    /// The operation's wire name (`unknown` for one this server does not know; absent before the line is read).
    package var op: String?
    /// The account the request runs as, once known.
    package var principal: UUID?

    /// The metadata of its lines; never a secret (passwords, tokens, codes and texts are never put here).
    package var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = ["request": .string(id)]
        if let op { metadata["op"] = .string(op) }
        if let principal { metadata["principal"] = .string(principal.uuidString.lowercased()) }
        return metadata
    }

    /// Adds the current request's metadata to every line logged within it.
    package static let metadataProvider = Logger.MetadataProvider { current?.metadata ?? [:] }
}
