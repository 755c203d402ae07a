import Foundation

/// The kind of a Brain note (`type:`).
package enum NoteType: String, Hashable, Sendable, Codable, CaseIterable {
    case note, reflection, insight, link
}

/// A note file (`notes/…` or any other Markdown file) read from its front-matter.
public struct Note: Hashable, Sendable, Codable {
    public var id: String
    public var title: String
    public var aliases: [String]
    package var type: NoteType
    public var url: String?
    public var source: String?
    public var tags: [String]
    public var pinned: Bool
    public var created: Day?
    package var issues: [FieldIssue]

    /// Reads a note leniently: a bad value is recorded in `issues` and its default is used.
    public init(id: String, frontMatter: YAMLMap, bodyTitle: String?) {
        var reader = FieldReader(frontMatter)
        self.id = id
        title = reader.title(id: id, bodyTitle: bodyTitle)
        aliases = reader.strings("aliases")
        type = reader.choice("type", NoteType.self) ?? .note
        url = reader.string("url")
        if type == .link, url == nil {
            reader.issue("url", "a link note needs a url", .warning)
        }
        source = reader.string("source")
        tags = reader.tags()
        pinned = reader.bool("pinned") ?? false
        created = reader.day("created")
        issues = reader.issues
    }
}
