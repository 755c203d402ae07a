/// What the Markdown scanner finds in a body. Every item carries its 1-based
/// line in the file and its 1-based column in UTF-8 bytes.
public struct MarkdownScan: Hashable, Sendable, Codable {
    public var links: [Link]
    public var tags: [Tag]
    public var tasks: [TaskItem]
    public var headings: [Heading]

    public init(links: [Link] = [], tags: [Tag] = [], tasks: [TaskItem] = [], headings: [Heading] = []) {
        self.links = links
        self.tags = tags
        self.tasks = tasks
        self.headings = headings
    }
}
