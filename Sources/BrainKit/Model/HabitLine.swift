import Foundation

/// One habit line of a daily check-in: `- [x] [[read]] 24 pages — good chapter`.
public struct HabitLine: Hashable, Sendable, Codable {
    /// The link target, trimmed, as written (compare lower-cased).
    public var habit: String
    /// The label after `|` in `[[read|Reading]]`, when present.
    public var label: String?
    public var state: TaskItem.State
    public var value: Double?
    public var unit: String?
    public var note: String?
    /// 1-based line in the file.
    public var line: Int

    public init(habit: String, label: String? = nil, state: TaskItem.State, value: Double? = nil,
                unit: String? = nil, note: String? = nil, line: Int = 0) {
        self.habit = habit
        self.label = label
        self.state = state
        self.value = value
        self.unit = unit
        self.note = note
        self.line = line
    }

    /// The habit id lower-cased: the key lines are matched to habits by.
    public var habitKey: String { habit.lowercased() }

    /// Parses one line (without or with its line terminator); nil when it is not a habit line.
    public static func parse(_ line: Substring, lineNumber: Int) -> HabitLine? {
        var rest = line
        while let last = rest.last, last == "\n" || last == "\r" || last == "\r\n" { rest = rest.dropLast() }
        rest = rest.drop(while: { $0 == " " || $0 == "\t" })
        guard let bullet = rest.first, bullet == "-" || bullet == "*" || bullet == "+" else { return nil }
        rest = rest.dropFirst()
        guard rest.first == " " || rest.first == "\t" else { return nil }
        rest = rest.drop(while: { $0 == " " || $0 == "\t" })
        guard rest.count >= 3, rest.first == "[" else { return nil }
        let mark = rest[rest.index(after: rest.startIndex)]
        guard rest[rest.index(rest.startIndex, offsetBy: 2)] == "]" else { return nil }
        let state: TaskItem.State
        switch mark {
        case " ": state = .open
        case "x", "X": state = .done
        case "-": state = .skipped
        default: return nil
        }
        rest = rest.dropFirst(3)
        guard rest.first == " " || rest.first == "\t" else { return nil }
        rest = rest.drop(while: { $0 == " " || $0 == "\t" })
        guard rest.hasPrefix("[["), let close = rest.range(of: "]]") else { return nil }
        var inner = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]
        guard !inner.contains("[") else { return nil }
        var label: String?
        if let bar = inner.firstIndex(of: "|") {
            label = String(inner[inner.index(after: bar)...]).trimmingCharacters(in: .whitespaces)
            inner = inner[..<bar]
        }
        if let hash = inner.firstIndex(of: "#") { inner = inner[..<hash] }
        let habit = inner.trimmingCharacters(in: .whitespaces)
        guard !habit.isEmpty else { return nil }
        rest = rest[close.upperBound...]

        var result = HabitLine(habit: habit, label: label?.isEmpty == true ? nil : label, state: state, line: lineNumber)
        var tail = rest.drop(while: { $0 == " " || $0 == "\t" })
        // The value is a number standing alone right after the link (not "3rd", not "24-pages").
        if tail.startIndex != rest.startIndex {
            let word = tail.prefix(while: { !$0.isWhitespace })
            if let number = HabitLine.number(word) {
                result.value = number
                tail = tail[word.endIndex...].drop(while: { $0 == " " || $0 == "\t" })
                let unitWord = tail.prefix(while: { !$0.isWhitespace })
                if let first = unitWord.first, first.isLetter || first == "%" {
                    result.unit = String(unitWord)
                    tail = tail[unitWord.endIndex...].drop(while: { $0 == " " || $0 == "\t" })
                }
            }
        }
        result.note = HabitLine.note(tail)
        return result
    }

    /// Canonical line text for writing: `- [x] [[read]] 24 pages — note`.
    public static func render(habit: String, label: String? = nil, state: TaskItem.State, value: Double? = nil,
                              unit: String? = nil, note: String? = nil) -> String {
        let mark: String
        switch state {
        case .open: mark = " "
        case .done: mark = "x"
        case .skipped: mark = "-"
        }
        var text = "- [\(mark)] [[\(habit)\(label.map { "|" + $0 } ?? "")]]"
        if let value {
            text += " " + HabitLine.format(value)
            if let unit, !unit.isEmpty { text += " " + unit }
        }
        if let note, !note.isEmpty {
            // A separator keeps a note that starts with a digit or a letter from reading as the value or unit.
            let plain = value == nil && !(note.first?.isNumber ?? false) && !note.hasPrefix("-") && !note.hasPrefix("—")
            text += (plain ? " " : " — ") + note
        }
        return text
    }

    /// This line rendered canonically.
    public var rendered: String {
        HabitLine.render(habit: habit, label: label, state: state, value: value, unit: unit, note: note)
    }

    /// A number as written back: no trailing `.0`, at most 6 decimals.
    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Digits with an optional `.` or `,` decimal part.
    static func number(_ word: Substring) -> Double? {
        guard let first = word.first, first.isASCII, first.isNumber else { return nil }
        var seenSeparator = false
        var digitsAfter = 0
        for character in word {
            if character.isASCII, character.isNumber {
                if seenSeparator { digitsAfter += 1 }
            } else if (character == "." || character == ","), !seenSeparator {
                seenSeparator = true
            } else {
                return nil
            }
        }
        if seenSeparator, digitsAfter == 0 { return nil }
        return Double(word.replacingOccurrences(of: ",", with: "."))
    }

    private static func note(_ text: Substring) -> String? {
        var rest = text.drop(while: { $0 == " " || $0 == "\t" })
        if let first = rest.first, first == "—" || first == "–" || first == "-" || first == ":" {
            rest = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
        }
        let note = rest.trimmingCharacters(in: .whitespaces)
        return note.isEmpty ? nil : note
    }
}
