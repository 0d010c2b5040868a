import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Events: local times across a daylight-saving change, overlaps, cancellation, iCalendar export and the month grid.
@Suite(.hangLimit)
struct EventsTests {
    static let madrid = TimeZone(identifier: "Europe/Madrid")!

    /// Runs the built `gorilla` with `GORILLA_HOME=home` and `TZ=zone`, as a user in that zone would.
    static func gorilla(_ arguments: [String], home: URL, zone: String) async throws -> CommandRun {
        try await runGorilla(arguments, home: home, environment: ["TZ": zone])
    }

    // MARK: Daylight saving

    @Test func nineOClockBeforeAndAfterSummerTimeEndsIsFortyNineHoursApartInUTC() throws {
        let before = try #require(EventFormatting.parseLocal("2026-10-24 09:00", zone: Self.madrid))
        let after = try #require(EventFormatting.parseLocal("2026-10-26 09:00", zone: Self.madrid))
        // Two days, plus the hour given back on 25 October.
        #expect(after.timeIntervalSince(before) == 49 * 3600)
        #expect(ISOTime.format(before) == "2026-10-24T07:00:00.000Z")
        #expect(ISOTime.format(after) == "2026-10-26T08:00:00.000Z")
        #expect(EventFormatting.local(before, zone: Self.madrid) == "2026-10-24 09:00")
        #expect(EventFormatting.local(after, zone: Self.madrid) == "2026-10-26 09:00")
        #expect(EventFormatting.parseLocal("2026-10-24T09:00", zone: Self.madrid) == before)
        #expect(EventFormatting.parseLocal("2026-02-30 09:00", zone: Self.madrid) == nil)
        #expect(EventFormatting.parseLocal("2026-10-24 25:00", zone: Self.madrid) == nil)
    }

    @Test func anEventEnteredAtNineInMadridShowsAtNineForCoachAndClientOnBothSidesOfTheChange() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
            let client = try await Device.registered("ana", code: code, on: server)
            for day in ["2026-10-24", "2026-10-26"] {
                let added = try await Self.gorilla(
                    ["events", "add", "--client", "Ana", "--at", "\(day) 09:00", "--gym", "Central"],
                    home: coach.home, zone: "Europe/Madrid")
                #expect(added.status == 0, "\(added)")
                #expect(added.stdout.contains("\(day) 09:00"), "\(added)")
            }
            // Stored in UTC, with the zone they were entered in.
            let events = try await coach.pullEverything().filter { $0.kind == "event" }
            let starts = events.compactMap { $0.data?.objectValue?["start"]?.stringValue }.sorted()
            #expect(starts == ["2026-10-24T07:00:00.000Z", "2026-10-26T08:00:00.000Z"])
            #expect(events.allSatisfy { $0.data?.objectValue?["zone"] == "Europe/Madrid" })

