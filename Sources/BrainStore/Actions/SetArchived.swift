import BrainFormat
import BrainAnalytics

/// Archives a habit or goal (`status: archived`, `archived: DAY`) or brings it back
/// (`status: active`, `archived` removed). An archived habit is not due from that day on and takes
/// no check-offs; its history stays and counts in past statistics.
public struct SetArchived: VaultAction {
    public var note: String
    public var archived: Bool
    /// The day archiving starts.
    public var day: Day

    public init(note: String, archived: Bool, day: Day) {
        self.note = note
        self.archived = archived
        self.day = day
    }

    public var name: String { archived ? "archive" : "unarchive" }

    /// The file and whether it is archived now.
    public struct Outcome: Codable, Sendable, Hashable {
        public var path: String
        public var kind: NoteKind
        public var archived: Bool
        /// The day archiving took effect (the one already written when it was archived before).
        public var since: Day?
        /// False when it already was (or was not) archived.
        public var changed: Bool
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let index = transaction.index
        let matches = index.find(note).filter { [.habit, .goal].contains(index.records[$0].kind) }
        let position = matches.count == 1 ? matches[0] : try index.note(named: note)
        let record = index.records[position]
        guard record.kind == .habit || record.kind == .goal else {
            throw ActionError(.invalidArgument, "\(record.path) is \(record.kind.withArticle); only habits and goals are archived",
                              suggestion: .deleteInstead)
        }
        var document = try transaction.document(record.path)
        let status = document.frontMatter["status"]?.string
        let since = document.frontMatter["archived"]?.day
        let isArchived = status == "archived"
        if archived == isArchived {
            return Outcome(path: record.path, kind: record.kind, archived: archived, since: since, changed: false)
        }
        if archived {
            document.set("status", to: .string("archived"))
            document.set("archived", to: .date(day))
        } else {
            document.set("status", to: .string("active"))
            if document.frontMatter["archived"] != nil { document.remove("archived") }
        }
        try transaction.write(document, to: record.path)
        return Outcome(path: record.path, kind: record.kind, archived: archived, since: archived ? day : nil, changed: true)
    }
}
