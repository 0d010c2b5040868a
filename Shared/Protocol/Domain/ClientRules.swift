import Foundation

// The own rules of a client's record, a body measurement and a message: what each must hold and how it is stored.

extension Client {
    /// The record as stored: names, NIF and notes trimmed (none when empty), the goal and the plan within their limits.
    package func normalised() throws(DocumentProblem) -> Client {
        var client = self
        let nameLength = Validation.maximumNameLength
        client.name = try MemberRules.text(name, "name", max: nameLength, multiline: false)
        client.surname = try MemberRules.text(surname, "surname", max: nameLength, multiline: false)
        client.nif = try MemberRules.text(nif, "nif", max: Self.maxNIFLength, multiline: false)
        client.notes = try MemberRules.text(notes, "notes")
        try MemberRules.number(goalWeight, "goalWeight", in: Measurement.Measure.weight.range)
        try MemberRules.number(perWeek, "perWeek", in: Self.perWeekRange)
        return client
    }
}

extension Measurement {
    /// The measurement as stored: every figure within what can be recorded (``Measure/range``), at least one of them,
    /// the note trimmed.
    package func normalised() throws(DocumentProblem) -> Measurement {
        var measurement = self
        for measure in Measure.allCases {
            try MemberRules.number(self[measure], measure.rawValue, in: measure.range)
        }
        measurement.note = try MemberRules.text(note, "note", max: Self.maxNoteLength)
        if values.isEmpty {
            throw .missing("at least one of \(Measure.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return measurement
    }
}

extension Message {
    /// What a sender pushes: the text, the recipient and the session it comments on. The server adds the sender, the
    /// time and the conversation's client (``Message/init(_:from:client:sent:)``).
    package struct Outgoing: Codable, Sendable, Equatable {
        package var text: String
        package var to: UUID
        package var session: UUID?

        package init(text: String, to: UUID, session: UUID? = nil) {
            self.text = text
            self.to = to
            self.session = session
        }

        /// The message as sent: its text trimmed, 1–``Message/maxLength`` characters, no control characters but
        /// newlines.
        package func normalised() throws(DocumentProblem) -> Outgoing {
            guard let clean = Message.cleanText(text) else {
                throw .invalid("text (1–\(Message.maxLength) characters, no control characters other than newline)")
            }
            var outgoing = self
            outgoing.text = clean
            return outgoing
        }
    }

    /// The message `outgoing` becomes once sent by `from` at `sent`, in the conversation of `client`.
    package init(_ outgoing: Outgoing, from: UUID, client: UUID, sent: Date) {
        self.init(
            from: from, to: outgoing.to, text: outgoing.text, sent: sent, client: client, session: outgoing.session)
    }
}
