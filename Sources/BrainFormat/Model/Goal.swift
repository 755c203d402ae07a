import Foundation

/// A goal file (`goals/<id>.md`) read from its front-matter.
package struct Goal: Hashable, Sendable, Codable {
    package enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        case active, done, dropped
        /// Put away with its history: not among the goals worked on, not counted as a parent's part.
        case archived
    }

    package var id: String
    package var title: String
    package var aliases: [String]
    package var area: String?
    /// The parent goal id: set for subgoals.
    package var parent: String?
    package var status: Status
    package var start: Day?
    package var due: Day?
    package var target: Double?
    package var current: Double?
    package var unit: String?
    /// Habit ids listed in `habits:` (habits whose `goal:` names this goal count too).
    package var habits: [String]
    package var tags: [String]
    package var pinned: Bool
    package var created: Day?
    package var issues: [FieldIssue]

    /// A goal with defaults, for building values in code.
    package init(id: String, title: String? = nil, status: Status = .active, start: Day? = nil, due: Day? = nil,
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
    package init(id: String, frontMatter: YAMLMap, bodyTitle: String?) {
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
