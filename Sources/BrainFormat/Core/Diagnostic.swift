/// A place in a file: 1-based line and 1-based column counted in UTF-8 bytes.
package struct SourceLocation: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package var description: String { "\(line):\(column)" }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A problem found in a file, printed the way compilers print them so editors can jump to it.
package struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible, Error {
    package enum Severity: String, Hashable, Sendable, Codable {
        case error
        case warning
    }

    /// Vault-relative path of the file, when known.
    package var path: String?
    package var location: SourceLocation
    package var severity: Severity
    package var message: String

    package init(path: String? = nil, location: SourceLocation, severity: Severity = .error, message: String) {
        self.path = path
        self.location = location
        self.severity = severity
        self.message = message
    }

    package init(path: String? = nil, line: Int, column: Int, severity: Severity = .error, message: String) {
        self.init(path: path, location: SourceLocation(line: line, column: column), severity: severity, message: message)
    }

    /// `path:line:column: error: message`.
    package var description: String {
        "\(path.map { $0 + ":" } ?? "")\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }

    /// The same diagnostic attached to a file.
    package func `in`(_ path: String) -> Diagnostic {
        var copy = self
        copy.path = path
        return copy
    }

    /// The same diagnostic moved down by `lines` (for text parsed out of a larger file).
    package func shifted(lines: Int, columns: Int = 0) -> Diagnostic {
        var copy = self
        copy.location.line += lines
        copy.location.column += columns
        return copy
    }
}
