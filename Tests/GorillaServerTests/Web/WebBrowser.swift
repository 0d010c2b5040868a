import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore

/// A browser for the route tests: keeps the cookies the web door sets and sends them back, and reads the form token
/// of the last page, as a person's browser would.
final class WebBrowser: @unchecked Sendable {
    // Used by one test task at a time.
    private let client: any TestClientProtocol
    /// The cookies kept, by name.
    var cookies: [String: String] = [:]
    /// The `Accept-Language` sent.
    var language: String?

    init(_ client: any TestClientProtocol) { self.client = client }

    /// Sends a request with the kept cookies; keeps the cookies the answer sets (a `Max-Age=0` one removes its own).
    @discardableResult
    func send(_ method: HTTPRequest.Method, _ path: String, form: [String: String]? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if !cookies.isEmpty {
            headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        if let language { headers[.acceptLanguage] = language }
        var body: ByteBuffer?
        if let form {
            headers[.contentType] = "application/x-www-form-urlencoded"
            body = ByteBuffer(string: Self.encode(form))
        }
        let response = try await client.execute(uri: path, method: method, headers: headers, body: body)
        for line in response.headers[values: .setCookie] {
            let parts = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
            cookies[name] = parts.contains("Max-Age=0") ? nil : value
        }
        return response
    }

    /// GET.
    @discardableResult
    func get(_ path: String) async throws -> TestResponse { try await send(.get, path) }

    /// POST of `form`.
    @discardableResult
    func post(_ path: String, _ form: [String: String]) async throws -> TestResponse {
        try await send(.post, path, form: form)
    }

    /// Opens the sign-in page and posts `user` and `password` with its token.
    @discardableResult
    func signIn(_ user: String, _ password: String) async throws -> TestResponse {
        let page = try await get("/login")
        return try await post("/login", ["csrf": Self.token(in: page) ?? "", "user": user, "password": password])
    }

    /// The form token in a page.
    static func token(in response: TestResponse) -> String? {
        let html = String(buffer: response.body)
        guard let range = html.range(of: #"name="csrf" value=""#) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    /// `a=1&b=two%20words`.
    static func encode(_ form: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return form.sorted { $0.key < $1.key }.map {
            "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
    }
}
