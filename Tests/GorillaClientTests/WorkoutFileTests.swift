import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// Reading Strong and Hevy exports (`gorilla import`), and the pieces exports are written with.
@Suite struct WorkoutFileTests {
    static let madrid = TimeZone(identifier: "Europe/Madrid")!

    @Test func strongRowsBecomeOneWorkoutPerNameAndStartWithTypesRestsAndNotes() throws {
        let text = """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\r
            2024-01-15 07:30:00,Legs,1h 5m,Squat (Barbell),W,40,5,0,0,,"Deep, slow",\r
            2024-01-15 07:30:00,Legs,1h 5m,Squat (Barbell),1,100,5,0,0,belt,"Deep, slow",8\r
            2024-01-15 07:30:00,Legs,1h 5m,Squat (Barbell),Rest Timer,0,0,0,90,,"Deep, slow",\r
            2024-01-15 07:30:00,Legs,1h 5m,Squat (Barbell),F,100,3,0,0,,"Deep, slow",10\r
            2024-01-15 07:30:00,Legs,1h 5m,Squat (Barbell),2,0,0,0,0,,"Deep, slow",\r
            2024-01-14 18:00:00,Run,25m,Running,1,0,0,5.2,1500,,,\r

            """
        let file = try WorkoutFile(text, zone: Self.madrid)
        #expect(file.format == .strong)
        #expect(file.skippedRows == 2, "the rest timer and the empty set")
        #expect(file.workouts.map(\.title) == ["Run", "Legs"], "in the order they started")
        let legs = file.workouts[1]
        #expect(legs.start == ISOTime.parse("2024-01-15T06:30:00Z"))
        #expect(legs.end == ISOTime.parse("2024-01-15T07:35:00Z"))
        #expect(legs.exercises.map(\.name) == ["Squat (Barbell)"])
        let sets = legs.exercises[0].sets
        #expect(sets.map(\.type) == [.warmup, .normal, .failure])
        #expect(sets.map(\.reps) == [5, 5, 3])
        #expect(sets.map(\.rest) == [nil, nil, 90])
        #expect(legs.notes == "Deep, slow\nSquat (Barbell): belt\nSquat (Barbell): RPE 8, 10")
        let run = file.workouts[0].exercises[0].sets[0]
        #expect(run.distance == 5200 && run.duration == 1500 && run.weight == 0)
    }

    @Test func hevyRowsReadTheirDatesPoundsAndSetTypes() throws {
        let text = """
            title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_lbs,reps,distance_km,duration_seconds,rpe
            Upper,"3 Feb 2024, 17:05","3 Feb 2024, 18:10",,Bench Press (Barbell),0,,0,warmup,95,10,,,
            Upper,"3 Feb 2024, 17:05","3 Feb 2024, 18:10",,Bench Press (Barbell),0,,1,dropset,135,8,,,
            Upper,"3 Feb 2024, 17:05","3 Feb 2024, 18:10",,Plank,,,0,normal,,,,45,
            """
        let file = try WorkoutFile(text, zone: Self.madrid)
        #expect(file.format == .hevy)
        let upper = try #require(file.workouts.first)
        #expect(upper.start == ISOTime.parse("2024-02-03T16:05:00Z"))
        #expect(upper.end == ISOTime.parse("2024-02-03T17:10:00Z"))
        #expect(upper.exercises[0].sets.map(\.type) == [.warmup, .drop])
        #expect(upper.exercises[0].sets.map(\.unit) == [.lb, .lb])
        #expect(upper.exercises[0].sets.map(\.weight) == [95, 135])
        #expect(upper.exercises[1].sets.first?.duration == 45)
        #expect(upper.notes == nil)
    }

    @Test func filesThatDoNotReadAreRefusedWithTheLine() {
        #expect(throws: WorkoutFile.Problem.self) { try WorkoutFile("when,what\n2024-01-01,squat\n") }
        let badDate = "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\nyesterday,Legs,Squat,1,100,5\n"
        do {
            _ = try WorkoutFile(badDate)
            Issue.record("a date that does not read was accepted")
        } catch {
            #expect("\(error)".contains("line 2") && "\(error)".contains("yesterday"), "\(error)")
        }
        let badWeight =
            "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2024-01-01 10:00:00,Legs,Squat,1,heavy,5\n"
        #expect(throws: WorkoutFile.Problem.self) { try WorkoutFile(badWeight) }
        #expect(throws: WorkoutFile.Problem.self) { try WorkoutFile("Date,Workout Name\n\"open") }
    }

    @Test func csvFieldsMayHoldSeparatorsQuotesAndLineBreaks() throws {
        let records = try CSVReader.records("\u{FEFF}a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\n\nlast,\n")
        #expect(records == [["a", "b"], ["x, \"y\"", "two\nlines"], ["last", ""]])
        #expect(try CSVReader.records("a;b\n1,5;2\n") == [["a", "b"], ["1,5", "2"]])
    }

    @Test func importedSessionIdsAreTheSameForTheSameNameAndVersion5() {
        let namespace = ImportService.namespace
        let one = UUID.named("client 2024-01-15T06:30:00.000Z", in: namespace)
        #expect(one == UUID.named("client 2024-01-15T06:30:00.000Z", in: namespace))
        #expect(one != UUID.named("client 2024-01-15T06:31:00.000Z", in: namespace))
        #expect(one.key[one.key.index(one.key.startIndex, offsetBy: 14)] == "5")
        #expect("89ab".contains(one.key[one.key.index(one.key.startIndex, offsetBy: 19)]))
        // RFC 9562's example: "www.example.com" in the DNS namespace.
        let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
        #expect(UUID.named("www.example.com", in: dns).key == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
    }

    @Test func exportTimesAreLocalWithTheOffset() throws {
        let date = try #require(ISOTime.parse("2026-11-20T09:00:00Z"))
        #expect(EventFormatting.localISO(date, zone: Self.madrid) == "2026-11-20T10:00:00+01:00")
        #expect(
            EventFormatting.localISO(date, zone: TimeZone(identifier: "America/St_Johns")!)
                == "2026-11-20T05:30:00-03:30")
        #expect(EventFormatting.localISO(date, zone: TimeZone(identifier: "UTC")!) == "2026-11-20T09:00:00+00:00")
        let summer = try #require(ISOTime.parse("2026-07-01T09:00:00Z"))
        #expect(EventFormatting.localISO(summer, zone: Self.madrid) == "2026-07-01T11:00:00+02:00")
        #expect(ISOTime.parse(EventFormatting.localISO(date, zone: Self.madrid)) == date)
    }
}
