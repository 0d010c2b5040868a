import NIOCore
import NIOSSL

/// Builders for the TLS configurations both sides use.
package enum TLSConfigurations {
    /// A server context from PEM files: TLS 1.2 minimum, 1.3 preferred.
    package static func server(certificatePEMFile: String, keyPEMFile: String) throws -> NIOSSLContext {
        try NIOSSLContext(
            configuration: serverConfiguration(certificatePEMFile: certificatePEMFile, keyPEMFile: keyPEMFile))
    }

    /// The server configuration from PEM files that both listeners use (the protocol's and the web door's).
    package static func serverConfiguration(certificatePEMFile: String, keyPEMFile: String) throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMFile(certificatePEMFile)
        let key = try NIOSSLPrivateKey(file: keyPEMFile, format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) },
            privateKey: .privateKey(key)
        )
        configuration.minimumTLSVersion = .tlsv12
        configuration.cipherSuiteValues = aeadCipherSuites
        return configuration
    }

    /// The TLS 1.2 cipher suites both sides offer: authenticated encryption (AES-GCM, ChaCha20-Poly1305) with
    /// ephemeral keys only; no CBC suite, no static RSA key exchange. TLS 1.3 suites are all of this kind already.
    package static let aeadCipherSuites: [NIOTLSCipher] = [
        .TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
        .TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
        .TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
        .TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
    ]

    /// A client context that leaves certificate checks to a pinning callback (see ``PinnedCertificateVerifier``).
    package static func pinnedClient() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        configuration.cipherSuiteValues = aeadCipherSuites
        // The pinning callback replaces chain validation; with `.none` BoringSSL would ignore its verdict.
        configuration.certificateVerification = .noHostnameVerification
        // The pinning callback decides; the system's CA bundle would never be consulted, and loading it costs
        // milliseconds on every command.
        configuration.trustRoots = .certificates([])
        return try NIOSSLContext(configuration: configuration)
    }
}

/// Checks the server's leaf certificate against a pinned SHA-256 fingerprint (trust on first use when none).
package struct PinnedCertificateVerifier: Sendable {
    /// The expected fingerprint; nil accepts any certificate and reports what it saw.
    package let pinned: String?
    /// Called with the fingerprint the server presented, before the verdict.
    package let observe: @Sendable (String) -> Void

    package init(pinned: String?, observe: @escaping @Sendable (String) -> Void = { _ in }) {
        self.pinned = pinned
        self.observe = observe
    }

    /// Makes the TLS handler for a new connection.
    package func makeHandler(context: NIOSSLContext, serverHostname: String?) throws -> NIOSSLClientHandler {
        let pinned = self.pinned
        let observe = self.observe
        return try NIOSSLClientHandler(context: context, serverHostname: serverHostname) { certificates, promise in
            guard let leaf = certificates.first, let seen = try? Fingerprint.of(leaf) else {
                promise.succeed(.failed)
                return
            }
            observe(seen)
            promise.succeed(pinned == nil || pinned == seen ? .certificateVerified : .failed)
        }
    }
}
