import Foundation
import GRDB
import GorillaShared

extension EntityKinds {
    /// Limits of one training session document.
    enum SessionLimits {
        static let exercises = 100
        static let sets = 100
        static let reps: ClosedRange<Double> = 0...1000
        static let weight: ClosedRange<Double> = 0...2000
        static let seconds: ClosedRange<Double> = 0...86_400
    }

    /// A finished training session (the history): append-only, deletable by the coach as a tombstone.
    static let session = EntityKind(
        name: "session", scope: .client, writers: [.coach], deleters: [.coach], appendOnly: true,
        validate: { document, context in
            try FieldRules.only(["client", "event", "training", "mode", "start", "end", "paused", "notes", "exercises"], in: document)
            let client = try FieldRules.reference("client", kind: "client", in: &document, context: context, required: true)
            if let event = try FieldRules.reference("event", kind: "event", in: &document, context: context),
               let row = try context.liveReference(event, kind: "event"), row.clientID != client?.key {
                throw StoreError(.invalidReference, "event (belongs to another client)")
            }
            try historyReference("training", kind: "training", in: &document, context: context)
            try FieldRules.oneOf("mode", ["realtime", "handsfree"], fallback: "handsfree", in: &document)
            let start = try time("start", in: &document, required: true)
            if let end = try time("end", in: &document, required: false), let start, end < start {
                throw StoreError.invalid("end (before start)")
            }
            try FieldRules.number("paused", in: &document, range: SessionLimits.seconds)
            try FieldRules.optionalText("notes", in: &document)
            try exercises(in: &document, context: context)
        },
        canonicalCreate: canonicalSession
    )

    // MARK: Straight from the pushed bytes

    /// `validate` of a created session, reading the pushed bytes and writing the stored text as it goes (see
    /// ``CanonicalDocument``). It must accept nothing that `validate` refuses (once the references it lists hold)
    /// and write exactly what `validate` makes; anything else throws, and `validate` runs. It reads in one pass
    /// documents whose members come sorted, as devices write them; others are left to `validate` too.
    private static func canonicalSession(_ bytes: [UInt8]) throws -> CanonicalDocument {
        try bytes.withUnsafeBufferPointer { buffer in
            try FastJSON.withParser(buffer) { parser in
                var reader = SessionReader()
                var text: [UInt8] = []
                text.reserveCapacity(buffer.count + 256)
                try CanonicalWriter.sortedMembers(&parser, &reader, into: &text)
                // The end is written before the start is read; it is checked now.
                if let end = reader.end, let start = reader.start, end < start { throw CanonicalWriter.Unusual() }
                reader.document.finish(text)
                return reader.document
            }
        }
    }

    /// The session object: `{"client":…,"end":…,"event":…,"exercises":[…],"mode":…,"notes":…,"paused":…,"start":…,
    /// "training":…}`.
    private struct SessionReader: SortedMembersReader {
        static let keys = CanonicalWriter.keys(["client", "end", "event", "exercises", "mode", "notes", "paused", "start", "training"])
        var document = CanonicalDocument()
        var start: Date?
        var end: Date?

        mutating func absent(_ index: Int, null: Bool, into out: inout [UInt8]) throws {
            switch index {
            case 0, 7: throw CanonicalWriter.Unusual()  // the client and the start are required
            case 3:
                document.member("exercises", into: &out)
                out += [UInt8(ascii: "["), UInt8(ascii: "]")]
            case 4:
                document.member("mode", into: &out)
                CanonicalWriter.writeString("handsfree", into: &out)
            default: break
            }
        }

        mutating func present(_ index: Int, _ parser: inout FastJSON.Parser, into out: inout [UInt8]) throws {
            switch index {
            case 0:
                let id = try CanonicalWriter.id(&parser)
                document.references.append(CanonicalReference(id: id, kind: "client", live: true))
                document.clientID = id
                document.member("client", into: &out)
                CanonicalWriter.writeID(id, into: &out)
            case 1:
                let end = try time(&parser)
                self.end = end
                document.member("end", into: &out)
                FastJSON.writeString(ISOTime.format(end), into: &out)
            case 2:
                // The client comes first, so it is known here.
                let id = try CanonicalWriter.id(&parser)
                document.references.append(CanonicalReference(id: id, kind: "event", live: true, client: document.clientID))
                document.member("event", into: &out)
                CanonicalWriter.writeID(id, into: &out)
            case 3:
                document.member("exercises", into: &out)
                try CanonicalWriter.array(&parser, limit: SessionLimits.exercises, into: &out) { _, parser, out in
                    var exercise = ExerciseReader()
                    try CanonicalWriter.sortedMembers(&parser, &exercise, into: &out)
                    exercise.object.close(into: &out)
                    // A performed exercise may name one deleted since.
                    if let id = exercise.id { document.references.append(CanonicalReference(id: id, kind: "exercise", live: false)) }
                }
            case 4:
                document.member("mode", into: &out)
                CanonicalWriter.writeString(try CanonicalWriter.choice(&parser, ["realtime", "handsfree"]), into: &out)
            case 5:
                let text = try parser.string()
                let notes: String?
                do { notes = try FieldRules.cleanText(text, field: "notes") } catch { throw CanonicalWriter.Unusual() }
                if let notes {
                    document.member("notes", into: &out)
                    FastJSON.writeString(notes, into: &out)
                }
            case 6:
                document.member("paused", into: &out)
                try CanonicalWriter.writeNumber(&parser, within: SessionLimits.seconds, into: &out)
            case 7:
                let start = try time(&parser)
                self.start = start
                document.member("start", into: &out)
                FastJSON.writeString(ISOTime.format(start), into: &out)
            default:
                let id = try CanonicalWriter.id(&parser)
                document.references.append(CanonicalReference(id: id, kind: "training", live: false))
                document.member("training", into: &out)
                CanonicalWriter.writeID(id, into: &out)
            }
        }
    }

