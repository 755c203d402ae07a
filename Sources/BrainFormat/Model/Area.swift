import Foundation

/// A life-area file (`areas/<id>.md`) read from its front-matter.
public struct Area: Hashable, Sendable, Codable {
    /// The six areas a new vault starts with.
    public static let defaultIDs = ["health", "learning", "work", "creative", "relationships", "finance"]

    public var id: String
    public var title: String
    public var aliases: [String]
    public var weight: Double
    /// "I am someone who moves every day".
    public var identity: String?
    /// A colour name or `#rrggbb`.
    public var color: String?
    public var icon: String?
    public var tags: [String]
    public var pinned: Bool
    public var created: Day?
    package var issues: [FieldIssue]

    /// An area with defaults, for building values in code.
    public init(id: String, title: String? = nil, weight: Double = 1) {
        self.id = id
        self.title = title ?? id
        self.aliases = []
        self.weight = weight
        self.tags = []
        self.pinned = false
        self.issues = []
    }

    /// Reads an area leniently: a bad value is recorded in `issues` and its default is used.
    public init(id: String, frontMatter: YAMLMap, bodyTitle: String?) {
        var reader = FieldReader(frontMatter)
        self.id = id
        title = reader.title(id: id, bodyTitle: bodyTitle)
        aliases = reader.strings("aliases")
        weight = reader.number("weight") ?? 1
        if weight < 0 {
            reader.issue("weight", "weight must not be negative")
            weight = 1
        }
        identity = reader.string("identity")
        color = reader.string("color")
        if let text = color, text.hasPrefix("#"), !Area.isHexColor(text) {
            reader.issue("color", "color \"\(text)\" must be a colour name or #rrggbb", .warning)
        }
        icon = reader.string("icon")
        tags = reader.tags()
        pinned = reader.bool("pinned") ?? false
        created = reader.day("created")
        issues = reader.issues
    }

    public static func isHexColor(_ text: String) -> Bool {
        text.count == 7 && text.dropFirst().allSatisfy(\.isHexDigit)
    }
}
