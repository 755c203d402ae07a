import BrainKit
import Foundation

/// `brain tui`'s state and keys: the grid of habits by day, a cursor on one cell, a prompt at
/// the bottom, and every change made through the vault's actions (as `brain done`, `skip`,
/// `undo`, `rest` and `checkin` make them).
final class TuiApp {
    enum Prompt: Equatable {
        case value(String)
        case skip(String)
        case filter(String)
        case command(String)
        case mood(RecordCheckIn.Part, String)

        var label: String {
            switch self {
            case .value: return "value: "
            case .skip: return "skip, reason: "
            case .filter: return "/"
            case .command: return ":"
            case .mood(let part, _): return "\(part.rawValue) mood (1-5): "
            }
        }

        var text: String {
            switch self {
            case .value(let text), .skip(let text), .filter(let text), .command(let text), .mood(_, let text): return text
            }
        }

        func with(_ text: String) -> Prompt {
            switch self {
            case .value: return .value(text)
            case .skip: return .skip(text)
            case .filter: return .filter(text)
            case .command: return .command(text)
            case .mood(let part, _): return .mood(part, text)
            }
        }
    }

    let session: Session
    let style: Style
    private(set) var grid: HabitGridView?
    var rows = 24
    var columns = 80
    /// The selected habit (index into the filtered rows) and day (0 is today).
    var habit = 0
    var day = 0
    var top = 0
    var filter = ""
    var prompt: Prompt?
    var showHelp = false
    var message = ""
    var quit = false

    init(session: Session, style: Style) {
        self.session = session
        self.style = style
    }

    /// How many day columns fit: what is left after the title, streak, momentum and risk.
    var dayCount: Int {
        max(1, min(60, (columns - 2 - titleWidth - 1 - 1 - 10 - 6 - 8) / 2))
    }

    var titleWidth: Int { columns >= 100 ? 24 : columns >= 70 ? 18 : 12 }

    var visibleRows: [HabitGridView.Row] {
        guard let grid else { return [] }
        guard !filter.isEmpty else { return grid.rows }
        let needle = filter.lowercased()
        return grid.rows.filter { $0.title.lowercased().contains(needle) || $0.id.lowercased().contains(needle) }
    }

    /// How many times the grid was built from the vault (`reload`).
    private(set) var reloads = 0

    /// Reads the vault again (the index re-reads only changed files) and rebuilds the grid.
    func reload() {
        reloads += 1
        do {
            session.invalidateIndex()
            let index = try session.journalIndex()
            let today = try session.day("today")
            grid = HabitGridView(journal: Journal(index: index), today: today, days: dayCount)
        } catch {
            message = "\(error)"
        }
        clampCursor()
    }

    /// Follows changes made elsewhere (another brain, an editor, sync): the grid is built again
    /// only when the journal's files are not those the index read (`VaultIndex.isCurrent`, a
    /// `stat` of each, no read) or the day turned; else nothing is read.
    func reloadIfChanged() {
        if let grid, let index = try? session.journalIndex(), index.isCurrent,
           (try? session.day("today")) == grid.today { return }
        reload()
    }

    private func clampCursor() {
        let count = visibleRows.count
        habit = max(0, min(habit, count - 1))
        day = max(0, min(day, dayCount - 1))
        let height = max(1, rows - 5)
        if habit < top { top = habit }
        if habit >= top + height { top = habit - height + 1 }
        top = max(0, min(top, max(0, count - height)))
    }

    // MARK: Keys