    /// An ISO-8601 time.
    private static func time(_ parser: inout FastJSON.Parser) throws -> Date {
        guard let date = ISOTime.parse(try parser.string()) else { throw CanonicalWriter.Unusual() }
        return date
    }

    /// One performed exercise: `{"exercise":…,"name":…,"sets":[…]}`. The caller closes the object, and names the
    /// exercise it read among the document's references.
    private struct ExerciseReader: SortedMembersReader {
        static let keys = CanonicalWriter.keys(["exercise", "name", "sets"])
        var object = FastJSON.ObjectWriter()
        var id: UUID?

        mutating func absent(_ index: Int, null: Bool, into out: inout [UInt8]) throws {
            switch index {
            case 1: throw CanonicalWriter.Unusual()  // the name is required (`validate` refuses a null one)
            case 2:
                if null { throw CanonicalWriter.Unusual() }  // `validate` refuses null sets, and takes absent ones as none
                object.member("sets", into: &out)
                out += [UInt8(ascii: "["), UInt8(ascii: "]")]
            default: break
            }
        }

        mutating func present(_ index: Int, _ parser: inout FastJSON.Parser, into out: inout [UInt8]) throws {
            switch index {
            case 0:
                let exercise = try CanonicalWriter.id(&parser)
                id = exercise
                object.member("exercise", into: &out)
                CanonicalWriter.writeID(exercise, into: &out)
            case 1:
                guard let name = Validation.cleanName(try parser.string()) else { throw CanonicalWriter.Unusual() }
                object.member("name", into: &out)
                FastJSON.writeString(name, into: &out)
            default:
                object.member("sets", into: &out)
                try CanonicalWriter.array(&parser, limit: SessionLimits.sets, into: &out) { index, parser, out in
                    var set = SetReader(position: index + 1)
                    try CanonicalWriter.sortedMembers(&parser, &set, into: &out)
                    set.object.close(into: &out)
                }
            }
        }
    }

    /// One set, members sorted: duration, position, repTimes, reps, rest, type, unit, weight (see `set`). The
    /// members the set leaves out get what `validate` puts there. The caller closes the object.
    private struct SetReader: SortedMembersReader {
        static let keys = CanonicalWriter.keys(["duration", "position", "repTimes", "reps", "rest", "type", "unit", "weight"])
        var object = FastJSON.ObjectWriter()
        /// The set's place in the list, whatever the device said.
        let position: Int

        init(position: Int) { self.position = position }

        mutating func absent(_ index: Int, null: Bool, into out: inout [UInt8]) throws {
            switch index {
            case 1: writePosition(into: &out)
            case 3: throw CanonicalWriter.Unusual()  // reps are required
            case 5:
                object.member("type", into: &out)
                CanonicalWriter.writeString("normal", into: &out)
            case 6:
                object.member("unit", into: &out)
                CanonicalWriter.writeString("kg", into: &out)
            default: break
            }
        }

        mutating func present(_ index: Int, _ parser: inout FastJSON.Parser, into out: inout [UInt8]) throws {
            switch index {
            case 0:
                object.member("duration", into: &out)
                try CanonicalWriter.writeNumber(&parser, within: SessionLimits.seconds, into: &out)
            case 1:
                try parser.checkValue()
                writePosition(into: &out)
            case 2:
                object.member("repTimes", into: &out)
                try CanonicalWriter.array(&parser, limit: Int(SessionLimits.reps.upperBound), into: &out) { _, parser, out in
                    try CanonicalWriter.writeNumber(&parser, within: SessionLimits.seconds, into: &out)
                }
            case 3:
                object.member("reps", into: &out)
                try CanonicalWriter.writeNumber(&parser, within: SessionLimits.reps, into: &out)
            case 4:
                object.member("rest", into: &out)
                try CanonicalWriter.writeNumber(&parser, within: SessionLimits.seconds, into: &out)
            case 5:
                object.member("type", into: &out)
                CanonicalWriter.writeString(try CanonicalWriter.choice(&parser, ["normal", "warmup", "drop", "failure"]), into: &out)
            case 6:
                object.member("unit", into: &out)
                CanonicalWriter.writeString(try CanonicalWriter.choice(&parser, ["kg", "lb"]), into: &out)
            default:
                object.member("weight", into: &out)
                try CanonicalWriter.writeNumber(&parser, within: SessionLimits.weight, into: &out)
            }
        }

