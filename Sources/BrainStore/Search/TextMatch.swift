import BrainFormat
import BrainAnalytics

/// One line of a file that contains the searched text.
package struct TextMatch: Hashable, Sendable, Codable {
    /// 1-based line number.
    package var line: Int
    /// 1-based column of the first occurrence on the line, in UTF-8 bytes (a BOM is not counted).
    package var column: Int
    /// Length of the first occurrence in UTF-8 bytes.
    package var length: Int
    /// The whole line without its line ending.
    package var text: String

    package init(line: Int, column: Int, length: Int, text: String) {
        self.line = line
        self.column = column
        self.length = length
        self.text = text
    }
}