    /// Handles the bytes of one read: keys, escape sequences (the arrows) and a prompt's typing.
    func handle(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                let code = bytes[index + 2]
                index += 3
                if prompt == nil {
                    switch code {
                    case UInt8(ascii: "A"): key("k")
                    case UInt8(ascii: "B"): key("j")
                    case UInt8(ascii: "C"): key("l")
                    case UInt8(ascii: "D"): key("h")
                    default: break
                    }
                }
                continue
            }
            index += 1
            if prompt != nil {
                promptKey(byte)
                continue
            }
            if byte == 0x03 || byte == 0x04 { quit = true; return }
            if byte == 0x1B { showHelp = false; message = ""; filter = ""; clampCursor(); continue }
            // UTF-8 beyond ASCII is no key of ours.
            if byte >= 0x80 { continue }
            key(Character(UnicodeScalar(byte)))
        }
    }

    private func key(_ key: Character) {
        if showHelp, key != "?" { showHelp = false }
        let rows = visibleRows
        switch key {
        case "q": quit = true
        case "j": habit += 1
        case "k": habit -= 1
        case "l": day += 1
        case "h": day -= 1
        case "g": habit = 0
        case "G": habit = rows.count - 1
        case "t": day = 0
        case "?": showHelp.toggle()
        case " ":
            guard let row = selected else { return }
            let mark = row.marks[row.marks.count - 1 - day]
            log(row, mark == .done ? .undo : .done(value: nil, add: false, note: nil))
        case "u":
            guard let row = selected else { return }
            log(row, .undo)
        case "s": if selected != nil { prompt = .skip("") }
        case "r": toggleRest()
        case "m": prompt = .mood(.morning, "")
        case "e": prompt = .mood(.evening, "")
        case "/": prompt = .filter(filter)
        case ":": prompt = .command("")
        case "0"..."9", ".": if selected != nil { prompt = .value(String(key)) }
        default: break
        }
        clampCursor()
    }

    private func promptKey(_ byte: UInt8) {
        guard let current = prompt else { return }
        switch byte {
        case 0x1B, 0x03:
            if case .filter = current { filter = "" }
            prompt = nil
        case 0x0D, 0x0A:
            prompt = nil
            submit(current)
        case 0x7F, 0x08:
            var text = current.text
            if !text.isEmpty { text.removeLast() }
            prompt = current.with(text)
            if case .filter = current { filter = text }
        default:
            guard byte >= 0x20 else { return }
            // Bytes of UTF-8 gather until they make characters.
            var bytes = Array(current.text.utf8)
            bytes.append(byte)
            let text = String(decoding: bytes, as: UTF8.self)
            prompt = current.with(text.contains("\u{FFFD}") ? current.text + String(decoding: [byte], as: UTF8.self) : text)
            if case .filter = current { filter = prompt?.text ?? "" }
        }
        clampCursor()
    }

    private func submit(_ prompt: Prompt) {
        switch prompt {
        case .value(let text):
            guard let row = selected else { return }
            do {
                log(row, .done(value: try DailyLog.value(text), add: false, note: nil))
            } catch {
                message = "\(error)"
            }
        case .skip(let reason):
            guard let row = selected else { return }
            let trimmed = reason.trimmingCharacters(in: .whitespaces)
            log(row, .skip(reason: trimmed.isEmpty ? nil : trimmed))
        case .filter(let text):
            filter = text
        case .mood(let part, let text):
            guard let mood = Int(text.trimmingCharacters(in: .whitespaces)), (1...5).contains(mood) else {
                message = "mood is a number from 1 to 5"
                return
            }
            perform(RecordCheckIn(part: part, day: selectedDay, today: today, mood: mood)) { _ in "\(part.rawValue) mood \(mood) on \(self.selectedDay)" }
        case .command(let line):
            runCommand(line)
        }
    }

    // MARK: Changes

    var selected: HabitGridView.Row? {
        let rows = visibleRows
        return rows.indices.contains(habit) ? rows[habit] : nil
    }

    var today: Day { grid?.today ?? Day(ordinal: 0) }
    var selectedDay: Day { today.adding(days: -day) }

    private func log(_ row: HabitGridView.Row, _ change: HabitChange) {
        let day = selectedDay
        perform(LogHabit(habit: row.id, change: change, day: day, today: today)) { result in
            let outcome = result.outcome
            if case .undo = change {
                return outcome.result == .unchanged || outcome.path == nil ? "\(row.id): nothing to undo on \(day)" : "\(row.id): undone on \(day)"
            }
            if case .skip = change { return "\(row.id): skipped on \(day)" + (outcome.after?.note.map { " — \($0)" } ?? "") }
            if outcome.path == nil { return "\(row.id): nothing to undo on \(day)" }
            return DoneCommand.describe(outcome, Style(mode: .none))
        }
    }

    private func toggleRest() {
        let day = selectedDay
        let rest = !(day == today && grid?.rest == true)
        perform(SetRestDay(day: day, today: today, rest: rest)) { _ in rest ? "\(day) is a rest day" : "\(day) is no longer a rest day" }
    }

    private func perform<Action: VaultAction>(_ action: Action, describe: (ActionResult<Action.Outcome>) -> String) {
        do {
            let result = try session.perform(action)
            message = describe(result)
            if let warning = result.warnings.first { message += " (\(warning))" }
        } catch let error as ActionError {
            message = Advice.text(error).replacingOccurrences(of: "\n", with: " ")
        } catch {
            message = "\(error)"
        }
        reload()
    }

    /// `:done read 12`: a brain command, run in this process; its first line of output is shown.
    private func runCommand(_ line: String) {
        let words = CommandWords.split(line)
        guard let name = words.first, !["tui", "ask", "lsp", "mcp", "serve", "edit", "checkin", "sync"].contains(name) else {
            message = words.isEmpty ? "" : "\(words[0]) cannot run inside brain tui"
            return
        }
        var context = session.context
        context.stdout = TextOutput()
        context.stderr = TextOutput()
        context.stdin = ScriptedInput([], isTerminal: false)
        context.isProcess = false
        var global: [String] = []
        if let vault = session.arguments.value("vault") { global = ["--vault", vault] }
        let status = BrainCLI.run([name] + global + words.dropFirst() + ["--no-color"], context: context)
        let text = (status == 0 ? context.stdout.text : context.stderr.text).trimmingCharacters(in: .whitespacesAndNewlines)
        message = text.split(separator: "\n").first.map(String.init) ?? (status == 0 ? "done" : "failed")
        reload()
    }

    // MARK: Drawing

    /// The whole screen, `rows` lines.
    func render() -> [String] {
        var lines: [String] = []
        let grid = self.grid
        let today = self.today
        var title = "brain  \(today.weekday.name.capitalized) \(today)"
        if grid?.rest == true { title += "  · rest day" }
        let rowsShown = visibleRows
        let due = rowsShown.filter { $0.state != .notDue }
        let done = due.filter { $0.state == .done }.count
        let tally = "\(done) of \(due.count) done"
        lines.append(style(title, .strong) + String(repeating: " ", count: max(1, columns - 1 - title.count - tally.count)) + style(tally, .accent))

        let count = min(dayCount, grid?.days.count ?? 0)
        let lead = String(repeating: " ", count: 2 + titleWidth + 1)
        var header = lead
        for column in 0..<count {
            let date = today.adding(days: -column)
            let letter = String(date.weekday.shortName.prefix(1)).uppercased()
            let cell = letter + " "
            header += column == 0 ? style(cell, .highlight) : column == day ? style(cell, .strong) : style(cell, .muted)
        }
        header += style(" " + Layout.pad("streak", 10) + Layout.pad("mom.", 6) + "at risk", .muted)
        lines.append(header)

        let height = max(1, rows - 5)
        if showHelp {
            lines += Self.help.prefix(height).map { style($0, .muted) }
        } else if rowsShown.isEmpty {
            lines.append("  " + (filter.isEmpty ? "no habits yet (brain new habit \"Title\" --every day)" : "no habit matches /\(filter)"))
        } else {
            // Each mark's cell is styled once a frame, not once a cell (50 habits × 60 days).
            var cells: [WeekGrid.Mark: String] = [:]
            for mark in [WeekGrid.Mark.done, .missed, .open, .skipped, .none] { cells[mark] = styled(mark) }
            for (offset, row) in rowsShown.enumerated().dropFirst(top).prefix(height) {
                lines.append(render(row, selected: offset == habit, count: count, cells: cells))
            }
        }
        while lines.count < rows - 3 { lines.append("") }

        let selectedText = selected.map { "\($0.title) · \(selectedDay)" + (selectedDay == today ? " (today)" : "") } ?? ""
        lines.append(style(Layout.clipped(selectedText, columns), .muted))
        lines.append(message.isEmpty ? style(Layout.clipped(WeekGrid.legend + "   ? help  q quit", columns), .muted)
                                     : Layout.clipped(message, columns))
        if let prompt {
            lines.append(Layout.clipped(prompt.label + prompt.text, columns - 1) + "\u{1B}[7m \u{1B}[0m")
        } else {
            lines.append(filter.isEmpty ? "" : style("filter /\(filter)  (/ then ⏎ on an empty line to clear)", .muted))
        }
        return Array(lines.prefix(rows))
    }

    /// A mark in its colour: done good, missed bad, open warn, skipped and not due muted.
    private func styled(_ mark: WeekGrid.Mark) -> String {
        switch mark {
        case .done: return style(mark.symbol, .good)
        case .missed: return style(mark.symbol, .bad)
        case .open: return style(mark.symbol, .warn)
        case .skipped, .none: return style(mark.symbol, .muted)
        }
    }

    private func render(_ row: HabitGridView.Row, selected: Bool, count: Int, cells: [WeekGrid.Mark: String]) -> String {
        var line = selected ? style("›", .accent) + " " : "  "
        let title = Layout.pad(Layout.clipped(row.title, titleWidth), titleWidth)
        line += (selected ? style(title, .strong) : title) + " "
        for column in 0..<count {
            let mark = row.marks[row.marks.count - 1 - column]
            if selected && column == day {
                line += "\u{1B}[7m" + mark.symbol + "\u{1B}[27m "
            } else {
                line += cells[mark] ?? mark.symbol
                line += " "
            }
        }
        line += " " + Layout.pad(Layout.clipped(row.streakText, 9), 10)
        line += style(Layout.pad(row.momentum.map { Quantity.percent($0.value) } ?? "", 6), .muted)
        if let risk = row.atRisk {
            line += risk == 0 ? style("today", .bad) : style("\(risk) day\(risk == 1 ? "" : "s")", risk <= 1 ? .warn : .muted)
        }
        return line
    }

    static let help = [
        "",
        "  j k ↓ ↑   move between habits        h l ← →   move between days (t: back to today)",
        "  space     check off (again: undo)    0-9       enter a value, then ⏎",
        "  s         skip, with a reason        u         undo the day's line",
        "  r         rest day on or off         m / e     morning / evening mood",
        "  /         filter habits              :         a brain command (:done read 12)",
        "  ?         this help                  q         quit (Ctrl-C too)",
        "",
        "  Columns: today first, then the days before. ✓ done  ○ due, not done  – skipped or rest  · not due",
        "  at risk: the days left before the streak or the period's quota is lost (today: do it today).",
    ]
}

/// Words of a `:` command line: spaces separate them, quotes keep them together.
enum CommandWords {
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
