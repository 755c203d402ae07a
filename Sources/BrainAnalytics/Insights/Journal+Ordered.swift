import BrainFormat

extension Journal {
    /// Schedules in the journal's habit order, so sums of doubles come out the same on every run
    /// (a dictionary's order changes from one process to the next).
    package func ordered(_ schedules: [String: Schedule]) -> [Schedule] {
        habits.compactMap { schedules[$0.id.lowercased()] }
    }
}
