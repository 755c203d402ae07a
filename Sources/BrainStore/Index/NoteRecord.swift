import BrainFormat
import BrainAnalytics

/// What the index knows about one file: enough to answer every query without reading it again.
///
/// A record loaded from the cache decodes its larger parts (front-matter, links, tasks,
/// headings, diagnostics, habit lines) only when they are read, so a query such as `brain tags`
/// never pays for the links of 100,000 notes. Reading a part decodes it each time; keep a local
/// copy when a loop reads one part of one record many times.
package struct NoteRecord: Hashable, Sendable {
    package var stamp: FileStamp { didSet { pristine = false } }
    package var kind: NoteKind { didSet { pristine = false } }
    /// `title:`, else the first `# Heading`, else the file stem.
    package var title: String { didSet { pristine = false } }
    package var aliases: [String] { didSet { pristine = false } }
    /// Tags as first written (front-matter then body), each once, compared case-insensitively.
    package var tags: [String] { didSet { pristine = false } }
    /// `pinned: true` in the front-matter.
    package var pinned: Bool { didSet { pristine = false } }
    /// The day of a daily file (`date:` or the file stem).
    package var day: Day? { didSet { pristine = false } }

    private var stored = Parts() { didSet { pristine = false } }
    private var lazy: LazyParts?
    /// Loaded from the cache and not changed since: saving copies its bytes as they are.
    private var pristine = false

    package var path: String { stamp.path }
    package var stem: String { VaultPaths.stem(of: stamp.path) }

    package var frontMatter: YAMLMap {
        get { stored.frontMatter ?? lazy?.frontMatter() ?? YAMLMap() }
        set { stored.frontMatter = newValue }
    }

    /// The front-matter entries with these keys only (what a reader of a few keys needs): from
    /// the cache, the other values are never made.
    package func frontMatter(keys: [String]) -> YAMLMap {
        if stored.frontMatter == nil, let lazy, let map = lazy.frontMatter(keys: keys) { return map }
        return frontMatter.only(keys)
    }

    /// Links of the body and wikilinks inside front-matter values, in file order.
    package var links: [Link] {
        get { stored.links ?? lazy?.links() ?? [] }
        set { stored.links = newValue }
    }

    /// The links at `positions` (ascending), nil where the note has none; from the cache, only
    /// those links are made.
    package func links(at positions: [Int]) -> [Link?] {
        if stored.links == nil, let lazy, let found = lazy.links(at: positions) { return found }
        let links = self.links
        return positions.map { $0 < links.count ? links[$0] : nil }
    }

    /// Where the links at `positions` (ascending) are, nil where the note has none; from the
    /// cache, no link's strings are made.
    package func linkPlaces(at positions: [Int]) -> [LinkPlace?] {
        if stored.links == nil, let lazy, let found = lazy.linkPlaces(at: positions) { return found }
        return links(at: positions).map { $0.map(LinkPlace.init) }
    }

    package var tasks: [TaskItem] {
        get { stored.tasks ?? lazy?.tasks() ?? [] }
        set { stored.tasks = newValue }
    }

    package var headings: [Heading] {
        get { stored.headings ?? lazy?.headings() ?? [] }
        set { stored.headings = newValue }
    }

    /// Parse problems and model problems of this file alone (links are checked by the index).
    package var diagnostics: [Diagnostic] {
        get { stored.diagnostics ?? lazy?.diagnostics(path: stamp.path) ?? [] }
        set { stored.diagnostics = newValue }
    }

    /// Habit lines, for daily files.
    package var habitLines: [HabitLine] {
        get { stored.habitLines ?? lazy?.habitLines() ?? [] }
        set { stored.habitLines = newValue }
    }

    /// The record's links still in the cache bytes, unchanged since encoded: resolving scans
    /// their targets without making them.
    package var cachedLinks: LazyParts? {
        stored.links == nil ? lazy : nil
    }

    /// The record's habit lines still in the cache bytes, unchanged since loaded: `Journal` scans
    /// them without making their strings, and a check-in reads them when asked for.
    package var cachedHabitLines: LazyParts? {
        stored.habitLines == nil ? lazy : nil
    }

    package init(stamp: FileStamp, kind: NoteKind, title: String, aliases: [String] = [], tags: [String] = [],
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
    package init(stamp: FileStamp, kind: NoteKind, title: String, aliases: [String], tags: [String], pinned: Bool,
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
    package var pinsOnly: NoteRecord {
        var record = NoteRecord(stamp: stamp, kind: kind, title: title, day: day)
        record.pinned = pinned
        return record
    }

    /// The larger parts are left in `lazy` (this record's own encoding) and read from there, as
    /// for a record loaded from the cache.
    package mutating func keepParts(in lazy: LazyParts) {
        stored = Parts()
        self.lazy = lazy
        pristine = true
    }

    /// The record's encoded bytes in the cache it was loaded from, while it is unchanged.
    package var cachedBytes: (buffer: CacheBuffer, range: Range<Int>)? {
        guard pristine, let lazy else { return nil }
        return (lazy.buffer, lazy.record)
    }

    /// The number of links a record loaded from the cache holds, read without decoding them.
    package var cachedLinkCount: Int? {
        if let links = stored.links { return links.count }
        return lazy?.linkCount()
    }

    package static func == (lhs: NoteRecord, rhs: NoteRecord) -> Bool {
        lhs.stamp == rhs.stamp && lhs.kind == rhs.kind && lhs.title == rhs.title && lhs.aliases == rhs.aliases
            && lhs.tags == rhs.tags && lhs.pinned == rhs.pinned && lhs.day == rhs.day
            && lhs.frontMatter == rhs.frontMatter && lhs.links == rhs.links && lhs.tasks == rhs.tasks
            && lhs.headings == rhs.headings && lhs.diagnostics == rhs.diagnostics && lhs.habitLines == rhs.habitLines
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(stamp)
        hasher.combine(kind)
        hasher.combine(title)
    }

    /// Parts set in memory (parsed or assigned); nil means "read from the cache, if any".
    private struct Parts: Sendable {
        package var frontMatter: YAMLMap?
        package var links: [Link]?
        package var tasks: [TaskItem]?
        package var headings: [Heading]?
        package var diagnostics: [Diagnostic]?
        package var habitLines: [HabitLine]?
    }
}

/// Where a link is in its file: line and column, from 1.
package struct LinkPlace: Hashable, Sendable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package init(_ link: Link) {
        self.init(line: link.line, column: link.column)
    }
}
