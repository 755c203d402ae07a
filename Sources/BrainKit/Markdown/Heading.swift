/// An ATX heading (`## Habits`).
public struct Heading: Hashable, Sendable, Codable {
    public var level: Int
    public var text: String
    public var line: Int

    public init(level: Int, text: String, line: Int) {
        self.level = level
        self.text = text
        self.line = line
    }
}
