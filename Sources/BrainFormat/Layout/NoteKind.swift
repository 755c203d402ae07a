/// What a file is, from the folder it lives in.
public enum NoteKind: String, CaseIterable, Hashable, Sendable, Codable {
    case habit
    case goal
    case area
    case daily
    case note

    /// The kind in a sentence, with its article: `a habit`, `an area`, `a daily file`.
    package var withArticle: String {
        switch self {
        case .area: "an area"
        case .daily: "a daily file"
        default: "a \(rawValue)"
        }
    }

    /// The kind a vault-relative path has under a layout: the first folder decides.
    public static func of(path: String, folders: VaultConfig.Folders) -> NoteKind {
        func inside(_ folder: String) -> Bool {
            path.utf8.count > folder.utf8.count && path.hasPrefix(folder) && path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: folder.utf8.count)] == UInt8(ascii: "/")
        }
        if inside(folders.habits) { return .habit }
        if inside(folders.goals) { return .goal }
        if inside(folders.areas) { return .area }
        if inside(folders.daily) { return .daily }
        return .note
    }
}
