import Foundation
import GorillaShared

/// How far an export has got: the file being written, and its place among all of them.
public struct ExportProgress: Sendable {
    /// The file being written (`sessions.json`).
    public let file: String
    /// Its place, from 1.
    public let step: Int
    /// How many files the export writes.
    public let steps: Int
}

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
public struct ExportService: Sendable {
    let context: DeviceContext

    public init(_ context: DeviceContext) {
        self.context = context
    }

    /// The columns of `sets.csv`.
    public static let setColumns = ["session", "date", "client", "training"] + SessionExport.csvColumns.dropFirst(2)

    /// `gorilla export --out DIR [--force]`: writes every file into `directory` (created if missing).
    /// - Parameters:
    ///   - force: write into a folder that already holds files (the export's own files are replaced).
    ///   - progress: called before each file is written.
    /// - Throws: ``ClientError`` `.usage` for a folder that is not empty (without `force`), `.local` when a file
    ///   cannot be written.
    public func export(
        to directory: String, force: Bool, progress: @Sendable (ExportProgress) -> Void = { _ in }
    ) async throws -> ExportSummary {
        let folder = URL(fileURLWithPath: directory)
        try Self.check(folder, force: force)
        let cache = try await context.freshCache()
        let profile = try context.session().profile
        let clientNames = try ClientDirectory(cache: cache).names()
        func clientName(_ entity: CachedEntity) -> String? { entity[string: "client"].flatMap { clientNames[$0] } }
        let trainingNames = Dictionary(
            try cache.entities(.training, includeDeleted: true).map { ($0.id.key, $0.name) }
        ) { first, _ in first }
        func byStart(_ kind: EntityKind) throws -> [CachedEntity] {
            try cache.entities(kind).sorted {
                ($0[string: "start"] ?? "", $0.id.key) < ($1[string: "start"] ?? "", $1.id.key)
            }
        }
        func byName(_ kind: EntityKind) throws -> [CachedEntity] {
            try cache.entities(kind).sortedByFoldedName(\.name, tie: \.id.key)
        }
        func records(
            _ entities: [CachedEntity], adding: (CachedEntity) -> [String: JSONValue] = { _ in [:] }
        )
            -> JSONValue
        {
            .array(entities.map { (try? JSONValue.encode(EntityRecord($0, adding: adding($0)))) ?? .null })
        }
        func named(_ entity: CachedEntity) -> [String: JSONValue] {
            clientName(entity).map { ["clientName": .string($0)] } ?? [:]
        }

        let sessions = try byStart(.session)
        let measurements = try cache.entities(.measurement).sorted {
            ($0[string: "date"] ?? "", $0.id.key) < ($1[string: "date"] ?? "", $1.id.key)
        }
        let messages = try cache.entities(.message).sorted {
            ($0[string: "sent"] ?? $0[string: "queued"] ?? "9999", $0.id.key)
                < ($1[string: "sent"] ?? $1[string: "queued"] ?? "9999", $1.id.key)
        }
        let clients = try cache.entities(.client, includeDeleted: true).sorted {
            (ClientDirectory.displayName($0).lowercased(), $0.id.key)
                < (ClientDirectory.displayName($1).lowercased(), $1.id.key)
        }
        var contents: [(file: String, rows: Int, content: Data)] = []
        func add(_ file: String, _ rows: Int, _ value: JSONValue) throws {
            contents.append((file, rows, try Self.encoder.encode(value.withoutNulls) + Data("\n".utf8)))
        }
        try add("account.json", 1, try JSONValue.encode(profile))
        for (file, kind) in [("machines.json", EntityKind.machine), ("exercises.json", .exercise)] {
            let items = try byName(kind)
            try add(file, items.count, records(items))
        }
        let trainings = try byName(.training)
        try add("trainings.json", trainings.count, records(trainings))
        try add(
            "clients.json", clients.count,
            records(clients) { $0.deleted ? ["removed": true] : [:] })
        let events = try byStart(.event)
        try add("events.json", events.count, records(events, adding: named))
        try add(
            "sessions.json", sessions.count,
            records(sessions) { session in
                var extra = named(session)
                if let training = session[string: "training"].flatMap({ trainingNames[$0] }) {
                    extra["trainingName"] = .string(training)
                }
                return extra
            })
        try add("measurements.json", measurements.count, records(measurements, adding: named))
        try add("messages.json", messages.count, records(messages))
        let sets = Self.setRows(sessions, clientNames: clientNames, trainingNames: trainingNames)
        contents.append(("sets.csv", sets.count, Self.csv(header: Self.setColumns, rows: sets)))
        let (measureColumns, measureRows) = Self.measurementRows(measurements, clientNames: clientNames)
        contents.append(("measurements.csv", measureRows.count, Self.csv(header: measureColumns, rows: measureRows)))

        try Self.create(folder)
        for (step, item) in contents.enumerated() {
            progress(ExportProgress(file: item.file, step: step + 1, steps: contents.count))
            do {
                try item.content.write(to: folder.appendingPathComponent(item.file), options: .atomic)
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

    /// JSON for a person to open: indented, keys sorted.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
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
        _ sessions: [CachedEntity], clientNames: [String: String], trainingNames: [String: String]
    ) -> [[String]] {
        sessions.flatMap { session in
            let date = session[string: "start"].flatMap(ISOTime.parse).map { EventFormatting.localISO($0) } ?? ""
            let prefix = [
                session.id.key, date, session[string: "client"].flatMap { clientNames[$0] } ?? "",
                session[string: "training"].flatMap { trainingNames[$0] } ?? "",
            ]
            return SessionExport.csvRows(PerformedExercise.all(in: session), prefix: prefix)
        }
    }

    /// The columns and rows of `measurements.csv`: the day, the client, each measure the entries hold (in the
    /// catalogue's order: weight in kg, height and girths in cm, body fat in %) and the note.
    static func measurementRows(
        _ measurements: [CachedEntity], clientNames: [String: String]
    ) -> (columns: [String], rows: [[String]]) {
        let known = Measurement.Measure.allCases.map(\.rawValue)
        let numeric = Set(measurements.flatMap { $0.data.filter { $0.value.doubleValue != nil }.keys })
        let measures = known.filter(numeric.contains) + numeric.subtracting(known).sorted()
        let columns = ["id", "date", "client"] + measures + ["note"]
        let rows = measurements.map { entry in
            [
                entry.id.key, entry[string: "date"] ?? "",
                CSV.field(entry[string: "client"].flatMap { clientNames[$0] } ?? ""),
            ]
                + measures.map { entry.data[$0]?.doubleValue.map(Numbers.plain) ?? "" }
                + [CSV.field(entry[string: "note"] ?? "")]
        }
        return (columns, rows)
    }
}
