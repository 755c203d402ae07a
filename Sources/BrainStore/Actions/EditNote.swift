import BrainFormat
import BrainAnalytics

/// Changes front-matter keys of a note, each as a minimal edit: `set` writes a key (a new key goes
/// at the end of the front-matter), `unset` removes one. Values are read as YAML (`20` is a number,
/// `[mon, wed]` a list, `2026-12-01` a date; anything that is not valid YAML is a string), and
/// known keys are checked the way `brain validate` checks them: a bad value is refused with the
/// same message, and nothing is written.
public struct EditNote: VaultAction {
    /// One `key=value`.
    public struct Assignment: Codable, Sendable, Hashable {
        public var key: String
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }

        /// `key=value` as typed; nil without `=` or with an empty key.
        public init?(parsing text: String) {
            guard let equals = text.firstIndex(of: "=") else { return nil }
            key = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
            value = String(text[text.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            if key.isEmpty { return nil }
        }
    }

    public var note: String
    public var set: [Assignment]
    public var unset: [String]
    /// Write keys the note's kind does not know (custom keys), instead of refusing them.
    public var allowUnknownKeys: Bool

    public init(note: String, set: [Assignment] = [], unset: [String] = [], allowUnknownKeys: Bool = false) {
        self.note = note
        self.set = set
        self.unset = unset
        self.allowUnknownKeys = allowUnknownKeys
    }

    public var name: String { "edit" }

    /// The note and the keys that changed.
    public struct Outcome: Codable, Sendable, Hashable {
        public var path: String
        public var kind: NoteKind
        /// The keys written and removed, in the order given.
        public var set: [String]
        public var unset: [String]
    }

    /// Keys only Brain writes: `brain rename` for the file name, the day's file name for `date`.
    public static let managedKeys: [NoteKind: Set<String>] = [.daily: ["date"]]

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        if set.isEmpty && unset.isEmpty { throw ActionError(.invalidArgument, "nothing to change: give --set KEY=VALUE or --unset KEY") }
        let index = transaction.index
        let record = index.records[try index.note(named: note)]
        var document = try transaction.document(record.path)
        let known = VaultSchema.keys(of: record.kind)
        for key in set.map(\.key) + unset {
            if EditNote.managedKeys[record.kind]?.contains(key) == true {
                throw ActionError(.refused, "\(key) of \(record.kind.withArticle) follows its file name; it cannot be edited")
            }
        }
        for assignment in set where !known.contains(assignment.key) && !allowUnknownKeys {
            throw ActionError(.invalidArgument, EditNote.unknownKeyMessage(assignment.key, kind: record.kind, known: known))
        }
        // `goal=[[x]]` is YAML for a list in a list: a link in front-matter is written in quotes.
        for assignment in set where assignment.value.trimmingBlanks.hasPrefix("[[") {
            if case .list = EditNote.value(assignment.value) {
                throw ActionError(.invalidArgument, "\(assignment.key)=\(assignment.value) reads as a list in a list: a link in "
                                  + "front-matter needs quotes, --set '\(assignment.key)=\"\(assignment.value.trimmingBlanks)\"'")
            }
        }
        for key in unset where document.frontMatter[key] == nil {
            var message = "\(record.path) has no key \"\(key)\""
            if let suggestion = Suggestion.closest(to: key, in: document.frontMatter.keys) { message += "; did you mean \"\(suggestion)\"?" }
            throw ActionError(.notFound, message, path: record.path)
        }
        let stem = VaultPaths.stem(of: record.path)
        let errorsBefore = Set(document.diagnostics.filter { $0.severity == .error }.map(\.message))
        let before = Set(EditNote.issues(kind: record.kind, id: stem, document: document).map { "\($0.key)\u{0}\($0.message)" })
        for assignment in set {
            document.set(assignment.key, to: EditNote.value(assignment.value))
        }
        for key in unset { document.remove(key) }
        if let problem = document.diagnostics.first(where: { $0.severity == .error && !errorsBefore.contains($0.message) }) {
            throw ActionError(.invalidArgument, "\(record.path): \(problem.message)", path: record.path)
        }
        let edited = Set(set.map(\.key) + unset)
        for issue in EditNote.issues(kind: record.kind, id: stem, document: document)
        where edited.contains(issue.key) && issue.severity == .error && !before.contains("\(issue.key)\u{0}\(issue.message)") {
            let message = issue.message.hasPrefix(issue.key + " ") ? issue.message : "\(issue.key): \(issue.message)"
            throw ActionError(.invalidArgument, "\(record.path): \(message)", path: record.path)
        }
        try transaction.write(document, to: record.path)
        return Outcome(path: record.path, kind: record.kind, set: set.map(\.key), unset: unset)
    }

    /// A value as typed on a command line, read as YAML when it is valid YAML, else as a string.
    public static func value(_ text: String) -> YAMLValue {
        if text.isEmpty { return .string("") }
        let (map, diagnostics) = YAMLReader.parse(Substring("value: " + text), firstLine: 1)
        guard diagnostics.isEmpty, map.keys == ["value"], let value = map["value"] else { return .string(text) }
        if case .null = value { return .string(text) }
        return value
    }

    /// What `brain validate` says of the front-matter of a note of `kind`.
    package static func issues(kind: NoteKind, id: String, document: Document) -> [FieldIssue] {
        let bodyTitle: String? = nil
        switch kind {
        case .habit: return Habit(id: id, frontMatter: document.frontMatter, bodyTitle: bodyTitle).issues
        case .goal: return Goal(id: id, frontMatter: document.frontMatter, bodyTitle: bodyTitle).issues
        case .area: return Area(id: id, frontMatter: document.frontMatter, bodyTitle: bodyTitle).issues
        case .note: return Note(id: id, frontMatter: document.frontMatter, bodyTitle: bodyTitle).issues
        case .daily:
            guard let day = Day(id) else { return [] }
            return CheckIn(day: day, frontMatter: document.frontMatter, body: "", bodyStartLine: document.bodyStartLine).issues
        }
    }

    public static func unknownKeyMessage(_ key: String, kind: NoteKind, known: [String]) -> String {
        var message = "unknown key \"\(key)\" for \(kind.withArticle)"
        let synonyms = VaultSchema.synonyms.filter { known.contains($0.value) }
        if let suggestion = Suggestion.closest(to: key, in: known + synonyms.keys) {
            message += "; did you mean \"\(synonyms[suggestion] ?? suggestion)\"?"
        }
        return message + " (--force writes it anyway)"
    }
}
