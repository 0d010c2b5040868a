import Foundation
import SwiftASN1
import X509

/// Checks made on a certificate and key before the server uses them.
enum CertificateCheck {
    /// Throws when `keyPath` holds a key that is not the certificate's: BoringSSL would otherwise fail every
    /// handshake, or report the mismatch in its own terms. A key or certificate of a kind this check cannot read is
    /// left to TLS.
    static func keyMatches(certificatePath: String, keyPath: String) throws {
        let certificateText = try StartupError.wrap(.certificate, "cannot read the certificate \(certificatePath)") {
            try String(contentsOfFile: certificatePath, encoding: .utf8)
        }
        let keyText = try StartupError.wrap(.certificate, "cannot read the key \(keyPath)") {
            try String(contentsOfFile: keyPath, encoding: .utf8)
        }
        guard
            let leaf = try? PEMDocument.parseMultiple(pemString: certificateText).first(where: {
                $0.discriminator == "CERTIFICATE"
            }),
            let certificate = try? Certificate(derEncoded: leaf.derBytes)
        else {
            throw StartupError(.certificate, "the certificate \(certificatePath) holds no PEM certificate")
        }
        guard let key = try? Certificate.PrivateKey(pemEncoded: keyText) else { return }
        guard key.publicKey == certificate.publicKey else {
            throw StartupError(
                .certificate,
                "the key \(keyPath) does not match the certificate \(certificatePath) (they are not a pair)")
        }
    }
}
