import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Getting data out and in: a session's CSV and text, `stats --csv`, a full `gorilla export --out DIR`, and
/// `gorilla import` of Strong and Hevy exports, all through the built CLI against a real server.
@Suite(.hangLimit)
struct ExportImportTests {
    // MARK: One session, and stats --csv

    @Test func aSessionsCSVAndTextCarryItsDateClientTypesUnitsNotesAndEnd() async throws {
        try await withTestServer { server in
            let account = try await PopulatedAccount.make(on: server)
            let csv = try await PopulatedAccount.gorilla(
                account.coach, "sessions", "export", account.session, "--format", "csv")
            let records = try StatsEndToEndTests.parseCSV(csv.stdout.replacingOccurrences(of: "\n", with: "\r\n"))
            try #require(records.count == 1 + 6, "\(csv)")
            #expect(
                records[0] == [
                    "date", "client", "exercise", "set", "type", "reps", "weight", "unit", "duration", "rest",
                    "rep_times", "distance",
                ])
            let rows = Array(records.dropFirst())
            // 10:00 in Madrid, where the session was logged and is exported, with Madrid's offset in November.
            #expect(rows.allSatisfy { $0[0] == "2026-11-20T10:00:00+01:00" }, "\(rows.map { $0[0] })")
            #expect(rows.allSatisfy { $0[1] == "Bea Puig" })
            #expect(rows.map { $0[2] } == ["Leg press", "Leg press", "Curl", "Curl", "Plank", "Rower"])
            #expect(rows.map { $0[3] } == ["1", "2", "1", "2", "1", "1"])
            #expect(rows.map { $0[4] } == ["normal", "normal", "normal", "drop", "normal", "normal"])
            #expect(rows.map { $0[5] } == ["12", "10", "8", "7", "1", "0"])
            #expect(rows.map { $0[6] } == ["80", "85.5", "33", "35", "0", "0"])
            #expect(rows.map { $0[7] } == ["kg", "kg", "lb", "lb", "kg", "kg"])
            #expect(rows.map { $0[8] } == ["40.1", "38.2", "", "", "45", "450"])
            #expect(rows.map { $0[11] } == ["", "", "", "", "", "2000"])

            let text = try await PopulatedAccount.gorilla(
                account.coach, "sessions", "export", account.session, "--format", "txt")
            let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "Legs A — Bea Puig", "\(text)")
            #expect(lines.dropFirst().first?.hasPrefix("2026-11-20 10:00 – 10:") == true, "the end time: \(text)")
            #expect(text.stdout.contains("Notes: Good one, \"solid\"\n       knees fine"), "\(text)")
            #expect(text.stdout.contains("Drop 7 × 35 lb"), "\(text)")
            #expect(text.stdout.contains("Normal 2,000 m in 7:30"), "\(text)")

