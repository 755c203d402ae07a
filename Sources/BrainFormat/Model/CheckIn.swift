import Foundation

/// Habit lines kept elsewhere (the index's cache bytes) and made only when asked for. A class, so
/// that copying a check-in (analytics copy thousands) copies one reference.
package protocol DeferredHabitLines: AnyObject, Sendable {
    /// The lines, each renamed to its habit's id, lines naming no habit left out.
    func lines() -> [HabitLine]
}

/// A daily check-in (`daily/YYYY-MM-DD.md`): moods, intentions, habit lines and a reflection.
public struct CheckIn: Hashable, Sendable, Codable {
    public var day: Day
    /// Morning mood 1–5.
    public var mood: Int?
    public var energy: Int?
    public var eveningMood: Int?
    /// A rest day: nothing is due and streaks pause without breaking.
    public var rest: Bool
    public var restReason: String?
    public var intentions: [String]
    /// Every habit line of the body in file order (a later line for the same habit wins; see `lines`).
    public var habitLines: [HabitLine] {
        get { cachedLines?.lines() ?? storedLines }
        set {
            storedLines = newValue
            cachedLines = nil
        }
    }
    private var storedLines: [HabitLine]
    /// Set for a daily file loaded from the index's cache: its lines stay in the cache bytes until
    /// read, since most readers of a journal need only the habits' histories.
    package var cachedLines: (any DeferredHabitLines)?
    /// The text under `## Reflection`, verbatim, surrounding blank lines trimmed.
    public var reflection: String?
    package var issues: [FieldIssue]

    /// A check-in built in code.
    public init(day: Day, rest: Bool = false, habitLines: [HabitLine] = [], mood: Int? = nil) {
        self.day = day
        self.rest = rest
        self.storedLines = habitLines
        self.mood = mood
        self.intentions = []
        self.issues = []
    }

    /// Reads a check-in; `day` comes from the file stem and a valid `date:` key overrides it.
    /// `bodyStartLine` is the file line of the body's first line, so habit lines carry file lines.
    public init(day: Day, frontMatter: YAMLMap, body: Substring, bodyStartLine: Int) {
        var reader = FieldReader(frontMatter)
        self.day = reader.day("date") ?? day
        mood = reader.int("mood", range: 1...5)
        energy = reader.int("energy", range: 1...5)
        eveningMood = reader.int("evening-mood", range: 1...5)
        rest = reader.bool("rest") ?? false
        restReason = reader.string("rest-reason")
        issues = reader.issues
        intentions = []
        storedLines = []
        reflection = nil
        parseBody(body, startLine: bodyStartLine)
    }

    public static func == (lhs: CheckIn, rhs: CheckIn) -> Bool {
        lhs.day == rhs.day && lhs.mood == rhs.mood && lhs.energy == rhs.energy && lhs.eveningMood == rhs.eveningMood
            && lhs.rest == rhs.rest && lhs.restReason == rhs.restReason && lhs.intentions == rhs.intentions
            && lhs.habitLines == rhs.habitLines && lhs.reflection == rhs.reflection && lhs.issues == rhs.issues
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(day)
        hasher.combine(mood)
        hasher.combine(rest)
        hasher.combine(habitLines)
    }

    private enum CodingKeys: String, CodingKey {
        case day, mood, energy, eveningMood, rest, restReason, intentions, habitLines, reflection, issues
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        day = try container.decode(Day.self, forKey: .day)
        mood = try container.decodeIfPresent(Int.self, forKey: .mood)
        energy = try container.decodeIfPresent(Int.self, forKey: .energy)
        eveningMood = try container.decodeIfPresent(Int.self, forKey: .eveningMood)
        rest = try container.decode(Bool.self, forKey: .rest)
        restReason = try container.decodeIfPresent(String.self, forKey: .restReason)
        intentions = try container.decode([String].self, forKey: .intentions)
        storedLines = try container.decode([HabitLine].self, forKey: .habitLines)
        reflection = try container.decodeIfPresent(String.self, forKey: .reflection)
        issues = try container.decode([FieldIssue].self, forKey: .issues)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(day, forKey: .day)
        try container.encodeIfPresent(mood, forKey: .mood)
        try container.encodeIfPresent(energy, forKey: .energy)
        try container.encodeIfPresent(eveningMood, forKey: .eveningMood)
        try container.encode(rest, forKey: .rest)
        try container.encodeIfPresent(restReason, forKey: .restReason)
        try container.encode(intentions, forKey: .intentions)
        try container.encode(habitLines, forKey: .habitLines)
        try container.encodeIfPresent(reflection, forKey: .reflection)
        try container.encode(issues, forKey: .issues)
    }

