import Crypto
import Foundation
import GorillaTransport
import NIOSSL
import SwiftASN1
import X509

/// The server's certificate and key: given PEM files, or a self-signed pair made on first start.
package struct ServerCertificate: Sendable {
    package let certificatePath: String
    package let keyPath: String
    /// SHA-256 of the certificate's DER bytes, lowercase hex.
    package let fingerprint: String

    /// Loads `certificatePath`/`keyPath` and computes the fingerprint of the leaf certificate.
    package init(certificatePath: String, keyPath: String) throws {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
        guard let leaf = try NIOSSLCertificate.fromPEMFile(certificatePath).first else {
            throw CertificateError(message: "no certificate in \(certificatePath)")
        }
        self.fingerprint = try Fingerprint.of(leaf)
    }

    /// The pair in `directory` (`server-cert.pem`, `server-key.pem`), created on first use.
    ///
    /// The certificate is ECDSA P-256, self-signed, valid ten years, with BasicConstraints CA:true,
    /// keyCertSign and SANs `localhost` and `127.0.0.1` (plus `host` if it is another name or address).
    package static func selfSigned(in directory: URL, host: String = "127.0.0.1") throws -> ServerCertificate {
        let certificateURL = directory.appendingPathComponent("server-cert.pem")
        let keyURL = directory.appendingPathComponent("server-key.pem")
        let manager = FileManager.default
        if !manager.fileExists(atPath: certificateURL.path) || !manager.fileExists(atPath: keyURL.path) {
            let (certificatePEM, keyPEM) = try makeSelfSigned(host: host)
            try SecureFiles.write(Data(keyPEM.utf8), to: keyURL)
            try SecureFiles.write(Data(certificatePEM.utf8), to: certificateURL, mode: 0o644)
        }
        return try ServerCertificate(certificatePath: certificateURL.path, keyPath: keyURL.path)
    }

    /// A new self-signed certificate and key, as PEM text.
    package static func makeSelfSigned(host: String = "127.0.0.1") throws -> (certificate: String, key: String) {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            CommonName("GorillaCoach server")
            OrganizationName("GorillaCoach")
        }
        var names: [GeneralName] = [.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))]
        if host != "127.0.0.1" && host != "localhost" && !host.isEmpty && host != "0.0.0.0" {
            if let address = ipv4Bytes(host) {
                names.append(.ipAddress(ASN1OctetString(contentBytes: ArraySlice(address))))
            } else if !host.contains(":") {
                names.append(.dnsName(host))
            }
        }
        let now = Date()
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(10 * 365 * 86_400),
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
                SubjectAlternativeNames(names)
            },
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        return (try certificate.serializeAsPEM().pemString, key.pemRepresentation)
    }

    private static func ipv4Bytes(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".")
        guard parts.count == 4 else { return nil }
        let bytes = parts.compactMap { UInt8($0) }
        return bytes.count == 4 ? bytes : nil
    }
}

/// A certificate that could not be loaded.
package struct CertificateError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
