#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics
import BrainStore

/// Where `brain report` writes: a file the person names, like an export, but never inside the
/// vault's own `.brain/` folder (the cache, the journal and the trash live there).
package enum ReportFile {
    /// Refuses `path` (absolute) when it lies inside `vault`'s `.brain/`, after following symbolic
    /// links of the folders on the way, so `link-to-brain/report.html` is refused too.
    package static func check(_ path: String, vault: Vault) throws(ExportError) {
        let internalFolder = real(VaultPaths.join(vault.root, ".brain"))
        let target = real(VaultPaths.directory(of: path)) + "/" + (path.split(separator: "/").last.map(String.init) ?? "")
        if target == internalFolder || target.hasPrefix(internalFolder + "/") {
            throw ExportError("\(path) is inside the vault's .brain/ folder, which is brain's own; write the report elsewhere")
        }
    }

    /// The real path of a folder (symbolic links followed); for a folder that does not exist, the
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

/// What `brain report` wrote, for `--json`.
package struct ReportSummary: Hashable, Sendable, Codable {
    package var path: String
    package var bytes: Int
    package var theme: Theme
    package var appearance: Appearance
    package var range: VaultReport.Range
    package var from: Day
    package var through: Day
    package var habits: Int
    package var areas: Int
    package var goals: Int
    /// Whether the day drawn is a rest day (the organism is calm).
    package var restDay: Bool

    package init(path: String, bytes: Int, page: ReportPage) {
        self.path = path
        self.bytes = bytes
        theme = page.theme
        appearance = page.appearance
        range = page.report.range
        from = page.report.from
        through = page.report.date
        habits = page.report.habits.count
        areas = page.report.areas.areas.count
        goals = page.report.goals.goals.count
        restDay = page.report.today.rest
    }
}
