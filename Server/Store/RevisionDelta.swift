import GorillaShared

/// A compact, exact difference between two JSON values: what turns a newer value of a field back into the older one.
///
/// A session's corrections are kept as these reverse deltas (``ServerStore/sessionHistory``): the current document is
/// stored whole and every earlier revision is the newer one with its delta applied, as RCS keeps files. A delta is
/// itself JSON, one of:
/// * `{"=": value}`: the older value whole;
/// * `{"o": {key: delta, …}, "-": [key, …]}`: an object with some members changed or added (`o`) and some removed (`-`);
/// * `{"a": [[index, delta], …], "s": [at, removed, [value, …]]}`: an array with some elements changed in place (`a`,
///   indices into the newer array), then `removed` elements from `at` replaced by the listed ones (`s`).
///
/// Arrays are compared by their common start and end, so a changed set, an added or removed set or exercise costs
/// about what it changes, not the whole session.
enum RevisionDelta {
    /// A delta that was not written by ``delta(from:to:)``.
    struct Malformed: Error {}

    /// The delta that turns `newer` into `older` (apply it with ``apply(_:to:)``).
    static func delta(from newer: JSONValue, to older: JSONValue) -> JSONValue {
        switch (newer, older) {
        case (.object(let new), .object(let old)):
            var changed: [String: JSONValue] = [:]
            for (key, value) in old where new[key] != value {
                changed[key] = new[key].map { delta(from: $0, to: value) } ?? .object(["=": value])
            }
            let removed = new.keys.filter { old[$0] == nil }.sorted()
            var result: [String: JSONValue] = [:]
            if !changed.isEmpty { result["o"] = .object(changed) }
            if !removed.isEmpty { result["-"] = .array(removed.map(JSONValue.string)) }
            return .object(result)
        case (.array(let new), .array(let old)):
            return arrayDelta(from: new, to: old)
        default:
            return .object(["=": older])
        }
    }

    /// `value` with `delta` applied: the older value it was made from.
    /// - Throws: ``Malformed`` for a delta ``delta(from:to:)`` did not write, or one made from another value.
    static func apply(_ delta: JSONValue, to value: JSONValue) throws -> JSONValue {
        guard case .object(let parts) = delta else { throw Malformed() }
        if let whole = parts["="] { return whole }
        if parts["o"] != nil || parts["-"] != nil {
            guard case .object(var object) = value else { throw Malformed() }
            for case .string(let key) in parts["-"]?.arrayValue ?? [] { object[key] = nil }
            for (key, change) in parts["o"]?.objectValue ?? [:] {
                if let current = object[key] {
                    object[key] = try apply(change, to: current)
                } else {
                    guard let whole = change.objectValue?["="] else { throw Malformed() }
                    object[key] = whole
                }
            }
            return .object(object)
        }
        guard case .array(var array) = value else {
            // `{}`: no change (an object delta with nothing in it).
            if parts.isEmpty { return value }
            throw Malformed()
        }
        for entry in parts["a"]?.arrayValue ?? [] {
            guard let pair = entry.arrayValue, pair.count == 2, let index = pair[0].intValue,
                array.indices.contains(index)
            else { throw Malformed() }
            array[index] = try apply(pair[1], to: array[index])
        }
        if let splice = parts["s"]?.arrayValue {
            guard splice.count == 3, let at = splice[0].intValue, let removed = splice[1].intValue,
                let inserted = splice[2].arrayValue, at >= 0, removed >= 0, at + removed <= array.count
            else { throw Malformed() }
            array.replaceSubrange(at..<(at + removed), with: inserted)
        }
        return .array(array)
    }

    /// The delta of two arrays: their common start and end kept, the elements in between changed in place pairwise,
    /// and what one has more than the other removed or inserted.
    private static func arrayDelta(from new: [JSONValue], to old: [JSONValue]) -> JSONValue {
        let shorter = min(new.count, old.count)
        var start = 0
        while start < shorter, new[start] == old[start] { start += 1 }
        var end = 0
        while end < shorter - start, new[new.count - 1 - end] == old[old.count - 1 - end] { end += 1 }
        let paired = min(new.count, old.count) - start - end
        var changed: [JSONValue] = []
        for index in start..<(start + paired) where new[index] != old[index] {
            changed.append(.array([.number(Double(index)), delta(from: new[index], to: old[index])]))
        }
        var result: [String: JSONValue] = [:]
        if !changed.isEmpty { result["a"] = .array(changed) }
        let at = start + paired
        let removed = new.count - end - at
        let inserted = Array(old[at..<(old.count - end)])
        if removed > 0 || !inserted.isEmpty {
            result["s"] = .array([.number(Double(at)), .number(Double(removed)), .array(inserted)])
        }
        // An empty result would read as "no change" for any value; arrays always say they are arrays.
        if result.isEmpty { result["a"] = .array([]) }
        return .object(result)
    }

    /// What to keep of `older` in a change log row, given the `newer` value that replaced it: the delta when both are
    /// objects or arrays and the delta's text is the shorter, else the older value whole (nil: the field was absent).
    /// Returns the text and whether it is a delta.
    static func stored(older: JSONValue?, newer: JSONValue?) -> (text: String?, isDelta: Bool) {
        guard let older else { return (nil, false) }
        let whole = FastJSON.text(older)
        guard let newer, newer.isContainer, older.isContainer else { return (whole, false) }
        let delta = FastJSON.text(delta(from: newer, to: older))
        return delta.utf8.count < whole.utf8.count ? (delta, true) : (whole, false)
    }
}

extension JSONValue {
    /// Whether this is an object or an array (what a ``RevisionDelta`` describes member by member).
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
