import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Everything an account can see, written to a folder as JSON and CSV (`gorilla export --out DIR`): the portability
/// coaching platforms lack. A coach's export holds their catalogue and every client's data; a client's holds their
/// own data and the catalogue their coach shares with them. Exported from this device's copy, synced first when the
/// server can be reached.
///
/// | file | holds |
/// |---|---|
/// | `account.json` | the account (profile) |
/// | `machines.json`, `exercises.json`, `trainings.json` | the catalogue |
/// | `clients.json` | the clients (a removed one with `"removed": true`) |
/// | `events.json` | the calendar, each event with its `clientName` |
/// | `sessions.json` | the history: every session with its exercises and sets, `clientName`, `trainingName` |
/// | `measurements.json` | body measurements, with `clientName` |
/// | `messages.json` | messages (session comments among them, with their `session`) |
/// | `sets.csv` | every set of every session, one row each |
/// | `measurements.csv` | one row per measurement |
package struct ExportService: Sendable {
    let context: DeviceContext

    package init(_ context: DeviceContext) {
        self.context = context
    }

    /// The columns of `sets.csv`.
    package static let setColumns = ["session", "date", "client", "training"] + SessionExport.csvColumns.dropFirst(2)

    /// `gorilla export --out DIR [--force]`: writes every file into `directory` (created if missing).
    /// - Parameters:
    ///   - force: write into a folder that already holds files (the export's own files are replaced).
    ///
    /// Each file written is reported to the context's progress reporter (``SideOutput``): rows written of all, bytes.
    /// - Throws: ``ClientError`` `.usage` for a folder that is not empty (without `force`), `.local` when a file
    ///   cannot be written.
    package func export(to directory: String, force: Bool) async throws -> ExportSummary {
        let folder = URL(fileURLWithPath: directory)
        try Self.check(folder, force: force)
        let cache = try await context.freshCache()
        let profile = try context.session().profile
        let clientNames = try ClientDirectory(cache: cache).names()
        func clientName(_ client: UUID?) -> String? { client.flatMap { clientNames[$0] } }
        let trainingNames = try AppointmentFacts.trainings(in: cache)
        func byName<Document: EntityDocument>(
            _ rows: [Stored<Document>], _ name: (Document) -> String
        ) -> [Stored<Document>] {
            rows.sortedByFoldedName({ name($0.value) }, tie: \.id.key)
        }
        func records<Document: EntityDocument>(_ rows: [Stored<Document>]) -> [DocumentRecord<Document, NoExtra>] {
            rows.map { DocumentRecord($0) }
        }

        let sessions = try cache.all(TrainingSession.self).sorted { ($0.start, $0.id.key) < ($1.start, $1.id.key) }
        let measurements = try cache.all(GorillaShared.Measurement.self).sorted {
            ($0.date.daysSinceEpoch, $0.id.key) < ($1.date.daysSinceEpoch, $1.id.key)
        }
        let messages = try cache.all(Message.self).sorted { ($0.sent, $0.id.key) < ($1.sent, $1.id.key) }
        let clients = try cache.all(GorillaShared.Client.self, includeDeleted: true).map {
            (row: $0, name: ClientDirectory.displayName($0))
        }.sorted { ($0.name.lowercased(), $0.row.id.key) < ($1.name.lowercased(), $1.row.id.key) }
        var contents: [(file: String, rows: Int, content: Data)] = []
        func add(_ file: String, _ rows: Int, _ value: some Encodable) throws {
            contents.append((file, rows, try Self.encoder.encode(value) + Data("\n".utf8)))
        }
        try add("account.json", 1, profile)
        let machines = byName(try cache.all(Machine.self), \.name)
        try add("machines.json", machines.count, records(machines))
        let exercises = byName(try cache.all(Exercise.self), \.name)
        try add("exercises.json", exercises.count, records(exercises))
        let trainings = byName(try cache.all(Training.self), \.name)
        try add("trainings.json", trainings.count, records(trainings))
        try add(
            "clients.json", clients.count,
            clients.map { DocumentRecord($0.row, adding: Removed(removed: $0.row.deleted ? true : nil)) })
        let events = try cache.all(Event.self).sorted { ($0.start, $0.id.key) < ($1.start, $1.id.key) }
        try add(
            "events.json", events.count,
            events.map { DocumentRecord($0, adding: ClientNamed(clientName: clientName($0.client))) })
        try add(
            "sessions.json", sessions.count,
            sessions.map { session in
                ExportedSession(
                    session, clientName: clientName(session.client),
                    trainingName: session.training.flatMap { trainingNames[$0] })
            })
        try add(
            "measurements.json", measurements.count,
            measurements.map { DocumentRecord($0, adding: ClientNamed(clientName: clientName($0.client))) })
        try add("messages.json", messages.count, records(messages))
        let sets = Self.setRows(sessions, clientNames: clientNames, trainingNames: trainingNames)
        contents.append(("sets.csv", sets.count, Self.csv(header: Self.setColumns, rows: sets)))
        let (measureColumns, measureRows) = Self.measurementRows(measurements, clientNames: clientNames)
        contents.append(("measurements.csv", measureRows.count, Self.csv(header: measureColumns, rows: measureRows)))

        try Self.create(folder)
        let progress = context.side.progress
        let rows = contents.reduce(0) { $0 + $1.rows }
        var written = WorkProgress(.export, done: 0, total: rows, bytes: 0)
        progress?(written)
        defer {
            written.finished = true
            progress?(written)
        }
        for item in contents {
            do {
                try item.content.write(to: folder.appendingPathComponent(item.file), options: .atomic)
                written.done += item.rows
                written.bytes += item.content.count
                progress?(written)
            } catch {
                throw ClientError(
                    .local,
                    DataPhrases.cannotWrite.t([
                        "path": folder.appendingPathComponent(item.file).path, "error": "\(error)",
                    ]))
            }
        }
        return ExportSummary(
            directory: folder.path, account: profile.username, role: profile.role,
            files: contents.map { ExportSummary.File(name: $0.file, rows: $0.rows) })
    }

    /// Refuses a `folder` that is a file, or that holds anything unless `force` allows writing into it.
    static func check(_ folder: URL, force: Bool) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw ClientError(.usage, DataPhrases.outIsAFile.t(["path": folder.path]))
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if !entries.isEmpty, !force {
            throw ClientError(.usage, DataPhrases.folderNotEmpty.t(["path": folder.path, "count": entries.count]))
        }
    }

    /// Creates `folder` (and the folders above it) when it does not exist yet, for its owner only.
    static func create(_ folder: URL) throws {
        guard !FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ClientError(.local, DataPhrases.cannotCreate.t(["path": folder.path, "error": "\(error)"]))
        }
    }

    /// JSON for a person to open: indented, keys sorted, times as the wire writes them.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = WireCoding.encoder.dateEncodingStrategy
        return encoder
    }()

    /// RFC 4180: a header, then one record per row, CRLF line ends.
    static func csv(header: [String], rows: [[String]]) -> Data {
        Data(
            (([header.joined(separator: ",")] + rows.map { $0.joined(separator: ",") }).map { $0 + "\r\n" }).joined()
                .utf8)
    }

    /// The rows of `sets.csv`: each set of each session, after the session's id, start (local, with the offset),
    /// client and training.
    static func setRows(
        _ sessions: [Stored<TrainingSession>], clientNames: [UUID: String], trainingNames: [UUID: String]
    ) -> [[String]] {
        sessions.flatMap { session in
            let prefix = [
                session.id.key, EventFormatting.localISO(session.start), clientNames[session.client] ?? "",
                session.training.flatMap { trainingNames[$0] } ?? "",
            ]
            return SessionExport.csvRows(session.exercises, prefix: prefix)
        }
    }

    /// The columns and rows of `measurements.csv`: the day, the client, each measure the entries hold (in the
    /// catalogue's order: weight in kg, height and girths in cm, body fat in %) and the note.
    static func measurementRows(
        _ measurements: [Stored<GorillaShared.Measurement>], clientNames: [UUID: String]
    ) -> (columns: [String], rows: [[String]]) {
        let measures = BodyMeasure.allCases.filter { measure in measurements.contains { $0.value[measure] != nil } }
        var columns = ["id", "date", "client"] + measures.map(\.rawValue)
        columns.append("note")
        let rows = measurements.map { entry in
            [entry.id.key, entry.date.description, CSV.field(clientNames[entry.client] ?? "")]
                + measures.map { entry.value[$0].map(Numbers.plain) ?? "" }
                + [CSV.field(entry.note ?? "")]
        }
        return (columns, rows)
    }
}
