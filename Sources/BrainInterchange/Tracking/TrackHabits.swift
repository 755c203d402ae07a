import BrainFormat
import BrainAnalytics
import BrainStore

/// Writes what the sources read into the daily files: for each auto-tracked habit and each day
/// with a value, the line `- [x] [[walk]] 10432 steps (auto: health ≥ 8000)` (`[ ]` while the
/// value falls short). One change of all the files, or none.
///
/// The days are those from the habit's first day (`created`, or its first logged day) — and from
/// `since` when given — to `today`, leaving out days the habit is paused or archived. A line the
/// tracker wrote before is rewritten with the new value; a manual entry (`AutoLine.ownership`) is
/// kept, and the outcome says so. Running it twice on the same data changes nothing the second time.
package struct TrackHabits: VaultAction {
    package var data: TrackingData
    /// The day it is now (after `day-starts-at`): later days are never written.
    package var today: Day
    /// The first day to write, when given.
    package var since: Day?

    package init(data: TrackingData, today: Day, since: Day? = nil) {
        self.data = data
        self.today = today
        self.since = since
    }

    package var name: String { "track" }

    /// One day of one habit.
    package struct Entry: Codable, Sendable, Hashable {
        package enum Result: String, Codable, Sendable, Hashable {
            /// A new line.
            case added
            /// The tracker's line, with a new value or checkbox.
            case updated
            /// The line already said this.
            case unchanged
            /// A manual entry, left as it is.
            case kept
        }

        package var date: Day
        /// The day's value from the source.
        package var value: Double
        /// Whether the value meets the rule.
        package var met: Bool
        package var result: Result
        /// The daily file.
        package var path: String
        /// The habit's line as it stands after the change (the manual line when kept).
        package var text: String
        /// Why a line was kept (`a manual [x]`).
        @Nullable package var reason: String?
    }

    /// What happened to one habit.
    package struct HabitReport: Codable, Sendable, Hashable {
        package var id: String
        package var title: String
        /// The rule in words: `health steps ≥ 8000`.
        package var rule: String
        package var source: String
        /// The unit values are written with (the habit's `unit:`, else the metric's).
        @Nullable package var unit: String?
        /// False when no file of its source was read; `note` says how to give one.
        package var read: Bool
        /// Days with a value, within the days written.
        package var days: Int
        package var added = 0
        package var updated = 0
        package var unchanged = 0
        package var kept = 0
        /// Every day but the unchanged ones, by date.
        package var entries: [Entry] = []
        @Nullable package var note: String?
    }

    package struct Outcome: Codable, Sendable {
        package var today: Day
        @Nullable package var since: Day?
        /// What each file gave.
        package var files: [TrackingData.FileSummary]
        package var habits: [HabitReport]
        /// Bad records and rows, as `file:line:column: error: message`.
        package var problems: [String]
        /// Bad records beyond those listed.
        package var omittedProblems: Int
        /// How many problems are errors; warnings alone (an unsupported rule, an unknown zone) are not.
        package var errors: Int
    }

    package func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let journal = transaction.journal
        var reports: [HabitReport] = []
        // Per day, the habits to write, so each daily file is opened and written once.
        var work: [Day: [(report: Int, habit: Habit, rule: AutoRule, value: Double)]] = [:]
        // Days whose value is past what a line holds, as problems.
        var refused: [String] = []
        for habit in journal.habits.sorted(by: { $0.id.lowercased() < $1.id.lowercased() }) {
            guard let rule = habit.auto, habit.status != .archived else { continue }
            var report = HabitReport(id: habit.id, title: habit.title, rule: rule.summary, source: rule.source,
                                     unit: habit.unit ?? TrackingSources.metric(of: rule)?.unit, read: false, days: 0)
            defer { reports.append(report) }
            guard let values = data.values(for: rule) else {
                report.note = "no \(rule.source) file was read: give one with --source \(rule.source)=FILE or track: in .brain/config.yml"
                continue
            }
            report.read = true
            if habit.status == .paused {
                report.note = "paused: nothing written"
                continue
            }
            do { try LineText.check(habit.id, as: "habit's file name") } catch {
                report.note = error.message
                continue
            }
            let first = [since, Schedule.startDay(habit: habit, history: journal.history(of: habit.id))].compactMap { $0 }.max()
            for (day, value) in values.sorted(by: { $0.key < $1.key }) {
                if let first, day < first { continue }
                if day > today { continue }
                if let archived = habit.archived, day >= archived { continue }
                if habit.paused.contains(where: { $0.contains(day) }) { continue }
                // Values each within the limit may add up past it; such a day is not written (a
                // habit line would not read it back as a value, and would keep it as a manual one).
                guard value.isFinite, abs(value) <= FieldReader.maximumNumber else {
                    let files = data.files.filter { $0.source == rule.source }.map(\.path).joined(separator: ", ")
                    refused.append("\(files.isEmpty ? rule.source : files): error: \(habit.id) on \(day): the day's \(rule.metric) come to "
                                   + "more than 10^12, the most a habit line holds; not written")
                    continue
                }
                report.days += 1
                work[day, default: []].append((reports.count, habit, rule, value))
            }
        }
        let template = work.isEmpty ? nil : try DailyFile.templateText(vault: transaction.vault)
        for (day, items) in work.sorted(by: { $0.key < $1.key }) {
            if let paths = journal.duplicateDays[day] {
                for item in items {
                    let text = "\(day) has \(paths.count) daily files (\(paths.joined(separator: ", "))); merge them, then track again"
                    reports[item.report].entries.append(Entry(date: day, value: item.value, met: item.rule.isMet(item.value), result: .kept,
                                                              path: paths[0], text: "", reason: text))
                    reports[item.report].kept += 1
                }
                continue
            }
            var (document, path, _) = try DailyFile.open(day, in: transaction, template: template)
            // One reading of the day's lines serves every habit: a rewrite keeps the line numbers,
            // and new lines are appended together at the end.
            let existing = DailyEditor.habitLines(in: document)
            let texts = document.lines
            var appended: [String] = []
            var changed = false
            for item in items {
                let current = existing.last { DailyEditor.line($0, names: item.habit) }
                let original = current.map { String(texts[$0.line - 1]) }
                let entry = TrackHabits.entry(item.habit, item.rule, item.value, day: day, path: path, current: current, original: original)
                switch entry.result {
                case .added:
                    reports[item.report].added += 1
                    appended.append(entry.text)
                case .updated:
                    reports[item.report].updated += 1
                    document.replaceLine(current!.line, with: entry.text)
                case .unchanged: reports[item.report].unchanged += 1
                case .kept: reports[item.report].kept += 1
                }
                if entry.result == .added || entry.result == .updated { changed = true }
                if entry.result != .unchanged { reports[item.report].entries.append(entry) }
            }
            if !appended.isEmpty { document.append(appended, underHeading: "Habits", after: DailyEditor.isHabitLine) }
            if changed { try transaction.write(document, to: path) }
        }
        return Outcome(today: today, since: since, files: data.files, habits: reports,
                       problems: data.problems.map(\.description) + refused, omittedProblems: data.omittedProblems,
                       errors: data.errors + refused.count)
    }

    /// What to do with one habit's value on a day, given its line there (`current`, whose text is
    /// `original`): add a line, rewrite it, leave it, or keep a manual entry.
    package static func entry(_ habit: Habit, _ rule: AutoRule, _ value: Double, day: Day, path: String,
                      current: HabitLine?, original: String?) -> Entry {
        let met = rule.isMet(value)
        switch AutoLine.ownership(of: current) {
        case .manual(let reason):
            return Entry(date: day, value: value, met: met, result: .kept, path: path, text: original ?? "", reason: reason)
        case .none:
            let text = AutoLine.line(for: habit, rule: rule, value: value, existing: nil).rendered
            if let refused = refusal(text) {
                return Entry(date: day, value: value, met: met, result: .kept, path: path, text: "", reason: refused)
            }
            return Entry(date: day, value: value, met: met, result: .added, path: path, text: text, reason: nil)
        case .tracked:
            let original = original ?? ""
            let text = DailyEditor.rewrite(original, as: AutoLine.line(for: habit, rule: rule, value: value, existing: current))
            if let refused = refusal(text) {
                return Entry(date: day, value: value, met: met, result: .kept, path: path, text: original, reason: refused)
            }
            return Entry(date: day, value: value, met: met, result: text == original ? .unchanged : .updated,
                         path: path, text: text, reason: nil)
        }
    }

    /// Why `text` cannot be written as a line (a unit with a line break in it), or nil.
    package static func refusal(_ text: String) -> String? {
        do { try LineText.check(text, as: "habit line") } catch { return error.message + "; fix the habit's unit" }
        return nil
    }
}
