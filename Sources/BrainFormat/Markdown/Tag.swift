/// A `#tag` in a body, without the `#`, as written (compare case-insensitively).
package struct Tag: Hashable, Sendable, Codable {
    package var name: String
    package var line: Int
    package var column: Int

    package init(name: String, line: Int, column: Int) {
        self.name = name
        self.line = line
        self.column = column
    }
}
