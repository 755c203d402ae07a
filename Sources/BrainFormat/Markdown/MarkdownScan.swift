/// What the Markdown scanner finds in a body. Every item carries its 1-based
/// line in the file and its 1-based column in UTF-8 bytes.
package struct MarkdownScan: Hashable, Sendable, Codable {
    package var links: [Link]
    package var tags: [Tag]
    package var tasks: [TaskItem]
    package var headings: [Heading]

    package init(links: [Link] = [], tags: [Tag] = [], tasks: [TaskItem] = [], headings: [Heading] = []) {
        self.links = links
        self.tags = tags
        self.tasks = tasks
        self.headings = headings
    }
}
