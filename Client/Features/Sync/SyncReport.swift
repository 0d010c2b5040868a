import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// A conflict or a refusal as `gorilla sync` reports it: a line in names a person reads (`text`), and its facts for
/// `--json`, every value already in words (no ids, no raw JSON).
package struct SyncReport: Sendable, Codable, Equatable {
    /// The section of the row concerned (`training`).
    package var kind: String
    /// The conflict's id (what `gorilla sync --restore` takes), or the refused mutation's id.
    package var id: String
    /// The row concerned.
    package var entity: String
    /// The row's name (`Cames A`; a session by its start).
    package var name: String
    /// The field concerned (several, separated by commas, for a refused change of several fields).
    package var field: String?
    /// This device's value: the one replaced (`side` `lost`), the one that replaced another (`won`), the one that stands
    /// (`other`), or the refused change.
    package var yours: String?
    /// The other value: the one that stands, the one replaced, or what the server keeps instead of a refused change.
    package var theirs: String?
    /// When the server overwrote the value, or when this device learned of the refusal (ISO 8601).
    package var at: String
    /// The device that wrote `theirs` (a conflict), or this device (a refusal).
    package var device: String?
    /// A conflict's side for this device: `lost` (its value was replaced), `won` (its value replaced another's) or
    /// `other` (between two other devices of the account).
    package var side: String?
    /// A refusal's action (`create`, `update`, `delete`).
    package var action: String?
    /// Why the server refused the change, and its error code.
    package var reason: String?
    package var code: Int?
    /// The report as one line.
    package var text: String

    /// A refusal kept before refusals had details: its text only.
    init(refusalText text: String) {
        self.init(kind: "", id: "", entity: "", name: "", at: ISOTime.format(Date()), text: text)
    }

    init(
        kind: String, id: String, entity: String, name: String, field: String? = nil, yours: String? = nil,
        theirs: String? = nil, at: String, device: String? = nil, side: String? = nil, action: String? = nil,
        reason: String? = nil, code: Int? = nil, text: String
    ) {
        self.kind = kind
        self.id = id
        self.entity = entity
        self.name = name
        self.field = field
        self.yours = yours
        self.theirs = theirs
        self.at = at
        self.device = device
        self.side = side
        self.action = action
        self.reason = reason
        self.code = code
        self.text = text
    }
}

extension SyncReport {
    /// The conflict stored in `row`, as the device `me` reads it.
    static func conflict(_ row: Stored<SyncConflict>, me: UUID?, values: ReadableValue) -> SyncReport {
        let conflict = row.value
        let naming = values.lookup(conflict.entity).flatMap { RowNaming($0, kind: conflict.section) }
        let name = ReadableValue.name(kind: conflict.section, id: conflict.entity, naming: naming)
        let label = Self.label(kind: conflict.section, name: name, naming: naming)
        let (phrase, noun, plural) = Self.words(for: conflict.field, of: conflict.section)
        let replaced = values.text(conflict.replaced.value, field: conflict.field, section: conflict.section)
        let kept = values.text(conflict.kept.value, field: conflict.field, section: conflict.section)
        let side =
            conflict.kept.device.map { $0.id == me } == true
            ? "won" : conflict.replaced.device.map { $0.id == me } == true ? "lost" : "other"
        let loser = Who(conflict.replaced, me: me), winner = Who(conflict.kept, me: me)
        let when = values.time(conflict.at)
        let at =
            when.count > 5
            ? AccountPhrases.conflictOnDayAt.t(["day": String(when.prefix(10)), "time": String(when.suffix(5))])
            : AccountPhrases.conflictAt.t(["time": when])
        let text = (plural ? AccountPhrases.conflictReportPlural : AccountPhrases.conflictReport).t([
            "label": label, "field": phrase, "loser": loser.from, "winner": winner.by, "when": at,
            "loserShort": loser.of, "noun": noun, "replaced": replaced, "id": row.id.short,
        ])
        return SyncReport(
            kind: conflict.section, id: row.id.key, entity: conflict.entity.key, name: name, field: conflict.field,
            yours: side == "lost" ? replaced : kept, theirs: side == "lost" ? kept : replaced,
            at: ISOTime.format(conflict.at),
            device: (side == "lost" ? conflict.kept : conflict.replaced).device?.name
                ?? (side == "lost" ? winner.subject : loser.subject),
            side: side, text: text)
    }

