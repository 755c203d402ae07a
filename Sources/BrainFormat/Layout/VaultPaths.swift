/// Pure path arithmetic for vault-relative paths: joining, normalising and refusing escapes.
package enum VaultPaths {
    /// Normalises a vault-relative path (`a/./b//c` → `a/b/c`) and refuses anything that
    /// would leave the vault: absolute paths, `..` above the root, NUL bytes.
    package static func normalize(_ relative: String) throws(VaultError) -> String {
        guard !relative.contains("\0") else { throw .outsideVault(relative) }
        if relative.hasPrefix("/") || relative.hasPrefix("\\") { throw .outsideVault(relative) }
        var parts: [Substring] = []
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { throw .outsideVault(relative) }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// Why `path` is not the path of a file a vault holds, or nil when it is one: a vault file is
    /// a Markdown file (`.md`) at a normalised relative path (no leading `/`, no empty, `.` or
    /// `..` part) whose parts do not start with `.` (`.git`, `.brain`, `.obsidian` hold no vault
    /// files), with no control character or line separator, no backslash and no drive letter.
    /// Paths that come from outside the vault's own folder (an export being restored, a change
    /// journal being replayed) must pass it before anything is written.
    package static func vaultFileProblem(_ path: String) -> String? {
        if path.isEmpty { return "the path is empty" }
        for scalar in path.unicodeScalars {
            if isControl(scalar) { return "the path holds a control character or a line break" }
            if scalar == "\\" { return "the path holds a backslash" }
        }
        let utf8 = Array(path.utf8)
        if utf8.count >= 2, utf8[1] == UInt8(ascii: ":"), (utf8[0] | 0x20) >= UInt8(ascii: "a"), (utf8[0] | 0x20) <= UInt8(ascii: "z") {
            return "the path starts with a drive letter"
        }
        if path.hasPrefix("/") || !isNormalized(path) {
            return "the path is not a normalised vault-relative path (a leading /, or an empty, . or .. part)"
        }
        for part in path.split(separator: "/") where part.hasPrefix(".") {
            return "\"\(part)\" starts with a dot: hidden folders and files (.git, .brain, .obsidian) hold no vault files"
        }
        guard utf8.count > 3, path.lowercased().hasSuffix(".md") else { return "the file is not Markdown (.md)" }
        return nil
    }

    /// Whether `normalize` would give `relative` back unchanged: no leading `/` or `\\`, no empty,
    /// `.` or `..` part, no NUL. Reads the bytes once, without splitting (for many paths at once).
    package static func isNormalized(_ relative: String) -> Bool {
        var relative = relative
        return relative.withUTF8 { bytes -> Bool in
            if bytes.first == UInt8(ascii: "\\") { return false }
            var partStart = 0
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "/")
                if byte == 0 { return false }
                guard byte == UInt8(ascii: "/") else { continue }
                let length = index - partStart
                if length == 0 && !(bytes.isEmpty && index == 0) { return false }
                if length == 1 && bytes[partStart] == UInt8(ascii: ".") { return false }
                if length == 2 && bytes[partStart] == UInt8(ascii: ".") && bytes[partStart + 1] == UInt8(ascii: ".") { return false }
                partStart = index + 1
            }
            return true
        }
    }

    /// Joins a root folder and a relative path.
    package static func join(_ root: String, _ relative: String) -> String {
        if relative.isEmpty { return root }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    /// The folder part of a relative path (`a/b.md` → `a`, `b.md` → ``).
    package static func directory(of path: String) -> String {
        guard let slash = lastSlash(path) else { return "" }
        return String(path[..<path.utf8.index(path.utf8.startIndex, offsetBy: slash)])
    }

    /// The file name without folders and without the `.md` extension. Inlinable: the index asks
    /// it of every file, from another module.
    @inlinable
    package static func stem(of path: String) -> String {
        // Byte arithmetic: this runs for every file on every index load.
        let utf8 = path.utf8
        let start = lastSlash(path).map { utf8.index(utf8.startIndex, offsetBy: $0 + 1) } ?? utf8.startIndex
        var end = utf8.endIndex
        if utf8.distance(from: start, to: end) >= 3 {
            let dot = utf8.index(end, offsetBy: -3)
            var bytes = utf8[dot...].makeIterator()
            if bytes.next() == UInt8(ascii: "."), let m = bytes.next(), let d = bytes.next(),
               m | 0x20 == UInt8(ascii: "m"), d | 0x20 == UInt8(ascii: "d") {
                end = dot
            }
        }
        if start == utf8.startIndex && end == utf8.endIndex { return path }
        return String(path[start..<end])
    }

    /// The byte offset of the last `/` of `path`: over its bytes in place when they are
    /// contiguous (a native string), which the generic search over `utf8` is not told.
    @inlinable
    package static func lastSlash(_ path: String) -> Int? {
        let found = path.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var at = bytes.count - 1
            while at >= 0 && bytes[at] != UInt8(ascii: "/") { at -= 1 }
            return at >= 0 ? at : nil
        }
        if let found { return found }
        return path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.distance(from: path.utf8.startIndex, to: $0) }
    }

    /// Whether `path` holds a `/` (see `lastSlash`).
    @inlinable
    package static func hasSlash(_ path: String) -> Bool {
        lastSlash(path) != nil
    }

    /// A control character (C0, DEL, C1) or a line or paragraph separator: what a path from
    /// outside may not hold, and what a message escapes.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// A path as a message shows it: in quotes, with control characters escaped, so that a
    /// crafted path cannot add lines to the message.
    package static func quoted(_ path: String) -> String {
        var shown = "\""
        for scalar in path.unicodeScalars {
            if isControl(scalar) || scalar == "\"" {
                shown += scalar == "\"" ? "\\\"" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown + "\""
    }
}
