import BrainFormat

/// One habit on one day as `brain log` shows it: the state the analytics give the day, and the line's value and note.
package struct HabitLogEntry: Hashable, Sendable, Codable {
    package enum State: String, Hashable, Sendable, Codable {
        /// Done (for a measurable habit with an amount, the amount met the target).
        case done
        /// `[-]`: neither counts nor breaks.
        case skipped
        /// Not done and no miss: the last day of the log, or a day of an N/week, N/month or N-in-M habit.
        case open
        /// Due on an earlier day and not done.
        case missed
        /// A rest day.
        case rest
        /// A line on a day the habit was not due (and not done).
        case notDue = "not due"
    }

    package var day: Day
    package var habit: String
    package var state: State
    package var value: Double?
    package var unit: String?
    package var note: String?
    /// A quit habit's day in the words every view uses: held, over the limit, not logged.
    @Nullable package var word: String?

    package init(day: Day, habit: String, state: State, value: Double? = nil, unit: String? = nil, note: String? = nil,
                 word: String? = nil) {
        self.word = word
        self.day = day
        self.habit = habit
        self.state = state
        self.value = value
        self.unit = unit
        self.note = note
    }

    /// The days of one habit from `from` through `schedule.today` (or `through` without a schedule),
    /// newest first. Days with no line that are neither due nor rest are left out.
    package static func entries(habit: Habit, schedule: Schedule?, lines: [Day: HabitLine], from: Day, through: Day) -> [HabitLogEntry] {
        guard from <= through else { return [] }
        var result: [HabitLogEntry] = []
        var day = through
        while day >= from {
            defer { day = day.adding(days: -1) }
            let line = lines[day]
            var state: State?
            if let schedule, schedule.index(of: day) != nil {
                let kind = schedule.kind(on: day)
                if schedule.isOver(on: day) {
                    state = .missed
                } else if schedule.isDone(on: day) {
                    state = .done
                } else if kind == .skipped {
                    state = .skipped
                } else if kind == .rest {
                    state = .rest
                } else if schedule.isDue(on: day) {
                    if day == schedule.today && schedule.todayIsOpen {
                        state = .open
                    } else if habit.frequency.isPeriodic {
                        // A day of an open quota not used is no failure: shown only when it has a line.
                        state = line == nil ? nil : .open
                    } else {
                        state = .missed
                    }
                } else if let line {
                    state = line.state == .skipped ? .skipped : .notDue
                }
            } else if let line {
                switch line.state {
                case .done: state = .done
                case .skipped: state = .skipped
                case .open: state = .notDue
                }
            }
            guard let state else { continue }
            result.append(HabitLogEntry(day: day, habit: habit.id, state: state, value: line?.value,
                                        unit: line?.unit ?? (line?.value != nil ? habit.unit : nil), note: line?.note,
                                        word: schedule?.quitWord(on: day)))
        }
        return result
    }
}