    /// The device of one side of a conflict as the report's sentence names it, in the current language: after "from"
    /// (`this device (phone)`, `laptop`), after "replaced by" (`laptop's`) and before the value (`this device's`).
    private struct Who {
        /// Alone: `laptop`, `another account` (for `--json`'s `device`).
        let subject: String
        let from: String
        let by: String
        let of: String

        init(_ side: SyncConflict.Side, me: UUID?) {
            if let device = side.device {
                let name = ["device": device.name]
                if device.id == me {
                    subject = AccountPhrases.conflictFromThisDevice.t(name)
                    (from, by, of) = (
                        subject, AccountPhrases.conflictByThisDevice.t(name), AccountPhrases.conflictOfThisDevice.t()
                    )
                } else {
                    subject = device.name
                    (from, by, of) = (
                        AccountPhrases.conflictFromDevice.t(name), AccountPhrases.conflictByDevice.t(name),
                        AccountPhrases.conflictOfDevice.t(name)
                    )
                }
            } else if side.otherAccount == true {
                subject = AccountPhrases.anotherAccount.t()
                (from, by, of) = (
                    AccountPhrases.conflictFromAnotherAccount.t(), AccountPhrases.conflictByAnotherAccount.t(),
                    AccountPhrases.conflictOfAnotherAccount.t()
                )
            } else {
                subject = AccountPhrases.anotherDevice.t()
                (from, by, of) = (
                    AccountPhrases.conflictFromAnotherDevice.t(), AccountPhrases.conflictByAnotherDevice.t(),
                    AccountPhrases.conflictOfAnotherDevice.t()
                )
            }
        }
    }

    /// A refusal from the facts its report kept (``LocalCache/addRefusal``); what stands instead (`theirs`) is the
    /// row as this device now holds it: rolled back, and pulled again.
    static func refusal(_ pending: LocalCache.PendingReport, values: ReadableValue) -> SyncReport {
        guard let detail = pending.facts(Refusal.self) else { return SyncReport(refusalText: pending.text) }
        let fields = detail.fields ?? [:]
        let row = values.lookup(detail.entity)
        let theirs = row.flatMap { $0.deleted ? nil : $0.data }
        let action = detail.action.rawValue
        let reason = detail.reason ?? AccountPhrases.refusedWithoutReason.t()
        // A report kept before reports kept facts has its sentence, and its row's label as its name.
        let words = ReportedRow(kind: detail.kind, entity: detail.entity, name: detail.name, start: detail.start).words
        let text = pending.text.isEmpty ? Self.refusalText(detail.action, of: words.of, reason: reason) : pending.text
        var report = SyncReport(
            kind: detail.kind, id: detail.id.key, entity: detail.entity.key,
            name: Self.bareName(detail.name ?? words.name), at: detail.at, device: detail.device,
            action: action, reason: reason, code: detail.code, text: text)
        let kind = detail.kind
        if !fields.isEmpty { report.field = fields.keys.sorted().joined(separator: ", ") }
        if action == MutationAction.delete.rawValue {
            report.yours = "deleted"
            report.theirs = row == nil ? nil : "kept"
        } else if fields.count == 1, let (field, value) = fields.first {
            report.yours = values.text(value, field: field, section: kind)
            if let theirs { report.theirs = values.text(theirs[field], field: field, section: kind) }
        } else if !fields.isEmpty {
            report.yours = values.text(fields: fields, section: kind)
            if let theirs {
                report.theirs = values.text(
                    fields: Dictionary(uniqueKeysWithValues: fields.keys.map { ($0, theirs[$0] ?? .null) }),
                    section: kind)
            }
        }
        if row?.deleted == true { report.theirs = "deleted" }
        return report
    }

    /// The sentence of a refused change: `update of training 'Cames B' was refused: name taken`.
    static func refusalText(_ action: MutationAction, of row: String, reason: String) -> String {
        let phrase: AccountPhrases =
            switch action {
            case .create: .createRefused
            case .update: .updateRefused
            case .delete: .deleteRefused
            }
        return phrase.t(["ofRow": row, "reason": reason])
    }

    /// A row with its section: `training 'Cames A'`; a row without a name (a session, named by its start) as it is.
    static func label(kind: String, name: String, naming: RowNaming?) -> String {
        naming?.isName == true ? KindWords.label(kind, named: name).label : name
    }

