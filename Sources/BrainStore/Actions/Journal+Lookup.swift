import BrainFormat
import BrainAnalytics

extension Journal {
    /// The habit `name` means: the file stem, then a title or alias, then a unique prefix of one of
    /// them (case-insensitive). Every command that takes a habit resolves it here.
    package func habit(named name: String) throws(ActionError) -> Habit {
        // A vault path (`habits/read.md`, `habits/read`) names the habit in that file.
        if name.contains("/") {
            let path = name.lowercased().hasSuffix(".md") ? name : name + ".md"
            if let (id, _) = paths.first(where: { $0.value.lowercased() == path.lowercased() }),
               let habit = habits.first(where: { $0.id.lowercased() == id }) {
                return habit
            }
        }
        switch HabitMatcher.match(name, in: habits) {
        case .found(let habit):
            return habit
        case .ambiguous(let habits):
            let list = habits.map { "  \($0.id)" + ($0.title == $0.id ? "" : " (\($0.title))") }.joined(separator: "\n")
            throw ActionError(.ambiguous, "\"\(name)\" could be several habits:\n\(list)\nname one of them")
        case .none:
            let ids = habits.map(\.id).sorted()
            var message = "no habit named \"\(name)\""
            if let suggestion = Suggestion.closest(to: name, in: ids) { message += "; did you mean \"\(suggestion)\"?" }
            if ids.isEmpty { throw ActionError(.notFound, message + "\nthe vault has no habits yet", suggestion: .createHabit) }
            throw ActionError(.notFound, message + "\nhabits: " + ids.joined(separator: ", "))
        }
    }

    /// The habit `name` means, refused when it is archived on `day`.
    package func activeHabit(named name: String, on day: Day) throws(ActionError) -> Habit {
        let habit = try habit(named: name)
        let archivedFrom = habit.archived.map { day >= $0 } ?? false
        if habit.status == .archived || archivedFrom {
            let since = habit.archived.map { " since \($0)" } ?? ""
            let path = paths[habit.id.lowercased()] ?? "its habit file"
            throw ActionError(.refused, "habit \"\(habit.id)\" is archived\(since) and takes no check-offs", path: path,
                              suggestion: .unarchive(habit: habit.id, path: path))
        }
        return habit
    }
}
