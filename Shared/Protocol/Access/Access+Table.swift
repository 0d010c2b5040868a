import Foundation

extension Access {
    /// Every action, for grants that allow them all.
    private static let everything = Set(Action.allCases)

    /// The access table: for each kind, who may do what. What it does not grant is refused.
    ///
    /// A client shared with a colleague of the gym (``Relation/sharedClient``): the colleague reads the client's row
    /// (less the private notes), sessions, measurements and appointments, and her own conversation with the client, never
    /// the coach's (``Condition/party``). She records sessions and schedules appointments for the client, and corrects
    /// or deletes only those she created (``Condition/recorder``); the store files them under the client's coach
    /// (`ServerStore.createTenant`).
    ///
    /// `docs/security.md` shows it as a grid; `PermissionMatrixTests` walks every cell against a real server and
    /// compares the outcomes with a hand-written list of answers.
    package static let table: [EntityKind: KindAccess] = [
        // A coach's catalogue: hers to write; her clients read it.
        .machine: catalogue,
        .exercise: catalogue,
        .training: catalogue,
        // Programs are the coach's catalogue too: her clients read them (a client needs the program to compute their
        // own day's targets offline); who follows which is the assignment's business.
        .program: catalogue,
        // A coach's record of a client: the client reads it, less her private notes.
        .client: KindAccess(
            [
                Grant(.coach, .ownClient, everything), Grant(.client, .own, [.read]),
                Grant(.coach, .sharedClient, [.read]),
            ],
            privateFields: [Client.CodingKeys.notes.rawValue: [.ownClient]],
            serverManagedFields: Client.serverManagedFields),
        // Appointments: the coach writes all but the client's answer; the client asks for appointments, answers
        // them and their occurrences, and changes nothing else.
        .event: KindAccess(
            [
                Grant(.coach, .ownClient, everything, fields: .except(Event.clientAnswerFields)),
                Grant(.coach, .sharedClient, [.read]),
                Grant(
                    .coach, .sharedClient, [.create, .update, .delete], when: .recorder,
                    fields: .except(Event.clientAnswerFields)),
                Grant(.client, .own, [.create, .read]),
                Grant(.client, .own, [.update], fields: .only(Event.clientAnswerFields)),
            ],
            serverManagedFields: Event.serverManagedFields, fixedFields: Event.exceptionFields),
        // Messages between a client and each of their coaches: never edited or deleted; the recipient marks them read.
        // A colleague the client is shared with has a conversation of her own with them; each coach reads only hers
        // (the client reads both).
        .message: KindAccess([
            Grant(.coach, .ownClient, [.create, .read], when: .party),
            Grant(.coach, .ownClient, [.update], when: .recipient, fields: .only([Message.CodingKeys.read.rawValue])),
            Grant(.coach, .sharedClient, [.create, .read], when: .party),
            Grant(
                .coach, .sharedClient, [.update], when: .recipient, fields: .only([Message.CodingKeys.read.rawValue])),
            Grant(.client, .own, [.create, .read]),
            Grant(.client, .own, [.update], when: .recipient, fields: .only([Message.CodingKeys.read.rawValue])),
        ]),
        // Body measurements: the coach's for her clients, a client's for themselves.
        .measurement: KindAccess(
            [
                Grant(.coach, .ownClient, everything), Grant(.client, .own, everything),
                Grant(.coach, .sharedClient, [.read]),
            ],
            serverManagedFields: Measurement.serverManagedFields),
        // Training history: the coach records, corrects and deletes; a client records their own training and
        // corrects only what they recorded.
        .session: KindAccess(
            [
                Grant(.coach, .ownClient, everything),
                Grant(.coach, .sharedClient, [.read]),
                Grant(.coach, .sharedClient, [.create, .update, .delete], when: .recorder),
                Grant(.client, .own, [.create, .read]),
                Grant(.client, .own, [.update], when: .recordedBySameRole),
            ],
            serverManagedFields: TrainingSession.serverManagedFields,
            fixedFields: TrainingSession.fieldNames.subtracting(TrainingSession.correctableFields)
                .subtracting(TrainingSession.serverManagedFields)),
        // An unfinished session's draft: the recording account's alone (a colleague's, for a client shared with her).
        .draft: KindAccess([
            Grant(.coach, .ownClient, everything, when: .recorder), Grant(.client, .own, everything, when: .recorder),
            Grant(.coach, .sharedClient, everything, when: .recorder),
        ]),
        // A client following a program: the coach assigns, moves and ends it; the client reads their own.
        .assignment: KindAccess([Grant(.coach, .ownClient, everything), Grant(.client, .own, [.read])]),
        // A sync conflict: written by the server; read by the account whose push overwrote a value.
        .conflict: KindAccess([
            Grant(.coach, .own, [.read], when: .recorder), Grant(.client, .own, [.read], when: .recorder),
        ]),
    ]

    /// The catalogue's rules (machines, exercises, trainings, programs): a coach's own, which her clients read; the
    /// gym's library, which every coach of the gym reads and its owners and admins add to (published rows are
    /// read-only templates: a coach copies them into her own catalogue). A client never reads the gym's library: what
    /// their coach uses of it is her own copy. A colleague a client is shared with reads the client's coach's
    /// catalogue, read-only, to record for the client with it.
    private static let catalogue = KindAccess([
        Grant(.coach, .own, everything), Grant(.client, .coach, [.read]),
        Grant(.coach, .gym, [.read]), Grant(.coach, .managedGym, [.create, .read]),
        Grant(.coach, .sharingCoach, [.read]),
    ])
}
