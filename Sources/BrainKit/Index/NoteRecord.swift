/// What the index knows about one file: enough to answer every query without reading it again.
public struct NoteRecord: Hashable, Sendable {
    public var stamp: FileStamp
    public var kind: NoteKind
    /// `title:`, else the first `# Heading`, else the file stem.
    public var title: String
    public var aliases: [String]
    /// Tags as first written (front-matter then body), each once, compared case-insensitively.
    public var tags: [String]
    public var frontMatter: YAMLMap
    /// Links of the body and wikilinks inside front-matter values, in file order.
    public var links: [Link]
    public var tasks: [TaskItem]
    public var headings: [Heading]
    /// Parse problems and model problems of this file alone (links are checked by the index).
    public var diagnostics: [Diagnostic]
    /// Habit lines, for daily files.
    public var habitLines: [HabitLine]
    /// The day of a daily file (`date:` or the file stem).
    public var day: Day?

    public var path: String { stamp.path }
    public var stem: String { VaultPaths.stem(of: stamp.path) }

    public var pinned: Bool { frontMatter["pinned"]?.bool ?? false }

    public init(stamp: FileStamp, kind: NoteKind, title: String, aliases: [String] = [], tags: [String] = [],
                frontMatter: YAMLMap = YAMLMap(), links: [Link] = [], tasks: [TaskItem] = [], headings: [Heading] = [],
                diagnostics: [Diagnostic] = [], habitLines: [HabitLine] = [], day: Day? = nil) {
        self.stamp = stamp
        self.kind = kind
        self.title = title
        self.aliases = aliases
        self.tags = tags
        self.frontMatter = frontMatter
        self.links = links
        self.tasks = tasks
        self.headings = headings
        self.diagnostics = diagnostics
        self.habitLines = habitLines
        self.day = day
    }
}
