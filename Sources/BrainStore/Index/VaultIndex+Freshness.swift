extension VaultIndex {
    /// Whether the files of the index's scope are still the ones it read: the same paths, in the
    /// same order, with the same stamps (size, modification and change times). One walk of `stat`
    /// calls, no file read and no cache decoded, so a screen that follows the vault (`brain tui`)
    /// can ask every second and build its view again only when this is false. A record that an
    /// in-memory update wrote (`updating`) has a stamp no file has, so such an index never
    /// passes for current.
    package var isCurrent: Bool {
        let files = ConflictCopy.split(Self.walk(vault, scope: scope)).files
        guard files.count == records.count else { return false }
        return records.withUnsafeBufferPointer { records in
            files.indices.allSatisfy { records[$0].stamp == files[$0] }
        }
    }
}
