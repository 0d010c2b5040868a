import Foundation
import GorillaServer
import GorillaTesting
import GorillaTransport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Where `openssl` is, if it is on PATH.
private let opensslPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":")
        .map { "\($0)/openssl" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// Runs `openssl` with `arguments`, writes `input` to its stdin, and collects stdout until a line
/// satisfies `until` (then stops it) or it exits; stopped after `timeout` seconds in any case.
///
/// Children inherit the blocked signal mask of the test's threads, so they are stopped with SIGKILL.
private func runOpenSSL(
    _ arguments: [String], input: String? = nil, timeout: TimeInterval = 20,
    until: @escaping @Sendable (String) -> Bool = { _ in false }
) async throws -> String {
    // Pipes of our own, the child's ends closed here once it has them (so that its exit ends our reads).
    var toChild = [CInt](repeating: -1, count: 2), fromChild = [CInt](repeating: -1, count: 2)
    // Close-on-exec, so that no other child started meanwhile (a tmux of another test) holds an end open.
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw POSIXError(.EMFILE) }
    for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    let child: ChildProcess
    do {
        child = try ChildProcess(
            try #require(opensslPath), arguments, environment: ProcessInfo.processInfo.environment,
            stdin: .descriptor(toChild[0]), stdout: .descriptor(fromChild[1]))
    } catch {
        for descriptor in toChild + fromChild { close(descriptor) }
        throw error
    }
    close(toChild[0])
    close(fromChild[1])
    if let input {
        _ = Array(input.utf8).withUnsafeBytes { write(toChild[1], $0.baseAddress, $0.count) }
    }

    let watchdog = Task {
        try await Task.sleep(for: .seconds(timeout))
        child.send(SIGKILL)
    }
    defer { watchdog.cancel() }
    let reader = fromChild[0]
    let collectedOutput: String = await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            var collected = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                // A plain read, retried when a signal for another test interrupts it.
                let count = read(reader, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                collected.append(contentsOf: buffer[0..<count])
                let text = String(decoding: collected, as: UTF8.self)
                if text.split(separator: "\n").contains(where: { until(String($0)) }) {
                    child.send(SIGKILL)
                    break
                }
            }
            continuation.resume(returning: String(decoding: collected, as: UTF8.self))
        }
    }
    close(toChild[1])
    _ = await child.wait()
    close(fromChild[0])
    return collectedOutput
}

@Suite(.hangLimit, .enabled(if: opensslPath != nil, "openssl is not on PATH"))
struct OpenSSLTests {
    @Test func opensslClientGetsAHelloReplyOverTLS13() async throws {
        try await withTestServer { server in
            let port = server.port
            let output = try await runOpenSSL(
                ["s_client", "-connect", "127.0.0.1:\(port)", "-tls1_3", "-quiet"],
                input: #"{"id":1,"op":"hello","body":{"version":1}}"# + "\n",
                until: { $0.contains("\"result\"") }
            )
            let line = try #require(output.split(separator: "\n").first { $0.contains("\"result\"") })
            let reply = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? JSONObject)
            #expect(reply.id == 1)
            #expect(reply.result == 0)
            #expect(reply.value?["version"] as? Int == 1)
        }
    }

    @Test func opensslFingerprintMatchesServerJSON() async throws {
        try await withTestServer { server in
            let dataDirectory = server.dataDirectory
            let certificate = dataDirectory.appendingPathComponent("server-cert.pem").path
            let output = try await runOpenSSL(["x509", "-noout", "-fingerprint", "-sha256", "-in", certificate])
            // "sha256 Fingerprint=AB:CD:..." (the prefix's case varies between versions).
            let printed = try #require(output.split(separator: "=", maxSplits: 1).last)
            let fingerprint = try #require(
                Fingerprint.normalize(printed.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(fingerprint == (try serverInfo(in: dataDirectory)).fingerprint)
        }
    }

    @Test func certificateIsACertificateAuthorityForLocalhost() async throws {
        try await withTestServer { server in
            let dataDirectory = server.dataDirectory
            let certificate = dataDirectory.appendingPathComponent("server-cert.pem").path
            let output = try await runOpenSSL(["x509", "-noout", "-text", "-in", certificate])
            #expect(output.contains("CA:TRUE"))
            #expect(output.contains("Certificate Sign"))
            #expect(output.contains("DNS:localhost"))
            #expect(output.contains("IP Address:127.0.0.1"))
        }
    }

    /// TLS 1.2 offers only authenticated encryption with ephemeral keys: a client that offers nothing but a CBC suite
    /// (or static RSA) gets no handshake; one that offers an AEAD suite is served.
    @Test(arguments: [
        ("ECDHE-ECDSA-AES128-GCM-SHA256", true), ("ECDHE-ECDSA-AES256-GCM-SHA384", true),
        ("ECDHE-ECDSA-CHACHA20-POLY1305", true),
        ("ECDHE-ECDSA-AES128-SHA", false), ("ECDHE-ECDSA-AES256-SHA", false), ("ECDHE-ECDSA-AES128-SHA256", false),
        ("ECDHE-ECDSA-AES256-SHA384", false), ("AES128-GCM-SHA256", false), ("AES128-SHA", false),
    ])
    func tls12OffersOnlyAEADCipherSuites(cipher: String, served: Bool) async throws {
        try await withTestServer { server in
            let port = server.port
            let output = try await runOpenSSL(
                ["s_client", "-connect", "127.0.0.1:\(port)", "-tls1_2", "-cipher", "\(cipher):@SECLEVEL=0", "-quiet"],
                input: #"{"id":1,"op":"hello","body":{"version":1}}"# + "\n",
                timeout: 10,
                until: { $0.contains("\"result\"") }
            )
            #expect(output.contains("\"result\":0") == served, "\(cipher): \(output.prefix(200))")
        }
    }
}
