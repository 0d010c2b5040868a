import Foundation

extension Access {
    /// Every action, for grants that allow them all.
    private static let everything = Set(Action.allCases)

    /// The access table: for each kind, who may do what. What it does not grant is refused.
    ///
    /// `docs/security.md` shows it as a grid; `PermissionMatrixTests` walks every cell against a real server and
    /// compares the outcomes with a hand-written list of answers.
    package static let table: [EntityKind: KindAccess] = [
        // A coach's catalogue: hers to write; her clients read it.
        .machine: catalogue,
        .exercise: catalogue,
        .training: catalogue,
        // A coach's record of a client: the client reads it, less her private notes.
        .client: KindAccess(
            [Grant(.coach, .ownClient, everything), Grant(.client, .own, [.read])],
            privateFields: [Client.CodingKeys.notes.rawValue: [.ownClient]],
            serverManagedFields: Client.serverManagedFields),
        // Appointments: the coach writes all but the client's answer; the client asks for appointments, answers
        // them and their occurrences, and changes nothing else.
        .event: KindAccess(
            [
                Grant(.coach, .ownClient, everything, fields: .except(Event.clientAnswerFields)),
                Grant(.client, .own, [.create, .read]),
                Grant(.client, .own, [.update], fields: .only(Event.clientAnswerFields)),
            ],
            fixedFields: Event.exceptionFields),
        // Messages between a coach and her client: never edited or deleted; the recipient marks them read.
        .message: KindAccess([
            Grant(.coach, .ownClient, [.create, .read]),
            Grant(.coach, .ownClient, [.update], when: .recipient, fields: .only([Message.CodingKeys.read.rawValue])),
            Grant(.client, .own, [.create, .read]),
            Grant(.client, .own, [.update], when: .recipient, fields: .only([Message.CodingKeys.read.rawValue])),
        ]),
        // Body measurements: the coach's for her clients, a client's for themselves.
        .measurement: KindAccess(
            [Grant(.coach, .ownClient, everything), Grant(.client, .own, everything)],
            serverManagedFields: Measurement.serverManagedFields),
        // Training history: the coach records, corrects and deletes; a client records their own training and
        // corrects only what they recorded.
        .session: KindAccess(
            [
                Grant(.coach, .ownClient, everything),
                Grant(.client, .own, [.create, .read]),
                Grant(.client, .own, [.update], when: .recordedBySameRole),
            ],
            serverManagedFields: TrainingSession.serverManagedFields,
            fixedFields: TrainingSession.fieldNames.subtracting(TrainingSession.correctableFields)
                .subtracting(TrainingSession.serverManagedFields)),
        // An unfinished session's draft: the recording account's alone.
        .draft: KindAccess([
            Grant(.coach, .ownClient, everything, when: .recorder), Grant(.client, .own, everything, when: .recorder),
        ]),
        // A sync conflict: written by the server; read by the account whose push overwrote a value.
        .conflict: KindAccess([
            Grant(.coach, .own, [.read], when: .recorder), Grant(.client, .own, [.read], when: .recorder),
        ]),
    ]

    /// The catalogue's rules (machines, exercises, trainings).
    private static let catalogue = KindAccess([Grant(.coach, .own, everything), Grant(.client, .coach, [.read])])
}
