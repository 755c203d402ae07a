/// One line of a file that contains the searched text.
public struct TextMatch: Hashable, Sendable, Codable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column of the first occurrence on the line, in UTF-8 bytes (a BOM is not counted).
    public var column: Int
    /// Length of the first occurrence in UTF-8 bytes.
    public var length: Int
    /// The whole line without its line ending.
    public var text: String

    public init(line: Int, column: Int, length: Int, text: String) {
        self.line = line
        self.column = column
        self.length = length
        self.text = text
    }
}
