/// An ATX heading (`## Habits`).
package struct Heading: Hashable, Sendable, Codable {
    package var level: Int
    package var text: String
    package var line: Int

    package init(level: Int, text: String, line: Int) {
        self.level = level
        self.text = text
        self.line = line
    }
}
