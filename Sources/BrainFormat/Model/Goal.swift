import Foundation

/// A goal file (`goals/<id>.md`) read from its front-matter.
public struct Goal: Hashable, Sendable, Codable {
    /// Where a goal stands: active, done, dropped or paused (`status:`).
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        case active, done, dropped
        /// Put away with its history: not among the goals worked on, not counted as a parent's part.
        case archived
    }

    public var id: String
    public var title: String
    public var aliases: [String]
    public var area: String?
    /// The parent goal id: set for subgoals.
    public var parent: String?
    public var status: Status
    public var start: Day?
    public var due: Day?
    public var target: Double?
    public var current: Double?
    public var unit: String?
    /// Habit ids listed in `habits:` (habits whose `goal:` names this goal count too).
    public var habits: [String]
    public var tags: [String]
    public var pinned: Bool
    public var created: Day?
    package var issues: [FieldIssue]

    /// A goal with defaults, for building values in code.
    public init(id: String, title: String? = nil, status: Status = .active, start: Day? = nil, due: Day? = nil,
                target: Double? = nil, current: Double? = nil, created: Day? = nil) {
        self.id = id
        self.title = title ?? id
        self.aliases = []
        self.status = status
        self.start = start
        self.due = due
        self.target = target
        self.current = current
        self.habits = []
        self.tags = []
        self.pinned = false
        self.created = created
        self.issues = []
    }

    /// Reads a goal leniently: a bad value is recorded in `issues` and its default is used.
    public init(id: String, frontMatter: YAMLMap, bodyTitle: String?) {
        var reader = FieldReader(frontMatter)
        self.id = id
        title = reader.title(id: id, bodyTitle: bodyTitle)
        aliases = reader.strings("aliases")
        area = reader.link("area")
        parent = reader.link("parent")
        status = reader.choice("status", Status.self) ?? .active
        start = reader.day("start")
        due = reader.day("due")
        if let start, let due, due < start {
            reader.issue("due", "due \(due) is before start \(start)", .warning)
        }
        target = reader.number("target")
        current = reader.number("current")
        if target != nil, let value = target, value <= 0 {
            reader.issue("target", "target must be greater than 0")
            target = nil
        }
        unit = reader.string("unit")
        habits = reader.links("habits")
        tags = reader.tags()
        pinned = reader.bool("pinned") ?? false
        created = reader.day("created")
        issues = reader.issues
    }
}
