import BrainFormat
import BrainAnalytics

extension VaultIndex {
    /// What `diagnostics()` — `brain validate` — reports for one file, computed for that file
    /// alone: its own problems, its links and habit lines, a second file for its day, and a name
    /// that differs from another file's only by normalisation or case. An editor shows these as
    /// the file is typed, so the cost is one file's, whatever the size of the vault.
    package func validation(of index: Int) -> [Diagnostic] {
        let record = records[index]
        var suggestions: [String: String?] = [:]
        let suggestLinks = suggestsLinks
        let stems = suggestLinks ? records.map(\.stem) : []
        var result = diagnostics(of: index, habitIDs: Array(habitStems.values), suggest: true, suggestLinks: suggestLinks,
                                 stems: stems, suggestions: &suggestions)
        if record.kind == .daily, let day = record.day {
            let files = records.indices.filter { records[$0].kind == .daily && records[$0].day == day }
            if files.count > 1 && files.first != index {
                let others = files.map { records[$0].path }
                result.append(Diagnostic(path: record.path, line: 1, column: 1, severity: .error,
                                         message: "two files for \(day): \(others.joined(separator: " and "))"))
            }
        }
        if let twin = nameTwinDiagnostic(of: index) { result.append(twin) }
        return result.sorted { $0.location < $1.location }
    }
}