    /// The line that counts for each habit (the last one), keyed by lower-cased habit id.
    public var lines: [String: HabitLine] {
        var result: [String: HabitLine] = [:]
        for line in habitLines { result[line.habitKey] = line }
        return result
    }

    /// Habit lines that a later line for the same habit overrides (validate warns about them).
    public var overriddenLines: [HabitLine] {
        var seen = Set<String>()
        var result: [HabitLine] = []
        for line in habitLines.reversed() {
            if !seen.insert(line.habitKey).inserted { result.append(line) }
        }
        return result.reversed()
    }

    private enum Section {
        case intentions, habits, reflection, other
    }

    private mutating func parseBody(_ body: Substring, startLine: Int) {
        var fences = FenceTracker()
        var section = Section.other
        var sectionLevel = 0
        var reflectionRange: (start: Substring.Index, end: Substring.Index)?
        var lineNumber = startLine
        var index = body.startIndex
        while index < body.endIndex {
            // A line and its terminator; "\r\n" is one Character, so look for any newline.
            let lineEnd = body[index...].firstIndex(where: \.isNewline) ?? body.endIndex
            let line = body[index..<lineEnd]
            let next = lineEnd < body.endIndex ? body.index(after: lineEnd) : body.endIndex
            defer {
                index = next
                lineNumber += 1
            }
            if fences.consume(line) {
                // Code is part of the reflection, verbatim, but never a heading or a habit line.
                if section == .reflection, !line.allSatisfy(\.isWhitespace) {
                    reflectionRange = (reflectionRange?.start ?? line.startIndex, line.endIndex)
                }
                continue
            }
            let indentCount = line.prefix(while: { $0 == " " }).count
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if indentCount <= 3, let (level, text) = CheckIn.heading(trimmed) {
                if section != .other, level > sectionLevel {
                    // A subheading stays inside the section.
                } else {
                    switch text.lowercased() {
                    case "intentions": section = .intentions
                    case "habits": section = .habits
                    case "reflection": section = .reflection
                    default: section = .other
                    }
                    sectionLevel = level
                    continue
                }
            }
            if let habitLine = HabitLine.parse(line, lineNumber: lineNumber) {
                storedLines.append(habitLine)
            } else if section == .intentions, let item = CheckIn.listItem(trimmed) {
                intentions.append(item)
            }
            if section == .reflection, !line.allSatisfy(\.isWhitespace) {
                reflectionRange = (reflectionRange?.start ?? line.startIndex, line.endIndex)
            }
        }
        if let range = reflectionRange {
            reflection = String(body[range.start..<range.end])
        }
    }

    /// An ATX heading: level and text without the closing `#`s.
    public static func heading(_ text: Substring) -> (Int, String)? {
        let level = text.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(level) else { return nil }
        let rest = text.dropFirst(level)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var title = rest.trimmingCharacters(in: .whitespaces)
        while title.hasSuffix("#") { title.removeLast() }
        return (level, title.trimmingCharacters(in: .whitespaces))
    }

    /// The text of a list item (`- a`, `* a`, `1. a`, `- [ ] a`), or nil.
    public static func listItem(_ text: Substring) -> String? {
        var rest: Substring
        if let first = text.first, first == "-" || first == "*" || first == "+" {
            rest = text.dropFirst()
        } else {
            let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, digits.count <= 9 else { return nil }
            rest = text.dropFirst(digits.count)
            guard let marker = rest.first, marker == "." || marker == ")" else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.first == " " || rest.first == "\t" else { return nil }
        rest = rest.drop(while: { $0 == " " || $0 == "\t" })
        if rest.count >= 3, rest.first == "[", rest[rest.index(rest.startIndex, offsetBy: 2)] == "]" {
            rest = rest.dropFirst(3).drop(while: { $0 == " " || $0 == "\t" })
        }
        let item = rest.trimmingCharacters(in: .whitespaces)
        return item.isEmpty ? nil : item
    }
}
