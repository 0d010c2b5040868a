import Crypto
import Foundation
import GorillaShared
import GorillaTransport

extension RequestRouter {
    /// `profile.get`: the account, and a client's coaches (their own and the colleagues their data is shared with).
    func profile(state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        guard let user = try await context.store.user(id: principal.id) else { throw ServerError.notAuthenticated }
        state.principal = user
        var profile = user.profile
        profile.coaches = try await context.store.coaches(of: user, now: now)
        return .value(profile)
    }

    func updateProfile(_ body: ProfileUpdateBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        let user = try await context.store.updateProfile(userID: principal.id, body)
        state.principal = user
        return .value(user.profile)
    }

    /// Receives one chunk of an image into the ``UploadSpool``; the last chunk is checked (size, hash, PNG/JPEG magic) and stored.
    func putMedia(_ body: MediaPutBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        let sha = body.sha256.lowercased()
        guard sha.count == 64, sha.allSatisfy(\.isHexDigit) else { throw ServerError(.invalidField, "sha256") }
        guard (1...MediaLimits.maxBytes).contains(body.total) else { throw ServerError(.invalidImage) }
        guard let chunk = Data(base64Encoded: body.data), chunk.count <= MediaLimits.chunkBytes else {
            throw ServerError(.invalidField, "data")
        }
        let buffer: [UInt8]
        switch try await context.uploads.append(
            connection: state.id, account: principal.id, sha256: sha,
            total: body.total, offset: body.offset, chunk: chunk)
        {
        case .partial(let received):
            // Also where a device continues from after a chunk at the wrong offset.
            return .value(MediaPutReply(received: received, complete: false, type: nil))
        case .complete(let bytes):
            buffer = bytes
        }
        guard Fingerprint.hex(SHA256.hash(data: buffer)) == sha else {
            throw ServerError(.invalidField, "sha256 does not match")
        }
        guard let type = Validation.imageType(of: buffer) else { throw ServerError(.invalidImage) }
        try await context.store.putMedia(sha256: sha, type: type, bytes: buffer, ownerID: principal.id)
        return .value(MediaPutReply(received: buffer.count, complete: true, type: type))
    }

    func getMedia(_ body: MediaGetBody, state: inout ConnectionState) async throws -> ResponsePayload {
        let principal = try state.requirePrincipal()
        guard let (type, bytes) = try await context.store.media(sha256: body.sha256.lowercased(), principal: principal)
        else {
            throw ServerError(.notFound)
        }
        guard body.offset >= 0, body.offset <= bytes.count else { throw ServerError(.invalidField, "offset") }
        let end = min(bytes.count, body.offset + MediaLimits.chunkBytes)
        let chunk = bytes[bytes.startIndex + body.offset..<bytes.startIndex + end]
        return .value(
            MediaGetReply(total: bytes.count, offset: body.offset, data: Data(chunk).base64EncodedString(), type: type))
    }
}
