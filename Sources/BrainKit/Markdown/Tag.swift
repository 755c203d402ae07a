/// A `#tag` in a body, without the `#`, as written (compare case-insensitively).
public struct Tag: Hashable, Sendable, Codable {
    public var name: String
    public var line: Int
    public var column: Int

    public init(name: String, line: Int, column: Int) {
        self.name = name
        self.line = line
        self.column = column
    }
}
