import Foundation
import GorillaClientCore
import GorillaServer
import GorillaShared
import GorillaTesting
import NIOCore
import NIOPosix
import Testing

/// `--metrics`: the Prometheus text a scraper reads, and the health endpoints, read by Python (`urllib` and
/// `prometheus_client`'s parser: a client and a parser written by others). docs/operations.md, "Metrics and health".
@Suite(.hangLimit, .enabled(if: IndependentPython.isPresent, "these tests read the metrics with Python 3, absent here"))
struct MetricsTests {
    @Test func aScrapeCountsRequestsPushOutcomesAndPulledRowsByOperationAndResult() async throws {
        let python = try await IndependentPython.having(module: "prometheus_client", package: "prometheus_client")
        try await withTestServer(configure: { $0.metricsAddress = ListenAddress(port: 0) }) { server in
            let coach = try await Device.coach("anna", on: server)
            let machines = (0..<5).map { Mutation.createMachine("Machine \($0)") }
            let first = try await coach.push(machines)
            #expect(first.allSatisfy { $0.status == .applied })
            let unnamed = Mutation(
                id: UUID.v7(), kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": .string("")])
            let again = try await coach.push([machines[0], unnamed])
            #expect(again.map(\.status) == [.duplicate, .rejected], "\(again)")
            let pulled = try await coach.pullEverything()
            // An operation this server does not know is counted as `unknown`, never by the name a peer sent.
            try await withClient(port: server.port) { client in
                try await client.hello()
                let reply = try await client.request("made.up.by.a.peer")
                #expect(reply.errorCode == WireErrorCode.unknownOperation.rawValue)
            }

            let scrape = try await Self.scrape(server, python: python)
            #expect(scrape.status["/metrics"] == 200)
            #expect(scrape.contentType.hasPrefix("text/plain; version=0.0.4"))
            #expect(scrape.value("gorilla_requests_total", ["op": "auth.signup", "result": "0"]) == 1)
            #expect(scrape.value("gorilla_requests_total", ["op": "sync.push", "result": "0"]) == 2)
            #expect(scrape.value("gorilla_requests_total", ["op": "unknown", "result": "101"]) == 1)
            #expect(!scrape.samples.contains { $0.labels["op"] == "made.up.by.a.peer" })
            #expect(scrape.value("gorilla_push_mutations_total", ["outcome": "applied"]) == 5)
            #expect(scrape.value("gorilla_push_mutations_total", ["outcome": "duplicate"]) == 1)
            #expect(scrape.value("gorilla_push_mutations_total", ["outcome": "rejected"]) == 1)
            #expect(scrape.value("gorilla_push_mutations_total", ["outcome": "overwritten"]) == 0)
            #expect(try #require(scrape.value("gorilla_pull_rows_total", [:])) >= Double(pulled.count))
            #expect(try #require(scrape.value("gorilla_pull_bytes_total", [:])) > 0)
            #expect(scrape.types["gorilla_request_duration_seconds"] == "histogram")
            #expect(scrape.value("gorilla_request_duration_seconds_count", ["op": "sync.push"]) == 2)
            #expect(scrape.value("gorilla_request_duration_seconds_bucket", ["op": "sync.push", "le": "+Inf"]) == 2)
            #expect(try #require(scrape.value("gorilla_connections_accepted_total", [:])) >= 4)
            #expect(scrape.value("gorilla_connections_refused_total", [:]) == 0)
            #expect(scrape.value("gorilla_connections_open", [:]) != nil)
            #expect(scrape.value("gorilla_live_subscribers", [:]) == 0)
            #expect(try #require(scrape.value("gorilla_database_bytes", [:])) > 0)
            #expect(scrape.value("gorilla_rate_limited_total", [:]) == nil, "nothing was refused for its rate")
        }
    }

    @Test func refusalsForTheRequestRateAndForTooManyConnectionsAreCounted() async throws {
        let python = try await IndependentPython.having(module: "prometheus_client", package: "prometheus_client")
        try await withTestServer(configure: {
            $0.metricsAddress = ListenAddress(port: 0)
            $0.requestsPerSecond = 1
            $0.maxConnectionsPerAddress = 1
            // A clock that stands still: the burst allowed is all a connection gets, however slow the machine.
            let now = Date()
            $0.clock = TimeSource { now }
        }) { server in
            try await withClient(port: server.port) { client in
                var limited = 0
                for _ in 0..<6 where try await client.request("hello", ["version": 1]).errorCode == 113 {
                    limited += 1
                }
                #expect(limited > 0)
                // A second connection from this address while the first is open is closed at once.
                let second = try? await withClient(port: server.port) { other in try await other.hello() }
                #expect(second == nil)
                let scrape = try await Self.scrape(server, python: python)
                #expect(scrape.value("gorilla_rate_limited_total", ["op": "hello"]) == Double(limited))
                #expect(scrape.value("gorilla_requests_total", ["op": "hello", "result": "113"]) == Double(limited))
                #expect(scrape.value("gorilla_connections_refused_total", [:]) == 1)
                #expect(scrape.value("gorilla_connections_open", [:]) == 1)
            }
        }
    }

    @Test func healthSaysTheProcessAnswersAndReadinessThatTheStoreDoes() async throws {
        let python = try await IndependentPython.having(module: "prometheus_client", package: "prometheus_client")
        try await withTestServer(configure: { $0.metricsAddress = ListenAddress(port: 0) }) { server in
            let scrape = try await Self.scrape(server, python: python)
            #expect(scrape.status["/healthz"] == 200)
            #expect(scrape.status["/readyz"] == 200)
            #expect(scrape.status["/nothing-here"] == 404)
            #expect(scrape.status["POST /metrics"] == 405)
        }
    }

    @Test func aSlowScraperIsClosedAndOthersAreStillAnswered() async throws {
        let python = try await IndependentPython.having(module: "prometheus_client", package: "prometheus_client")
        try await withTestServer(configure: { $0.metricsAddress = ListenAddress(port: 0) }) { server in
            let port = try Self.metricsPort(server)
            // More idle connections than the listener serves at once, each sending half a request and nothing more.
            let opened = ContinuousClock.now
            var idle: [any Channel] = []
            for _ in 0..<12 {
                let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .connect(host: "127.0.0.1", port: port).get()
                // Those past the listener's cap are closed at once: their write may fail.
                try? await channel.writeAndFlush(ByteBuffer(string: "GET /metrics HTTP/1.1\r\nHost: x\r\n")).get()
                idle.append(channel)
            }
            defer { for channel in idle { channel.close(promise: nil) } }
            let refused = (try? await Self.scrape(server, python: python)) == nil
            // Told apart only well before the listener's deadline (ten seconds) frees the slots.
            if ContinuousClock.now - opened < .seconds(5) { #expect(refused, "a ninth scraper was served") }
            // The TLS server goes on serving meanwhile.
            _ = try await Device.coach("anna", on: server)
            // Once the listener's deadline has closed them, a scraper is answered again.
            let answered = try await eventually(timeout: .seconds(40)) {
                (try? await Self.scrape(server, python: python))?.status["/healthz"] == 200
            }
            #expect(answered)
        }
    }

    @Test func aMetricsAddressThatIsNotOneOrIsTakenStopsTheStartWithItsReason() async throws {
        let folder = try TemporaryFolder()
        let bad = try await runGorillaServer(["--port", "0", "--data", folder.url.path, "--metrics", "here"])
        #expect(bad.status == 64 && bad.stderr.contains("--metrics: takes HOST:PORT"), "\(bad)")
        try await withTestServer(configure: { $0.metricsAddress = ListenAddress(port: 0) }) { server in
            let taken = try Self.metricsPort(server)
            let run = try await runGorillaServer([
                "--port", "0", "--data", folder.url.path, "--metrics", "127.0.0.1:\(taken)",
            ])
            #expect(run.status == 78, "\(run)")
            #expect(run.stderr.contains("cannot listen for metrics on 127.0.0.1:\(taken): address already in use"))
        }
    }

    /// The port of the server's metrics listener, from its `server.json`.
    static func metricsPort(_ server: some RunningServer) throws -> Int {
        let data = try Data(contentsOf: server.dataDirectory.appendingPathComponent("server.json"))
        return try #require(try JSONDecoder().decode(ServerInfo.self, from: data).metricsPort)
    }

    /// What Python read from the listener.
    struct Scrape: Decodable {
        struct Sample: Decodable {
            let name: String
            let labels: [String: String]
            let value: Double
        }
        /// HTTP status by path (and `POST /metrics`).
        let status: [String: Int]
        let contentType: String
        /// Each family's type by its name as written (`gorilla_requests_total` for a counter).
        let types: [String: String]
        let samples: [Sample]

        /// The value of sample `name` whose labels are exactly `labels` (nil: no such sample).
        func value(_ name: String, _ labels: [String: String]) -> Double? {
            samples.first { $0.name == name && $0.labels == labels }?.value
        }
    }

    static func scrape(_ server: some RunningServer, python: String) async throws -> Scrape {
        let port = try metricsPort(server)
        let output = try await IndependentPython.run(python, script: script, ["http://127.0.0.1:\(port)"])
        return try JSONDecoder().decode(Scrape.self, from: output)
    }

    /// Reads the endpoints with `urllib`, parses `/metrics` with `prometheus_client`, prints what it found as JSON.
    static let script = """
        import json, sys, urllib.request, urllib.error
        from prometheus_client.parser import text_string_to_metric_families
        base = sys.argv[1]
        def get(path, method="GET"):
            request = urllib.request.Request(base + path, method=method)
            try:
                with urllib.request.urlopen(request, timeout=30) as reply:
                    return reply.status, reply.headers.get("Content-Type", ""), reply.read().decode()
            except urllib.error.HTTPError as error:
                return error.code, error.headers.get("Content-Type", ""), error.read().decode()
        status, content_type, text = get("/metrics")
        types, samples = {}, []
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                types[sample.name if family.type != "histogram" else family.name] = family.type
                samples.append({"name": sample.name, "labels": sample.labels, "value": sample.value})
        statuses = {"/metrics": status}
        for path in ["/healthz", "/readyz", "/nothing-here"]:
            statuses[path] = get(path)[0]
        statuses["POST /metrics"] = get("/metrics", "POST")[0]
        print(json.dumps({"status": statuses, "contentType": content_type, "types": types, "samples": samples}))
        """
}
