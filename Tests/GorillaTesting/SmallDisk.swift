import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs of its own, mounted for one test and filled on demand: a full disk as a device meets it.
///
/// Mounting needs root on Linux (``available``); the mount is taken away when the disk is released.
package final class SmallDisk: Sendable {
    /// Where the disk is mounted.
    package var url: URL { folder.url }
    private let folder: TemporaryFolder
    private var filler: URL { url.appendingPathComponent("filler") }

    /// Whether this process may mount a tmpfs (root, with `mount`).
    package static var available: Bool {
        geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")
    }

    /// Mounts a tmpfs of `bytes` on a fresh temporary folder.
    package init(bytes: Int) throws {
        folder = try TemporaryFolder("gorilla-small-disk")
        let mounted = try ChildProcess(
            "/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes),mode=0700", "tmpfs", folder.url.path], environment: [:]
        ).waitBlocking()
        guard mounted.status == 0 else { throw DiskError(description: "mount tmpfs failed (\(mounted.status))") }
    }

    /// Fills the disk with a file of zeros until the kernel refuses more, then gives back `free` bytes.
    package func fill(leaving free: Int) throws {
        let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DiskError(description: "cannot create \(filler.path)") }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        var size = 0
        while true {
            let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            size += written
        }
        guard errno == ENOSPC || errno == 0 else { throw DiskError(description: "filling: errno \(errno)") }
        guard ftruncate(descriptor, off_t(max(0, size - free))) == 0 else {
            throw DiskError(description: "truncating the filler: errno \(errno)")
        }
    }

    /// Frees what ``fill(leaving:)`` took.
    package func empty() {
        try? FileManager.default.removeItem(at: filler)
    }

    deinit {
        _ = try? ChildProcess("/bin/umount", ["-l", folder.url.path], environment: [:]).waitBlocking()
    }

    package struct DiskError: Error, CustomStringConvertible {
        package let description: String
    }
}
