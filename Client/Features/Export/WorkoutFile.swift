import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// A workout read from another app's export: its title, when it ran, its notes and its exercises with their sets (the
/// exercises named as the file names them, not yet linked to the catalogue).
package struct ImportedWorkout: Sendable {
    /// The workout's name in the file ("Morning push"); may be empty.
    package var title: String
    package var start: Date
    var end: Date?
    /// The workout's notes, each exercise's notes and RPEs (the history has no place of their own for them).
    var notes: String?
    package var exercises: [PerformedExercise]

    /// How many sets its exercises hold.
    var setCount: Int { exercises.reduce(0) { $0 + $1.sets.count } }
}

/// A CSV export of sets from Strong or Hevy, the apps people most often bring their history from: one row per set,
/// the rows of one workout sharing its name and start. Columns are found by their names, so that older and newer
/// exports (which add, drop and reorder columns) read alike.
///
/// * Strong: `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE`
///   (`Date` like `2024-01-15 07:30:00`; `Set Order` a number, `W` warm-up, `D` drop set, `F` failure, or `Rest Timer`
///   for the rest after a set; `Weight Unit` and `Distance Unit` columns when the export has them, else the weight in
///   `unit` and the distance in km).
/// * Hevy: `title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,
///   weight_kg,reps,distance_km,duration_seconds,rpe` (`start_time` like `15 Jan 2024, 07:30`; `weight_lbs` and
///   `distance_miles` also read).
struct WorkoutFile: Sendable {
    /// The app that wrote a file, told by its header.
    enum Format: String, Sendable {
        case strong = "Strong"
        case hevy = "Hevy"
    }

    /// What does not read, with the line it is on.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    package let format: Format
    /// The workouts in the order they started.
    let workouts: [ImportedWorkout]
    /// Rows that hold no set (a rest timer, a set left empty).
    let skippedRows: Int

    /// Reads `text`; times without a zone are taken in `zone`, Strong weights without a unit column in `unit`.
    /// - Throws: ``Problem`` naming the line that does not read, or the header when it is neither app's.
    init(_ text: String, unit: WeightUnit = .kg, zone: TimeZone = .current) throws {
        let records: [[String]]
        do {
            records = try CSVReader.records(text)
        } catch {
            throw Problem(description: DataPhrases.notCSV.t(["problem": "\(error)"]))
        }
        guard let header = records.first else { throw Problem(description: DataPhrases.fileIsEmpty.t()) }
        let columns = Columns(header)
        if columns.has("exercise name", "set order") && columns.has("workout name") {
            format = .strong
        } else if columns.has("exercise_title", "start_time") && columns.has("title") {
            format = .hevy
        } else {
            throw Problem(
                description: DataPhrases.headerIsNeitherStrongNorHevy.t([
                    "header": header.prefix(8).joined(separator: ",") + (header.count > 8 ? ",…" : ""),
                    "strong": "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,"
                        + "Workout Notes,RPE",
                    "hevy": "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,"
                        + "set_type,weight_kg,reps,distance_km,duration_seconds,rpe",
                ]))
        }
        var reader = RowReader(format: format, columns: columns, unit: unit, zone: zone)
        for (offset, record) in records.dropFirst().enumerated() {
            try reader.read(record, line: offset + 2)
        }
        workouts = reader.workouts()
        skippedRows = reader.skipped
    }
}

/// The header of a file: where each column is, by its name (case and surrounding spaces ignored).
private struct Columns {
    let index: [String: Int]

    init(_ header: [String]) {
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            if index[key] == nil { index[key] = position }
        }
        self.index = index
    }

    func has(_ names: String...) -> Bool { names.allSatisfy { index[$0] != nil } }

    /// The trimmed value of the first of `names` the file has and the row fills; nil when none.
    func value(_ row: [String], _ names: String...) -> String? {
        for name in names {
            guard let position = index[name], position < row.count else { continue }
            let value = row[position].trimmingCharacters(in: .whitespaces)
            if !value.isEmpty { return value }
        }
        return nil
    }

    /// Whether the file has a column called `name`.
    func contains(_ name: String) -> Bool { index[name] != nil }
}

/// Reads the rows of a file one by one into workouts.
private struct RowReader {
    package let format: WorkoutFile.Format
    let columns: Columns
    let unit: WeightUnit
    let zone: TimeZone

    /// One workout as it is gathered.
    struct Gathering {
        var workout: ImportedWorkout
        var exerciseNotes: [String: [String]] = [:]
        var rpe: [String: [String]] = [:]
        /// A rest timer's seconds, for the next set of that exercise.
        var pendingRest: [String: Double] = [:]
    }

    private var gathered: [Gathering] = []
    private var place: [String: Int] = [:]
    private(set) var skipped = 0

