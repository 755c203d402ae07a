#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics

/// The part of path arithmetic that asks the file system: where symbolic links lead.
extension VaultPaths {
    /// Resolves symlinks of an absolute path that exists (`realpath`).
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Absolute path of `relative` inside `root`, refusing paths that leave the vault,
    /// including through a symlinked folder.
    package static func resolve(_ relative: String, in root: String) throws(VaultError) -> String {
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
