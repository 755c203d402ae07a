import BrainFormat

/// Share of what was due that was done, over the last 7, 30, 90 and 365 days and all time.
package struct CompletionRates: Hashable, Sendable, Codable {
    /// One window's numbers: `rate = done / due`, nil when nothing was due.
    package struct Window: Hashable, Sendable, Codable {
        package var done: Int
        package var due: Int
        package var rate: Double? { due > 0 ? Double(done) / Double(due) : nil }

        package init(done: Int, due: Int) {
            self.done = done
            self.due = due
        }
    }

    package var week: Window
    package var month: Window
    package var quarter: Window
    package var year: Window
    package var allTime: Window

    /// The window of the last `days` days ending on `schedule.today` (nil days: all time).
    /// Day-based: due days done / due days; today counts only once done (an open today is left out).
    /// Periodic: Σ min(done, required) / Σ required over the met and missed periods that overlap the window.
    /// `closed`: the window's last day is over (last week seen from this one), so it counts done or
    /// not, and a period that ends on it is met or missed.
    package static func window(_ schedule: Schedule, days: Int?, closed: Bool = false) -> Window {
        let from = days.map { schedule.today.adding(days: -($0 - 1)) } ?? schedule.first
        if schedule.habit.frequency.isPeriodic {
            var done = 0
            var due = 0
            for period in schedule.periods() where period.end >= from {
                let over = period.state == .open && closed && period.end <= schedule.today
                guard period.state == .met || period.state == .missed || over else { continue }
                done += min(period.done, period.required)
                due += period.required
            }
            return Window(done: done, due: due)
        }
        var done = 0
        var due = 0
        let low = max(0, from.ordinal - schedule.first.ordinal)
        let last = schedule.count - 1
        guard low <= last else { return Window(done: 0, due: 0) }
        for index in low...last where schedule.kinds[index] == .due {
            if schedule.done[index] {
                done += 1
                due += 1
            } else if index != last || closed || !schedule.todayIsOpen || (!schedule.over.isEmpty && schedule.over[index]) {
                due += 1
            }
        }
        return Window(done: done, due: due)
    }

    package init(week: Window, month: Window, quarter: Window, year: Window, allTime: Window) {
        self.week = week
        self.month = month
        self.quarter = quarter
        self.year = year
        self.allTime = allTime
    }

    package init(schedule: Schedule) {
        week = CompletionRates.window(schedule, days: 7)
        month = CompletionRates.window(schedule, days: 30)
        quarter = CompletionRates.window(schedule, days: 90)
        year = CompletionRates.window(schedule, days: 365)
        allTime = CompletionRates.window(schedule, days: nil)
    }

    package init(habit: Habit, history: HabitHistory, today: Day, weekStart: Weekday = .monday) {
        if let schedule = Schedule(habit: habit, history: history, today: today, weekStart: weekStart) {
            self.init(schedule: schedule)
        } else {
            let none = Window(done: 0, due: 0)
            self.init(week: none, month: none, quarter: none, year: none, allTime: none)
        }
    }
}
