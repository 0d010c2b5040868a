import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `gorilla export --out DIR`: the folder written, and each file with how many rows it holds (`--json`:
/// `directory`, `account`, `role`, `files` with each `name` and `rows`).
package struct ExportSummary: Encodable {
    /// One file of the export.
    package struct File: Encodable, Sendable {
        /// Its name in the folder (`sessions.json`).
        package let name: String
        /// The items (or CSV rows) it holds.
        package let rows: Int
    }

    /// The folder, as an absolute path.
    package let directory: String
    /// The account exported.
    package let account: String
    package let role: Role
    package let files: [File]
}
