import Foundation
import NIOConcurrencyHelpers

/// A fresh folder under the system's temporary directory, removed when the last reference goes away unless kept.
package final class TemporaryFolder: Sendable {
    package let url: URL
    private let kept = NIOLockedValueBox(false)

    package init(_ prefix: String = "gorilla-e2e") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder (not created).
    package func child(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: true)
    }

    /// Removes the folder now (it is removed anyway when the last reference goes away).
    package func remove() { try? FileManager.default.removeItem(at: url) }

    /// Leaves the folder in place when the last reference goes away (`gorilla-bench --keep`).
    package func keep() { kept.withLockedValue { $0 = true } }

    deinit {
        if !kept.withLockedValue({ $0 }) { try? FileManager.default.removeItem(at: url) }
    }
}

/// Where `swift build` put the executables under test.
package enum Products {
    package static let directory: URL = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        // Tests/GorillaTesting/TemporaryFolder.swift → the package root.
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug", isDirectory: true))
        return candidates.first {
            FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("gorilla-server").path)
                && FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("gorilla").path)
        } ?? candidates.last!
    }()

    /// The `gorilla` CLI.
    package static var gorilla: URL { directory.appendingPathComponent("gorilla") }
    /// The `gorilla-server` executable.
    package static var server: URL { directory.appendingPathComponent("gorilla-server") }
}
