/// A place in a file: 1-based line and 1-based column counted in UTF-8 bytes.
public struct SourceLocation: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A problem found in a file, printed the way compilers print them so editors can jump to it.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible, Error {
    /// How bad a problem is: an error drops a value, a warning only tells.
    public enum Severity: String, Hashable, Sendable, Codable {
        case error
        case warning
    }

    /// Vault-relative path of the file, when known.
    public var path: String?
    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    public init(path: String? = nil, location: SourceLocation, severity: Severity = .error, message: String) {
        self.path = path
        self.location = location
        self.severity = severity
        self.message = message
    }

    public init(path: String? = nil, line: Int, column: Int, severity: Severity = .error, message: String) {
        self.init(path: path, location: SourceLocation(line: line, column: column), severity: severity, message: message)
    }

    /// `path:line:column: error: message`.
    public var description: String {
        "\(path.map { $0 + ":" } ?? "")\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }

    /// The same diagnostic attached to a file.
    public func `in`(_ path: String) -> Diagnostic {
        var copy = self
        copy.path = path
        return copy
    }

    /// The same diagnostic moved down by `lines` (for text parsed out of a larger file).
    public func shifted(lines: Int, columns: Int = 0) -> Diagnostic {
        var copy = self
        copy.location.line += lines
        copy.location.column += columns
        return copy
    }
}
