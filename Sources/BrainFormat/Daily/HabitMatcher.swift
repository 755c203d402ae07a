import Foundation

/// Finds the habit a person means on the command line: the file stem, the title or an alias
/// (case-insensitive), else a unique prefix of one of them.
package enum HabitMatcher {
    /// The outcome of a lookup.
    package enum Match: Hashable, Sendable {
        case found(Habit)
        /// Several habits fit; sorted by id.
        case ambiguous([Habit])
        /// Nothing fits.
        case none
    }

    /// Finds `name` among `habits`. Exact names win over prefixes; an exact stem wins over a title.
    package static func match(_ name: String, in habits: [Habit]) -> Match {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { return .none }
        let sorted = habits.sorted { $0.id.lowercased() < $1.id.lowercased() }
        func names(_ habit: Habit) -> [String] {
            [habit.id.lowercased(), habit.title.lowercased()] + habit.aliases.map { $0.lowercased() }
        }
        let byID = sorted.filter { $0.id.lowercased() == key }
        if byID.count == 1 { return .found(byID[0]) }
        let exact = sorted.filter { names($0).contains(key) }
        if exact.count == 1 { return .found(exact[0]) }
        if exact.count > 1 { return .ambiguous(exact) }
        let prefixed = sorted.filter { names($0).contains { $0.hasPrefix(key) } }
        if prefixed.count == 1 { return .found(prefixed[0]) }
        if prefixed.count > 1 { return .ambiguous(prefixed) }
        return .none
    }
}
