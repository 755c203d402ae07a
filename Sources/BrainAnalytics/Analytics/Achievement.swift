import BrainFormat

/// A milestone earned from a habit's history, with the day it was earned.
package struct Achievement: Hashable, Sendable, Codable {
    package enum Kind: Hashable, Sendable, Codable {
        /// The first streak of `length` units (days, weeks, months or blocks).
        case streak(length: Int, unit: Streaks.Unit)
        /// A calendar week in which every due day was done (day-based habits).
        case perfectWeek(start: Day)
        /// The `count`-th done day.
        case completions(count: Int)
    }

    package var habit: String
    package var kind: Kind
    package var day: Day

    package init(habit: String, kind: Kind, day: Day) {
        self.habit = habit
        self.kind = kind
        self.day = day
    }

    /// Streak lengths that earn an achievement, per unit.
    package static func streakMilestones(_ unit: Streaks.Unit) -> [Int] {
        switch unit {
        case .days, .times: return [7, 30, 100, 365]
        case .weeks, .blocks: return [4, 12, 52]
        case .months: return [3, 6, 12]
        }
    }

    package static let completionMilestones = [1, 10, 50, 100, 500, 1000]

    /// Every achievement of the habit up to `schedule.today`, in the order earned.
    /// Streak: the day the streak first reaches the length (for periods, the day the quota was met).
    /// Perfect week: weeks over by today, with at least one due day, every due day done; earned on
    /// the week's last day. Completions: the day of the N-th done day (any active day).
    package static func compute(_ schedule: Schedule) -> [Achievement] {
        let id = schedule.habit.id
        let unit = Streaks.unit(of: schedule.habit.frequency)
        var result: [Achievement] = []
        var pending = streakMilestones(unit)
        var running = 0
        var lastCounted = false
        schedule.forEachUnit({ outcome, _ in
            switch outcome {
            case .counts:
                running += 1
                lastCounted = true
            case .breaks:
                running = 0
                lastCounted = false
            case .neutral:
                lastCounted = false
            }
        }, earned: { day in
            // `earned` follows the `.counts` call for the same unit.
            guard lastCounted, let next = pending.first, running >= next else { return }
            pending.removeFirst()
            result.append(Achievement(habit: id, kind: .streak(length: next, unit: unit), day: day))
        })

        if !schedule.habit.frequency.isPeriodic {
            var weekStart = schedule.first.startOfWeek(schedule.weekStart)
            while weekStart.adding(days: 6) <= schedule.today {
                var due = 0
                var missed = false
                for offset in 0..<7 {
                    let day = weekStart.adding(days: offset)
                    guard schedule.kind(on: day) == .due else { continue }
                    due += 1
                    if !schedule.isDone(on: day) { missed = true }
                }
                if due > 0, !missed {
                    result.append(Achievement(habit: id, kind: .perfectWeek(start: weekStart), day: weekStart.adding(days: 6)))
                }
                weekStart = weekStart.adding(days: 7)
            }
        }

        var completions = 0
        var milestones = completionMilestones[...]
        for index in 0..<schedule.count where schedule.done[index] {
            completions += 1
            if let next = milestones.first, completions == next {
                milestones = milestones.dropFirst()
                result.append(Achievement(habit: id, kind: .completions(count: next), day: Day(ordinal: schedule.first.ordinal + index)))
            }
        }
        return result.sorted { ($0.day, order($0.kind)) < ($1.day, order($1.kind)) }
    }

    private static func order(_ kind: Kind) -> Int {
        switch kind {
        case .streak: return 0
        case .perfectWeek: return 1
        case .completions: return 2
        }
    }
}
