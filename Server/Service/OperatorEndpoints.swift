import Foundation
import NIOHTTP1

/// What the metrics listener answers: `/metrics` (Prometheus text), `/healthz` (the process answers) and `/readyz` (the
/// store answers with every migration applied; 503 otherwise). docs/operations.md, "Metrics and health".
///
/// A store that does not answer holds the probe's connection until the listener's deadline closes it; the listener's
/// cap on connections bounds how many such probes wait.
struct OperatorEndpoints: Sendable {
    let metrics: ServerMetrics
    let store: ServerStore
    let live: LiveRegistry

    /// One response.
    struct Reply: Sendable {
        var status: HTTPResponseStatus
        var contentType = "text/plain; charset=utf-8"
        var body: [UInt8]
    }

    /// The Prometheus text format's media type.
    static let exposition = "text/plain; version=0.0.4; charset=utf-8"

    func reply(method: HTTPMethod, uri: String) async -> Reply {
        guard method == .GET || method == .HEAD else {
            return Reply(status: .methodNotAllowed, body: Array("GET only\n".utf8))
        }
        switch uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri {
        case "/metrics":
            let size = try? await store.databaseBytes()
            metrics.sample(liveSubscribers: await live.count, databaseBytes: size)
            return Reply(status: .ok, contentType: Self.exposition, body: metrics.exposition())
        case "/healthz":
            return Reply(status: .ok, body: Array("ok\n".utf8))
        case "/readyz":
            guard let problem = await store.unready() else { return Reply(status: .ok, body: Array("ready\n".utf8)) }
            return Reply(status: .serviceUnavailable, body: Array("not ready: \(problem)\n".utf8))
        default:
            return Reply(status: .notFound, body: Array("not found: /metrics, /healthz, /readyz\n".utf8))
        }
    }
}
