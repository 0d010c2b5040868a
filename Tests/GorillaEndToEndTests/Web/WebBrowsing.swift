import Foundation
import GorillaTesting
import Testing

/// A browser for the end-to-end tests: Python's `http.client` over HTTPS against a real server's web door, checking
/// its certificate, keeping cookies by hand and following no redirect. It runs `steps` in order on one cookie jar; a
/// form value `@token` stands for the form token of the last page that had one.
struct WebBrowsing {
    /// One request.
    struct Step: Encodable {
        var method = "GET"
        var path: String
        var form: [String: String]?
    }

    /// What one request answered, and the cookies kept after it.
    struct Answer: Decodable {
        var status: Int
        var location: String?
        var body: String
        /// The answer's headers, by lower-case name.
        var headers: [String: String]
        var cookies: [String: String]
    }

    let python: String
    let port: Int
    let certificate: String

    /// Runs `steps`, each after the previous one's answer, starting with the cookies `cookies`.
    func run(_ steps: [Step], cookies: [String: String] = [:]) async throws -> [Answer] {
        let plan = String(decoding: try JSONEncoder().encode(steps), as: UTF8.self)
        let jar = String(decoding: try JSONEncoder().encode(cookies), as: UTF8.self)
        let output = try await IndependentPython.run(
            python, script: Self.script, ["127.0.0.1", String(port), certificate, plan, jar])
        return try JSONDecoder().decode([Answer].self, from: output)
    }

    static let script = #"""
        import http.client, json, re, ssl, sys, urllib.parse
        host, port, cafile, steps = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
        context = ssl.create_default_context(cafile=cafile)
        context.check_hostname = False
        jar, token, answers = json.loads(sys.argv[5]), None, []
        for step in steps:
            connection = http.client.HTTPSConnection(host, port, context=context, timeout=60)
            headers = {"Accept-Language": "en"}
            if jar:
                headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in jar.items())
            body = None
            if step.get("form") is not None:
                form = {k: (token or "" if v == "@token" else v) for k, v in step["form"].items()}
                body = urllib.parse.urlencode(form)
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            connection.request(step["method"], step["path"], body=body, headers=headers)
            response = connection.getresponse()
            page = response.read().decode()
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.split(";")[0].partition("=")
                    jar[key] = rest
            found = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
            if found:
                token = found.group(1)
            answers.append({
                "status": response.status, "location": response.getheader("Location"), "body": page,
                "headers": {name.lower(): value for name, value in response.getheaders()}, "cookies": dict(jar)})
        print(json.dumps(answers))
        """#
}
