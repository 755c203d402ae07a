import Foundation

/// Pure edits of a daily check-in document: one habit line, one front-matter key, or text appended
/// to a section. Every edit goes through `Document`, so the rest of the file keeps its bytes and
/// new lines get the file's own line ending.
package enum DailyEditor {
    /// The habit lines of a daily file outside fenced code and HTML comments, with 1-based file lines.
    package static func habitLines(in document: Document) -> [HabitLine] {
        var result: [HabitLine] = []
        let lines = document.lines
        var fences = FenceTracker()
        var inComment = false
        for index in max(0, document.bodyStartLine - 1)..<lines.count {
            let line = lines[index]
            if inComment {
                if line.range(of: "-->") != nil { inComment = false }
                continue
            }
            if fences.consume(line) { continue }
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.hasPrefix("<!--") {
                // A comment line; it may go on over several lines.
                if trimmed.dropFirst(4).range(of: "-->") == nil { inComment = true }
                continue
            }
            if let habitLine = HabitLine.parse(line, lineNumber: index + 1) {
                result.append(habitLine)
            }
            // Only a line with a `<` can open a comment; most have none, and searching is costly.
            if line.utf8.contains(0x3C), let open = line.range(of: "<!--"), line[open.upperBound...].range(of: "-->") == nil {
                inComment = true
            }
        }
        return result
    }

    /// Whether a habit line names `habit`: its id, title or an alias, or a path ending in its id (case-insensitive).
    package static func line(_ line: HabitLine, names habit: Habit) -> Bool {
        var key = line.habitKey
        if key.hasSuffix(".md") { key.removeLast(3) }
        let id = habit.id.lowercased()
        if key == id || key.hasSuffix("/" + id) { return true }
        if key == habit.title.lowercased() { return true }
        return habit.aliases.contains { $0.lowercased() == key }
    }

    /// The line that counts for `habit` (the last one naming it), if any.
    package static func currentLine(of habit: Habit, in document: Document) -> HabitLine? {
        habitLines(in: document).last { line($0, names: habit) }
    }

    /// Applies `change` to `habit`'s line: rewrites the last line naming the habit, or adds one at the end
    /// of the `## Habits` section (created at the end of the file when missing). Undo never adds a
    /// line; `open` only adds one.
    @discardableResult
    package static func apply(_ change: HabitChange, to document: inout Document, habit: Habit) -> HabitEdit {
        let before = currentLine(of: habit, in: document)
        var next = before ?? HabitLine(habit: habit.id, state: .open)
        switch change {
        case .done(let value, let add, let note):
            if let value {
                let total = add ? (before?.value ?? 0) + value : value
                next.value = total
                // The habit's unit, agreeing with the new number (`1 cup`, `3 cups`); the unit is
                // informational, so a singular one reads back as the same habit and value.
                if let unit = habit.unit { next.unit = Quantity.unit(unit, for: total) }
                next.state = meetsTarget(total, habit: habit) ? .done : .open
            } else {
                next.state = .done
            }
            if let note { next.note = note }
        case .undo:
            guard before != nil else { return HabitEdit(action: .absent, before: nil, after: nil, text: nil) }
            next.state = .open
            next.value = nil
            next.unit = nil
        case .skip(let reason):
            next.state = .skipped
            next.value = nil
            next.unit = nil
            if let reason { next.note = reason }
        case .open:
            if let before { return HabitEdit(action: .unchanged, before: before, after: before, text: String(document.lines[before.line - 1])) }
        }
        if let before {
            let original = String(document.lines[before.line - 1])
            let text = rewrite(original, as: next)
            if text == original {
                return HabitEdit(action: .unchanged, before: before, after: before, text: original)
            }
            document.replaceLine(before.line, with: text)
            next.line = before.line
            return HabitEdit(action: .updated, before: before, after: next, text: text)
        }
        let text = next.rendered
        document.append([text], underHeading: "Habits", after: isHabitLine)
        let written = habitLines(in: document).last { line($0, names: habit) }
        next.line = written?.line ?? 0
        return HabitEdit(action: .added, before: nil, after: next, text: text)
    }

    /// Whether `value` meets the habit's target: at least it for build habits, at most for quit habits;
    /// true when the habit has no target.
    package static func meetsTarget(_ value: Double, habit: Habit) -> Bool {
        guard let target = habit.target else { return true }
        return habit.kind == .quit ? value <= target : value >= target
    }

    /// The line rendered canonically but with the original indentation and bullet.
    package static func rewrite(_ original: String, as line: HabitLine) -> String {
        let rendered = line.rendered
        guard let bracket = original.firstIndex(of: "[") else { return rendered }
        return String(original[..<bracket]) + rendered.dropFirst(2)
    }

    // MARK: - Front-matter and sections

    /// Marks the day as a rest day (with an optional reason) or not. `--off` removes `rest-reason`
    /// and writes `rest: false` only where a `rest` key exists.
    package static func setRest(_ rest: Bool, reason: String?, in document: inout Document) {
        if rest {
            if document.frontMatter["rest"]?.bool != true { document.set("rest", to: .bool(true)) }
            if let reason, document.frontMatter["rest-reason"]?.string != reason {
                document.set("rest-reason", to: .string(reason))
            }
        } else {
            if document.frontMatter["rest"] != nil, document.frontMatter["rest"]?.bool != false {
                document.set("rest", to: .bool(false))
            }
            if document.frontMatter["rest-reason"] != nil { document.remove("rest-reason") }
        }
    }

    /// Sets an integer front-matter key (`mood`, `energy`, `evening-mood`) unless it already has that value.
    package static func setScore(_ key: String, _ value: Int, in document: inout Document) {
        if document.frontMatter[key]?.int == value { return }
        document.set(key, to: .int(value))
    }

    /// Appends list items under `## Intentions` (created when missing). An empty bullet left by the
    /// daily template (`- `) is filled with the items instead.
    package static func appendIntentions(_ items: [String], to document: inout Document) {
        guard !items.isEmpty else { return }
        let lines = items.map { "- " + $0 }
        if let section = section("Intentions", in: document) {
            let all = document.lines
            if let empty = section.first(where: { index in
                let trimmed = all[index].trimmingCharacters(in: .whitespaces)
                return trimmed == "-" || trimmed == "*" || trimmed == "+"
            }) {
                document.replaceLine(empty + 1, with: lines.joined(separator: "\n"))
                return
            }
        }
        document.append(lines, underHeading: "Intentions", after: isListItem)
    }

    /// Whether a line is a habit line (`- [x] read`): a new one goes after the last of them.
    package static func isHabitLine(_ line: Substring) -> Bool {
        HabitLine.parse(line, lineNumber: 0) != nil
    }

    /// Whether a line is a list item (`- Call mum`, `1. Ship it`): a new intention goes after the last of them.
    package static func isListItem(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard let first = text.first else { return false }
        if first == "-" || first == "*" || first == "+" { return text.dropFirst().first == " " || text.count == 1 }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return false }
        let rest = text.dropFirst(digits.count)
        return (rest.first == "." || rest.first == ")") && rest.dropFirst().first == " "
    }

    /// Appends text (one line or several) under `## Reflection` (created when missing), after a
    /// blank line when there is text already. A line that would read as a heading is escaped
    /// (`\# …`), so the text stays in its section.
    package static func appendReflection(_ text: String, to document: inout Document) {
        let trimmed = text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        var hasText = false
        if let section = section("Reflection", in: document) {
            let all = document.lines
            hasText = section.contains { !Document.isBlank(all[$0]) }
        }
        let lines = trimmed.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var text = String(line)
            while text.last == " " || text.last == "\t" { text.removeLast() }
            return text.drop(while: { $0 == " " }).hasPrefix("#") ? "\\" + text.drop(while: { $0 == " " }) : text
        }
        document.append((hasText ? [""] : []) + lines, underHeading: "Reflection")
    }

    /// 0-based line indices of the content under the first heading titled `title`, or nil when there is none.
    package static func section(_ title: String, in document: Document) -> Range<Int>? {
        let all = document.lines
        let headings = Document.headings(in: all, from: max(0, document.bodyStartLine - 1))
        guard let found = headings.firstIndex(where: { $0.text.lowercased() == title.lowercased() }) else { return nil }
        let heading = headings[found]
        let end = headings[(found + 1)...].first(where: { $0.level <= heading.level })?.line ?? all.count
        return (heading.line + 1)..<max(heading.line + 1, end)
    }
}
