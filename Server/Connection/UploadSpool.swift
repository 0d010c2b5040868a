import Foundation
import GorillaShared

/// Unfinished image uploads (`media.put`), kept in files under the data folder instead of in memory, within a byte
/// budget per account and one for the whole server.
///
/// An upload reserves its announced size when its first chunk arrives and gives it back when it completes, fails, or
/// its connection goes: a peer that starts uploads and never finishes them holds no memory, a bounded amount of disk,
/// and that only while it stays connected. The folder is emptied when the first upload of a server run begins.
///
/// - Important: An actor; shared by every connection of a server.
actor UploadSpool {
    /// What a chunk left: the bytes held so far (the device continues from there), or the whole image.
    enum Progress: Sendable {
        case partial(received: Int)
        case complete([UInt8])
    }

    private struct Key: Hashable {
        let connection: UUID
        let sha256: String
    }

    private struct Upload {
        let account: UUID
        let total: Int
        var received: Int
        let file: URL
        let started: UInt64
    }

    let directory: URL
    let bytesPerAccount: Int
    let bytesTotal: Int
    private var uploads: [Key: Upload] = [:]
    private var reservedByAccount: [UUID: Int] = [:]
    private var reservedTotal = 0
    private var started: UInt64 = 0
    private var prepared = false

    init(directory: URL, bytesPerAccount: Int, bytesTotal: Int) {
        self.directory = directory
        self.bytesPerAccount = bytesPerAccount
        self.bytesTotal = bytesTotal
    }

    /// Adds `chunk`, which starts at `offset` of the image `sha256` of `total` bytes, to the connection's upload.
    ///
    /// A chunk at another offset than the bytes held changes nothing and is answered with them. A new upload that does
    /// not fit the account's budget first drops the connection's own older ones; if it still does not fit (or the whole
    /// server's budget is spent) it is refused with `rateLimited` and a retry delay.
    /// - Throws: ``ServerError`` (`invalidImage` for a chunk past `total`, `rateLimited`, `internalError` on a disk
    ///   failure).
    func append(
        connection: UUID, account: UUID, sha256: String, total: Int, offset: Int, chunk: Data
    ) throws -> Progress {
        let key = Key(connection: connection, sha256: sha256)
        var upload: Upload
        if let existing = uploads[key] {
            upload = existing
            guard upload.total == total else {
                discard(key)
                throw ServerError(.invalidImage, "the size changed during the upload")
            }
        } else {
            guard offset == 0 else { return .partial(received: 0) }
            upload = try begin(key, account: account, total: total)
        }
        guard offset == upload.received else { return .partial(received: upload.received) }
        guard upload.received + chunk.count <= total else {
            discard(key)
            throw ServerError(.invalidImage)
        }
        do {
            let handle = try FileHandle(forWritingTo: upload.file)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: chunk)
        } catch {
            discard(key)
            throw ServerError(.internalError)
        }
        upload.received += chunk.count
        guard upload.received == total else {
            uploads[key] = upload
            return .partial(received: upload.received)
        }
        defer { discard(key) }
        guard let bytes = try? Data(contentsOf: upload.file), bytes.count == total else {
            throw ServerError(.internalError)
        }
        return .complete(Array(bytes))
    }

    /// Drops every unfinished upload of `connection` (it closed).
    func discard(connection: UUID) {
        for key in uploads.keys where key.connection == connection { discard(key) }
    }

    private func begin(_ key: Key, account: UUID, total: Int) throws -> Upload {
        // The connection's own older uploads for the account make room first (a device that gave up on one).
        let own = uploads.filter { $0.key.connection == key.connection && $0.value.account == account }
            .sorted { $0.value.started < $1.value.started }.map(\.key)
        var dropping = own[...]
        while (reservedByAccount[account] ?? 0) + total > bytesPerAccount, let oldest = dropping.popFirst() {
            discard(oldest)
        }
        guard (reservedByAccount[account] ?? 0) + total <= bytesPerAccount, reservedTotal + total <= bytesTotal else {
            throw ServerError(.rateLimited, "too many unfinished uploads", retryAfter: 10)
        }
        try prepare()
        let file = directory.appendingPathComponent("\(key.connection.uuidString)-\(key.sha256)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw ServerError(.internalError)
        }
        started += 1
        reservedByAccount[account, default: 0] += total
        reservedTotal += total
        let upload = Upload(account: account, total: total, received: 0, file: file, started: started)
        uploads[key] = upload
        return upload
    }

    private func discard(_ key: Key) {
        guard let upload = uploads.removeValue(forKey: key) else { return }
        try? FileManager.default.removeItem(at: upload.file)
        reservedTotal -= upload.total
        let left = (reservedByAccount[upload.account] ?? 0) - upload.total
        reservedByAccount[upload.account] = left > 0 ? left : nil
    }

    /// Empties the folder (what a previous run left) the first time an upload begins.
    private func prepare() throws {
        guard !prepared else { return }
        try? FileManager.default.removeItem(at: directory)
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServerError(.internalError)
        }
        prepared = true
    }
}
