import Foundation
import GorillaServer
import GorillaTesting
import GorillaTransport
import NIOConcurrencyHelpers
import Testing

/// The shared client-side TLS pieces (`TLSConfigurations.pinnedClient` with `PinnedCertificateVerifier`)
/// against the real server.
@Suite(.hangLimit)
struct CertificatePinningTests {
    @Test func pinnedVerifierAcceptsTheServersOwnCertificate() async throws {
        try await withTestServer { server in
            let port = server.port
            let dataDirectory = server.dataDirectory
            let expected = try serverInfo(in: dataDirectory).fingerprint
            let seen = NIOLockedValueBox<[String]>([])
            let verifier = PinnedCertificateVerifier(pinned: expected) { fingerprint in
                seen.withLockedValue { $0.append(fingerprint) }
            }
            let context = try TLSConfigurations.pinnedClient()
            try await withClient(
                port: port, tlsHandler: { try verifier.makeHandler(context: context, serverHostname: nil) }
            ) { client in
                try await client.hello()
            }
            #expect(seen.withLockedValue { $0 } == [expected])
        }
    }

    @Test func trustOnFirstUseReportsTheFingerprintItSaw() async throws {
        try await withTestServer { server in
            let port = server.port
            let dataDirectory = server.dataDirectory
            let expected = try serverInfo(in: dataDirectory).fingerprint
            let seen = NIOLockedValueBox<[String]>([])
            let verifier = PinnedCertificateVerifier(pinned: nil) { fingerprint in
                seen.withLockedValue { $0.append(fingerprint) }
            }
            let context = try TLSConfigurations.pinnedClient()
            try await withClient(
                port: port, tlsHandler: { try verifier.makeHandler(context: context, serverHostname: nil) }
            ) { client in
                try await client.hello()
            }
            #expect(seen.withLockedValue { $0 } == [expected])
        }
    }

    @Test func pinnedVerifierRefusesAnotherCertificate() async throws {
        try await withTestServer { server in
            let port = server.port
            let dataDirectory = server.dataDirectory
            let actual = try serverInfo(in: dataDirectory).fingerprint
            let seen = NIOLockedValueBox<[String]>([])
            let verifier = PinnedCertificateVerifier(pinned: String(repeating: "0", count: 64)) { fingerprint in
                seen.withLockedValue { $0.append(fingerprint) }
            }
            let context = try TLSConfigurations.pinnedClient()
            await #expect(throws: (any Error).self, "a certificate other than the pinned one was accepted") {
                try await withClient(
                    port: port, tlsHandler: { try verifier.makeHandler(context: context, serverHostname: nil) }
                ) { client in
                    try await client.hello()
                }
            }
            #expect(seen.withLockedValue { $0 } == [actual])
        }
    }
}