            // stats --csv: every set, dated in the viewer's time zone with the offset.
            let folder = try TemporaryFolder("gorilla-stats-csv-zone")
            let path = folder.child("bea.csv").path
            try await PopulatedAccount.gorilla(account.coach, "stats", "--client", "Bea", "--csv", path)
            let stats = try StatsEndToEndTests.parseCSV(try String(contentsOfFile: path, encoding: .utf8))
            let dates = stats.dropFirst().map { $0[0] }
            #expect(Set(dates) == ["2026-11-20T10:00:00+01:00", "2026-11-22T09:00:00+01:00"], "\(dates)")
        }
    }

    // MARK: gorilla export --out DIR

    @Test func exportWritesEverythingTheAccountSeesAndNothingOfAnotherCoach() async throws {
        try await withTestServer { server in
            let account = try await PopulatedAccount.make(on: server)
            let folder = try TemporaryFolder("gorilla-export")
            let out = folder.child("ada").path
            let run = try await PopulatedAccount.gorilla(account.coach, "--json", "export", "--out", out)
            let summary = try #require(try run.json().objectValue, "\(run)")
            let rows = Dictionary(
                uniqueKeysWithValues: (summary["files"]?.arrayValue ?? []).compactMap { file in
                    file.objectValue.flatMap { object in
                        object["name"]?.stringValue.map { ($0, object["rows"]?.intValue ?? -1) }
                    }
                })
            #expect(
                rows == [
                    "account.json": 1, "machines.json": 1, "exercises.json": 4, "trainings.json": 1,
                    "clients.json": 2, "events.json": 2, "sessions.json": 2, "measurements.json": 2,
                    "messages.json": 3, "sets.csv": 8, "measurements.csv": 2,
                ], "\(run)")

            // Every JSON file parses and holds what Ada sees.
            func json(_ file: String) throws -> JSONValue {
                try WireCoding.decoder.decode(
                    JSONValue.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/" + file)))
            }
            func names(_ file: String, _ member: String = "name") throws -> [String] {
                try json(file).arrayValue?.compactMap { $0.objectValue?[member]?.stringValue } ?? []
            }
            #expect(try json("account.json").objectValue?["username"] == "ada")
            #expect(try names("machines.json") == ["Leg press"])
            #expect(try names("exercises.json") == ["Curl", "Leg press", "Plank", "Rower"])
            #expect(try names("trainings.json") == ["Legs A"])
            #expect(try names("clients.json") == ["Bea", "Carles"])
            #expect(try names("events.json", "clientName") == ["Bea Puig", "Bea Puig"])
            let sessions = try #require(try json("sessions.json").arrayValue)
            #expect(
                sessions.compactMap { $0.objectValue?["start"]?.stringValue } == [
                    "2026-11-20T09:00:00.000Z", "2026-11-22T08:00:00.000Z",
                ])
            let first = try #require(sessions.first?.objectValue)
            #expect(first["trainingName"] == "Legs A")
            #expect(first["clientName"] == "Bea Puig")
            #expect(first["exercises"]?.arrayValue?.first?.objectValue?["sets"]?.arrayValue?.count == 2)
            #expect(try names("measurements.json", "date") == ["2026-11-20", "2026-11-22"])
            #expect(Set(try names("messages.json", "text")) == ["Great depth", "See you Wednesday", "Thanks!"])
            #expect(
                try json("messages.json").arrayValue?.contains {
                    $0.objectValue?["session"]?.stringValue == account.session
                }
                    == true, "the comment names its session")

            // The CSVs parse: one row per set, one per measurement.
            let sets = try StatsEndToEndTests.parseCSV(try String(contentsOfFile: out + "/sets.csv", encoding: .utf8))
            #expect(
                sets.first == [
                    "session", "date", "client", "training", "exercise", "set", "type", "reps", "weight", "unit",
                    "duration", "rest", "rep_times", "distance",
                ])
            #expect(sets.count == 1 + 8)
            #expect(sets.dropFirst().filter { $0[0] == account.session }.count == 6)
            #expect(sets.dropFirst().allSatisfy { $0.count == 14 && $0[2] == "Bea Puig" })
            let measures = try StatsEndToEndTests.parseCSV(
                try String(contentsOfFile: out + "/measurements.csv", encoding: .utf8))
            #expect(measures.first == ["id", "date", "client", "weight", "height", "waist", "note"], "\(measures)")
            #expect(measures.dropFirst().map { $0[3] } == ["70.4", "70.1"])

            // Nothing of Bob's, in any file.
            let bobsIDs =
                try account.other.cache().entities(.session).map(\.id.key)
                + account.other.cache().entities(.client).map(\.id.key)
            for file in try FileManager.default.contentsOfDirectory(atPath: out) {
                let text = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
                for secret in PopulatedAccount.othersNames + bobsIDs {
                    #expect(!text.contains(secret), "\(file) holds '\(secret)'")
                }
            }

            // A folder that holds files is refused (and left as it was) unless --force.
            let again = try await runGorilla(["export", "--out", out], home: account.coach.home)
            #expect(again.status == 64, "\(again)")
            #expect(again.stderr.contains("not empty") && again.stderr.contains("--force"), "\(again)")
            let forced = try await PopulatedAccount.gorilla(account.coach, "export", "--out", out, "--force")
            #expect(forced.stdout.contains("sessions.json") && forced.stdout.contains("2 sessions"), "\(forced)")

            // A client's export: their own data and the catalogue they see, not the coach's other client.
            let own = folder.child("bea").path
            try await PopulatedAccount.gorilla(account.client, "export", "--out", own)
            let ownClients = try WireCoding.decoder.decode(
                JSONValue.self, from: Data(contentsOf: URL(fileURLWithPath: own + "/clients.json")))
            #expect(ownClients.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["Bea"])
            let ownSessions = try WireCoding.decoder.decode(
                JSONValue.self, from: Data(contentsOf: URL(fileURLWithPath: own + "/sessions.json")))
            #expect(ownSessions.arrayValue?.count == 2)
            let ownText = try FileManager.default.contentsOfDirectory(atPath: own).map {
                try String(contentsOfFile: own + "/" + $0, encoding: .utf8)
            }.joined()
            #expect(!ownText.contains("Carles") && !ownText.contains("Smith machine"))
        }
    }

    // MARK: gorilla import

    /// The performed exercises a stored session holds.
    static func exercises(_ session: CachedEntity) throws -> [PerformedExercise] {
        try session.data["exercises"]?.decode([PerformedExercise].self) ?? []
    }

    /// A Strong export: two workouts, a warm-up, a drop set, a rest timer, a timed and a distance exercise, a
    /// catalogue name with Strong's equipment suffix, notes and RPE.
    static let strong = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2024-01-15 07:30:00,Legs,1h 5m,Leg Press (Machine),W,40.0,12.0,0,0,,"Slept well, felt strong",
        2024-01-15 07:30:00,Legs,1h 5m,Leg Press (Machine),1,100.0,10.0,0,0,seat 4,"Slept well, felt strong",8
        2024-01-15 07:30:00,Legs,1h 5m,Leg Press (Machine),Rest Timer,0,0,0,120,,"Slept well, felt strong",
        2024-01-15 07:30:00,Legs,1h 5m,Leg Press (Machine),2,110.0,8.0,0,0,,"Slept well, felt strong",9
        2024-01-15 07:30:00,Legs,1h 5m,Leg Press (Machine),D,80.0,10.0,0,0,,"Slept well, felt strong",
        2024-01-15 07:30:00,Legs,1h 5m,Plank,1,0,0,0,60,,"Slept well, felt strong",
        2024-01-17 18:00:00,Cardio,30m,Rower,1,0,0,2.5,600,,,
        2024-01-17 18:00:00,Cardio,30m,Bicep Curl (Dumbbell),1,12.5,12.0,0,0,,,

        """

    /// A Hevy export: one workout with a superset column, a weight in kg and a warm-up.
    static let hevy = """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
        "Push A","20 Jan 2024, 07:30","20 Jan 2024, 08:40","Good pump","Leg Press (Machine)",,"",0,"warmup",50,10,,,
        "Push A","20 Jan 2024, 07:30","20 Jan 2024, 08:40","Good pump","Leg Press (Machine)",,"",1,"normal",120,6,,,8.5
        "Push A","20 Jan 2024, 07:30","20 Jan 2024, 08:40","Good pump","Curl",,"slow negatives",0,"dropset",10,15,,,
        """

    @Test func strongAndHevyExportsImportIntoTheRightSessionsOnce() async throws {
        try await withTestServer { server in
            let account = try await PopulatedAccount.make(on: server)
            let folder = try TemporaryFolder("gorilla-import")
            let strong = folder.child("strong.csv").path
            let hevy = folder.child("hevy.csv").path
            try Self.strong.write(toFile: strong, atomically: true, encoding: .utf8)
            try Self.hevy.write(toFile: hevy, atomically: true, encoding: .utf8)
            let before = try account.coach.entities("session").count

            // A dry run says what would happen and saves nothing.
            let dry = try await PopulatedAccount.gorilla(
                account.coach, "import", strong, "--client", "Bea", "--dry-run")
            #expect(dry.stdout.contains("2 would be imported"), "\(dry)")
            #expect(dry.stdout.contains("'Leg Press (Machine)' as Leg press"), "\(dry)")
            #expect(dry.stdout.contains("Bicep Curl (Dumbbell)"), "\(dry)")
            #expect(try account.coach.entities("session").count == before)
            #expect(try account.coach.cache().queuedCount() == 0)

            let imported = try await PopulatedAccount.gorilla(
                account.coach, "--json", "import", strong, "--client", "Bea", "--create-exercises")
            let summary = try #require(try imported.json().objectValue, "\(imported)")
            #expect(summary["format"] == "Strong")
            #expect(summary["imported"] == 2)
            #expect(summary["sets"] == 7)
            #expect(summary["skippedRows"] == 1, "the rest timer")
            #expect(summary["createdExercises"] == ["Bicep Curl (Dumbbell)"])
            #expect(try account.coach.cache().queuedCount() == 0, "synced")

            // The sessions, read back from the server on the client's own device.
            try await account.client.sync()
            let sessions = try account.client.entities("session").filter {
                ($0[string: "start"] ?? "").hasPrefix("2024-01")
            }.sorted { ($0[string: "start"] ?? "") < ($1[string: "start"] ?? "") }
            try #require(sessions.count == 2)
            let legs = sessions[0]
            // 07:30 in Madrid (the importing device's zone) is 06:30 UTC; Strong's duration gives the end.
            #expect(legs[string: "start"] == "2024-01-15T06:30:00.000Z")
            #expect(legs[string: "end"] == "2024-01-15T07:35:00.000Z")
            #expect(legs[string: "recordedBy"] == "coach")
            let notes = legs[string: "notes"] ?? ""
            #expect(
                notes.contains("Slept well, felt strong") && notes.contains("Leg press: seat 4")
                    && notes.contains("Leg press: RPE 8, 9"))
            let exercises = try Self.exercises(legs)
            let legPress = try account.coach.entity("exercise", named: "Leg press")
            #expect(exercises.map(\.name) == ["Leg press", "Plank"])
            #expect(exercises.first?.exercise == legPress?.id)
            #expect(exercises[0].sets.map(\.type) == [.warmup, .normal, .normal, .drop])
            #expect(exercises[0].sets.map(\.reps) == [12, 10, 8, 10])
            #expect(exercises[0].sets.map(\.weight) == [40, 100, 110, 80])
            #expect(exercises[0].sets.map(\.rest) == [nil, nil, 120, nil], "the rest timer is the next set's rest")
            #expect(exercises[1].sets.first?.duration == 60)
            let cardio = try Self.exercises(sessions[1])
            #expect(cardio.map(\.name) == ["Rower", "Bicep Curl (Dumbbell)"])
            #expect(cardio[0].sets.first?.distance == 2500)
            #expect(cardio[0].sets.first?.duration == 600)
            let created = try account.coach.entity("exercise", named: "Bicep Curl (Dumbbell)")
            #expect(cardio[1].exercise == created?.id && created != nil)

            // The same file again adds nothing.
            let again = try await PopulatedAccount.gorilla(account.coach, "import", strong, "--client", "Bea")
            #expect(again.stdout.contains("Nothing new"), "\(again)")
            #expect(try account.coach.cache().queuedCount() == 0)
            #expect(try account.coach.entities("session").count == before + 2)

            // Hevy: one workout; its unknown name is matched forgivingly ("Curl" is in the catalogue).
            let fromHevy = try await PopulatedAccount.gorilla(
                account.coach, "--json", "import", hevy, "--client", "Bea")
            let hevySummary = try #require(try fromHevy.json().objectValue, "\(fromHevy)")
            #expect(hevySummary["format"] == "Hevy")
            #expect(hevySummary["imported"] == 1)
            let push = try #require(
                try account.coach.entities("session").first { $0[string: "start"] == "2024-01-20T06:30:00.000Z" })
            #expect(push[string: "end"] == "2024-01-20T07:40:00.000Z")
            let pushed = try Self.exercises(push)
            #expect(pushed.map(\.name) == ["Leg press", "Curl"])
            #expect(pushed[0].sets.map(\.type) == [.warmup, .normal])
            #expect(pushed[0].sets.map(\.weight) == [50, 120])
            #expect(pushed[1].sets.first?.type == .drop)
            #expect(push[string: "notes"]?.contains("slow negatives") == true)
            let twice = try await PopulatedAccount.gorilla(account.coach, "--json", "import", hevy, "--client", "Bea")
            #expect(try twice.json().objectValue?["imported"] == 0)
            #expect(try twice.json().objectValue?["alreadyImported"] == 1)
            #expect(try account.coach.entities("session").count == before + 3)
        }
    }

    @Test func mappedNamesImportAsTheCatalogueExerciseAndWorkoutTitlesStay() async throws {
        try await withTestServer { server in
            let account = try await PopulatedAccount.make(on: server)
            let folder = try TemporaryFolder("gorilla-import-map")
            let path = folder.child("strong.csv").path
            try Self.strong.write(toFile: path, atomically: true, encoding: .utf8)
            let mapFile = folder.child("names.txt").path
            try "# Strong's names, then ours\n\nbicep curl (dumbbell) = Curl\n".write(
                toFile: mapFile, atomically: true, encoding: .utf8)
            let exercises = try account.coach.names("exercise")

            // Without a map, the dry run lists the name it cannot match.
            let unmatched = try await runGorilla(
                ["import", path, "--client", "Bea", "--dry-run"], home: account.coach.home)
            #expect(unmatched.stdout.contains("Not in the catalogue: Bicep Curl (Dumbbell)"), "\(unmatched)")
            let dry = try await runGorilla(
                ["import", path, "--client", "Bea", "--dry-run", "--map-file", mapFile], home: account.coach.home)
            #expect(dry.stdout.contains("Mapped: 'Bicep Curl (Dumbbell)' as Curl."), "\(dry)")
            #expect(!dry.stdout.contains("Not in the catalogue"), "\(dry)")
            let wrong = try await runGorilla(
                ["import", path, "--client", "Bea", "--map", "Curl"], home: account.coach.home)
            #expect(wrong.status == 64 && wrong.stderr.contains("'Curl' is not FROM=TO"), "\(wrong)")

            let run = try await PopulatedAccount.gorilla(
                account.coach, "--json", "import", path, "--client", "Bea", "--map", "Plank=Leg press",
                "--map-file", mapFile)
            let summary = try #require(try run.json().objectValue, "\(run)")
            #expect(summary["imported"] == 2, "\(summary)")
            let mapped = summary["mapped"]?.arrayValue?.compactMap { $0.objectValue?["exercise"]?.stringValue }
            #expect(Set(mapped ?? []) == ["Curl", "Leg press"], "\(summary)")
            #expect(try account.coach.names("exercise") == exercises, "nothing added to the catalogue")
            let imported = try account.coach.entities("session").filter { ($0[string: "start"] ?? "").hasPrefix("2024-01") }
                .sorted { ($0[string: "start"] ?? "") < ($1[string: "start"] ?? "") }
            try #require(imported.count == 2)
            let curl = try #require(try account.coach.entity("exercise", named: "Curl"))
            #expect(try Self.exercises(imported[1]).last.map { ($0.name, $0.exercise) }! == ("Curl", curl.id))
            // The workouts' titles stay, as the first line of each session's notes.
            #expect(imported[0][string: "notes"]?.hasPrefix("Legs\n") == true, "\(imported[0])")
            #expect(imported[1][string: "notes"] == "Cardio", "\(imported[1])")
            withExtendedLifetime(folder) {}
        }
    }

    @Test func unknownExercisesStopTheImportBeforeAnythingIsWritten() async throws {
        try await withTestServer { server in
            let account = try await PopulatedAccount.make(on: server)
            let folder = try TemporaryFolder("gorilla-import-unknown")
            let path = folder.child("strong.csv").path
            try Self.strong.write(toFile: path, atomically: true, encoding: .utf8)
            let sessions = try account.coach.entities("session").count
            let exercises = try account.coach.names("exercise")

            let refused = try await runGorilla(["import", path, "--client", "Bea"], home: account.coach.home)
            #expect(refused.status == 66, "\(refused)")
            #expect(refused.stderr.contains("Bicep Curl (Dumbbell)"), "\(refused)")
            #expect(refused.stderr.contains("nothing was imported"), "\(refused)")
            #expect(refused.stderr.contains("--create-exercises") && refused.stderr.contains("--allow-new"))
            #expect(try account.coach.cache().queuedCount() == 0)
            #expect(try account.coach.entities("session").count == sessions)
            #expect(try account.coach.names("exercise") == exercises)
            let server = try await account.coach.pullEverything().filter { $0.kind == "session" }
            #expect(server.count == sessions, "nothing reached the server")

            // --allow-new keeps the name without adding it to the catalogue.
            let kept = try await PopulatedAccount.gorilla(
                account.coach, "--json", "import", path, "--client", "Bea", "--allow-new")
            #expect(try kept.json().objectValue?["imported"] == 2, "\(kept)")
            #expect(try account.coach.names("exercise") == exercises)
            let cardio = try #require(
                try account.coach.entities("session").first { $0[string: "start"] == "2024-01-17T17:00:00.000Z" })
            let curl = try #require(try Self.exercises(cardio).last)
            #expect(curl.name == "Bicep Curl (Dumbbell)" && curl.exercise == nil)

            // A file that is neither app's export is refused with both headers named.
            let other = folder.child("other.csv").path
            try "when,what\n2024-01-01,squat\n".write(toFile: other, atomically: true, encoding: .utf8)
            let wrong = try await runGorilla(["import", other, "--client", "Bea"], home: account.coach.home)
            #expect(wrong.status == 64 && wrong.stderr.contains("Strong") && wrong.stderr.contains("Hevy"), "\(wrong)")
        }
    }
}
