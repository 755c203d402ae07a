/// A problem with one front-matter key, located later by the caller.
public struct FieldIssue: Hashable, Sendable, Codable {
    public var key: String
    public var message: String
    public var severity: Diagnostic.Severity

    public init(key: String, message: String, severity: Diagnostic.Severity = .error) {
        self.key = key
        self.message = message
        self.severity = severity
    }
}