            // Both the coach and the client, in Madrid, see nine o'clock on both days.
            for (who, device) in [("coach", coach), ("client", client)] {
                let listed = try await Self.gorilla(["events", "list"], home: device.home, zone: "Europe/Madrid")
                #expect(listed.status == 0, "\(who): \(listed)")
                #expect(listed.stdout.contains("2026-10-24 09:00"), "\(who): \(listed)")
                #expect(listed.stdout.contains("2026-10-26 09:00"), "\(who): \(listed)")
            }
            // Someone reading in UTC sees the instants move by the change.
            let utc = try await Self.gorilla(["events", "list"], home: client.home, zone: "UTC")
            #expect(utc.stdout.contains("2026-10-24 07:00"), "\(utc)")
            #expect(utc.stdout.contains("2026-10-26 08:00"), "\(utc)")
        }
    }

    // MARK: Overlaps and status

    @Test func anOverlappingEventIsScheduledWithAWarningAndACancelledOneNoLongerClashes() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")
            _ = try await coach.invite(name: "Bo", surname: "Puig")
            func warnings(_ output: CommandOutput) -> [String] { output.notes.filter { $0.contains("overlaps") } }

            let first = try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-11-10 10:00", duration: 60))
            #expect(warnings(first).isEmpty, "\(first.notes)")
            let firstID = try #require(first.json.objectValue?["id"]?.stringValue)

            let second = try await coach.app.addEvent(client: "Bo", EventFields(at: "2026-11-10 10:30", duration: 45))
            #expect(warnings(second).count == 1, "\(second.notes)")
            #expect(warnings(second).first?.hasPrefix("warning: overlaps 2026-11-10 10:00") == true, "\(second.notes)")
            #expect(warnings(second).first?.contains("Ana Serra") == true, "\(second.notes)")
            #expect(second.json.objectValue?["rejected"] == nil)

            // Back to back is not an overlap.
            let adjacent = try await coach.app.addEvent(client: "Bo", EventFields(at: "2026-11-10 11:15", duration: 30))
            #expect(warnings(adjacent).isEmpty, "\(adjacent.notes)")
            #expect(try ServerDatabase(dataDirectory: server.dataDirectory).count("event", liveOnly: true) == 3)

            // `gorilla events cancel` keeps the event, marked cancelled, everywhere.
            let cancelled = try await runGorilla(["events", "cancel", firstID], home: coach.home)
            #expect(cancelled.status == 0, "\(cancelled)")
            #expect(cancelled.stdout.contains("cancelled"), "\(cancelled)")
            let onServer = try await coach.pullEverything().first { $0.id.uuidString.lowercased() == firstID }
            #expect(onServer?.deleted == false)
            #expect(onServer?.data?.objectValue?["status"] == "cancelled")
            let listed = try await runGorilla(["--json", "events", "list"], home: coach.home)
            let row = try listed.json().arrayValue?.first { $0.objectValue?["id"]?.stringValue == firstID }
            #expect(row?.objectValue?["status"] == "cancelled", "\(listed)")

            let again = try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-11-10 10:00", duration: 60))
            #expect(warnings(again).count == 1, "only Bo's event still clashes: \(again.notes)")
            #expect(warnings(again).first?.contains("Bo Puig") == true, "\(again.notes)")
        }
    }

    // MARK: iCalendar

    @Test func theICalendarExportReadsBackWithAnIndependentParser() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")
            let note =
                "Bring water, a towel; and\nyour shoes \\ spare socks. Después: estiramientos de cadera, espalda y hombros — ñandú 🦍"
            let gym = "Gym Central, Sala 2; planta 1"
            let training = try await coach.app.addEvent(
                client: "Ana", EventFields(at: "2026-11-10 10:00", duration: 90, gym: gym, note: note))
            let trainingID = try #require(training.json.objectValue?["id"]?.stringValue)
            let plain = try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-11-12 18:30"))
            let plainID = try #require(plain.json.objectValue?["id"]?.stringValue)
            _ = try await coach.app.setEventStatus(plainID, status: "cancelled")

            let folder = try TemporaryFolder("gorilla-e2e-ics")
            let file = folder.url.appendingPathComponent("events.ics")
            let written = try await coach.app.exportEvents(icsFile: file.path, from: nil, to: nil)
            #expect(written.text.contains("Wrote 2 events"), "\(written.text)")
            let bytes = try Data(contentsOf: file)

            // Physical lines: CRLF only, at most 75 octets, each valid UTF-8 on its own (no character split by folding).
            let physical = ICSReader.physicalLines(bytes)
            #expect(bytes.suffix(2) == Data([0x0D, 0x0A]))
            #expect(!physical.isEmpty)
            for line in physical {
                #expect(line.count <= 75, "a line of \(line.count) octets: \(String(decoding: line, as: UTF8.self))")
                #expect(!line.contains(0x0A) && !line.contains(0x0D), "a bare line break inside a line")
                #expect(String(validating: line, as: UTF8.self) != nil, "folding split a UTF-8 character")
            }
            #expect(physical.contains { $0.first == 0x20 }, "the long description was not folded")

            let calendar = try #require(try ICSReader.parse(bytes))
            #expect(calendar.name == "VCALENDAR")
            #expect(calendar.value("VERSION") == "2.0")
            #expect(!(calendar.value("PRODID") ?? "").isEmpty)
            let events = calendar.children.filter { $0.name == "VEVENT" }
            #expect(events.count == 2)
            #expect(Set(events.compactMap { $0.value("UID") }).count == 2)

            let start = try #require(EventFormatting.parseLocal("2026-11-10 10:00"))
            let first = try #require(events.first { $0.value("UID")?.contains(trainingID) == true })
            for property in ["DTSTAMP", "DTSTART", "DTEND"] {
                #expect(
                    first.value(property)?.wholeMatch(of: /\d{8}T\d{6}Z/) != nil,
                    "\(property): \(first.value(property) ?? "-")")
            }
            #expect(first.value("DTSTART").flatMap(ICSReader.utc) == start)
            #expect(first.value("DTEND").flatMap(ICSReader.utc) == start.addingTimeInterval(90 * 60))
            #expect(first.text("SUMMARY")?.contains("Ana Serra") == true, "\(first.text("SUMMARY") ?? "-")")
            #expect(first.text("LOCATION") == gym)
            #expect(first.text("DESCRIPTION") == note)
            // TEXT escaping as written: backslash, semicolon, comma and newline.
            let rawDescription = try #require(first.value("DESCRIPTION"))
            #expect(rawDescription.contains("water\\, a towel\\; and\\nyour shoes \\\\ spare"), "\(rawDescription)")
            #expect(first.value("STATUS") == "CONFIRMED")

            let second = try #require(events.first { $0.value("UID")?.contains(plainID) == true })
            #expect(second.value("STATUS") == "CANCELLED")
            #expect(second.value("LOCATION") == nil && second.value("DESCRIPTION") == nil)
            let secondStart = try #require(EventFormatting.parseLocal("2026-11-12 18:30"))
            #expect(second.value("DTEND").flatMap(ICSReader.utc) == secondStart.addingTimeInterval(60 * 60))
        }
    }

    // MARK: Calendar

    @Test func februaryTwentyTwentySixHasTwentyEightDaysFromSundayWithEventDaysMarked() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")
            for at in [
                "2026-02-10 09:00", "2026-02-27 18:00", "2026-02-27 19:30", "2026-03-01 09:00", "2026-01-31 09:00",
            ] {
                _ = try await coach.app.addEvent(client: "Ana", EventFields(at: at))
            }
            let cancelled = try await coach.app.addEvent(client: "Ana", EventFields(at: "2026-02-14 12:00"))
            _ = try await coach.app.setEventStatus(
                try #require(cancelled.json.objectValue?["id"]?.stringValue), status: "cancelled")

            let june = try #require(ISOTime.parse("2026-06-15T12:00:00Z"))
            let shown = try await coach.app.calendar(month: "2026-02", style: .plain, now: june)
            let lines = shown.text.components(separatedBy: "\n")
            #expect(lines.first?.trimmingCharacters(in: .whitespaces) == "February 2026")
            let header = try #require(lines.firstIndex(of: "Mon Tue Wed Thu Fri Sat Sun"), "\(shown.text)")
            let legend = try #require(lines.firstIndex { $0.hasPrefix("* events") }, "\(shown.text)")
            let grid = Array(lines[(header + 1)..<legend])
            #expect(grid.count == 5, "\(grid)")
            // 1 February 2026 is a Sunday: six empty cells first.
            #expect(grid.first == String(repeating: " ", count: 24) + "  1", "\(grid)")
            let cells = grid.flatMap { $0.split(separator: " ") }.map(String.init)
            #expect(cells.map { Int($0.filter(\.isNumber)) ?? -1 } == Array(1...28), "\(cells)")
            // Both appointments are past without a session: missed.
            #expect(cells.filter { $0.contains("!") } == ["10!", "27!"], "\(cells)")
            #expect(!grid.joined().contains("<"), "no today marker outside the current month")
            let days = shown.json.objectValue?["days"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(days.map { $0["day"]?.intValue ?? 0 } == [10, 27])
            #expect(days.map { $0["events"]?.intValue ?? 0 } == [1, 2])
            #expect(shown.json.objectValue?["events"]?.arrayValue?.count == 4)
            #expect(shown.text.contains("(cancelled)"))

            // Today is marked when the month is the current one.
            let tenth = try #require(ISOTime.parse("2026-02-10T12:00:00Z"))
            let current = try await coach.app.calendar(month: nil, style: .plain, now: tenth)
            #expect(current.text.contains("February 2026"))
            #expect(current.text.contains(">10!"), "\(current.text)")
            // On a terminal (with or without NO_COLOR) today is in reverse video, through the one set of styles.
            let onTerminal = try await coach.app.calendar(
                month: nil, style: TerminalStyle(attributes: true, colours: false), now: tenth)
            #expect(onTerminal.text.contains("\u{1B}[7m 10\u{1B}[0m!"), "\(onTerminal.text.debugDescription)")
            let invalid = await #expect(throws: ClientError.self) {
                _ = try await coach.app.calendar(month: "2026-13", style: .plain)
            }
            #expect(invalid?.kind == .usage)
        }
    }
}

