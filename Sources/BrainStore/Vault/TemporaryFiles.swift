import BrainFormat
import BrainAnalytics

/// Clears temporary files that a killed write left behind (see `TemporaryName`): only those whose
/// writer is gone, so a write still under way in another process keeps its file.
package enum TemporaryFiles {
    /// Removes the stale temporary files in one folder and below; returns their paths.
    @discardableResult
    package static func clean(in folder: String, fileSystem: any FileSystem) -> [String] {
        var removed: [String] = []
        for path in fileSystem.temporaryFiles(under: folder) {
            let name = path.split(separator: "/").last ?? ""
            guard let owner = TemporaryName.owner(of: name), !fileSystem.isProcessRunning(owner) else { continue }
            if (try? fileSystem.remove(path)) != nil { removed.append(path) }
        }
        return removed
    }
}
