import Foundation
import GorillaShared
import GorillaTransport

#if canImport(Glibc)
import Glibc
#endif

extension OutboxJournal {
    /// Where one appended line lies: the file it went to and its bytes' range.
    struct Appended: Sendable, Equatable {
        let device: UInt64
        let inode: UInt64
        let start: Int64
        let end: Int64
    }

    /// Takes back a `queued` line whose cache transaction failed after it was written (the commit found the disk
    /// full): cut off when it is still the file's last line, else followed by `{"failed":[id]}`. Nothing is left to
    /// do when the journal was replaced since (it was rewritten from the outbox, which never held the change).
    func retract(_ appended: Appended, id: UUID) {
        withLockedFile { descriptor, status in
            guard UInt64(status.st_dev) == appended.device, UInt64(status.st_ino) == appended.inode else { return }
            if Int64(status.st_size) == appended.end, ftruncate(descriptor, off_t(appended.start)) == 0 { return }
            _ = try? write(
                Array((FastJSON.text(["failed": .array([.string(id.key)])]) + "\n").utf8), to: descriptor, status)
        }
    }

    /// Appends `bytes` (whole lines) under an exclusive lock of the file; `durable` waits until they are on the disk
    /// (a queued change, which the command then reports as saved).
    ///
    /// A line is never glued to a line cut short before (it starts on a line of its own), and a write that fails
    /// half way (a full disk) is cut off again, so that no torn line stays behind.
    @discardableResult
    func append(_ bytes: [UInt8], durable: Bool = false) throws -> Appended {
        let appended = withLockedFile { descriptor, status in
            Result {
                let appended = try write(bytes, to: descriptor, status)
                if durable, fdatasync(descriptor) != 0 {
                    let failure = errno
                    _ = ftruncate(descriptor, off_t(appended.start))
                    throw writeError(errno: failure)
                }
                return appended
            }
        }
        guard let appended else { throw writeError() }
        return try appended.get()
    }

    private func write(_ bytes: [UInt8], to descriptor: Int32, _ status: stat) throws -> Appended {
        let start = Int64(status.st_size)
        var bytes = bytes
        if start > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, off_t(start - 1)) == 1, last != UInt8(ascii: "\n") {
                bytes.insert(UInt8(ascii: "\n"), at: 0)
            }
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(start) + off_t(written))
            }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = errno
                _ = ftruncate(descriptor, off_t(start))
                throw writeError(errno: failure)
            }
            written += count
        }
        return Appended(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), start: start, end: start + Int64(written))
    }

    /// Runs `body` with the journal open for writing (created, 0600) and locked against other processes; nil when
    /// it cannot be opened.
    private func withLockedFile<T>(_ body: (Int32, stat) -> T) -> T? {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { return nil }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return body(descriptor, status)
    }

    private func writeError(errno code: Int32 = errno) -> CocoaError {
        CocoaError(
            code == ENOSPC ? .fileWriteOutOfSpace : .fileWriteUnknown,
            userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)])
    }
}
