import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// How Loop Habit Tracker's habits and entries become Brain's habit files and habit lines.
/// docs/EXPORT.md has the table; the rules live here so the import and its tests agree.
package enum LoopMapping {
    /// Loop's frequency N/D as a Brain frequency: 1/1 (and N/N, which Loop itself turns into
    /// 1/1) every day, N/7 `N/week`, N/30 `N/month`, anything else `N in D days`.
    package static func frequency(numerator: Int, denominator: Int) -> Frequency? {
        guard numerator >= 1, denominator >= 1, numerator <= denominator else { return nil }
        if numerator == denominator { return .daily }
        if denominator == 7 { return .perWeek(numerator) }
        if denominator == 30 { return .perMonth(numerator) }
        return .inDays(times: numerator, days: denominator)
    }

    /// The habit line an entry becomes, or nil for none.
    ///
    /// Yes/no habits: YES_MANUAL `[x]`, SKIP `[-]`; YES_AUTO, NO and UNKNOWN are Loop's own
    /// derivations (a day covered by the frequency, a day not done, no data) and write no line —
    /// unless they carry a note, which is then kept on an open line `[ ]`, counted as not done by
    /// Brain as by Loop. Numerical habits: the number ÷ 1000 as the value, `[x]` when it meets the
    /// target (at least it, or at most it for AT_MOST), else `[ ]`; SKIP `[-]`; UNKNOWN nothing
    /// (a note on an open line). Loop writes numerical values 0–3 with the codes' names (a value
    /// of 2, that is 0.002, reads YES_MANUAL), so for numerical habits the codes are those numbers.
    package static func line(for entry: LoopExport.Entry, habit: LoopExport.Habit, id: String) -> HabitLine? {
        let note = noteText(entry.notes)
        let noted = note.isEmpty ? nil : note
        switch habit.type {
        case .yesNo:
            switch entry.value {
            case .yesManual: return HabitLine(habit: id, state: .done, note: noted)
            case .skip: return HabitLine(habit: id, state: .skipped, note: noted)
            case .yesAuto, .no, .unknown, .number:
                return noted.map { HabitLine(habit: id, state: .open, note: $0) }
            }
        case .numerical:
            switch entry.value {
            case .skip: return HabitLine(habit: id, state: .skipped, note: noted)
            case .unknown: return noted.map { HabitLine(habit: id, state: .open, note: $0) }
            default:
                let amount = Double(entry.value.raw) / 1000
                let met = habit.targetType == .atMost ? amount <= habit.targetValue : amount >= habit.targetValue
                let unit = habit.unit.isEmpty ? nil : Quantity.unit(habit.unit, for: amount)
                return HabitLine(habit: id, state: met ? .done : .open, value: amount, unit: unit, note: noted)
            }
        }
    }

    /// A Loop habit's name made fit for one line — its `title:`, its `# heading`, a message: line
    /// breaks, tabs and other control characters become spaces, a run of spaces one, and the ends
    /// are trimmed. Loop lets a name hold line breaks; written as they are, they would add lines.
    package static func oneLine(_ name: String) -> String {
        var result = String.UnicodeScalarView()
        var space = false
        for scalar in name.unicodeScalars {
            if scalar.properties.isWhitespace || LineText.isForbidden(scalar) {
                space = !result.isEmpty
                continue
            }
            if space { result.append(" ") }
            space = false
            result.append(scalar)
        }
        return String(result)
    }

    /// A Loop note made fit for one line: its line breaks become `<br>` (Markdown viewers show a
    /// line break), other control characters spaces, and the ends are trimmed.
    package static func noteText(_ notes: String) -> String {
        var text = notes.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        text = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "<br>")
        let scalars = text.unicodeScalars.map { LineText.isForbidden($0) ? " " : Character($0) }
        return String(scalars).trimmingCharacters(in: .whitespaces)
    }
}
