import BrainFormat
import BrainAnalytics

/// A file found under the vault, with what the index needs to notice a change.
package struct FileStamp: Hashable, Sendable, Codable {
    /// Vault-relative path with `/` separators.
    package var path: String
    package var size: Int
    /// Modification time in nanoseconds since 1970.
    package var modified: Int64
    /// Inode change time in nanoseconds since 1970: it moves on every write and, unlike the
    /// modification time, cannot be set back, so a same-size edit whose modification time was
    /// restored (`touch -r`, an editor keeping it) is still noticed. 0 where unknown.
    package var changed: Int64

    package init(path: String, size: Int, modified: Int64, changed: Int64 = 0) {
        self.path = path
        self.size = size
        self.modified = modified
        self.changed = changed
    }
}
