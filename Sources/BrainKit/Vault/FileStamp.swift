/// A file found under the vault, with what the index needs to notice a change.
public struct FileStamp: Hashable, Sendable, Codable {
    /// Vault-relative path with `/` separators.
    public var path: String
    public var size: Int
    /// Modification time in nanoseconds since 1970.
    public var modified: Int64

    public init(path: String, size: Int, modified: Int64) {
        self.path = path
        self.size = size
        self.modified = modified
    }
}
