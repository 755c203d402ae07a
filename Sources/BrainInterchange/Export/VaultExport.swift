import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// A vault as data: every habit, goal, area and note (metadata, body and exact text), every
/// check-in and every habit entry, written as one JSON document or as CSV tables (schema version
/// 1, docs/EXPORT.md). Records are built and written one at a time from the index, reading each
/// file once, so the export is never held in memory.
public struct VaultExport {
    public let index: VaultIndex
    public let journal: Journal
    /// Check-ins and entries from this day on (inclusive).
    public var since: Day?
    /// Check-ins and entries up to this day (inclusive).
    public var until: Day?
    /// Called now and then with the records written and the total.
    public var progress: ((Int, Int) -> Void)?

    public init(index: VaultIndex, since: Day? = nil, until: Day? = nil) {
        self.index = index
        self.journal = Journal(index: index)
        self.since = since
        self.until = until
    }

    /// What was exported.
    public struct Summary: Codable, Sendable, Hashable {
        public var format: String
        /// Where it went (nil: standard output).
        @Nullable package var path: String?
        /// The files written, for a CSV folder.
        public var files: [String]
        @Nullable package var since: Day?
        @Nullable package var until: Day?
        public var habits = 0
        public var goals = 0
        public var areas = 0
        public var notes = 0
        public var checkIns = 0
        public var entries = 0
        public var templates = 0

        public init(format: String, since: Day?, until: Day?) {
            self.format = format
            self.since = since
            self.until = until
            files = []
        }
    }

    /// The table names of a CSV export, in the order they are written.
    public static let tables = ["habits", "goals", "areas", "notes", "checkins", "entries"]

    // MARK: - Reading

    /// Indices of the records of `kind`, by path.
    public func records(_ kind: NoteKind) -> [Int] {
        index.records.indices.filter { index.records[$0].kind == kind }.sorted { index.records[$0].path < index.records[$1].path }
    }

    /// Daily records inside the range, by day then path.
    public func dailyRecords() -> [Int] {
        index.records.indices.filter { position in
            let record = index.records[position]
            guard record.kind == .daily, let day = record.day else { return false }
            return (since.map { day >= $0 } ?? true) && (until.map { day <= $0 } ?? true)
        }.sorted { (index.records[$0].day!, index.records[$0].path) < (index.records[$1].day!, index.records[$1].path) }
    }

    /// The file's text and parsed document.
    package func document(_ path: String) throws(ExportError) -> Document {
        do {
            return Document(bytes: try index.vault.fileSystem.read(index.vault.absolute(path)))
        } catch {
            throw ExportError("\(path): \(error.description)")
        }
    }

    /// Templates of the vault (`templates/…`), by path.
    public func templatePaths() -> [String] {
        index.vault.fileSystem.markdownFiles(under: index.vault.root, stamps: false).map(\.path)
            .filter(index.vault.isTemplate).sorted()
    }

