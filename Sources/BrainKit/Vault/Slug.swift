/// Safe, readable file names made from titles.
public enum Slug {
    /// A file stem for a title: lower-case, Unicode letters and digits kept, everything else
    /// becomes single hyphens; never empty, never hidden, never a path.
    ///
    /// `Slug.make("Read 20 pages")` is `read-20-pages`; `Slug.make("Café été")` is `café-été`;
    /// `Slug.make("../../etc")` is `etc`.
    public static func make(_ title: String, maxBytes: Int = 80) -> String {
        var result = ""
        var pendingHyphen = false
        for character in title.lowercased() {
            let keep = character.isLetter || character.isNumber || character == "_"
            if keep {
                if pendingHyphen && !result.isEmpty { result.append("-") }
                pendingHyphen = false
                if result.utf8.count + character.utf8.count > maxBytes { break }
                result.append(character)
            } else {
                pendingHyphen = true
            }
        }
        return result.isEmpty ? "untitled" : result
    }
}
