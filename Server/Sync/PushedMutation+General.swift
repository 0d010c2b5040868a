import Foundation
import GorillaShared

/// A push body that the one-pass reader (``PushedMutation/readRequest(_:)``) left to the general reader.
///
/// Both readers must refuse the same things the same way. The one-pass reader checks everything but the documents
/// (each mutation's `fields`) strictly, and leaves each document to whoever reads it: one that is not strict JSON (a
/// repeated key, a trailing comma, a number out of range) refuses its own mutation. So does this one: it checks the
/// rest strictly, keeps each document's text, and hands `Codable` (which names what is wrong with a mutation) the body
/// with every document replaced by `{}`; `JSONDecoder`, which keeps one of two equal keys, never sees a document.
struct GeneralPushBody {
    /// The body with each mutation's `fields` object replaced by `{}`: strict JSON, for `Codable`.
    let text: [UInt8]
    /// Each mutation's `fields` object as sent, in order (nil when it has none, or it is not an object).
    let documents: [[UInt8]?]

    /// Reads a push's body (the bytes of its `body` member's value).
    /// - Throws: `FastJSON.Malformed` when anything outside the documents is not strict JSON.
    init(_ body: [UInt8]) throws {
        var ranges: [Range<Int>?] = []
        try FastJSON.withParser(body, maxDepth: JSONDepth.requestLimit) { parser in
            guard parser.objectFollows() else {
                try parser.checkValue()
                return
            }
            var keys: Set<String> = []
            try parser.members { key, parser in
                guard keys.insert(key).inserted else {
                    throw parser.malformed("the key \(WireText.quoted(key)) is repeated")
                }
                guard key == "mutations", parser.arrayFollows() else {
                    try parser.checkValue()
                    return
                }
                try parser.elements { parser in
                    guard parser.objectFollows() else {
                        ranges.append(nil)
                        try parser.checkValue()
                        return
                    }
                    var document: Range<Int>?
                    var keys: Set<String> = []
                    try parser.members { key, parser in
                        guard keys.insert(key).inserted else {
                            throw parser.malformed("the key \(WireText.quoted(key)) is repeated")
                        }
                        if key == "fields", parser.objectFollows() {
                            // By its brackets only, as the one-pass reader does: whoever reads it checks it in full.
                            document = try parser.skipBalanced()
                        } else {
                            try parser.checkValue()
                        }
                    }
                    ranges.append(document)
                }
            }
        }
        var text: [UInt8] = []
        text.reserveCapacity(body.count)
        var copied = 0
        for range in ranges.compactMap({ $0 }) {
            text += body[copied..<range.lowerBound]
            text += Array("{}".utf8)
            copied = range.upperBound
        }
        text += body[copied...]
        self.text = text
        documents = ranges.map { $0.map { Array(body[$0]) } }
    }

    /// The mutations `Codable` read from ``text``, each with its own document.
    func mutations(_ decoded: PushBody) -> [PushedMutation] {
        guard decoded.mutations.count == documents.count else { return decoded.mutations.map(PushedMutation.init) }
        return zip(decoded.mutations, documents).map { mutation, document in
            PushedMutation(
                id: mutation.id, kind: mutation.kind, entity: mutation.entity, action: mutation.action,
                base: mutation.base, fieldsText: document)
        }
    }
}

/// For `gorilla-fuzz`: whether the push's two readers take a line the same way.
package enum PushReadersProbe {
    /// Nil when the one-pass reader leaves `line` to the general reader (as the router does: no push, or no integer
    /// id), or both read the same request and mutations, and refuse the same documents; else what differs.
    package static func disagreement(_ line: [UInt8]) -> String? {
        guard let fast = PushedMutation.readRequest(line), fast.op == Operation.syncPush.rawValue, fast.id != nil else {
            return nil
        }
        guard let request = try? RequestLine.read(line) else {
            return "the strict line reader refuses a push the one-pass reader takes"
        }
        guard request.id == fast.id, request.op == fast.op else { return "the push's readers disagree on id or op" }
        guard let body = request.body, let general = try? GeneralPushBody(Array(line[body])),
            let decoded = try? WireCoding.decoder.decode(PushBody.self, from: Data(general.text))
        else {
            return "the general push reader refuses a push the one-pass reader takes"
        }
        guard decoded.device == fast.device else { return "the push's readers read different devices" }
        let mutations = general.mutations(decoded)
        guard mutations.count == fast.mutations.count else {
            return "the push's readers read different numbers of mutations"
        }
        for (mine, theirs) in zip(fast.mutations, mutations) {
            guard mine.id == theirs.id, mine.kind == theirs.kind, mine.entity == theirs.entity,
                mine.action == theirs.action,
                mine.base == theirs.base
            else { return "the push's readers read different mutations" }
            switch (Result { try mine.parsedFields() }, Result { try theirs.parsedFields() }) {
            case (.success(let a), .success(let b)): if a != b { return "the push's readers read different documents" }
            case (.failure, .failure): break
            default: return "one push reader refuses a document the other takes"
            }
        }
        return nil
    }
}
