import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// Synced values as a person reads them, for the reports of conflicts and refusals: ids of exercises, machines,
/// clients and trainings as their names (from the local cache), a training's entries as `Squat 4x12@80kg`, a
/// session's exercises as their sets (`Squat: 12x80kg, 10x85kg`), times in local time. Never an id or raw JSON.
struct ReadableValue {
    /// The cached row of an id, deleted or not (nil when this device does not know it).
    let lookup: (UUID) -> CachedEntity?
    /// Now, for times of today shown as their clock time only.
    var now = Date()

    /// `value` of `field` in a row of `section`.
    func text(_ value: JSONValue?, field: String, section: String) -> String {
        guard let value, !value.isNull else { return AccountPhrases.valueNothing.t() }
        switch (section, field) {
        case (EntityKind.training.rawValue, "exercises"):
            guard let entries = value.arrayValue else { break }
            return entries.isEmpty ? AccountPhrases.valueNoExercises.t() : entries.map(entry).joined(separator: ", ")
        case (EntityKind.session.rawValue, "exercises"):
            guard let items = value.arrayValue else { break }
            let exercises = items.map(PerformedExercise.init(document:))
            return exercises.isEmpty
                ? AccountPhrases.valueNoExercises.t()
                : exercises.map { "\($0.name): \(SessionHistory.sets($0))" }.joined(separator: "; ")
        default: break
        }
        return text(value)
    }

    /// The fields of a change, one after another: `name 'Rack', muscles quads, glutes`.
    func text(fields: [String: JSONValue], section: String) -> String {
        fields.keys.sorted().map { "\(Self.words($0)) \(text(fields[$0], field: $0, section: section))" }
            .joined(separator: "; ")
    }

    /// A training's entry: the exercise's name and its plan.
    private func entry(_ value: JSONValue) -> String {
        guard let planned = try? value.decode(PlannedExercise.self) else { return text(value) }
        let plan = planned.notation
        return plan.isEmpty ? name(of: planned.exercise) : "\(name(of: planned.exercise)) \(plan)"
    }

    /// Any other value: a text quoted (`quoted`, unless in a list), ids as names, times local, lists and objects item
    /// by item.
    private func text(_ value: JSONValue, quoted: Bool = true) -> String {
        switch value {
        case .string(let text):
            if let id = UUID(uuidString: text) { return name(of: id) }
            if text.count >= 16, text.contains("T"), let date = ISOTime.parse(text) { return time(date) }
            return quoted ? "'\(text)'" : text
        case .number(let number): return Numbers.plain(number)
        case .bool(let flag): return flag ? AccountPhrases.valueYes.t() : AccountPhrases.valueNo.t()
        case .array(let items):
            return items.isEmpty
                ? AccountPhrases.valueNone.t() : items.map { text($0, quoted: false) }.joined(separator: ", ")
        case .object(let members):
            return members.keys.sorted().map { "\(Self.words($0)) \(text(members[$0]!))" }.joined(separator: ", ")
        case .null: return AccountPhrases.valueNothing.t()
        }
    }

    /// What a row is called: its name (a client's full name), a session or event by its start; an unknown row as
    /// "an unknown" thing, never its id.
    func name(of id: UUID) -> String {
        guard let row = lookup(id) else { return AccountPhrases.valueUnknownItem.t() }
        return Self.name(kind: row.kind, id: row.id, naming: RowNaming(row))
    }

    /// What the row `id` of `kind` named by `naming` is called (see ``name(of:)``).
    static func name(kind: String, id: UUID, naming: RowNaming?) -> String {
        let noun = KindWords.name(kind)
        switch naming {
        case .name(let name): return name
        case .start(let start):
            return noun + " " + AccountPhrases.ofDate.t(["date": EventFormatting.local(start), "id": id.short])
        case .day(let day): return noun + " " + AccountPhrases.ofDate.t(["date": day.description, "id": id.short])
        case nil: return "\(noun) \(id.short)"
        }
    }

    /// A time in local time: `18:02` today, `2026-03-02 18:02` on another day.
    func time(_ date: Date) -> String {
        let local = EventFormatting.local(date)
        return local.prefix(10) == EventFormatting.local(now).prefix(10) ? String(local.suffix(5)) : local
    }

    /// A field's name in words, in the current language: `codeExpires` → `code expires`; a field without a text of
    /// its own (``AccountPhrases`` `field…`) in words of its name.
    package static func words(_ field: String) -> String {
        if let phrase = AccountPhrases(rawValue: "field" + field.prefix(1).uppercased() + field.dropFirst()) {
            return phrase.t()
        }
        var words = ""
        for character in field {
            if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
        }
        return words
    }
}