    init(format: WorkoutFile.Format, columns: Columns, unit: WeightUnit, zone: TimeZone) {
        self.format = format
        self.columns = columns
        self.unit = unit
        self.zone = zone
    }

    mutating func read(_ row: [String], line: Int) throws {
        func problem(_ text: String) -> WorkoutFile.Problem {
            WorkoutFile.Problem(description: DataPhrases.onLine.t(["line": line, "problem": text]))
        }
        let strong = format == .strong
        let title = columns.value(row, strong ? "workout name" : "title") ?? ""
        guard let startText = columns.value(row, strong ? "date" : "start_time") else {
            throw problem(DataPhrases.missingColumn.t(["column": strong ? "Date" : "start_time"]))
        }
        guard let start = Self.date(startText, zone: zone) else {
            throw problem(
                DataPhrases.timeDoesNotRead.t([
                    "time": startText, "example": strong ? "2024-01-15 07:30:00" : "15 Jan 2024, 07:30",
                ]))
        }
        guard let rawName = columns.value(row, strong ? "exercise name" : "exercise_title") else {
            throw problem(DataPhrases.noExerciseName.t())
        }
        guard let name = Validation.cleanName(rawName) else {
            throw problem(DataPhrases.exerciseNameTooLong.t(["name": rawName]))
        }
        let key = title + "\u{1}" + startText
        let index: Int
        if let known = place[key] {
            index = known
        } else {
            index = gathered.count
            place[key] = index
            var end: Date?
            if strong {
                end = columns.value(row, "duration", "workout duration").flatMap(Self.seconds).map {
                    start.addingTimeInterval($0)
                }
            } else if let text = columns.value(row, "end_time") {
                end = Self.date(text, zone: zone)
            }
            if let known = end, known < start { end = nil }
            let notes = columns.value(row, strong ? "workout notes" : "description")
            gathered.append(
                Gathering(workout: ImportedWorkout(title: title, start: start, end: end, notes: notes, exercises: [])))
        }
        if let note = columns.value(row, strong ? "notes" : "exercise_notes"),
            !(gathered[index].exerciseNotes[name] ?? []).contains(note)
        {
            gathered[index].exerciseNotes[name, default: []].append(note)
        }
        guard let set = try set(row, exercise: name, into: &gathered[index], problem: problem) else {
            skipped += 1
            return
        }
        if let rpe = columns.value(row, "rpe") { gathered[index].rpe[name, default: []].append(rpe) }
        var exercises = gathered[index].workout.exercises
        if let position = exercises.firstIndex(where: { $0.name == name }) {
            guard exercises[position].sets.count < PerformedExercise.maxSets else {
                throw problem(DataPhrases.tooManySets.t(["name": name, "count": PerformedExercise.maxSets]))
            }
            exercises[position].sets.append(set)
        } else {
            guard exercises.count < TrainingSession.maxExercises else {
                throw problem(DataPhrases.tooManyExercises.t(["count": TrainingSession.maxExercises]))
            }
            exercises.append(PerformedExercise(name: name, sets: [set]))
        }
        gathered[index].workout.exercises = exercises
    }

