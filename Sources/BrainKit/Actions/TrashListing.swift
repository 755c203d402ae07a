/// The deleted notes waiting in `.brain/trash/`, newest first.
public struct TrashListing: Codable, Sendable, Hashable {
    public var trash: [TrashEntry]

    public init(trash: [TrashEntry]) {
        self.trash = trash
    }

    /// What the trash of `vault` holds.
    public init(vault: Vault) {
        trash = RestoreNote.trashed(in: vault).map { TrashEntry(path: $0.path, trash: $0.trash) }
    }
}

/// One deleted note: where it was, and where it is kept.
public struct TrashEntry: Codable, Sendable, Hashable {
    public var path: String
    public var trash: String

    public init(path: String, trash: String) {
        self.path = path
        self.trash = trash
    }
}
