import Foundation

/// A habit file (`habits/<id>.md`) read from its front-matter.
public struct Habit: Hashable, Sendable, Codable {
    /// build = a habit to keep; quit = a habit to break (a done line records a day held).
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case build, quit
    }

    /// Whether a habit is being kept (`status:`): active, paused or archived.
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        case active, paused, archived
    }

    public var id: String
    public var title: String
    public var aliases: [String]
    /// The area id (link target), when set.
    public var area: String?
    /// Goal ids (link targets) this habit serves.
    public var goals: [String]
    public var frequency: Frequency
    /// The amount per completion: a minimum, or a maximum for `kind: quit`.
    public var target: Double?
    public var unit: String?
    public var kind: Kind
    public var cue: String?
    public var stack: String?
    /// The previous step of a chain: a habit id (from a link or a bare id) or a free event.
    public var after: String?
    /// Reminder time `HH:MM` (the first, when `remind:` lists several).
    public var remind: String?
    /// Every reminder time `HH:MM`, in the order written (`remind: ["07:30", "19:00"]`).
    package var reminders: [String]
    public var auto: AutoRule?
    public var status: Status
    package var paused: [DayPeriod]
    public var archived: Day?
    public var created: Day?
    public var tags: [String]
    public var pinned: Bool
    public var weight: Double
    /// Problems found while reading the front-matter; the habit still works with defaults.
    package var issues: [FieldIssue]

    /// A habit with defaults, for building values in code.
    package init(id: String, title: String? = nil, frequency: Frequency = .daily, target: Double? = nil,
                unit: String? = nil, kind: Kind = .build, area: String? = nil, status: Status = .active,
                paused: [DayPeriod] = [], archived: Day? = nil, created: Day? = nil, weight: Double = 1) {
        self.id = id
        self.title = title ?? id
        self.aliases = []
        self.area = area
        self.goals = []
        self.frequency = frequency
        self.target = target
        self.unit = unit
        self.kind = kind
        self.status = status
        self.paused = paused
        self.archived = archived
        self.created = created
        self.tags = []
        self.pinned = false
        self.weight = weight
        self.issues = []
        self.reminders = []
    }

    /// Reads a habit leniently: a bad value is recorded in `issues` and its default is used.
    public init(id: String, frontMatter: YAMLMap, bodyTitle: String?) {
        var reader = FieldReader(frontMatter)
        self.id = id
        title = reader.title(id: id, bodyTitle: bodyTitle)
        aliases = reader.strings("aliases")
        area = reader.link("area")
        goals = reader.links("goal") + reader.links("goals")
        if let value = reader.value("every") {
            do {
                frequency = try Frequency(value)
            } catch {
                reader.issue("every", error.message)
                frequency = .daily
            }
        } else {
            frequency = .daily
        }
        target = reader.number("target")
        if let value = target, value < 0 {
            reader.issue("target", "target must not be negative")
            target = nil
        }
        unit = reader.string("unit")
        kind = reader.choice("kind", Kind.self) ?? .build
        cue = reader.string("cue")
        stack = reader.string("stack")
        after = reader.link("after")
        reminders = Habit.readReminders(&reader)
        remind = reminders.first
        auto = Habit.readAuto(&reader)
        status = reader.choice("status", Status.self) ?? .active
        paused = Habit.readPaused(&reader)
        archived = reader.day("archived")
        created = reader.day("created")
        tags = reader.tags()
        pinned = reader.bool("pinned") ?? false
        weight = reader.number("weight") ?? 1
        if weight < 0 {
            reader.issue("weight", "weight must not be negative")
            weight = 1
        }
        issues = reader.issues
    }

    /// True when `target` is set: the daily line carries an amount.
    public var isMeasurable: Bool { target != nil }

    /// True when the target is a maximum (`kind: quit` with a target).
    public var isAtMost: Bool { kind == .quit && target != nil }

    public static func isClockTime(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return false }
        return (0...23).contains(hour) && (0...59).contains(minute)
    }

    /// `remind: "07:30"` or `remind: ["07:30", "19:00"]`; a bad time is an issue and left out.
    private static func readReminders(_ reader: inout FieldReader) -> [String] {
        guard let value = reader.value("remind") else { return [] }
        let items: [YAMLValue]
        switch value {
        case .list(let list): items = list
        case .map:
            reader.issue("remind", "remind must be a time HH:MM or a list of times, e.g. remind: [\"07:30\", \"19:00\"]")
            return []
        default: items = [value]
        }
        var times: [String] = []
        for item in items {
            guard let text = item.string.map(FieldReader.trimmed), Habit.isClockTime(text) else {
                reader.issue("remind", "remind must be a time HH:MM, not \"\(item.string ?? "…")\"")
                continue
            }
            let canonical = Habit.canonicalTime(text)
            if !times.contains(canonical) { times.append(canonical) }
        }
        return times
    }

    /// `7:05` → `07:05`.
    package static func canonicalTime(_ text: String) -> String {
        text.count == 4 ? "0" + text : text
    }

    private static func readPaused(_ reader: inout FieldReader) -> [DayPeriod] {
        guard let value = reader.value("paused") else { return [] }
        let items: [YAMLValue]
        switch value {
        case .list(let list): items = list
        case .map:
            reader.issue("paused", "paused must be a list of periods \"YYYY-MM-DD..YYYY-MM-DD\"")
            return []
        default: items = [value]
        }
        var periods: [DayPeriod] = []
        for item in items {
            if let text = item.string, let period = DayPeriod(text) {
                periods.append(period)
            } else {
                reader.issue("paused", "paused period \"\(item.string ?? "…")\" must read YYYY-MM-DD..YYYY-MM-DD (the end may be left open)")
            }
        }
        return periods
    }

    /// The keys an `auto:` map may have.
    public static let autoKeys = ["source", "metric", "at-least", "at-most", "at-least-minutes", "at-most-minutes", "match", "per-day",
                                  "priority", "all-day"]

    private static func readAuto(_ reader: inout FieldReader) -> AutoRule? {
        guard let value = reader.value("auto") else { return nil }
        guard let map = value.map else {
            reader.issue("auto", "auto must be a map {source: health, metric: steps, at-least: N}")
            return nil
        }
        var inner = FieldReader(map)
        let sourceName = inner.string("source")
        let metric = inner.string("metric")
        var atLeast = inner.number("at-least")
        var atMost = inner.number("at-most")
        let atLeastMinutes = inner.number("at-least-minutes")
        let atMostMinutes = inner.number("at-most-minutes")
        let match = inner.string("match")
        let perDay = inner.choice("per-day", AutoRule.PerDay.self)
        let priority = inner.strings("priority")
        let allDay = inner.bool("all-day")
        for problem in inner.issues {
            reader.issue("auto", "auto: \(problem.message)")
        }
        // A rule with a bad value is not half used: the habit is not tracked until it is fixed.
        let valid = inner.issues.isEmpty
        for key in map.keys where !autoKeys.contains(key) {
            var message = "auto: unknown key \"\(key)\""
            if let close = Suggestion.closest(to: key, in: autoKeys) { message += "; did you mean \"\(close)\"?" }
            reader.issue("auto", message, .warning)
        }
        guard let sourceName else {
            if inner.value("source") == nil {
                reader.issue("auto", "auto needs a source: \(TrackingSources.names.joined(separator: ", "))")
            }
            return nil
        }
        guard let source = TrackingSources.named(sourceName) else {
            reader.issue("auto", "unknown auto source \"\(sourceName)\": expected \(TrackingSources.names.joined(separator: ", "))")
            return nil
        }
        var metricName = metric ?? ""
        if atLeastMinutes != nil || atMostMinutes != nil {
            if !metricName.isEmpty && metricName != "minutes" {
                reader.issue("auto", "auto: at-least-minutes and at-most-minutes are for metric minutes, not \(metricName)")
                return nil
            }
            metricName = "minutes"
            atLeast = atLeast ?? atLeastMinutes
            atMost = atMost ?? atMostMinutes
        }
        if atLeast != nil && atMost != nil {
            reader.issue("auto", "auto takes one threshold, at-least or at-most, not both")
            return nil
        }
        var rule = AutoRule(source: source.name, metric: metricName, atLeast: atLeast, atMost: atMost, match: match, perDay: perDay ?? .sum)
        rule.priority = priority.isEmpty ? nil : priority
        if allDay == true {
            guard source.name == CalendarSource.name else {
                reader.issue("auto", "auto: all-day is for calendar rules, not \(source.name)")
                return nil
            }
            rule.allDay = true
        }
        let problems = source.complete(&rule)
        for problem in problems { reader.issue("auto", "auto: " + problem) }
        return problems.isEmpty && valid ? rule : nil
    }
}
