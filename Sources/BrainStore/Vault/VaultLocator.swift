import BrainFormat
import BrainAnalytics

/// Finds the vault: `--vault PATH`, else `BRAIN_VAULT`, else the nearest folder upwards with a `.brain/`.
/// A folder named by `--vault` or `BRAIN_VAULT` must hold a `.brain/` folder: an ordinary folder is
/// never adopted as a vault (that would index, and write a cache into, someone else's files).
public enum VaultLocator {
    public static func locate(explicit: String?, environment: [String: String], currentDirectory: String) throws(VaultError) -> String {
        if let explicit, !explicit.isEmpty {
            return try existingFolder(absolute(explicit, from: currentDirectory))
        }
        if let fromEnvironment = environment["BRAIN_VAULT"], !fromEnvironment.isEmpty {
            return try existingFolder(absolute(fromEnvironment, from: currentDirectory))
        }
        if let found = enclosingVault(from: absolute(currentDirectory, from: "/")) { return found }
        throw .notFound(searchedFrom: currentDirectory)
    }

    /// The nearest folder from absolute `folder` upwards (itself included) that holds `.brain/`.
    package static func enclosingVault(from folder: String, fileSystem: any FileSystem = POSIXFileSystem()) -> String? {
        var folder = folder
        while !folder.isEmpty {
            if fileSystem.isDirectory(VaultPaths.join(folder, ".brain")) { return folder }
            let parent = VaultPaths.directory(of: folder)
            if parent == folder || folder == "/" { break }
            folder = parent.isEmpty ? "/" : parent
        }
        return nil
    }

    /// An absolute, `.`/`..`-free form of `path` taken relative to `base`.
    public static func absolute(_ path: String, from base: String) -> String {
        let joined = path.hasPrefix("/") ? path : VaultPaths.join(base, path)
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func existingFolder(_ path: String) throws(VaultError) -> String {
        let fileSystem = POSIXFileSystem()
        guard fileSystem.isDirectory(path) else {
            if fileSystem.exists(path) { throw .notADirectory(path) }
            throw .notAVault(path)
        }
        guard fileSystem.isDirectory(VaultPaths.join(path, ".brain")) else { throw .notAVault(path) }
        return path
    }
}