        private mutating func writePosition(into out: inout [UInt8]) {
            object.member("position", into: &out)
            FastJSON.writeNumber(Double(position), into: &out)
        }
    }

    /// A required or optional ISO-8601 time, normalised.
    private static func time(_ field: String, in document: inout [String: JSONValue], required: Bool) throws -> Date? {
        guard let value = document[field], !value.isNull else {
            if required { throw StoreError(.missingFields, field) }
            document[field] = nil
            return nil
        }
        guard let text = value.stringValue, let date = ISOTime.parse(text) else { throw StoreError.invalid("\(field) (ISO-8601 time)") }
        document[field] = .string(ISOTime.format(date))
        return date
    }

    /// A reference to a row of the tenant that may since have been deleted: history keeps pointing at tombstones.
    private static func historyReference(_ field: String, kind: String, in document: inout [String: JSONValue],
                                         context: MutationContext) throws {
        guard let value = document[field], !value.isNull else { document[field] = nil; return }
        guard let text = value.stringValue, let id = UUID(uuidString: text), try context.reference(id, kind: kind) != nil else {
            throw StoreError(.invalidReference, "\(field) (no such \(kind))")
        }
        document[field] = .string(id.key)
    }

    /// The performed exercises, in order, each with its sets.
    private static func exercises(in document: inout [String: JSONValue], context: MutationContext) throws {
        guard let value = document["exercises"], !value.isNull else { document["exercises"] = .array([]); return }
        guard let items = value.arrayValue, items.count <= SessionLimits.exercises else {
            throw StoreError.invalid("exercises must be a list of at most \(SessionLimits.exercises)")
        }
        var clean: [JSONValue] = []
        for (index, item) in items.enumerated() {
            let label = "exercises[\(index)]"
            guard var entry = item.objectValue else { throw StoreError.invalid("\(label) must be an object") }
            try FieldRules.only(["exercise", "name", "sets"], in: entry)
            try historyReference("exercise", kind: "exercise", in: &entry, context: context)
            do { try FieldRules.name("name", in: &entry) } catch let error as StoreError {
                throw StoreError(error.code, "\(label).\(error.detail ?? "name")")
            }
            guard let sets = (entry["sets"] ?? .array([])).arrayValue, sets.count <= SessionLimits.sets else {
                throw StoreError.invalid("\(label).sets must be a list of at most \(SessionLimits.sets)")
            }
            entry["sets"] = .array(try sets.enumerated().map { position, set in
                .object(try Self.set(set, position: position + 1, label: "\(label).sets[\(position)]"))
            })
            clean.append(.object(entry))
        }
        document["exercises"] = .array(clean)
    }

    /// One set: type, reps, weight with its unit, duration, rest before it and (real time) the time of every rep.
    private static func set(_ value: JSONValue, position: Int, label: String) throws -> [String: JSONValue] {
        guard var set = value.objectValue else { throw StoreError.invalid("\(label) must be an object") }
        do {
            try FieldRules.only(["position", "type", "reps", "weight", "unit", "duration", "rest", "repTimes"], in: set)
            try FieldRules.oneOf("type", ["normal", "warmup", "drop", "failure"], fallback: "normal", in: &set)
            try FieldRules.number("reps", in: &set, range: SessionLimits.reps, required: true)
            try FieldRules.number("weight", in: &set, range: SessionLimits.weight)
            try FieldRules.oneOf("unit", ["kg", "lb"], fallback: "kg", in: &set)
            try FieldRules.number("duration", in: &set, range: SessionLimits.seconds)
            try FieldRules.number("rest", in: &set, range: SessionLimits.seconds)
            if let times = set["repTimes"], !times.isNull {
                guard let list = times.arrayValue, list.count <= Int(SessionLimits.reps.upperBound),
                      list.allSatisfy({ $0.doubleValue.map { $0.isFinite && SessionLimits.seconds.contains($0) } ?? false }) else {
                    throw StoreError.invalid("repTimes must be a list of at most 1000 times from 0 to 86400 seconds")
                }
            } else {
                set["repTimes"] = nil
            }
        } catch let error as StoreError {
            throw StoreError(error.code, "\(label).\(error.detail ?? "")")
        }
        set["position"] = .number(Double(position))
        return set
    }
}
