import CoreMetrics
import Foundation
import GorillaShared
import NIOConcurrencyHelpers
import Prometheus

/// What one server counts, through swift-metrics into a Prometheus registry of its own (docs/operations.md, "Metrics and health").
///
/// Every label has a bounded set of values: `op` is a known wire name or `unknown`, `result` a code of the catalogue,
/// `outcome` one of four words; so no peer can grow the registry by sending names of its own.
package struct ServerMetrics: Sendable {
    /// The registry the metrics listener renders.
    package let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory

    private let connectionsOpen: Meter
    private let connectionsAccepted: CoreMetrics.Counter
    private let connectionsRefused: CoreMetrics.Counter
    private let pulledRows: CoreMetrics.Counter
    private let pulledBytes: CoreMetrics.Counter
    private let liveSubscribers: Meter
    private let databaseBytes: Meter
    private let requests = Handles<RequestKey, CoreMetrics.Counter>()
    private let durations = Handles<String, CoreMetrics.Timer>()
    private let refusals = Handles<String, CoreMetrics.Counter>()
    private let storeErrors = Handles<String, CoreMetrics.Counter>()
    private let pages = Handles<PageKey, CoreMetrics.Counter>()
    private let pageDurations = Handles<String, CoreMetrics.Timer>()

    package init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Most requests take a millisecond or less; a password check takes tens of them.
        factory.durationHistogramBuckets[Self.requestSeconds] = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
        ]
        factory.durationHistogramBuckets[Self.pageSeconds] = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
        ]
        self.factory = factory
        connectionsOpen = Meter(label: "gorilla_connections_open", factory: factory)
        connectionsAccepted = CoreMetrics.Counter(label: "gorilla_connections_accepted_total", factory: factory)
        connectionsRefused = CoreMetrics.Counter(label: "gorilla_connections_refused_total", factory: factory)
        pulledRows = CoreMetrics.Counter(label: "gorilla_pull_rows_total", factory: factory)
        pulledBytes = CoreMetrics.Counter(label: "gorilla_pull_bytes_total", factory: factory)
        liveSubscribers = Meter(label: "gorilla_live_subscribers", factory: factory)
        databaseBytes = Meter(label: "gorilla_database_bytes", factory: factory)
        // Present (at zero) from the start, so that a rate over them is defined before the first event.
        for outcome in PushOutcome.allCases { push(outcome).increment(by: 0) }
        connectionsOpen.set(0)
    }

    static let requestSeconds = "gorilla_request_duration_seconds"
    /// How long a web page took, by route.
    static let pageSeconds = "gorilla_web_request_duration_seconds"

    /// A connection was admitted.
    package func connectionOpened() {
        connectionsAccepted.increment()
        connectionsOpen.increment()
    }

    /// An admitted connection ended.
    package func connectionClosed() { connectionsOpen.decrement() }

    /// A connection was closed at once: the server, or its peer's address, had as many open as allowed.
    package func connectionRefused() { connectionsRefused.increment() }

    /// One request answered: its operation's wire name (nil or unknown: `unknown`), its result code (0: success) and
    /// how long it took.
    package func requestAnswered(op name: String?, result: Int, duration: Duration?) {
        let op = Self.label(op: name)
        let factory = self.factory
        requests.handle(RequestKey(op: op, result: result)) {
            CoreMetrics.Counter(
                label: "gorilla_requests_total", dimensions: [("op", op), ("result", String(result))], factory: factory)
        }.increment()
        if let duration {
            durations.handle(op) {
                CoreMetrics.Timer(label: Self.requestSeconds, dimensions: [("op", op)], factory: factory)
            }.recordNanoseconds(duration.nanoseconds)
        }
        if result == WireErrorCode.rateLimited.rawValue {
            refusals.handle(op) {
                CoreMetrics.Counter(label: "gorilla_rate_limited_total", dimensions: [("op", op)], factory: factory)
            }.increment()
        }
        if result == WireErrorCode.internalError.rawValue || result == WireErrorCode.unavailable.rawValue {
            storeErrors.handle(op) {
                CoreMetrics.Counter(label: "gorilla_store_errors_total", dimensions: [("op", op)], factory: factory)
            }.increment()
        }
    }

    /// One web page answered: its route (the pattern, `/clients/{id}`, never the address asked for; `NotFound` for
    /// none), its status and how long it took.
    package func pageAnswered(route: String, status: Int, duration: Duration) {
        let factory = self.factory
        pages.handle(PageKey(route: route, status: status)) {
            CoreMetrics.Counter(
                label: "gorilla_web_requests_total", dimensions: [("route", route), ("status", String(status))],
                factory: factory)
        }.increment()
        pageDurations.handle(route) {
            CoreMetrics.Timer(label: Self.pageSeconds, dimensions: [("route", route)], factory: factory)
        }.recordNanoseconds(duration.nanoseconds)
    }

    /// The fate of each mutation of a push; an applied one that replaced another device's field counts as
    /// `overwritten` too.
    package func pushed(_ results: [MutationResult]) {
        for result in results {
            switch result.status {
            case .applied:
                push(.applied).increment()
                if result.overwritten != nil { push(.overwritten).increment() }
            case .duplicate: push(.duplicate).increment()
            case .rejected: push(.rejected).increment()
            }
        }
    }

    /// A `sync.pull` page of `rows` changes in `bytes` bytes of JSON went out.
    package func pulled(rows: Int, bytes: Int) {
        pulledRows.increment(by: Int64(rows))
        pulledBytes.increment(by: Int64(bytes))
    }

    /// The figures read when scraped rather than counted as they change.
    package func sample(liveSubscribers: Int, databaseBytes: Int64?) {
        self.liveSubscribers.set(liveSubscribers)
        if let databaseBytes { self.databaseBytes.set(databaseBytes) }
    }

    /// The Prometheus text exposition of every metric.
    package func exposition() -> [UInt8] { registry.emitToBuffer() }

    /// The labels of one series of `gorilla_web_requests_total`.
    private struct PageKey: Hashable, Sendable {
        var route: String
        var status: Int
    }

    /// The labels of one series of `gorilla_requests_total`.
    private struct RequestKey: Hashable, Sendable {
        var op: String
        var result: Int
    }

    /// What happened to one pushed mutation.
    enum PushOutcome: String, CaseIterable {
        case applied, duplicate, rejected, overwritten
    }

    private func push(_ outcome: PushOutcome) -> CoreMetrics.Counter {
        CoreMetrics.Counter(
            label: "gorilla_push_mutations_total", dimensions: [("outcome", outcome.rawValue)], factory: factory)
    }

    /// The `op` label: the wire name of a known operation, else `unknown` (never what a peer sent).
    static func label(op name: String?) -> String {
        guard let name, GorillaShared.Operation(rawValue: name) != nil else { return "unknown" }
        return name
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole + attoseconds / 1_000_000_000
    }
}

/// Metric handles made once per label set and kept: making one asks the registry, under its lock, to validate the
/// names and find the series. As many as the label sets, which are bounded (``ServerMetrics``).
private final class Handles<Key: Hashable & Sendable, Handle: Sendable>: Sendable {
    private let table = NIOLockedValueBox<[Key: Handle]>([:])

    func handle(_ key: Key, make: () -> Handle) -> Handle {
        table.withLockedValue { table in
            if let found = table[key] { return found }
            let made = make()
            table[key] = made
            return made
        }
    }
}
