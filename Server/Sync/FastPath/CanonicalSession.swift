import Foundation
import GorillaShared

/// The session kind's one-pass reader (``KindRules/canonicalCreate``); its contract is in this folder's README.
extension EntityKinds {
    /// `validate` of a created session, reading the pushed bytes and writing the stored text as it goes (see
    /// ``CanonicalDocument``). It must accept nothing that `validate` refuses (once the references it lists hold)
    /// and write exactly what `validate` makes; anything else throws, and `validate` runs. It reads in one pass
    /// documents whose members come sorted, as devices write them; others are left to `validate` too.
    ///
    /// Its readers take their members, allowed values and limits from ``TrainingSession``, ``PerformedExercise`` and
    /// ``PerformedSet``, and switch over their coding keys, so a member added to a type must be handled here too.
    static func canonicalSession(_ bytes: [UInt8]) throws -> CanonicalDocument {
        try bytes.withUnsafeBufferPointer { buffer in
            try FastJSON.withParser(buffer) { parser in
                var reader = SessionReader()
                // The stored text says who recorded the session: a coach's push (a client's is left to `validate`,
                // which also files it under the client).
                reader.document.writer = .coach
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

    /// The session object, members sorted (``TrainingSession/CodingKeys``).
    struct SessionReader: SortedMembersReader {
        static let members = CanonicalWriter.sorted(TrainingSession.CodingKeys.self)
        static let keys = CanonicalWriter.keys(members)
        var document = CanonicalDocument()
        var start: Date?
        var end: Date?

        mutating func absent(_ index: Int, null: Bool, into out: inout [UInt8]) throws {
            switch Self.members[index] {
            case .client, .start: throw CanonicalWriter.Unusual()  // required
            case .exercises:
                document.member("exercises", into: &out)
                out += [UInt8(ascii: "["), UInt8(ascii: "]")]
            case .mode:
                document.member("mode", into: &out)
                CanonicalWriter.writeString(SessionMode.default, into: &out)
            case .recordedBy:
                if null { throw CanonicalWriter.Unusual() }  // set by the server: a device may not even name it
                document.member("recordedBy", into: &out)
                CanonicalWriter.writeString(Role.coach, into: &out)
            case .revision:
                if null { throw CanonicalWriter.Unusual() }
                document.member("revision", into: &out)
                FastJSON.writeNumber(1, into: &out)
            case .recorder:
                if null { throw CanonicalWriter.Unusual() }  // set by the server, and only for a colleague's session
            case .end, .event, .notes, .paused, .training: break
            }
        }

        mutating func present(_ index: Int, _ parser: inout FastJSON.Parser, into out: inout [UInt8]) throws {
            switch Self.members[index] {
            case .client:
                let id = try CanonicalWriter.id(&parser)
                document.references.append(CanonicalReference(id: id, kind: .client, live: true))
                document.clientID = id
                document.member("client", into: &out)
                CanonicalWriter.writeID(id, into: &out)
            case .end:
                let end = try time(&parser)
                self.end = end
                document.member("end", into: &out)
                FastJSON.writeString(ISOTime.format(end), into: &out)
            case .event:
                // The client comes first, so it is known here.
                let id = try CanonicalWriter.id(&parser)
                document.references.append(
                    CanonicalReference(id: id, kind: .event, live: true, client: document.clientID))
                document.member("event", into: &out)
                CanonicalWriter.writeID(id, into: &out)
            case .exercises:
                document.member("exercises", into: &out)
                try CanonicalWriter.array(&parser, limit: TrainingSession.maxExercises, into: &out) { _, parser, out in
                    var exercise = ExerciseReader()
                    try CanonicalWriter.sortedMembers(&parser, &exercise, into: &out)
                    exercise.object.close(into: &out)
                    // A performed exercise may name one deleted since.
                    if let id = exercise.id {
                        document.references.append(CanonicalReference(id: id, kind: .exercise, live: false))
                    }
                }
            case .mode:
                document.member("mode", into: &out)
                try CanonicalWriter.writeChoice(&parser, SessionMode.self, into: &out)
            case .notes:
                let text = try parser.string()
                let notes: String?
                do { notes = try MemberRules.text(text, "notes") } catch { throw CanonicalWriter.Unusual() }
                if let notes {
                    document.member("notes", into: &out)
                    FastJSON.writeString(notes, into: &out)
                }
            case .paused:
                document.member("paused", into: &out)
                try CanonicalWriter.writeNumber(&parser, within: TrainingSession.secondsRange, into: &out)
            case .recordedBy, .recorder, .revision:
                throw CanonicalWriter.Unusual()  // set by the server: the push is refused
            case .start:
                let start = try time(&parser)
                self.start = start
                let text = ISOTime.format(start)
                document.member("start", into: &out)
                document.startsAt = text
                FastJSON.writeString(text, into: &out)
            case .training:
                let id = try CanonicalWriter.id(&parser)
                document.references.append(CanonicalReference(id: id, kind: .training, live: false))
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

    /// One performed exercise, members sorted (``PerformedExercise/CodingKeys``). The caller closes the object, and
    /// names the exercise it read among the document's references.
    struct ExerciseReader: SortedMembersReader {
        static let members = CanonicalWriter.sorted(PerformedExercise.CodingKeys.self)
        static let keys = CanonicalWriter.keys(members)
        var object = FastJSON.ObjectWriter()
        var id: UUID?

        mutating func absent(_ index: Int, null: Bool, into out: inout [UInt8]) throws {
            switch Self.members[index] {
            case .name: throw CanonicalWriter.Unusual()  // the name is required (`validate` refuses a null one)
            case .sets:
                if null { throw CanonicalWriter.Unusual() }  // `validate` refuses null sets, and takes absent ones as none
                object.member("sets", into: &out)
                out += [UInt8(ascii: "["), UInt8(ascii: "]")]
            case .exercise, .target: break
            }
        }

        mutating func present(_ index: Int, _ parser: inout FastJSON.Parser, into out: inout [UInt8]) throws {
            switch Self.members[index] {
            case .exercise:
                let exercise = try CanonicalWriter.id(&parser)
                id = exercise
                object.member("exercise", into: &out)
                CanonicalWriter.writeID(exercise, into: &out)
            case .name:
                guard let name = Validation.cleanName(try parser.string()) else { throw CanonicalWriter.Unusual() }
                object.member("name", into: &out)
                FastJSON.writeString(name, into: &out)
            case .sets:
                object.member("sets", into: &out)
                try CanonicalWriter.array(&parser, limit: PerformedExercise.maxSets, into: &out) { index, parser, out in
                    var set = SetReader(position: index + 1)
                    try CanonicalWriter.sortedMembers(&parser, &set, into: &out)
                    set.object.close(into: &out)
                }
            case .target: throw CanonicalWriter.Unusual()  // a program's target: the plain path reads it
            }
        }
    }

    /// One set, members sorted (``PerformedSet/CodingKeys``). The members the set leaves out get what `validate`
    /// puts there. The caller closes the object.
    struct SetReader: SortedMembersReader {
        static let members = CanonicalWriter.sorted(PerformedSet.CodingKeys.self)
        static let keys = CanonicalWriter.keys(members)
        var object = FastJSON.ObjectWriter()
        /// The set's place in the list, whatever the device said.
        let position: Int

        init(position: Int) { self.position = position }

        mutating func absent(_ index: Int, null: Bool, into out: inout [UInt8]) throws {
            switch Self.members[index] {
            case .position: writePosition(into: &out)
            case .reps: throw CanonicalWriter.Unusual()  // reps are required
            case .type:
                object.member("type", into: &out)
                CanonicalWriter.writeString(SetType.normal, into: &out)
            case .unit:
                object.member("unit", into: &out)
                CanonicalWriter.writeString(WeightUnit.kg, into: &out)
            case .weight:
                // A set that gives no load lifts none (``PerformedSet/weight``).
                object.member("weight", into: &out)
                FastJSON.writeNumber(0, into: &out)
            case .distance, .duration, .repTimes, .rest, .rpe: break
            }
        }

        mutating func present(_ index: Int, _ parser: inout FastJSON.Parser, into out: inout [UInt8]) throws {
            switch Self.members[index] {
            case .distance:
                object.member("distance", into: &out)
                try CanonicalWriter.writeNumber(&parser, within: PerformedSet.distanceRange, into: &out)
            case .duration:
                object.member("duration", into: &out)
                try CanonicalWriter.writeNumber(&parser, within: TrainingSession.secondsRange, into: &out)
            case .position:
                try parser.checkValue()
                writePosition(into: &out)
            case .repTimes:
                object.member("repTimes", into: &out)
                try CanonicalWriter.array(&parser, limit: PerformedSet.maxRepTimes, into: &out) { _, parser, out in
                    try CanonicalWriter.writeNumber(&parser, within: TrainingSession.secondsRange, into: &out)
                }
            case .reps:
                object.member("reps", into: &out)
                try CanonicalWriter.writeCount(&parser, within: PerformedSet.repsRange, into: &out)
            case .rest:
                object.member("rest", into: &out)
                try CanonicalWriter.writeNumber(&parser, within: TrainingSession.secondsRange, into: &out)
            case .rpe:
                object.member("rpe", into: &out)
                let (number, text) = try parser.numberAndText()
                guard Effort.isValid(number, in: Effort.performedRange) else { throw CanonicalWriter.Unusual() }
                FastJSON.writeNumber(number, readFrom: text, into: &out)
            case .type:
                object.member("type", into: &out)
                try CanonicalWriter.writeChoice(&parser, SetType.self, into: &out)
            case .unit:
                object.member("unit", into: &out)
                try CanonicalWriter.writeChoice(&parser, WeightUnit.self, into: &out)
            case .weight:
                object.member("weight", into: &out)
                try CanonicalWriter.writeNumber(&parser, within: PerformedSet.weightRange, into: &out)
            }
        }

        private mutating func writePosition(into out: inout [UInt8]) {
            object.member("position", into: &out)
            FastJSON.writeNumber(Double(position), into: &out)
        }
    }
}
