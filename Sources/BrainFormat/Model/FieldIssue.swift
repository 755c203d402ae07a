/// A problem with one front-matter key, located later by the caller.
package struct FieldIssue: Hashable, Sendable, Codable {
    package var key: String
    package var message: String
    package var severity: Diagnostic.Severity

    package init(key: String, message: String, severity: Diagnostic.Severity = .error) {
        self.key = key
        self.message = message
        self.severity = severity
    }
}
