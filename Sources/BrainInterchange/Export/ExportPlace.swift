#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics
import BrainStore

/// Where an export or a report may be written: anywhere the person names, except inside the
/// vault's own `.brain/` folder (its config, the cache, the journal and the trash), however the
/// path gets there: directly, through `..`, or through symbolic links to `.brain/` or into it.
/// `brain export` and `brain report` both ask this one rule.
package enum ExportPlace {
    /// Refuses `path` (absolute) when it is `vault`'s `.brain/` or lies inside it, after following
    /// every symbolic link on the way, the last part's too (a link named `out.json` to
    /// `.brain/config.yml`, a CSV folder that is a link to `.brain/cache`). `what` names what is
    /// written, for the message (`the export`).
    package static func check(_ path: String, vault: Vault, writing what: String) throws(ExportError) {
        let internalFolder = real(VaultPaths.join(vault.root, ".brain"))
        let target = real(path)
        if target == internalFolder || target.hasPrefix(internalFolder + "/") {
            throw ExportError("\(path) is inside the vault's .brain/ folder, which is brain's own; write \(what) elsewhere")
        }
    }

    /// The real path of `path` (symbolic links followed); for a path that does not exist, the
    /// real path of its nearest existing parent with the rest appended.
    package static func real(_ path: String) -> String {
        var missing: [Substring] = []
        var current = path.isEmpty ? "/" : path
        while true {
            if let resolved = realpath(current, nil) {
                defer { free(resolved) }
                var text = String(cString: resolved)
                for part in missing.reversed() { text = VaultPaths.join(text, String(part)) }
                return text
            }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return path }
            missing.append(current[current.index(after: slash)...])
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }
}
