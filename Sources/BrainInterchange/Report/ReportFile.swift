import BrainFormat
import BrainAnalytics
import BrainStore

/// Where `brain report` writes: a file the person names, like an export, and like an export
/// never inside the vault's own `.brain/` folder (`ExportPlace`).
package enum ReportFile {
    /// Refuses `path` (absolute) when it lies inside `vault`'s `.brain/`, symbolic links followed.
    package static func check(_ path: String, vault: Vault) throws(ExportError) {
        try ExportPlace.check(path, vault: vault, writing: "the report")
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
