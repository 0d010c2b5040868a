import Foundation
import GorillaClientCore
import GorillaShared

#if canImport(Glibc)
import Glibc
#endif

/// Where `--save-photo FILE [--force]` writes a photo: a normal file of the user's (mode 0666 less the umask the
/// command started with, 0644 as a rule), never over an existing file unless forced.
package struct PhotoFile: Sendable {
    /// The file to write.
    package let path: String
    /// Whether an existing file is overwritten.
    package let force: Bool
    /// The permission bits the file is created with.
    package let mode: mode_t

    package init(path: String, force: Bool, mode: mode_t = 0o644) {
        self.path = path
        self.force = force
        self.mode = mode
    }

    /// Writes `bytes` to the file.
    /// - Throws: ``ClientError`` `.local` when the file exists (without ``force``) or cannot be written.
    package func write(_ bytes: Data) throws {
        let existed = access(path, F_OK) == 0
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (force ? O_TRUNC : O_EXCL)
        let descriptor = open(path, flags, mode)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw ClientError(.local, SettingsPhrases.photoFileExists.t(["path": path])) }
            throw ClientError(.local, CataloguePhrases.cannotWriteFile.t(["path": path]))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // The command's own umask keeps its cache private; a photo the user asked for is theirs to share.
        if !existed { fchmod(descriptor, mode) }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw ClientError(.local, CataloguePhrases.cannotWriteFile.t(["path": path]))
        }
    }

    /// Saves the image `sha` (a profile's photo): this device's copy when it holds one, else downloaded with
    /// `media.get`.
    func save(_ sha: String, context: DeviceContext) async throws {
        let bytes: Data
        if let local = try context.cache().media(sha) {
            bytes = local
        } else {
            bytes = try await context.withServer { connection in
                try await MediaTransfer.download(sha, over: connection)
            }
        }
        try write(bytes)
    }
}
