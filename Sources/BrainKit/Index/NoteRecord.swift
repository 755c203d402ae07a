/// What the index knows about one file: enough to answer every query without reading it again.
///
/// A record loaded from the cache decodes its larger parts (front-matter, links, tasks,
/// headings, diagnostics, habit lines) only when they are read, so a query such as `brain tags`
/// never pays for the links of 100,000 notes. Reading a part decodes it each time; keep a local
/// copy when a loop reads one part of one record many times.
public struct NoteRecord: Hashable, Sendable {
    public var stamp: FileStamp { didSet { pristine = false } }
    public var kind: NoteKind { didSet { pristine = false } }
    /// `title:`, else the first `# Heading`, else the file stem.
    public var title: String { didSet { pristine = false } }
    public var aliases: [String] { didSet { pristine = false } }
    /// Tags as first written (front-matter then body), each once, compared case-insensitively.
    public var tags: [String] { didSet { pristine = false } }
    /// `pinned: true` in the front-matter.
    public var pinned: Bool { didSet { pristine = false } }
    /// The day of a daily file (`date:` or the file stem).
    public var day: Day? { didSet { pristine = false } }

    private var stored = Parts() { didSet { pristine = false } }
    private var lazy: LazyParts?
    /// Loaded from the cache and not changed since: saving copies its bytes as they are.
    private var pristine = false

    public var path: String { stamp.path }
    public var stem: String { VaultPaths.stem(of: stamp.path) }

    public var frontMatter: YAMLMap {
        get { stored.frontMatter ?? lazy?.frontMatter() ?? YAMLMap() }
        set { stored.frontMatter = newValue }
    }

    /// The front-matter entries with these keys only (what a reader of a few keys needs): from
    /// the cache, the other values are never made.
    func frontMatter(keys: [String]) -> YAMLMap {
        if stored.frontMatter == nil, let lazy, let map = lazy.frontMatter(keys: keys) { return map }
        return frontMatter.only(keys)
    }

    /// Links of the body and wikilinks inside front-matter values, in file order.
    public var links: [Link] {
        get { stored.links ?? lazy?.links() ?? [] }
        set { stored.links = newValue }
    }

    /// The links at `positions` (ascending), nil where the note has none; from the cache, only
    /// those links are made.
    func links(at positions: [Int]) -> [Link?] {
        if stored.links == nil, let lazy, let found = lazy.links(at: positions) { return found }
        let links = self.links
        return positions.map { $0 < links.count ? links[$0] : nil }
    }

    /// Where the links at `positions` (ascending) are, nil where the note has none; from the
    /// cache, no link's strings are made.
    func linkPlaces(at positions: [Int]) -> [LinkPlace?] {
        if stored.links == nil, let lazy, let found = lazy.linkPlaces(at: positions) { return found }
        return links(at: positions).map { $0.map(LinkPlace.init) }
    }

    public var tasks: [TaskItem] {
        get { stored.tasks ?? lazy?.tasks() ?? [] }
        set { stored.tasks = newValue }
    }

    public var headings: [Heading] {
        get { stored.headings ?? lazy?.headings() ?? [] }
        set { stored.headings = newValue }
    }

    /// Parse problems and model problems of this file alone (links are checked by the index).
    public var diagnostics: [Diagnostic] {
        get { stored.diagnostics ?? lazy?.diagnostics(path: stamp.path) ?? [] }
        set { stored.diagnostics = newValue }
    }

    /// Habit lines, for daily files.
    public var habitLines: [HabitLine] {
        get { stored.habitLines ?? lazy?.habitLines() ?? [] }
        set { stored.habitLines = newValue }
    }

    /// The record's links still in the cache bytes, unchanged since encoded: resolving scans
    /// their targets without making them.
    var cachedLinks: LazyParts? {
        stored.links == nil ? lazy : nil
    }

    /// The record's habit lines still in the cache bytes, unchanged since loaded: `Journal` scans
    /// them without making their strings, and a check-in reads them when asked for.
    var cachedHabitLines: LazyParts? {
        stored.habitLines == nil ? lazy : nil
    }

    public init(stamp: FileStamp, kind: NoteKind, title: String, aliases: [String] = [], tags: [String] = [],
                frontMatter: YAMLMap = YAMLMap(), links: [Link] = [], tasks: [TaskItem] = [], headings: [Heading] = [],
                diagnostics: [Diagnostic] = [], habitLines: [HabitLine] = [], day: Day? = nil) {
        self.stamp = stamp
        self.kind = kind
        self.title = title
        self.aliases = aliases
        self.tags = tags
        self.pinned = frontMatter["pinned"]?.bool ?? false
        self.day = day
        stored = Parts(frontMatter: frontMatter, links: links, tasks: tasks, headings: headings,
                       diagnostics: diagnostics, habitLines: habitLines)
    }

    /// A record whose larger parts stay in the cache bytes until read.
    init(stamp: FileStamp, kind: NoteKind, title: String, aliases: [String], tags: [String], pinned: Bool,
         day: Day?, lazy: LazyParts) {
        self.stamp = stamp
        self.kind = kind
        self.title = title
        self.aliases = aliases
        self.tags = tags
        self.pinned = pinned
        self.day = day
        self.lazy = lazy
        pristine = true
    }

    /// The record as the pins' index keeps it: its stamp, kind, title, `pinned` and day, and
    /// nothing else.
    var pinsOnly: NoteRecord {
        var record = NoteRecord(stamp: stamp, kind: kind, title: title, day: day)
        record.pinned = pinned
        return record
    }

    /// The larger parts are left in `lazy` (this record's own encoding) and read from there, as
    /// for a record loaded from the cache.
    mutating func keepParts(in lazy: LazyParts) {
        stored = Parts()
        self.lazy = lazy
        pristine = true
    }

    /// The record's encoded bytes in the cache it was loaded from, while it is unchanged.
    var cachedBytes: (buffer: CacheBuffer, range: Range<Int>)? {
        guard pristine, let lazy else { return nil }
        return (lazy.buffer, lazy.record)
    }

    /// The number of links a record loaded from the cache holds, read without decoding them.
    var cachedLinkCount: Int? {
        if let links = stored.links { return links.count }
        return lazy?.linkCount()
    }

    public static func == (lhs: NoteRecord, rhs: NoteRecord) -> Bool {
        lhs.stamp == rhs.stamp && lhs.kind == rhs.kind && lhs.title == rhs.title && lhs.aliases == rhs.aliases
            && lhs.tags == rhs.tags && lhs.pinned == rhs.pinned && lhs.day == rhs.day
            && lhs.frontMatter == rhs.frontMatter && lhs.links == rhs.links && lhs.tasks == rhs.tasks
            && lhs.headings == rhs.headings && lhs.diagnostics == rhs.diagnostics && lhs.habitLines == rhs.habitLines
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(stamp)
        hasher.combine(kind)
        hasher.combine(title)
    }

    /// Parts set in memory (parsed or assigned); nil means "read from the cache, if any".
    private struct Parts: Sendable {
        var frontMatter: YAMLMap?
        var links: [Link]?
        var tasks: [TaskItem]?
        var headings: [Heading]?
        var diagnostics: [Diagnostic]?
        var habitLines: [HabitLine]?
    }
}

/// Where a link is in its file: line and column, from 1.
struct LinkPlace: Hashable, Sendable {
    var line: Int
    var column: Int

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    init(_ link: Link) {
        self.init(line: link.line, column: link.column)
    }
}
