import BrainFormat
import BrainAnalytics

/// Pins a note (`pinned: true` in its front-matter) or unpins it (the key removed).
package struct SetPinned: VaultAction {
    package var note: String
    package var pinned: Bool

    package init(note: String, pinned: Bool) {
        self.note = note
        self.pinned = pinned
    }

    package var name: String { pinned ? "pin" : "unpin" }

    package struct Outcome: Codable, Sendable, Hashable {
        package var path: String
        package var pinned: Bool
        /// False when the note already was (or was not) pinned.
        package var changed: Bool
    }

    package func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
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
