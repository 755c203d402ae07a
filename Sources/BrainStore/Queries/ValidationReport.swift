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
        var found = index.diagnostics() + index.vault.configDiagnostics
        if errorsOnly { found = found.filter { $0.severity == .error } }
        errors = found.filter { $0.severity == .error }.count
        warnings = found.count - errors
        diagnostics = found.map {
            Entry(path: $0.path ?? "", line: $0.location.line, column: $0.location.column, severity: $0.severity, message: $0.message)
        }
    }
}
