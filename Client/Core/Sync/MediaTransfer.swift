import Crypto
import Foundation
import GorillaShared
import GorillaTransport

/// Images (machine pictures, profile photos) between the device and the server: read and checked from a file, kept
/// in the local cache, uploaded in chunks by the sync before the change that names them, downloaded when shown.
package enum MediaTransfer {
    /// Reads an image file, checking its type and size before any upload.
    package static func readImage(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ClientError(.local, AccountPhrases.cannotReadFile.t(["path": path]))
        }
        guard data.count <= MediaLimits.maxBytes, Validation.imageType(of: data) != nil else {
            throw ClientError(.usage, AccountPhrases.imageTooLargeOrWrongType.t(["path": path]))
        }
        return Array(data)
    }

    /// Uploads an image in chunks; returns its SHA-256.
    package static func upload(_ bytes: [UInt8], over connection: ServerConnection) async throws -> String {
        let sha = Fingerprint.hex(SHA256.hash(data: bytes))
        var offset = 0
        while true {
            let end = min(bytes.count, offset + MediaLimits.chunkBytes)
            let chunk = Data(bytes[offset..<end]).base64EncodedString()
            let reply = try await connection.request(
                Operation.mediaPut, MediaPutBody(sha256: sha, total: bytes.count, offset: offset, data: chunk),
                as: MediaPutReply.self)
            if reply.complete { return sha }
            guard reply.received > offset || end > offset else {
                throw ClientError(.protocolError, AccountPhrases.uploadStalled.t())
            }
            offset = reply.received
        }
    }

    /// Downloads an image by SHA-256.
    package static func download(_ sha: String, over connection: ServerConnection) async throws -> Data {
        var data = Data()
        while true {
            let reply = try await connection.request(
                Operation.mediaGet, MediaGetBody(sha256: sha, offset: data.count), as: MediaGetReply.self)
            guard let chunk = Data(base64Encoded: reply.data) else {
                throw ClientError(.protocolError, AccountPhrases.badImageChunk.t())
            }
            data.append(chunk)
            if data.count >= reply.total || chunk.isEmpty { return data }
        }
    }
}
