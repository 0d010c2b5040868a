import Crypto
import Foundation
import GorillaShared
import GorillaTransport

/// Random secrets (session tokens, reset tokens) and their stored hashes.
package enum Tokens {
    /// A new 256-bit random token, base64url without padding.
    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The hash under which a token is stored: SHA-256, hex. Tokens are random, so no salt is needed.
    package static func hash(_ token: String) -> String {
        Fingerprint.hex(SHA256.hash(data: Array(token.utf8)))
    }
}
