import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// The calendar reads its rows as their type (``GorillaShared/Event``, an exception as ``EventPatch``), and no file of
/// the calendar reads a document's member by its name.
@Suite struct EventCalendarTypedTests {
    static let client = UUID.v7()
    static let series = UUID.v7()
    static let single = UUID.v7()
    static let broken = UUID.v7()
    static let moved = CalendarDate("2026-12-08")!

    static func time(_ text: String) -> Date { ISOTime.parse(text)! }

    /// A cache holding, as pulled: a weekly series of four from Tuesday 1 December 2026 at 09:00 UTC (at the Central
    /// gym), the exception that moves its second occurrence to 11:30 and confirms it (only those members, as an
    /// exception stores them), a single appointment, and a row that names no start.
    static func cache() throws -> LocalCache {
        let cache = try LocalCache.inMemory()
        var weekly = Event(
            client: client, start: time("2026-12-01T09:00:00.000Z"), gym: "Central",
            recurrence: Recurrence(.weekly, count: 4))
        weekly.note = "bring the belt"
        var exception = EventPatch(series: series, occurrence: moved, client: client)
        exception.start = time("2026-12-08T11:30:00.000Z")
        exception.answer = .confirmed
        let once = Event(client: client, start: time("2026-12-03T18:00:00.000Z"), duration: 45)
        let documents: [(UUID, [String: JSONValue])] = [
            (series, weekly.document), (Event.exceptionID(series: series, occurrence: moved), exception.document),
            (single, once.document), (broken, EventPatch(client: client).document),
        ]
        try cache.applyPull(
            documents.enumerated().map { index, row in
                Change(kind: "event", id: row.0, version: Int64(index + 1), deleted: false, data: .object(row.1))
            }, cursor: Int64(documents.count))
        return cache
    }

    @Test func occurrencesAreTheSeriesWithTheirExceptionOverItAndARowWithoutAStartIsLeftOut() throws {
        let calendar = try EventCalendar(cache: try Self.cache())
        let events = calendar.events()
        #expect(events.count == 5, "\(events.map(\.id.short))")
        #expect(!events.contains { $0.id == Self.broken })
        #expect(events.map(\.start) == events.map(\.start).sorted())

        let occurrence = try #require(events.first { $0.seriesOccurrence?.day == Self.moved })
        #expect(occurrence.id == Event.exceptionID(series: Self.series, occurrence: Self.moved))
        #expect(occurrence.start == Self.time("2026-12-08T11:30:00.000Z"), "the exception's start")
        #expect(occurrence.answer == .confirmed)
        #expect(occurrence.gym == "Central" && occurrence.note == "bring the belt", "the series' members")
        #expect(occurrence.duration == 60 && occurrence.recurrence == nil && occurrence.series == Self.series)
        #expect(occurrence.appointmentReference == "\(Self.series.short)@2026-12-08")
        #expect(occurrence.appointmentState(now: Self.time("2026-12-07T00:00:00.000Z")) == .confirmed)

        let others = events.filter { $0.seriesOccurrence != nil && $0.id != occurrence.id }
        #expect(others.map(\.start) == ["2026-12-01", "2026-12-15", "2026-12-22"].map { Self.time("\($0)T09:00:00.000Z") })
        #expect(others.allSatisfy { $0.answer == nil }, "the answer is the moved occurrence's alone")
        #expect(calendar.events(client: UUID.v7()).isEmpty)
        #expect(calendar.events(client: Self.client).count == 5)
        #expect(try calendar.resolve("\(Self.series.short)@2026-12-08").id == occurrence.id)
        #expect(try calendar.resolve(Self.single.short).duration == 45)
    }

    @Test func anOccurrenceRecordPrintsItsMembersWithLowerCaseIdsAndItsState() throws {
        let cache = try Self.cache()
        let calendar = try EventCalendar(cache: cache)
        let occurrence = try #require(calendar.occurrence(series: Self.series, day: Self.moved))
        let facts = try AppointmentFacts(cache: cache, now: Self.time("2026-12-07T00:00:00.000Z"))
        let json = try JSONValue.encode(facts.line(occurrence).jsonForm)
        let members = try #require(json.objectValue)
        #expect(
            Set(members.keys) == [
                "id", "client", "start", "zone", "duration", "gym", "note", "status", "series", "occurrence",
                "answer", "state",
            ], "\(members.keys.sorted())")
        #expect(members["id"] == .string(occurrence.id.key))
        #expect(members["series"] == .string(Self.series.key) && members["client"] == .string(Self.client.key))
        #expect(members["start"] == "2026-12-08T11:30:00.000Z" && members["occurrence"] == "2026-12-08")
        #expect(members["state"] == "confirmed" && members["duration"] == 60)
    }

    /// The files of the calendar and its views, and what the house counter counts as reading a document's member by
    /// its name (`row[string: "start"]`, `data["duration"]`).
    static let files =
        ["Client/Presenters/EventText.swift", "Client/Presenters/AgendaText.swift", "Client/Presenters/CalendarText.swift",
         "Client/Features/Results/EventFormatting.swift", "Shared/Protocol/Time/ICalendar.swift",
         "Server/Web/WebDoor+Feed.swift"]
    nonisolated(unsafe) static let keyed = #/\[(string|int|double|bool|number|array|object|date|uuid|id): *"[A-Za-z]+"\]|\["[a-z][A-Za-z]*"\]/#

    @Test func noFileOfTheCalendarReadsADocumentMemberByItsName() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("Client/Features/Calendar")
        let calendarFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.map { "Client/Features/Calendar/\($0)" }
        #expect(calendarFiles.count >= 10, "\(calendarFiles)")
        var found: [String] = []
        for file in calendarFiles + Self.files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            found += text.matches(of: Self.keyed).map { "\(file): \(text[$0.range])" }
        }
        #expect(found.isEmpty, "\(found.count) reads by name:\n\(found.joined(separator: "\n"))")
    }
}
