import BrainFormat

/// The coach line of `brain today`. A placeholder: one simple rule grounded in the data, kept in
/// this one function so the full coach can replace it without touching `DayOverview`.
package enum DayCoach {
    /// The line for an overview whose habits are filled in (its `coach` is ignored); nil when there is
    /// nothing to say (no habit at all).
    package static func line(for overview: DayOverview) -> String? {
        // The fallback line; `DayOverview(index:journal:day:)` puts the coach's rules first.
        if overview.rest {
            return "Rest day: nothing is due and every streak is paused. Take it easy."
        }
        let due = overview.groups.flatMap(\.entries).filter { $0.due || $0.state == .done }
        let open = due.filter { $0.state == .open }
        if let best = open.filter({ $0.streak.current > 0 }).max(by: { a, b in
            a.streak.current != b.streak.current ? a.streak.current < b.streak.current : a.title > b.title
        }) {
            return "Keep \(best.streak.phrase(best.streak.current)) of \(best.title) alive — it's still open today."
        }
        if let first = open.first {
            return open.count == 1
                ? "One habit left today: \(first.title)."
                : "\(open.count) habits still open today; start with \(first.title)."
        }
        if !due.isEmpty {
            return "Everything due today is done. Well done."
        }
        return nil
    }
}
