/// `brain validate`: every problem in the vault's files and its config, sorted by path and place.
public struct ValidationReport: Hashable, Sendable, Codable {
    public struct Entry: Hashable, Sendable, Codable {
        /// Vault-relative; empty when the problem has no file.
        public var path: String
        public var line: Int
        public var column: Int
        public var severity: Diagnostic.Severity
        public var message: String
    }

    public var errors: Int
    public var warnings: Int
    public var diagnostics: [Entry]

    /// The problems of `index` and of its vault's config; `errorsOnly` leaves warnings out.
    public init(index: VaultIndex, errorsOnly: Bool = false) {
        var found = index.diagnostics() + index.vault.configDiagnostics
        if errorsOnly { found = found.filter { $0.severity == .error } }
        errors = found.filter { $0.severity == .error }.count
        warnings = found.count - errors
        diagnostics = found.map {
            Entry(path: $0.path ?? "", line: $0.location.line, column: $0.location.column, severity: $0.severity, message: $0.message)
        }
    }
}
