import BrainFormat
import BrainAnalytics

/// `brain validate`: every problem in the vault's files and its config, sorted by path and place.
package struct ValidationReport: Hashable, Sendable, Codable {
    package struct Entry: Hashable, Sendable, Codable {
        /// Vault-relative; empty when the problem has no file.
        package var path: String
        package var line: Int
        package var column: Int
        package var severity: Diagnostic.Severity
        package var message: String
    }

    package var errors: Int
    package var warnings: Int
    package var diagnostics: [Entry]

    /// The problems of `index` and of its vault's config; `errorsOnly` leaves warnings out.
    package init(index: VaultIndex, errorsOnly: Bool = false) {
        var found = index.diagnostics() + index.vault.configDiagnostics + ValidationReport.nestedVaults(index)
            + ValidationReport.conflictCopies(index)
        if errorsOnly { found = found.filter { $0.severity == .error } }
        errors = found.filter { $0.severity == .error }.count
        warnings = found.count - errors
        diagnostics = found.map {
            Entry(path: $0.path ?? "", line: $0.location.line, column: $0.location.column, severity: $0.severity, message: $0.message)
        }
    }

    /// Each conflict copy a sync engine left: not read as a note until it is merged into its file.
    static func conflictCopies(_ index: VaultIndex) -> [Diagnostic] {
        index.conflictCopies.map {
            Diagnostic(path: $0.path, line: 1, column: 1, severity: .warning,
                       message: "\($0.engine == .icloud ? "an" : "a") \($0.engine.title) conflict copy of \($0.original): not read as a note until it is merged into it")
        }
    }

    /// A vault inside this one (a folder holding notes and a `.brain/` of its own): its notes are
    /// this vault's too, so their names are ambiguous. Reported at its `.brain/config.yml`.
    static func nestedVaults(_ index: VaultIndex) -> [Diagnostic] {
        var folders = Set<String>()
        for record in index.records {
            var folder = VaultPaths.directory(of: record.path)
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = VaultPaths.directory(of: folder)
            }
        }
        let fileSystem = index.vault.fileSystem
        return folders.sorted().filter { fileSystem.isDirectory(VaultPaths.join(index.vault.root, VaultPaths.join($0, ".brain"))) }.map {
            Diagnostic(path: VaultPaths.join($0, ".brain/config.yml"), line: 1, column: 1, severity: .warning,
                       message: "\($0)/ is a vault inside this vault: its notes count in both, and names shared with this "
                       + "vault's notes are ambiguous; move it out of this vault")
        }
    }
}
