import BrainJSONRPC
import BrainFormat
import BrainAnalytics
import BrainStore

/// `textDocument/hover`: on a link to a habit, its streak, strength and momentum; on a link to a
/// goal, its progress and pace; on other links, what the note is; on a tag, how many notes carry it.
extension LanguageServer {
    func hover(_ params: JSON) throws -> JSON {
        guard let (path, document) = try document(params) else { return .null }
        let offset = document.offset(of: try position(params), encoding)
        if let pointer = pointer(at: offset, path: path, document: document) {
            let text: String
            switch pointer.resolution {
            case .note(let note): text = describe(note, on: fileDay(path))
            case .ambiguous(let notes):
                text = "Ambiguous link: it could be " + notes.map { "`\(workspace.index.records[$0].path)`" }.joined(separator: ", ")
            case .missing: text = "No note is named \"\(pointer.target)\" (a code action creates it)."
            case .external: text = "External link: \(pointer.target)"
            }
            let range = TextRange(start: document.position(of: pointer.span.lowerBound, encoding), end: document.position(of: pointer.span.upperBound, encoding))
            return ["contents": ["kind": "markdown", "value": .string(text)], "range": range.json]
        }
        if let tag = tag(at: offset, in: document) {
            let lower = tag.name.lowercased()
            let count = workspace.index.tagCounts().first { $0.name == lower }?.count ?? 0
            let range = TextRange(start: document.position(of: tag.span.lowerBound, encoding), end: document.position(of: tag.span.upperBound, encoding))
            return ["contents": ["kind": "markdown", "value": .string("#\(tag.name): \(Quantity.count(count, "note"))")], "range": range.json]
        }
        return .null
    }

    /// The tag written around byte `offset`: `#` after a space or at the line's start, then tag characters.
    private func tag(at offset: Int, in document: TextDocument) -> (name: String, span: Range<Int>)? {
        let line = document.lineRange(document.position(of: offset, .utf8).line)
        let text = String(decoding: document.bytes[line], as: UTF8.self)
        let cursor = offset - line.lowerBound
        var start = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let length = word.utf8.count
            defer { start += length + 1 }
            guard word.hasPrefix("#"), cursor >= start, cursor <= start + length else { continue }
            guard let trimmed = Tag.name(after: word.dropFirst()) else { return nil }
            return (String(trimmed), (line.lowerBound + start)..<(line.lowerBound + start + 1 + trimmed.utf8.count))
        }
        return nil
    }

    /// The day of a daily file, when `path` is one and its day has begun: what its lines are about.
    func fileDay(_ path: String) -> Day? {
        guard let position = workspace.record(path) else { return nil }
        let record = workspace.index.records[position]
        guard record.kind == .daily, let day = record.day, day <= today else { return nil }
        return day
    }

    /// What a note is, in Markdown: a habit's streak, strength and momentum, and whether it was done
    /// on `day` (a daily file's; else today); a goal's progress and pace; for the others, their
    /// kind, tags and backlinks.
    func describe(_ note: Int, on day: Day? = nil) -> String {
        let record = workspace.index.records[note]
        let journal = workspace.journal
        let today = self.today
        switch record.kind {
        case .habit:
            guard let habit = journal.habit(record.stem) else { break }
            let history = journal.history(of: habit.id)
            let stats = HabitStats(habit: habit, history: history, today: today, weekStart: journal.weekStart)
            let schedule = Schedule(habit: habit, history: history, today: today, weekStart: journal.weekStart)
            let momentum = schedule.flatMap { Momentum(schedules: [$0], today: today) }
            var head = "**\(habit.title)** — habit `\(habit.id)`, every: \(habit.frequency.description)"
            if let target = habit.target {
                head += ", target \(Quantity.number(target))" + (habit.unit.map { " " + Quantity.unit($0, for: target) } ?? "")
            }
            if habit.status != .active { head += " (\(habit.status.rawValue))" }
            let streaks = stats.streaks
            func count(_ n: Int) -> String { Streaks.describe(n, unit: streaks.unit, blockDays: streaks.blockDays) }
            var streak = "streak \(count(streaks.current))"
            if let since = streaks.currentSince { streak += " since \(since)" }
            streak += " · best \(count(streaks.best))"
            let strength = "strength \(Quantity.percent(stats.strength))"
            let pulse = "momentum " + (momentum.map { "\(Quantity.percent($0.value)) \($0.label.rawValue)" } ?? "—")
            let state: String
            if let day, day < today {
                let then = HabitStats(habit: habit, history: history, today: day, weekStart: journal.weekStart)
                state = then.doneToday ? "done on \(day)" : then.dueToday ? "due on \(day), not done" : "not due on \(day)"
            } else {
                state = (stats.doneToday ? "done today" : stats.dueToday ? "due today, not done yet" : "not due today") + " (\(today))"
            }
            return [head, streak, "\(strength) · \(pulse)", state].joined(separator: "\n\n")
        case .goal:
            guard let goal = GoalsView(journal: journal, today: today).goal(record.stem) else { break }
            var head = "**\(goal.title)** — goal `\(goal.id)`, \(Quantity.percent(goal.progress)) \(goal.label.rawValue)"
            if goal.status != .active { head += " (\(goal.status.rawValue))" }
            if let due = goal.due { head += ", due \(due)" }
            var parts: [String] = []
            if let subgoals = goal.parts.subgoals { parts.append("subgoals \(Quantity.percent(subgoals.value))") }
            if let milestones = goal.parts.milestones { parts.append("milestones \(milestones.done)/\(milestones.total)") }
            if let effort = goal.effort { parts.append("habits \(Quantity.percent(effort.value)) (\(effort.habits.joined(separator: ", ")))") }
            if let measurable = goal.parts.measurable {
                if let target = measurable.target {
                    parts.append(Quantity.progress(measurable.current, of: target, unit: measurable.unit))
                } else {
                    parts.append(Quantity.grouped(measurable.current) + (measurable.unit.map { " " + $0 } ?? ""))
                }
            }
            var lines = [head]
            if !parts.isEmpty { lines.append(parts.joined(separator: " · ")) }
            lines.append(paceText(goal.pace))
            return lines.joined(separator: "\n\n")
        default:
            break
        }
        var head = "**\(record.title)** — \(record.kind.rawValue) `\(record.path)`"
        if !record.aliases.isEmpty { head += ", also \(record.aliases.joined(separator: ", "))" }
        var lines = [head]
        if !record.tags.isEmpty { lines.append(record.tags.map { "#" + $0 }.joined(separator: " ")) }
        lines.append(Quantity.count(workspace.index.backlinks(of: note).count, "backlink"))
        return lines.joined(separator: "\n\n")
    }

    private func paceText(_ pace: GoalsView.Pace) -> String {
        switch pace.status {
        case .none: return "pace: nothing to measure"
        case .notEnoughData: return "pace: not enough data yet (brain goal progress records each value with its day)"
        case .stalled: return "pace: no progress since \(pace.from.map { $0.day.description } ?? "the first recorded value")"
        case .projected:
            guard let finish = pace.finish else { return "pace: no projection" }
            var text = "pace: done \(finish)"
            if let late = pace.daysLate {
                text += late > 0 ? ", \(Quantity.count(late, "day")) late" : late < 0 ? ", \(Quantity.count(-late, "day")) early" : ", on the day"
            }
            return text
        }
    }
}
