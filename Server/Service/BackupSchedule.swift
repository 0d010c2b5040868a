import Foundation
import GRDB
import GorillaShared
import Logging

/// `--backup-every`: a backup of the SQLite store the server serves, every ``interval``, into ``folder`` as
/// `gorilla-YYYYMMDDTHHMMSSZ.backup` (mode 0600), keeping the ``kept`` newest. Each one is the consistent copy
/// `gorilla-server backup` makes, taken on a thread of its own from a snapshot: the server goes on writing meanwhile.
package struct BackupSchedule: Sendable {
    let source: any DatabaseReader
    let dataDirectory: URL
    let folder: URL
    let interval: TimeInterval
    let kept: Int
    let clock: TimeSource
    let logger: Logger

    /// Takes a backup every ``interval`` until cancelled.
    func run() async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: .seconds(interval))
            } catch {
                return
            }
            _ = await takeOne()
        }
    }

    /// Takes one backup and removes the oldest beyond ``kept``; returns the file, or nil after logging why not.
    func takeOne() async -> URL? {
        let now = clock.now
        let file = folder.appendingPathComponent(Self.name(at: now))
        return await withCheckedContinuation { (done: CheckedContinuation<URL?, Never>) in
            Thread.detachNewThread { [self] in
                do {
                    try FileManager.default.createDirectory(
                        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                    let summary = try OperatorTools.write(
                        from: source, dataDirectory: dataDirectory, to: file, now: now)
                    let removed = try Self.prune(folder, keeping: kept)
                    logger.info(
                        "backup written",
                        metadata: [
                            "file": "\(file.path)", "version": "\(summary.version)", "removed": "\(removed.count)",
                        ])
                    done.resume(returning: file)
                } catch {
                    logger.error("backup failed", metadata: ["file": "\(file.path)", "error": "\(error)"])
                    done.resume(returning: nil)
                }
            }
        }
    }

    /// `gorilla-20261129T100000Z.backup`: names that sort as their times do.
    package static func name(at date: Date) -> String {
        let stamp = ISOTime.format(date).filter { $0 != "-" && $0 != ":" }.prefix(15)
        return "gorilla-\(stamp)Z.backup"
    }

    /// Removes the scheduled backups in `folder` but the `kept` newest; returns those removed.
    package static func prune(_ folder: URL, keeping kept: Int) throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("gorilla-") && $0.hasSuffix(".backup") }.sorted()
        let removed = names.dropLast(max(kept, 1)).map { folder.appendingPathComponent($0) }
        for file in removed { try FileManager.default.removeItem(at: file) }
        return removed
    }

    /// `90s`, `30m`, `6h`, `1d` (or plain seconds) as seconds; nil for anything else or under a minute.
    package static func interval(parsing text: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        var number = Substring(text)
        var unit = 1.0
        if let last = text.last, let scale = units[last] {
            number = number.dropLast()
            unit = scale
        }
        guard let value = Double(number), value.isFinite, value * unit >= 60 else { return nil }
        return value * unit
    }
}
