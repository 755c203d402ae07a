/// The vault's schema, in one table: every front-matter key brain knows, the kinds of file that
/// have it, the type of its value, whether its values name other files (and which kind), the values
/// an editor may offer, and what a bad value is told. The parser's unknown-key warnings,
/// `validate`, `new`, `edit`, rename's rewriting of front-matter references and the language
/// server's completion and link features all read it; none keeps a list of its own.
package enum VaultSchema {
    /// What a key's value is.
    package enum ValueType: Sendable, Hashable {
        case text
        /// A list of strings, or one string.
        case texts
        case number
        /// A whole number in a range (a mood of 1 to 5).
        case score(ClosedRange<Int>)
        case boolean
        /// `YYYY-MM-DD`.
        case day
        /// One of a fixed set of words.
        case choice([String])
        /// Tags: a list, or one string.
        case tags
        /// How often a habit is due (`every:`).
        case frequency
        /// A time `HH:MM`.
        case time
        /// Periods `YYYY-MM-DD..YYYY-MM-DD`.
        case periods
        /// A map of its own keys (`auto:`).
        case map

        /// What a value of this type must be, as the messages for a bad value say it after the key
        /// (`mood must be a whole number from 1 to 5`).
        package var expectation: String {
            switch self {
            case .text: "must be a string"
            case .texts: "must be a string or a list of strings"
            case .number: "must be a number"
            case .score(let range): "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .boolean: "must be true or false (yes/no and on/off are read too)"
            case .day: "must be a date YYYY-MM-DD"
            case .choice(let words): "must be one of \(words.joined(separator: ", "))"
            case .tags: "must be a list or a string"
            case .frequency: "must be a frequency such as day, 3/week or [mon, wed]"
            case .time: "must be a time HH:MM"
            case .periods: "must be a list of periods \"YYYY-MM-DD..YYYY-MM-DD\""
            case .map: "must be a map"
            }
        }
    }

    /// One key of the table (a key whose value differs by kind, `status`, has one row per kind).
    package struct Key: Sendable {
        package var name: String
        package var kinds: Set<NoteKind>
        package var type: ValueType
        /// The kind of file its values name (`area: health` names an area), when they name one.
        package var links: NoteKind?
        /// Whether it may hold several (`habits: [read, run]`).
        package var isList: Bool
        /// Values an editor offers, each with what it means; a link key offers the files of its
        /// kind, a day key today, and `usedValues` the values the vault already uses.
        package var offers: [(value: String, meaning: String?)]
        /// Whether an editor offers the values other files of the kind already use (`stack`, `unit`).
        package var offersUsedValues: Bool

        init(_ name: String, _ kinds: Set<NoteKind>, _ type: ValueType, links: NoteKind? = nil, list: Bool = false,
             offers: [(String, String?)] = [], usedValues: Bool = false) {
            self.name = name
            self.kinds = kinds
            self.type = type
            self.links = links
            self.isList = list
            self.offers = offers.map { (value: $0.0, meaning: $0.1) }
            self.offersUsedValues = usedValues
        }
    }

    private static let all: Set<NoteKind> = Set(NoteKind.allCases)

    /// Every key, in the order each kind lists them: the keys every file has, then each kind's.
    package static let keys: [Key] = [
        Key("title", all, .text), Key("aliases", all, .texts, list: true), Key("alias", all, .texts, list: true),
        Key("tags", all, .tags, list: true), Key("pinned", all, .boolean, offers: [("true", nil), ("false", nil)]),
        Key("created", all, .day), Key("updated", all, .day), Key("id", all, .text), Key("cssclasses", all, .texts, list: true),
        // Habits.
        Key("area", [.habit, .goal, .note], .text, links: .area),
        Key("goal", [.habit, .note], .text, links: .goal, list: true),
        Key("every", [.habit], .frequency, offers: [
            ("day", "every day"), ("weekdays", "Monday to Friday"), ("weekends", "Saturday and Sunday"),
            ("[mon, wed, fri]", "on those weekdays"), ("3/week", "N times a calendar week"),
            ("2/month", "N times a calendar month"), ("2 in 5 days", "N times in any M days"), ("every 3 days", "every Nth day"),
        ]),
        Key("target", [.habit, .goal], .number), Key("unit", [.habit, .goal], .text, usedValues: true),
        Key("kind", [.habit], .choice(Habit.Kind.allCases.map(\.rawValue)),
            offers: [("build", "a habit to build"), ("quit", "a habit to break")]),
        Key("cue", [.habit], .text), Key("stack", [.habit], .text, usedValues: true),
        Key("after", [.habit], .text, links: .habit), Key("remind", [.habit], .time, list: true), Key("auto", [.habit], .map),
        Key("status", [.habit], .choice(Habit.Status.allCases.map(\.rawValue)),
            offers: Habit.Status.allCases.map { ($0.rawValue, "habit status") }),
        Key("paused", [.habit], .periods), Key("archived", [.habit, .goal], .day), Key("weight", [.habit, .area], .number),
        Key("icon", [.habit, .goal, .area], .text), Key("color", [.habit, .area], .text),
        // Goals.
        Key("parent", [.goal], .text, links: .goal),
        Key("status", [.goal], .choice(Goal.Status.allCases.map(\.rawValue)),
            offers: Goal.Status.allCases.map { ($0.rawValue, "goal status") }),
        Key("start", [.goal], .day), Key("due", [.goal], .day), Key("current", [.goal], .number),
        Key("habits", [.goal], .text, links: .habit, list: true),
        // Areas.
        Key("identity", [.area], .text),
        // Notes.
        Key("type", [.note], .choice(NoteType.allCases.map(\.rawValue)), offers: NoteType.allCases.map { ($0.rawValue, "note type") }),
        Key("url", [.note], .text), Key("source", [.note], .text), Key("author", [.note], .text), Key("date", [.note, .daily], .day),
        Key("habit", [.note], .text, links: .habit),
        // Daily check-ins.
        Key("mood", [.daily], .score(1...5), offers: (1...5).map { (String($0), "1 low … 5 high") }),
        Key("energy", [.daily], .score(1...5), offers: (1...5).map { (String($0), "1 low … 5 high") }),
        Key("evening-mood", [.daily], .score(1...5), offers: (1...5).map { (String($0), "1 low … 5 high") }),
        Key("rest", [.daily], .boolean, offers: [("true", nil), ("false", nil)]), Key("rest-reason", [.daily], .text),
        Key("weather", [.daily], .text), Key("sleep", [.daily], .text),
    ]

    /// Words people reach for, mapped to the key brain uses (`deadline` → `due`).
    package static let synonyms = ["frequency": "every", "schedule": "every", "repeat": "every", "deadline": "due",
                                   "due-date": "due", "tag": "tags", "goals": "goal", "reminder": "remind", "state": "status"]

    /// The keys a kind of file knows, in the table's order; other keys are kept but warned about.
    package static func keys(of kind: NoteKind) -> [String] {
        known[kind] ?? []
    }

    private static let known: [NoteKind: [String]] = {
        var result: [NoteKind: [String]] = [:]
        for kind in NoteKind.allCases {
            var seen = Set<String>()
            result[kind] = keys.filter { $0.kinds.contains(kind) && seen.insert($0.name).inserted }.map(\.name)
        }
        return result
    }()

    /// The row for `name` in a kind of file (the first of any kind when `kind` is nil).
    package static func key(_ name: String, in kind: NoteKind?) -> Key? {
        keys.first { $0.name == name && (kind.map($0.kinds.contains) ?? true) }
    }

    /// Keys whose values name other files by id (`area: health`, `habits: [read]`): what rename
    /// rewrites and an editor follows, whatever the kind of file they are in.
    /// Whether a link key's bare value may be plain text when it names no note (`after: wake-up`).
    package static func isOptionalLink(_ key: String) -> Bool { key == "after" }

    package static let linkKeys: [String] = {
        var seen = Set<String>()
        return keys.filter { $0.links != nil && seen.insert($0.name).inserted }.map(\.name)
    }()
}
