@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Builds histories from a compact pattern, one character per day from `start`:
/// `x` done, `-` skipped, `o` open line, `.` no line, `r` rest day (no line).
func history(_ start: Day, _ pattern: String, values: [Double?] = [], extraRest: Set<Day> = []) -> HabitHistory {
    var entries: [Day: HabitHistory.Entry] = [:]
    var rest = extraRest
    for (offset, character) in pattern.enumerated() {
        let day = start.adding(days: offset)
        let value = offset < values.count ? values[offset] : nil
        switch character {
        case "x": entries[day] = .init(.done, value: value)
        case "-": entries[day] = .init(.skipped, value: value)
        case "o": entries[day] = .init(.open, value: value)
        case "r": rest.insert(day)
        default: break
        }
    }
    return HabitHistory(entries: entries, restDays: rest)
}

func day(_ text: String) -> Day {
    Day(text)!
}

/// Loop's tests list scores from today backwards; this turns "n days ago" into a day.
func daysAgo(_ n: Int, from today: Day) -> Day {
    today.adding(days: -n)
}