    /// The set a row holds; nil for a row without one (a rest timer, which is kept for the next set, or an empty set).
    private func set(
        _ row: [String], exercise: String, into gathering: inout Gathering,
        problem: (String) -> WorkoutFile.Problem
    ) throws -> PerformedSet? {
        func number(_ label: String, _ text: String?, range: ClosedRange<Double>) throws -> Double? {
            guard let text else { return nil }
            guard let value = Double(text) ?? Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite
            else {
                throw problem(DataPhrases.notANumber.t(["column": label, "value": text]))
            }
            guard range.contains(value) else {
                throw problem(
                    DataPhrases.outsideRange.t([
                        "column": label, "value": text, "low": range.lowerBound, "high": range.upperBound,
                    ]))
            }
            return value
        }
        let strong = format == .strong
        var type = SetType.normal
        if strong {
            let order = columns.value(row, "set order") ?? ""
            if order.lowercased().hasPrefix("rest") {
                gathering.pendingRest[exercise] = try number(
                    "Seconds", columns.value(row, "seconds"), range: TrainingSession.secondsRange)
                return nil
            }
            switch order.uppercased() {
            case "W": type = .warmup
            case "D": type = .drop
            case "F": type = .failure
            default:
                guard order.isEmpty || Double(order) != nil else {
                    throw problem(DataPhrases.setOrderUnknown.t(["order": order]))
                }
            }
        } else {
            switch columns.value(row, "set_type")?.lowercased() ?? "normal" {
            case "warmup", "warm-up", "warm up": type = .warmup
            case "dropset", "drop", "drop set": type = .drop
            case "failure": type = .failure
            default: type = .normal
            }
        }
        let reps = try number("reps", columns.value(row, "reps"), range: PerformedSet.repsRange) ?? 0
        var unit = self.unit
        let weight: Double
        if strong {
            if let named = columns.value(row, "weight unit")?.lowercased() {
                unit = named.hasPrefix("lb") ? .lb : .kg
            }
            weight = try number("Weight", columns.value(row, "weight"), range: PerformedSet.weightRange) ?? 0
        } else if let pounds = columns.value(row, "weight_lbs"), columns.value(row, "weight_kg") == nil {
            unit = .lb
            weight = try number("weight_lbs", pounds, range: PerformedSet.weightRange) ?? 0
        } else {
            unit = .kg
            weight = try number("weight_kg", columns.value(row, "weight_kg"), range: PerformedSet.weightRange) ?? 0
        }
        let duration = try number(
            strong ? "Seconds" : "duration_seconds", columns.value(row, strong ? "seconds" : "duration_seconds"),
            range: TrainingSession.secondsRange)
        var metres: Double?
        if strong, let text = columns.value(row, "distance") {
            let value = try number("Distance", text, range: 0...1_000_000) ?? 0
            let distanceUnit = columns.value(row, "distance unit")?.lowercased() ?? "km"
            metres = value * (distanceUnit.hasPrefix("mi") ? 1609.344 : distanceUnit == "m" ? 1 : 1000)
        } else if let kilometres = columns.value(row, "distance_km") {
            metres = (try number("distance_km", kilometres, range: 0...1000) ?? 0) * 1000
        } else if let miles = columns.value(row, "distance_miles") {
            metres = (try number("distance_miles", miles, range: 0...1000) ?? 0) * 1609.344
        }
        metres = metres.map { ($0 * 100).rounded() / 100 }.flatMap { $0 > 0 ? $0 : nil }
        if let distance = metres, distance > PerformedSet.distanceRange.upperBound {
            throw problem(DataPhrases.distanceTooLong.t(["distance": distance]))
        }
        let seconds = duration.flatMap { $0 > 0 ? PerformedExercise.rounded($0) : nil }
        guard reps > 0 || weight > 0 || seconds != nil || metres != nil else { return nil }
        let rest = gathering.pendingRest.removeValue(forKey: exercise).flatMap { $0 > 0 ? $0 : nil }
        return PerformedSet(
            type: type, reps: Int(reps.rounded()), weight: metres == nil ? weight : 0, unit: unit, duration: seconds,
            rest: rest, distance: metres)
    }

    /// The workouts gathered, each with its notes, in the order they started.
    func workouts() -> [ImportedWorkout] {
        gathered.compactMap { gathering -> ImportedWorkout? in
            var workout = gathering.workout
            guard !workout.exercises.isEmpty else { return nil }
            var lines = workout.notes.map { [$0] } ?? []
            for exercise in workout.exercises {
                for note in gathering.exerciseNotes[exercise.name] ?? [] { lines.append("\(exercise.name): \(note)") }
                if let rpe = gathering.rpe[exercise.name], !rpe.isEmpty {
                    lines.append("\(exercise.name): RPE \(rpe.joined(separator: ", "))")
                }
            }
            let notes = lines.joined(separator: "\n")
            workout.notes = notes.isEmpty ? nil : String(notes.prefix(2000))
            return workout
        }
        .sorted { $0.start < $1.start }
    }

    /// A local time as the apps write it: `2024-01-15 07:30:00` (Strong), `15 Jan 2024, 07:30` (Hevy), and the
    /// variants their versions have written (without seconds, with a `T`, a 12-hour clock).
    static func date(_ text: String, zone: TimeZone) -> Date? {
        if text.hasSuffix("Z") || text.dropFirst(19).contains(where: { $0 == "+" || $0 == "-" }) {
            return ISOTime.parse(text)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.isLenient = false
        for format in [
            "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm",
            "d MMM yyyy, HH:mm", "d MMM yyyy, HH:mm:ss", "d MMM yyyy, h:mm a", "d MMM yyyy HH:mm", "MMM d, yyyy, HH:mm",
        ] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// Seconds of a duration as Strong writes it: `1h 5m`, `45m`, `50s`, or a plain number of seconds.
    static func seconds(_ text: String) -> Double? {
        if let plain = Double(text) { return plain }
        var total = 0.0
        var matched = false
        for match in text.lowercased().matches(of: /(\d+(?:\.\d+)?)\s*(h|min|m|s)/) {
            guard let value = Double(match.1) else { continue }
            matched = true
            switch match.2 {
            case "h": total += value * 3600
            case "m", "min": total += value * 60
            default: total += value
            }
        }
        return matched ? total : nil
    }
}
