import Crypto
import NIOSSL

/// SHA-256 fingerprints of certificates, in lowercase hex without colons
/// (the value `openssl x509 -noout -fingerprint -sha256` prints, without its colons).
package enum Fingerprint {
    /// The fingerprint of DER-encoded certificate bytes.
    package static func of(der: some Sequence<UInt8>) -> String {
        hex(SHA256.hash(data: Array(der)))
    }

    /// The fingerprint of a certificate.
    package static func of(_ certificate: NIOSSLCertificate) throws -> String {
        of(der: try certificate.toDERBytes())
    }

    /// Normalises a user-typed fingerprint: removes colons and spaces, lowercases; nil unless 64 hex digits.
    package static func normalize(_ text: String) -> String? {
        let cleaned = text.lowercased().filter { $0 != ":" && $0 != " " }
        guard cleaned.count == 64, cleaned.allSatisfy(\.isHexDigit) else { return nil }
        return cleaned
    }

    /// Lowercase hex of a digest or byte sequence.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