    /// The name inside a label (`machine 'Rack'` → `Rack`).
    private static func bareName(_ label: String) -> String {
        guard let open = label.firstIndex(of: "'"), label.last == "'", open < label.index(before: label.endIndex)
        else { return label }
        return String(label[label.index(after: open)..<label.index(before: label.endIndex)])
    }

    /// A field in words, the noun a second mention uses, and whether it is plural: a training's `exercises` is
    /// "the exercise list"; a session's, "the exercises".
    package static func words(for field: String, of section: String) -> (phrase: String, noun: String, plural: Bool) {
        if section == EntityKind.training.rawValue, field == "exercises" {
            return (AccountPhrases.exerciseList.t(), AccountPhrases.exerciseListAgain.t(), false)
        }
        let phrase = ReadableValue.words(field)
        let plural = field.hasSuffix("s") && !["status", "address", "progress"].contains(field)
        return (phrase, phrase, plural)
    }
}

extension LocalCache {
    /// Reads values of this cache as a person does (``ReadableValue``).
    var readableValues: ReadableValue {
        ReadableValue(lookup: { try? self.entity($0) })
    }

    /// This device's id, once it has one (``DeviceIdentity``).
    func deviceID() throws -> UUID? {
        try meta(DeviceIdentity.idKey).flatMap(UUID.init(uuidString:))
    }

    /// Every conflict this cache holds, newest first, as this device reads them.
    func conflictReports() throws -> [SyncReport] {
        let me = try deviceID()
        let values = readableValues
        return try all(SyncConflict.self).map { SyncReport.conflict($0, me: me, values: values) }
            .sorted { ($0.at, $0.id) > ($1.at, $1.id) }
    }

    /// The reports a sync found, taken from the `reports` table (each is shown once), worded now.
    func takeSyncReports() throws -> (
        conflicts: [SyncReport], refused: [SyncReport], codes: [String], notices: [String]
    ) {
        let me = try deviceID()
        let values = readableValues
        var taken: (conflicts: [SyncReport], refused: [SyncReport], codes: [String], notices: [String]) = (
            [], [], [], []
        )
        for report in try takePendingReports() {
            switch report.kind {
            case "conflict":
                // Kept before reports kept facts: the id was the text.
                if let id = report.facts(ReportedConflict.self)?.id ?? UUID(uuidString: report.text),
                    let row = try one(SyncConflict.self, id)
                {
                    taken.conflicts.append(SyncReport.conflict(row, me: me, values: values))
                }
            case "rejected":
                taken.refused.append(SyncReport.refusal(report, values: values))
            case "code":
                taken.codes.append(report.facts(IssuedCode.self)?.sentence ?? report.text)
            case "libraryLost":
                taken.notices.append(GymPhrases.libraryLost.t())
            case "sharedLost", "clientGone":
                let client = report.facts([String: String].self)?["client"] ?? ""
                let phrase: SharePhrases = report.kind == "sharedLost" ? .sharedLost : .clientGone
                taken.notices.append(phrase.t(["client": client]))
            default: break
            }
        }
        return taken
    }

    /// The reports not shown yet as sentences, by kind (`rejected`, `conflict`, `code`, `notice`); marks them shown.
    package func takeReports() throws -> [(kind: String, text: String)] {
        let taken = try takeSyncReports()
        return taken.refused.map { ("rejected", $0.text) } + taken.conflicts.map { ("conflict", $0.text) }
            + taken.codes.map { ("code", $0) } + taken.notices.map { ("notice", $0) }
    }
}

extension ReportedRow {
    /// The row in words: `machine 'Leg press'`, a session by its start, else the kind and a short id; and after "of".
    package var words: (name: String, label: String, of: String) {
        let rest: String
        if let start {
            rest = " " + AccountPhrases.ofDate.t(["date": EventFormatting.local(start), "id": entity.short])
        } else if let name {
            rest = " '\(name)'"
        } else {
            rest = " \(entity.short)"
        }
        return (name ?? KindWords.name(kind) + rest, KindWords.name(kind) + rest, KindWords.of(kind) + rest)
    }
}

extension IssuedCode {
    /// `Registration code for client 'Anna': …, valid until …`.
    var sentence: String {
        AccountPhrases.registrationCodeReport.t(["label": row.words.label, "code": code, "expires": expires])
    }
}
