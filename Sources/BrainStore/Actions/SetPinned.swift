import BrainFormat
import BrainAnalytics

/// Pins a note (`pinned: true` in its front-matter) or unpins it (the key removed).
public struct SetPinned: VaultAction {
    public var note: String
    public var pinned: Bool

    public init(note: String, pinned: Bool) {
        self.note = note
        self.pinned = pinned
    }

    public var name: String { pinned ? "pin" : "unpin" }

    /// The note and whether it is pinned now.
    public struct Outcome: Codable, Sendable, Hashable {
        public var path: String
        public var pinned: Bool
        /// False when the note already was (or was not) pinned.
        public var changed: Bool
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let index = transaction.index
        let record = index.records[try index.note(named: note)]
        if record.pinned == pinned { return Outcome(path: record.path, pinned: pinned, changed: false) }
        var document = try transaction.document(record.path)
        if pinned {
            document.set("pinned", to: .bool(true))
        } else {
            document.remove("pinned")
        }
        try transaction.write(document, to: record.path)
        return Outcome(path: record.path, pinned: pinned, changed: true)
    }
}
