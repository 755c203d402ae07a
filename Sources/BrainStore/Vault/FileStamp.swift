import BrainFormat
import BrainAnalytics

/// A file found under the vault, with what the index needs to notice a change.
public struct FileStamp: Hashable, Sendable, Codable {
    /// Vault-relative path with `/` separators.
    public var path: String
    public var size: Int
    /// Modification time in nanoseconds since 1970.
    public var modified: Int64
    /// Inode change time in nanoseconds since 1970: it moves on every write and, unlike the
    /// modification time, cannot be set back, so a same-size edit whose modification time was
    /// restored (`touch -r`, an editor keeping it) is still noticed. 0 where unknown.
    public var changed: Int64

    public init(path: String, size: Int, modified: Int64, changed: Int64 = 0) {
        self.path = path
        self.size = size
        self.modified = modified
        self.changed = changed
    }
}
