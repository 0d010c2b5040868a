import Crypto
import Foundation
import GorillaClientCore
import GorillaTerminal

extension UUID {
    /// The UUID of `name` in `namespace` (RFC 9562 version 5: SHA-1 of the namespace's bytes and the name's UTF-8,
    /// version and variant bits set): the same name always gives the same id, so that something imported twice is
    /// recognised as already there.
    static func named(_ name: String, in namespace: UUID) -> UUID {
        var hasher = Insecure.SHA1()
        withUnsafeBytes(of: namespace.uuid) { hasher.update(bufferPointer: $0) }
        hasher.update(data: Data(name.utf8))
        var bytes = Array(hasher.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
