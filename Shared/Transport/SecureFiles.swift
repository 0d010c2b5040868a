import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes files that hold secrets or personal data with owner-only permissions.
package enum SecureFiles {
    /// Creates `directory` (and parents) with mode 0700 if missing, and tightens an existing one.
    package static func makeDirectory(_ directory: URL) throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
    }

    /// Writes `data` atomically to `url` with `mode` (0600 by default), via a temporary file and rename.
    package static func write(_ data: Data, to url: URL, mode: Int = 0o600) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: data, attributes: [.posixPermissions: mode])
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: temporary.path)
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