/// A small RFC 5545 reader written for these tests, independent of the product's writer.
fileprivate enum ICSReader {
    struct Property {
        let name: String
        let parameters: [String]
        /// The raw value, still escaped.
        let value: String
    }

    struct Component {
        let name: String
        var properties: [Property] = []
        var children: [Component] = []

        /// The raw value of the first property `name`.
        func value(_ name: String) -> String? { properties.first { $0.name == name }?.value }
        /// The first property `name` as unescaped TEXT.
        func text(_ name: String) -> String? { value(name).map(ICSReader.unescape) }
    }

    /// The content lines as octets, split at CRLF (the last, empty, piece dropped).
    static func physicalLines(_ bytes: Data) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var iterator = Array(bytes).makeIterator()
        var pending: UInt8?
        while let byte = pending ?? iterator.next() {
            pending = nil
            if byte == 0x0D, let next = iterator.next() {
                if next == 0x0A {
                    lines.append(current)
                    current = []
                    continue
                }
                current.append(byte)
                pending = next
                continue
            }
            current.append(byte)
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Unfolds (a line starting with a space or tab continues the previous one), then decodes each logical line.
    static func logicalLines(_ bytes: Data) -> [String]? {
        var logical: [[UInt8]] = []
        for line in physicalLines(bytes) {
            if let first = line.first, first == 0x20 || first == 0x09, !logical.isEmpty {
                logical[logical.count - 1] += line.dropFirst()
            } else {
                logical.append(line)
            }
        }
        var result: [String] = []
        for line in logical where !line.isEmpty {
            guard let text = String(validating: line, as: UTF8.self) else { return nil }
            result.append(text)
        }
        return result
    }

    /// `NAME;PARAM=...:value`, the colon found outside quoted parameter values.
    static func property(_ line: String) -> Property? {
        var quoted = false
        for index in line.indices {
            let character = line[index]
            if character == "\"" { quoted.toggle() }
            if character == ":" && !quoted {
                let head = line[..<index].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                guard let name = head.first, !name.isEmpty else { return nil }
                return Property(
                    name: name.uppercased(), parameters: Array(head.dropFirst()),
                    value: String(line[line.index(after: index)...]))
            }
        }
        return nil
    }

    /// The outermost component, with its children; nil when the structure is broken.
    static func parse(_ bytes: Data) throws -> Component? {
        guard let lines = logicalLines(bytes) else { return nil }
        var stack: [Component] = []
        var root: Component?
        for line in lines {
            guard let property = property(line) else { return nil }
            switch property.name {
            case "BEGIN":
                stack.append(Component(name: property.value.uppercased()))
            case "END":
                guard let done = stack.popLast(), done.name == property.value.uppercased() else { return nil }
                if stack.isEmpty {
                    guard root == nil else { return nil }
                    root = done
                } else {
                    stack[stack.count - 1].children.append(done)
                }
            default:
                guard !stack.isEmpty else { return nil }
                stack[stack.count - 1].properties.append(property)
            }
        }
        return stack.isEmpty ? root : nil
    }

    /// TEXT unescaping: `\\`, `\;`, `\,`, `\n` and `\N`.
    static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n", "N": result.append("\n")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A UTC DATE-TIME, `YYYYMMDDTHHMMSSZ`.
    static func utc(_ value: String) -> Date? {
        guard value.wholeMatch(of: /\d{8}T\d{6}Z/) != nil else { return nil }
        let digits = value.filter(\.isNumber).map { Int(String($0))! }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(
            from: DateComponents(
                year: number(0..<4), month: number(4..<6), day: number(6..<8),
                hour: number(8..<10), minute: number(10..<12), second: number(12..<14)))
    }
}
