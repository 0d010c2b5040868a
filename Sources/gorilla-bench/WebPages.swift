import Foundation
import GorillaServer
import GorillaShared
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOSSL

/// web_page_p99_ms and web_page_kb: the web door's pages over HTTPS with the coach's year of data. The coach and one of
/// her clients sign in; each of their pages is read `rounds` times in a row on one connection (after three reads that
/// are not counted), and the slowest page's 99th percentile and the largest page's HTML are reported. Targets: p99 at
/// most 50 ms, HTML at most 50 kB before compression.
extension Benchmark {
    func webPages(dataDirectory: URL, coach: Account, client: Account) async throws {
        let info = try JSONDecoder().decode(
            ServerInfo.self, from: Data(contentsOf: dataDirectory.appendingPathComponent("server.json")))
        guard let port = info.webPort else { throw BenchError("the server has no web door") }
        let rounds = quick ? 40 : 200
        let password = Self.password
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        var figures: [(page: String, p50: Double, p99: Double, bytes: Int)] = []
        for (username, who) in [("coach", coach), ("client001", client)] {
            let other = who.id == coach.id ? client.id : coach.id
            figures += try await TestClient.withClient(
                host: "127.0.0.1", port: port,
                configuration: .init(tlsConfiguration: tls, timeout: .seconds(30), serverName: "localhost")
            ) { http in
                var figures: [(page: String, p50: Double, p99: Double, bytes: Int)] = []
                let browser = BenchBrowser(http: http)
                try await browser.signIn(username, password: password)
                var pages =
                    who.id == coach.id
                    ? ["/home", "/calendar", "/clients", "/clients/\(other.key)", "/messages/\(other.key)"]
                    : ["/home", "/sessions", "/statistics", "/measurements", "/messages/\(other.key)", "/profile"]
                if who.id == client.id, let session = try await browser.firstSession() {
                    pages.append("/sessions/\(session)")
                }
                for page in pages {
                    for _ in 0..<3 { _ = try await browser.get(page) }
                    var times: [Double] = []
                    var bytes = 0
                    for _ in 0..<rounds {
                        let start = ContinuousClock.now
                        let body = try await browser.get(page)
                        times.append((ContinuousClock.now - start).seconds * 1000)
                        bytes = max(bytes, body.utf8.count)
                    }
                    times.sort()
                    let p99 = times[min(times.count - 1, Int((Double(times.count) * 0.99).rounded(.up)) - 1)]
                    figures.append(
                        (
                            "\(username) \(page.replacingOccurrences(of: other.key, with: "ID"))",
                            times[times.count / 2],
                            p99, bytes
                        ))
                }
                return figures
            }
        }
        let slowest = figures.max { $0.p99 < $1.p99 }!
        let largest = figures.max { $0.bytes < $1.bytes }!
        let each = figures.map {
            "\($0.page) p50 \(format($0.p50)) ms p99 \(format($0.p99)) ms \(format(Double($0.bytes) / 1000)) kB"
        }
        .joined(separator: "; ")
        metrics.append(
            Metric(
                name: "web_page_p99_ms", value: slowest.p99, unit: "ms", limit: nil, goal: .valueAtMost(50),
                note: "slowest page \(slowest.page); \(rounds) reads a page on one HTTPS connection: \(each)"))
        metrics.append(
            Metric(
                name: "web_page_kb", value: Double(largest.bytes) / 1000, unit: "kB", limit: nil,
                goal: .valueAtMost(50), note: "largest page \(largest.page), HTML before compression"))
        progress("web pages: slowest p99 \(format(slowest.p99)) ms (\(slowest.page)), largest \(largest.bytes) bytes")
    }
}

/// One signed-in browser on one HTTPS connection: keeps the door's cookies and its form token.
private final class BenchBrowser: @unchecked Sendable {
    // Used by one task at a time.
    let http: TestClient
    private var cookies: [String: String] = [:]

    init(http: TestClient) { self.http = http }

    /// The page at `path`'s HTML; fails unless it answered 200.
    func get(_ path: String) async throws -> String {
        let response = try await send(.get, path)
        guard response.status == .ok else { throw BenchError("GET \(path) answered \(response.status.code)") }
        return response.body.map { String(buffer: $0) } ?? ""
    }

    /// Signs in with the sign-in form and its token.
    func signIn(_ user: String, password: String) async throws {
        let form = try await get("/login")
        guard let token = Self.token(in: form) else { throw BenchError("the sign-in page has no form token") }
        var body = URLComponents()
        body.queryItems = [
            .init(name: "csrf", value: token), .init(name: "user", value: user),
            .init(name: "password", value: password),
        ]
        let answer = try await send(.post, "/login", body: body.percentEncodedQuery ?? "")
        guard answer.status == .seeOther else {
            throw BenchError("signing in as \(user) answered \(answer.status.code)")
        }
    }

    /// The id of the first session the reader's sessions page links to.
    func firstSession() async throws -> String? {
        let page = try await get("/sessions")
        guard let range = page.range(of: #"/sessions/[0-9a-f-]{36}"#, options: .regularExpression) else { return nil }
        return String(page[range].dropFirst("/sessions/".count))
    }

    private func send(
        _ method: HTTPRequest.Method, _ path: String, body: String? = nil
    ) async throws
        -> TestClient.Response
    {
        var headers: HTTPFields = [:]
        if !cookies.isEmpty {
            headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        }
        if body != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
        let response = try await http.execute(
            .init(
                path, method: method, authority: "127.0.0.1", headers: headers,
                body: body.map { ByteBuffer(string: $0) }))
        for field in response.headers[values: .setCookie] {
            let pair = field.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
        }
        return response
    }

    private static func token(in page: String) -> String? {
        guard let range = page.range(of: #"name="csrf" value="[0-9a-f]+""#, options: .regularExpression) else {
            return nil
        }
        return page[range].split(separator: "\"").dropFirst(3).first.map(String.init)
    }
}
