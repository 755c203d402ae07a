/// Days as people type them on the command line.
package enum DayExpression {
    /// `today`, `yesterday`, `tomorrow`, `-3` (three days ago), `+1`, `2026-11-20`, or a weekday
    /// name (`mon`, `friday`: the most recent such day, today included).
    package static func parse(_ text: String, today: Day) -> Day? {
        let lower = text.lowercased().trimmingBlanks
        switch lower {
        case "today", "now", "0": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default: break
        }
        if let first = lower.first, first == "-" || first == "+", let offset = Int(lower.dropFirst()), offset < 100_000 {
            let day = today.adding(days: first == "-" ? -offset : offset)
            return Day.supported.contains(day) ? day : nil
        }
        if let day = Day(lower) { return Day.supported.contains(day) ? day : nil }
        if let weekday = Weekday(name: lower) {
            let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
            return today.adding(days: -back)
        }
        return nil
    }
}
