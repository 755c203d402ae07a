import BrainFormat
import BrainStore

/// The daily-file half of every history import (Loop, harsh, habitctl, Beaver, Obsidian...):
/// each day's habit lines appended under `## Habits` of its daily file (made from the daily
/// template when the vault has none), a line the vault already has for that habit and day left
/// as it is. It says what became of each line; the imports keep their own counts from that.
enum ImportDays {
    /// The id of a habit an import makes for `title`: its slug, or the slug with `-2`, `-3`… when
    /// the vault or this import has it (in any case); recorded in `taken`.
    static func newHabitID(_ title: String, taken: inout Set<String>, in transaction: VaultTransaction) throws(ActionError) -> String {
        let folder = transaction.vault.config.folders.habits
        var id = Slug.make(title)
        var suffix = 2
        while true {
            if !taken.contains(id.lowercased()), !(try transaction.exists(folder + "/\(id).md")) { break }
            id = Slug.make(title) + "-\(suffix)"
            suffix += 1
        }
        taken.insert(id.lowercased())
        return id
    }

    enum Kind: Sendable, Hashable {
        /// Written.
        case added
        /// The vault has the same line (a second import).
        case unchanged
        /// The vault has another line for that habit and day: it is kept.
        case kept
    }

    struct Line: Sendable {
        var day: Day
        /// The index of the habit in the caller's list.
        var habit: Int
        var kind: Kind
        /// The daily file, relative to the vault.
        var path: String
        /// The line as the import would write it, and as read back.
        var text: String
        var wanted: HabitLine
        /// The vault's line, when there was one.
        var vault: String?
        /// The vault's line names no other habit of the import (always true for an added line).
        var soleOwner: Bool
    }

    struct Written: Sendable {
        var lines: [Line] = []
        var daysCreated = 0
        var daysChanged = 0
    }

    /// Writes `byDay` (per day, the caller's habit index and line) for `habits` in `transaction`.
    /// `check` sees each daily file's path before it is read and may refuse it; `progress` is
    /// told the share of days done now and then.
    static func write(_ byDay: [Day: [(habit: Int, line: HabitLine)]], habits: [Habit], _ transaction: VaultTransaction,
                      check: (String) throws(ActionError) -> Void = { _ in },
                      progress: ((Double) -> Void)? = nil) throws(ActionError) -> Written {
        let journal = transaction.journal
        let vault = transaction.vault
        let templateText = try ImportLoop.templateText(vault)
        var written = Written()
        let days = byDay.keys.sorted()
        for (number, day) in days.enumerated() {
            if number % 200 == 0 { progress?(Double(number) / Double(max(days.count, 1))) }
            let path = journal.dailyPaths[day] ?? vault.config.folders.daily + "/\(day).md"
            try check(path)
            var document: Document
            let isNew: Bool
            if let existing = try transaction.document(ifExists: path) {
                document = existing
                isNew = false
            } else {
                document = TemplateRenderer.render(templateText, values: TemplateValues(title: day.description, date: day)).document
                isNew = true
            }
            var added = 0
            for (index, line) in byDay[day]! {
                let habit = habits[index]
                let text = line.rendered
                let wanted = HabitLine.parse(Substring(text), lineNumber: 0) ?? line
                if let current = DailyEditor.currentLine(of: habit, in: document) {
                    // A line that names another habit of the import as well is not this row's alone.
                    let owners = habits.lazy.filter { DailyEditor.line(current, names: $0) }.prefix(2).count
                    written.lines.append(Line(day: day, habit: index, kind: ImportLoop.same(current, wanted) ? .unchanged : .kept,
                                              path: path, text: text, wanted: wanted, vault: String(document.lines[current.line - 1]),
                                              soleOwner: owners == 1))
                    continue
                }
                document.append([text], underHeading: "Habits", after: DailyEditor.isHabitLine)
                written.lines.append(Line(day: day, habit: index, kind: .added, path: path, text: text, wanted: wanted, soleOwner: true))
                added += 1
            }
            guard added > 0 else { continue }
            try transaction.write(document, to: path)
            if isNew { written.daysCreated += 1 } else { written.daysChanged += 1 }
        }
        progress?(1)
        return written
    }
}
