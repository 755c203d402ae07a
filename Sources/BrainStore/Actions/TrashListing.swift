import BrainFormat
import BrainAnalytics

/// The deleted notes waiting in `.brain/trash/`, newest first.
package struct TrashListing: Codable, Sendable, Hashable {
    package var trash: [TrashEntry]

    package init(trash: [TrashEntry]) {
        self.trash = trash
    }

    /// What the trash of `vault` holds.
    package init(vault: Vault) {
        trash = RestoreNote.trashed(in: vault).map { TrashEntry(path: $0.path, trash: $0.trash) }
    }
}

/// One deleted note: where it was, and where it is kept.
package struct TrashEntry: Codable, Sendable, Hashable {
    package var path: String
    package var trash: String

    package init(path: String, trash: String) {
        self.path = path
        self.trash = trash
    }
}
