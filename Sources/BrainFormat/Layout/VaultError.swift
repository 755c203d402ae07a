/// Errors of the vault layer that have no place in a file.
public enum VaultError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(searchedFrom: String)
    case notADirectory(String)
    /// A folder named as the vault (`--vault`, `BRAIN_VAULT`) that is missing or has no `.brain/`:
    /// it is never adopted, so nothing is read from it or written to it.
    case notAVault(String)
    case outsideVault(String)
    /// A path of brain's own (`.brain/…`) is a symbolic link, which could lead out of the vault.
    case symbolicLink(String)
    case unsafeName(String)
    case exists(String)
    case io(path: String, message: String)
    case lockTimeout(String)

    public var description: String {
        switch self {
        case .notFound(let start):
            return "no vault found from \(start)"
        case .notADirectory(let path):
            return "\(path) is not a folder"
        case .notAVault(let path):
            return "\(path) is not a vault"
        case .outsideVault(let path):
            return "refusing path outside the vault: \(path)"
        case .symbolicLink(let path):
            return "\(path) is a symbolic link; brain does not follow links in its own folder, which could lead out of the vault"
        case .unsafeName(let name):
            return "cannot make a safe file name from \"\(name)\""
        case .exists(let path):
            return "\(path) already exists; not overwriting it"
        case .io(let path, let message):
            return "\(path): \(message)"
        case .lockTimeout(let path):
            return "another brain process holds the vault lock (\(path)); try again"
        }
    }
}
