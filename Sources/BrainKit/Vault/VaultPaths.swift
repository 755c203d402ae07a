#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pure path arithmetic for vault-relative paths: joining, normalising and refusing escapes.
public enum VaultPaths {
    /// Normalises a vault-relative path (`a/./b//c` → `a/b/c`) and refuses anything that
    /// would leave the vault: absolute paths, `..` above the root, NUL bytes.
    public static func normalize(_ relative: String) throws(VaultError) -> String {
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

    /// Joins a root folder and a relative path.
    public static func join(_ root: String, _ relative: String) -> String {
        if relative.isEmpty { return root }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    /// The folder part of a relative path (`a/b.md` → `a`, `b.md` → ``).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The file name without folders and without the `.md` extension.
    public static func stem(of path: String) -> String {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        if name.lowercased().hasSuffix(".md") { return String(name.dropLast(3)) }
        return name
    }

    /// Resolves symlinks of an absolute path that exists (`realpath`).
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Absolute path of `relative` inside `root`, refusing paths that leave the vault,
    /// including through a symlinked folder.
    public static func resolve(_ relative: String, in root: String) throws(VaultError) -> String {
        let normalized = try normalize(relative)
        let absolute = join(root, normalized)
        guard let realRoot = realPath(root) else { return absolute }
        // Check the deepest existing ancestor: a symlink there could point outside.
        var probe = absolute
        while true {
            if let real = realPath(probe) {
                if real != realRoot && !real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") {
                    throw .outsideVault(relative)
                }
                break
            }
            let parent = directory(of: probe)
            if parent.isEmpty || parent == probe { break }
            probe = parent
        }
        return absolute
    }
}