    /// `.brain/config.yml` as written, when there is one.
    public func configText() -> String? {
        let vault = index.vault
        guard let path = try? vault.absolute(Vault.configPath), let bytes = try? vault.fileSystem.read(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    package func habitRecord(_ position: Int) throws(ExportError) -> ExportRecord.Habit {
        let record = index.records[position]
        let document = try document(record.path)
        let bodyTitle = record.headings.first(where: { $0.level == 1 })?.text
        let habit = Habit(id: record.stem, frontMatter: document.frontMatter, bodyTitle: bodyTitle)
        return ExportRecord.Habit(
            path: record.path, id: habit.id, title: habit.title, aliases: habit.aliases, area: habit.area, goals: habit.goals,
            every: habit.frequency.description, target: habit.target, unit: habit.unit, kind: habit.kind.rawValue, cue: habit.cue,
            stack: habit.stack, after: habit.after, remind: habit.remind,
            auto: habit.auto.map { ExportRecord.Auto(source: $0.source, metric: $0.metric, atLeast: $0.atLeast, atMost: $0.atMost,
                                                     match: $0.match, perDay: $0.perDay.rawValue, priority: $0.priority ?? []) },
            status: habit.status.rawValue, paused: habit.paused.map(\.description), archived: habit.archived, created: habit.created,
            tags: record.tags, pinned: record.pinned, weight: habit.weight, frontMatter: document.frontMatter,
            body: String(document.body), text: document.text)
    }

    package func goalRecord(_ position: Int) throws(ExportError) -> ExportRecord.Goal {
        let record = index.records[position]
        let document = try document(record.path)
        let bodyTitle = record.headings.first(where: { $0.level == 1 })?.text
        let goal = Goal(id: record.stem, frontMatter: document.frontMatter, bodyTitle: bodyTitle)
        let milestones = (journal.milestones[record.stem.lowercased()] ?? []).map {
            ExportRecord.Milestone(text: $0.text, state: $0.state.rawValue)
        }
        return ExportRecord.Goal(
            path: record.path, id: goal.id, title: goal.title, aliases: goal.aliases, status: goal.status.rawValue, area: goal.area,
            parent: goal.parent, start: goal.start, due: goal.due, target: goal.target, current: goal.current, unit: goal.unit,
            habits: goal.habits, milestones: milestones, created: goal.created, tags: record.tags, pinned: record.pinned,
            frontMatter: document.frontMatter, body: String(document.body), text: document.text)
    }

    package func areaRecord(_ position: Int) throws(ExportError) -> ExportRecord.Area {
        let record = index.records[position]
        let document = try document(record.path)
        let bodyTitle = record.headings.first(where: { $0.level == 1 })?.text
        let area = Area(id: record.stem, frontMatter: document.frontMatter, bodyTitle: bodyTitle)
        return ExportRecord.Area(
            path: record.path, id: area.id, title: area.title, aliases: area.aliases, weight: area.weight, identity: area.identity,
            color: area.color, icon: area.icon, created: area.created, tags: record.tags, pinned: record.pinned,
            frontMatter: document.frontMatter, body: String(document.body), text: document.text)
    }

    package func noteRecord(_ position: Int) throws(ExportError) -> ExportRecord.Note {
        let record = index.records[position]
        let document = try document(record.path)
        let bodyTitle = record.headings.first(where: { $0.level == 1 })?.text
        let note = Note(id: record.stem, frontMatter: document.frontMatter, bodyTitle: bodyTitle)
        return ExportRecord.Note(
            path: record.path, id: note.id, title: note.title, aliases: note.aliases, type: note.type.rawValue, url: note.url,
            source: note.source, created: note.created, tags: record.tags, pinned: record.pinned,
            frontMatter: document.frontMatter, body: String(document.body), text: document.text)
    }

    /// A daily file's check-in and its entries: the line that counts for each habit, in file
    /// order, with the habit as the index resolves it (the link as written when it names none),
    /// and a `rest` entry first on a rest day.
    package func dailyRecords(_ position: Int) throws(ExportError) -> (ExportRecord.CheckIn, [ExportRecord.Entry]) {
        let record = index.records[position]
        let document = try document(record.path)
        let checkIn = CheckIn(day: record.day!, frontMatter: document.frontMatter, body: document.body,
                              bodyStartLine: document.bodyStartLine)
        let day = record.day!
        var entries: [ExportRecord.Entry] = []
        if checkIn.rest {
            entries.append(ExportRecord.Entry(date: day, habit: nil, state: "rest", value: nil, unit: nil, note: checkIn.restReason,
                                              auto: nil, path: record.path, line: document.location(ofKey: "rest")?.line))
        }
        var last: [String: HabitLine] = [:]
        var order: [String] = []
        for line in checkIn.habitLines {
            let habit = index.habitID(of: line, in: position) ?? line.habit
            if last[habit.lowercased()] == nil { order.append(habit.lowercased()) }
            var named = line
            named.habit = habit
            last[habit.lowercased()] = named
        }
        for line in order.compactMap({ last[$0] }).sorted(by: { $0.line < $1.line }) {
            entries.append(ExportRecord.Entry(date: day, habit: line.habit, state: line.state.rawValue, value: line.value,
                                              unit: line.unit, note: line.note, auto: VaultExport.autoSource(line.note),
                                              path: record.path, line: line.line))
        }
        let checkInRecord = ExportRecord.CheckIn(
            date: day, path: record.path, mood: checkIn.mood, energy: checkIn.energy, eveningMood: checkIn.eveningMood,
            rest: checkIn.rest, restReason: checkIn.restReason, intentions: checkIn.intentions, reflection: checkIn.reflection,
            tags: record.tags, frontMatter: document.frontMatter, body: String(document.body), text: document.text)
        return (checkInRecord, entries)
    }

    /// `(auto: health ≥ 8000)` in a note → `health`.
    public static func autoSource(_ note: String?) -> String? {
        guard let note, let range = note.range(of: "(auto: ") else { return nil }
        let source = note[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return source.isEmpty ? nil : String(source)
    }
}
