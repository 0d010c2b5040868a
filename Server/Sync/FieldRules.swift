import Foundation
import GorillaShared

/// Small checks that kinds compose into their validators. Each throws ``ServerError`` naming the field.
enum FieldRules {
    /// Refuses fields not in `allowed`.
    static func only(_ allowed: Set<String>, in document: [String: JSONValue]) throws {
        if let unknown = document.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ServerError.invalid("unknown field '\(unknown)'")
        }
    }

    /// A required display string: trimmed, 1–`max` characters, no control characters.
    static func name(
        _ field: String, in document: inout [String: JSONValue], max: Int = Validation.maximumNameLength
    ) throws {
        guard let value = document[field] else { throw ServerError(.missingFields, field) }
        guard let text = value.stringValue, let clean = Validation.cleanName(text, maxLength: max) else {
            throw ServerError.invalid("\(field) (1–\(max) characters, no control characters)")
        }
        document[field] = .string(clean)
    }

    /// An optional text; null or empty removes it. Newlines allowed when `multiline`.
    static func optionalText(
        _ field: String, in document: inout [String: JSONValue], max: Int = 2000, multiline: Bool = true
    ) throws {
        guard let value = document[field] else { return }
        if value.isNull { document[field] = nil; return }
        guard let text = value.stringValue else { throw ServerError.invalid("\(field) must be text") }
        document[field] = try cleanText(text, field: field, max: max, multiline: multiline).map(JSONValue.string)
    }

    /// An optional text as stored: trimmed, nil when that leaves nothing.
    static func cleanText(_ text: String, field: String, max: Int = 2000, multiline: Bool = true) throws -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        guard trimmed.count <= max, !Validation.containsControlCharacters(trimmed, allowNewline: multiline) else {
            throw ServerError.invalid("\(field) (at most \(max) characters, no control characters)")
        }
        return trimmed
    }

    /// One of the values of `Value`, defaulting to `fallback` when absent.
    static func oneOf<Value: CaseIterable & RawRepresentable<String>>(
        _ field: String, _ type: Value.Type, fallback: Value?, in document: inout [String: JSONValue]
    ) throws {
        guard let value = document[field], !value.isNull else {
            document[field] = fallback.map { JSONValue.string($0.rawValue) }
            return
        }
        guard let text = value.stringValue, Value(rawValue: text) != nil else {
            throw ServerError.invalid(
                "\(field) must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// An optional finite number in `range`.
    static func number(
        _ field: String, in document: inout [String: JSONValue], range: ClosedRange<Double>, required: Bool = false
    ) throws {
        guard let value = document[field], !value.isNull else {
            if required { throw ServerError(.missingFields, field) }
            document[field] = nil
            return
        }
        guard let number = value.doubleValue, number.isFinite, range.contains(number) else {
            throw ServerError.invalid("\(field) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    /// An optional calendar day (`YYYY-MM-DD`), stored as written.
    static func day(_ field: String, in document: inout [String: JSONValue]) throws {
        guard let value = document[field], !value.isNull else {
            document[field] = nil
            return
        }
        guard let day = value.stringValue.flatMap(CalendarDate.init) else {
            throw ServerError.invalid("\(field) (YYYY-MM-DD)")
        }
        document[field] = .string(day.description)
    }

    /// A list of short strings (e.g. muscle groups), trimmed, without duplicates.
    static func stringList(
        _ field: String, in document: inout [String: JSONValue], maxCount: Int = 30, maxLength: Int = 60
    ) throws {
        guard let value = document[field], !value.isNull else { document[field] = .array([]); return }
        guard let items = value.arrayValue, items.count <= maxCount else {
            throw ServerError.invalid("\(field) must be a list of at most \(maxCount)")
        }
        var seen = Set<String>()
        var clean: [JSONValue] = []
        for item in items {
            guard let text = item.stringValue, let name = Validation.cleanName(text, maxLength: maxLength) else {
                throw ServerError.invalid("\(field) entries must be text of 1–\(maxLength) characters")
            }
            if seen.insert(name.lowercased()).inserted { clean.append(.string(name)) }
        }
        document[field] = .array(clean)
    }

    /// An optional reference to a live row of `kind` in the principal's tenant; returns its id.
    @discardableResult
    static func reference(
        _ field: String, kind: EntityKind, in document: inout [String: JSONValue], context: MutationContext,
        required: Bool = false
    ) throws -> UUID? {
        guard let value = document[field], !value.isNull else {
            if required { throw ServerError(.missingFields, field) }
            document[field] = nil
            return nil
        }
        guard let text = value.stringValue, let id = UUID(uuidString: text),
            try context.liveReference(id, kind: kind) != nil
        else {
            throw ServerError(.invalidReference, "\(field) (no such \(kind))")
        }
        document[field] = .string(id.key)
        return id
    }

    /// An optional image reference: the SHA-256 of media uploaded by someone of the tenant.
    static func image(_ field: String, in document: inout [String: JSONValue], context: MutationContext) throws {
        guard let value = document[field], !value.isNull else { document[field] = nil; return }
        guard let sha = value.stringValue?.lowercased(), sha.count == 64,
            try context.db.value(Bool.self, sql: """
                    SELECT 1 FROM media JOIN users ON users.id = media.owner_id
                    WHERE media.sha256 = ? AND (users.id = ? OR users.coach_id = ?)
                    """, arguments: [sha, context.tenantID.key, context.tenantID.key]) != nil
        else { throw ServerError(.invalidReference, "\(field) (upload the image first)") }
        document[field] = .string(sha)
    }
}
