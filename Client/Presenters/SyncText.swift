import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTerminal

extension SyncSummary: Presentable {
    package func text(for viewer: Viewer) -> String {
        var lines = [AccountPhrases.syncPushedPulled.t(["pushed": pushed, "pulled": pulled])]
        lines += rejected.map { AccountPhrases.syncRefused.t(["refusal": $0]) }
        lines += overwritten.map { AccountPhrases.syncConflict.t(["conflict": $0]) }
        lines += codes
        lines += notices
        return lines.joined(separator: "\n")
    }
}

extension ConflictList: Presentable {
    package func text(for viewer: Viewer) -> String {
        guard !conflicts.isEmpty else { return AccountPhrases.noConflicts.t() }
        let rows = conflicts.map { conflict in
            let when = EventFormatting.local(conflict.at)
            let (phrase, _, _) = SyncReport.words(for: conflict.field ?? "", of: conflict.kind)
            let device = conflict.device.map { "\($0): " } ?? ""
            let mine = conflict.side == "other" ? AccountPhrases.conflictNow.t() : ""
            return [
                String(conflict.id.suffix(8)), when, "\(conflict.labelled(quoted: false)): \(phrase)",
                mine + (conflict.yours ?? ""), device + (conflict.theirs ?? ""),
            ]
        }
        let headers = [
            AccountPhrases.tableHeaderID, .tableHeaderWhen, .tableHeaderWhat, .tableHeaderYours, .tableHeaderTheirs,
        ]
        return Table(headers.map { $0.t() }, rows).render() + "\n\n" + AccountPhrases.restoreHint.t()
    }
}

extension ConflictRestore: Presentable {
    package func text(for viewer: Viewer) -> String {
        let field = SyncReport.words(for: conflict.field ?? "", of: conflict.kind).phrase
        let what = AccountPhrases.fieldOfRow.t(["field": field, "ofRow": conflict.labelled(quoted: true, of: true)])
        switch outcome {
        case .restored: return AccountPhrases.restored.t(["what": what, "value": restored])
        case .unchanged: return AccountPhrases.nothingToRestore.t(["what": what, "value": restored])
        case .refused: return AccountPhrases.restoreRefused.t(["what": what])
        }
    }
}

extension SyncStatus: Presentable {
    package func text(for viewer: Viewer) -> String {
        var lines = [
            labelled([
                (AccountPhrases.statusQueued.t(), "\(queued)"),
                (AccountPhrases.statusLastSync.t(), lastSync ?? AccountPhrases.statusNever.t()),
                (AccountPhrases.statusCursor.t(), "\(cursor)"),
            ])
        ]
        for mutation in mutations.prefix(20) {
            let name = QueuedName(mutation)?.name.map { " '\($0)'" } ?? ""
            lines.append(
                "  "
                    + AccountPhrases.statusMutation.t([
                        "action": Self.words(mutation.action), "kind": KindWords.name(mutation.kind), "name": name,
                        "id": mutation.entity.short,
                    ]))
        }
        if queued > 20 { lines.append("  " + AccountPhrases.statusMore.t(["count": queued - 20])) }
        return lines.joined(separator: "\n")
    }

    /// A change's action in words: `create`, `update`, `delete` (`creació`, `canvi`, `eliminació`).
    static func words(_ action: MutationAction) -> String {
        switch action {
        case .create: AccountPhrases.actionCreate.t()
        case .update: AccountPhrases.actionUpdate.t()
        case .delete: AccountPhrases.actionDelete.t()
        }
    }
}

extension SyncReport {
    /// The row with its section: `training 'Cames A'` (`training Cames A` unquoted); a row named by its start, as it is.
    /// With `of`, after "of": `of training 'Cames A'`, `de l'entrenament 'Cames A'`.
    func labelled(quoted: Bool, of: Bool = false) -> String {
        let noun = KindWords.name(kind)
        if name.hasPrefix(noun + " ") { return of ? KindWords.of(kind) + name.dropFirst(noun.count) : name }
        let kind = of ? KindWords.of(kind) : noun
        return quoted ? "\(kind) '\(name)'" : "\(kind) \(name)"
    }
}

/// The name a queued change gives its row, when it sets one (a catalogue row, a client), read as a typed patch.
struct QueuedName: Decodable {
    let name: String?

    init?(_ mutation: Mutation) {
        guard let fields = mutation.fields, let read = try? JSONValue.object(fields).decode(Self.self) else {
            return nil
        }
        self = read
    }
}
