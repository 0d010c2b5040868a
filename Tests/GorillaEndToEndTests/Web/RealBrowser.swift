import Foundation
import GorillaShared
import GorillaTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real browser for the end-to-end tests: Debian's headless Chromium, driven through its chromedriver by Selenium in
/// Python (``script``), one command at a time over a socket. It trusts the server's own certificate only (by the SHA-256
/// of its public key), keeps its profile in a fresh folder, and uses `/usr/bin/chromedriver`, so that Selenium never
/// looks for a driver on the network.
///
/// Each command answers with what the page shows: its status as the browser received it (the navigation's
/// `responseStatus`), address, title, heading, text, alerts, links and forms.
///
/// Unchecked Sendable: what it keeps between commands (`pending`, the part of an answer read ahead) is read and written
/// under `lock` only.
final class RealBrowser: @unchecked Sendable {
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"

    /// Whether Chromium and its driver are installed (`apt-get install chromium chromium-driver`).
    static var isInstalled: Bool {
        [chromium, chromedriver].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What the browser shows after a command.
    struct Page: Decodable, CustomStringConvertible {
        var status: Int
        var path: String
        var title: String
        var heading: String
        var text: String
        var alerts: [String]
        var links: [String]
        var forms: [String]
        var description: String { "\(status) \(path) “\(heading)”: \(text.prefix(600))" }
    }

    /// A cookie the browser keeps, as it keeps it.
    struct Cookie: Decodable {
        var name: String
        var secure: Bool
        var httpOnly: Bool
        var sameSite: String
    }

    private let process: ChildProcess
    /// This end of the socket whose other end is the script's standard input and output.
    private let channel: CInt
    private let folder: TemporaryFolder
    private var log: URL { folder.url.appendingPathComponent("browser.log") }
    private let lock = NSLock()
    private var pending = Data()

    /// Starts the script in `python` (which imports selenium) for the web door at `port`, trusting `certificate`; the
    /// browser starts when ``start()`` reads that it is ready.
    private init(python: String, port: Int, certificate: String) throws {
        folder = try TemporaryFolder("gorilla-chromium")
        let (mine, theirs) = try Self.socketPair()
        defer { close(theirs) }
        channel = mine
        do {
            process = try ChildProcess(
                python,
                [
                    "-c", Self.script, String(port), certificate, Self.chromium, Self.chromedriver,
                    folder.url.appendingPathComponent("profile").path,
                ],
                environment: ProcessInfo.processInfo.environment, stdin: .descriptor(theirs),
                stdout: .descriptor(theirs), stderr: .file(folder.url.appendingPathComponent("browser.log").path))
        } catch {
            close(mine)
            throw error
        }
    }

    /// Waits until Chromium has started; returns its version.
    private func start() async throws -> String {
        let ready = try await readAnswer(within: .seconds(60))
        guard let version = ready.objectValue?["ready"]?.stringValue else { throw Failure(ready, log: logTail) }
        return version
    }

    /// Runs `body` with a browser (and the version of Chromium), which is closed afterwards however `body` ends.
    static func with<T>(
        python: String, port: Int, certificate: String, _ body: (RealBrowser, String) async throws -> T
    ) async throws -> T {
        let browser = try RealBrowser(python: python, port: port, certificate: certificate)
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body(browser, try await browser.start()))
        } catch {
            outcome = .failure(error)
        }
        await browser.finish()
        return try outcome.get()
    }

    /// Opens `path` of the web door, as a typed address.
    func open(_ path: String) async throws -> Page {
        try await run("open", ["path": .string(path)])
    }

    /// Fills `fields` (by name) of the form posted to `action` and clicks its button; without `token`, first removes
    /// the form's hidden token from the page.
    func submit(_ action: String, _ fields: [String: String] = [:], token: Bool = true) async throws -> Page {
        try await run(
            "submit",
            [
                "action": .string(action), "fields": .object(fields.mapValues(JSONValue.string)),
                "drop_token": .bool(!token),
            ])
    }

    /// Forgets every cookie, then signs in as `user` on the sign-in page.
    func signIn(_ user: String, password: String = Device.password) async throws -> Page {
        try await run("signIn", ["user": .string(user), "password": .string(password)])
    }

    /// Posts a form of the page's own making to `path`, with the page's token and `fields`: what a reader who types
    /// an address into a form could send.
    func post(_ path: String, _ fields: [String: String] = [:]) async throws -> Page {
        try await run("post", ["path": .string(path), "fields": .object(fields.mapValues(JSONValue.string))])
    }

    /// Opens `path` in a `width`×`height` viewport (a phone's below 600 wide) and, if it answered 200, saves what the
    /// browser shows to `file` as PNG.
    func screenshot(_ path: String, to file: URL, width: Int, height: Int) async throws -> Page {
        try await run(
            "screenshot",
            [
                "path": .string(path), "file": .string(file.path), "width": .number(Double(width)),
                "height": .number(Double(height)),
            ])
    }

    /// The cookies the browser keeps for the web door.
    func cookies() async throws -> [Cookie] {
        try await run("cookies", [:])
    }

    /// Sends one command and decodes its answer's value.
    private func run<T: Decodable>(_ operation: String, _ arguments: [String: JSONValue]) async throws -> T {
        let command = JSONValue.object(["op": .string(operation), "args": .object(arguments)])
        var line = try JSONEncoder().encode(command)
        line.append(UInt8(ascii: "\n"))
        let written = line.withUnsafeBytes { send(channel, $0.baseAddress, $0.count, Self.noSignal) }
        guard written == line.count else { throw Failure(.string("the browser's pipe is closed"), log: logTail) }
        let answer = try await readAnswer(within: .seconds(90))
        guard let value = answer.objectValue?["value"] else { throw Failure(answer, log: logTail) }
        return try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    /// Reads the next line the script prints, waiting at most `timeout`.
    private func readAnswer(within timeout: Duration) async throws -> JSONValue {
        let line: Data? = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.readLine(within: timeout)) }
        }
        guard let line else {
            throw Failure(.string("the browser answered nothing within \(timeout) or stopped"), log: logTail)
        }
        return try JSONDecoder().decode(JSONValue.self, from: line)
    }

    /// Blocks until a whole line has come, the pipe closes (nil) or `timeout` passes (nil).
    private func readLine(within timeout: Duration) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        let deadline = ContinuousClock.now + timeout
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while pending.firstIndex(of: UInt8(ascii: "\n")) == nil {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var descriptor = pollfd(fd: channel, events: Int16(POLLIN), revents: 0)
            // A second at a time: a script that died while Chromium holds its socket open sends no end of file.
            let ready = poll(&descriptor, 1, CInt(min(left.components.seconds * 1000 + 1, 1000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready >= 0, ready > 0 || process.isRunning else { return nil }
            guard ready > 0 else { continue }
            let count = recv(channel, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending.append(contentsOf: chunk[0..<count])
        }
        let end = pending.firstIndex(of: UInt8(ascii: "\n"))!
        let line = pending[pending.startIndex..<end]
        pending = Data(pending[(end + 1)...])
        return Data(line)
    }

    /// Ends the script (it closes the browser when its input ends); one that outlives 20 s is killed with what it
    /// started (it leads a process group of its own).
    private func finish() async {
        shutdown(channel, CInt(SHUT_WR))
        let ended =
            (try? await eventually(timeout: .seconds(20), every: .milliseconds(50)) { !process.isRunning }) ?? false
        if !ended { kill(-process.pid, SIGKILL) }
        _ = await process.wait()
        close(channel)
    }

    /// The end of what the script and chromedriver wrote to standard error.
    private var logTail: String {
        String(((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(3000))
    }

    /// A connected pair of Unix sockets, both closed in every program this process starts but where given as a
    /// standard stream.
    private static func socketPair() throws -> (CInt, CInt) {
        var ends: [CInt] = [0, 0]
        #if os(Linux)
        let made = socketpair(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
        #else
        var on: CInt = 1
        let made =
            socketpair(AF_UNIX, SOCK_STREAM, 0, &ends) == 0
            && ends.allSatisfy {
                fcntl($0, F_SETFD, FD_CLOEXEC) == 0
                    && setsockopt($0, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<CInt>.size)) == 0
            }
        #endif
        guard made else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return (ends[0], ends[1])
    }

    /// A write to a script that has ended fails instead of ending this process with SIGPIPE.
    #if os(Linux)
    private static let noSignal = CInt(MSG_NOSIGNAL)
    #else
    private static let noSignal: CInt = 0
    #endif

    /// A command the browser could not carry out, or a browser that did not start.
    struct Failure: Error, CustomStringConvertible {
        let answer: JSONValue
        let log: String
        init(_ answer: JSONValue, log: String) {
            self.answer = answer
            self.log = log
        }
        var description: String {
            "the browser: \(answer.objectValue?["error"]?.stringValue ?? answer.stringValue ?? "\(answer)")\n\(log)"
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// For the tests that drive ``RealBrowser``: skipped, with the reason, where Chromium, its driver or a Python with
    /// selenium is missing; under CI (`CI=true`, where `.ci/run` installs them) they always run, so that a missing one
    /// fails them there instead.
    static var requiresRealBrowser: Self {
        .enabled("needs chromium, chromium-driver and python3-selenium (apt-get install them; .ci/run does)") {
            if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
            guard RealBrowser.isInstalled else { return false }
            return await IndependentPython.first(importing: "selenium") != nil
        }
    }
}
