import BrainFormat
import BrainAnalytics

/// Why a rename cannot be planned.
package enum RenameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The new title is empty or blank.
    case emptyTitle
    /// The new title gives the file the name it already has.
    case sameName(String)
    /// Another file already has the new name.
    case exists(String)
    /// The new path would leave the vault.
    case outsideVault(String)
    /// Daily check-ins are named by their date.
    case daily(String)

    package var description: String {
        switch self {
        case .emptyTitle: return "the new title is empty"
        case .sameName(let path): return "\(path) already has that name; nothing to rename"
        case .exists(let path): return "\(path) already exists; choose another title"
        case .outsideVault(let path): return "refusing path outside the vault: \(path)"
        case .daily(let path): return "\(path) is a daily check-in, named by its date; it cannot be renamed to a title"
        }
    }
}
