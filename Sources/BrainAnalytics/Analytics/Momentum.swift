import Foundation
import BrainFormat

/// Momentum: how the last 21 days went, recent days weighing most.
public struct Momentum: Hashable, Sendable, Codable {
    /// The word a momentum value is shown with.
    public enum Label: String, Hashable, Sendable, Codable, CaseIterable {
        case dormant
        case building
        case flowing
        case strong
        case onFire = "on fire"

        /// dormant < 20 % ≤ building < 40 % ≤ flowing < 60 % ≤ strong < 80 % ≤ on fire, of the value
        /// as printed (a whole percent, `Quantity.percent`).
        public init(_ value: Double) {
            switch Quantity.wholePercent(value) {
            case ..<20: self = .dormant
            case ..<40: self = .building
            case ..<60: self = .flowing
            case ..<80: self = .strong
            default: self = .onFire
            }
        }
    }

    public static let windowDays = 21
    public static let decay = 0.88

    /// The five states in one line, for the legend under a view that shows them.
    public static let legend = "momentum, the last 21 days with recent days weighing most: "
        + "dormant < 20 % ≤ building < 40 % ≤ flowing < 60 % ≤ strong < 80 % ≤ on fire"

    /// Σ w·v / Σ w over the counted days, 0–1.
    public var value: Double
    public var label: Label
    /// Days of the window on which something was due.
    public var countedDays: Int

    public init(value: Double, countedDays: Int) {
        self.value = value
        self.label = Label(value)
        self.countedDays = countedDays
    }

    /// Momentum on `today` over the given habits: each day d of the 21 ending today weighs
    /// 0.88^(days ago); its value is the mean, over the habits that count that day, of each habit's
    /// value (`Schedule.momentumValue(on:)`): 1 for a due day done and 0 for a due day missed (an off
    /// day of a day-based habit counts what the due day before it counted), and for
    /// `N/week`, `N/month` and `N in M days` the pro-rata share of the quota done in the rolling
    /// window ending on the day. Days where no habit counts are left out of both sums, so is a habit
    /// still open today, and so are days after the schedules' last day (the clock's day). nil when
    /// nothing counted in the window.
    package init?(schedules: [Schedule], today asked: Day) {
        // Days that have not happened count for nothing: the window ends on the schedules' last day.
        let today = schedules.map(\.today).max().map { min(asked, $0) } ?? asked
        var weighted = 0.0
        var weights = 0.0
        var counted = 0
        let spans = schedules.map { $0.momentumDays }
        for daysAgo in 0..<(spans.max() ?? 0) {
            let day = today.adding(days: -daysAgo)
            var sum = 0.0
            var habits = 0
            for (schedule, span) in zip(schedules, spans) where daysAgo < span {
                guard let value = schedule.momentumValue(on: day) else { continue }
                sum += value
                habits += 1
            }
            guard habits > 0 else { continue }
            let weight = pow(Momentum.decay, Double(daysAgo))
            weighted += weight * sum / Double(habits)
            weights += weight
            counted += 1
        }
        guard weights > 0 else { return nil }
        self.init(value: weighted / weights, countedDays: counted)
    }
}

extension Schedule {
    /// The days momentum looks back over: 21 for every habit (a periodic habit's day already looks
    /// back over its own window, `momentumWindow`).
    package var momentumDays: Int { Momentum.windowDays }

    /// The rolling window a periodic habit's day is judged over, in days, and the quota N and
    /// period length L it is judged against: `N/week` L = 7, `N/month` L = 31, `N in M days` L = M;
    /// the window is max(min(L, 7), ⌈L / N⌉): a week, or the average gap between completions when
    /// that is longer (a 1/month habit: 31 days).
    package var momentumWindow: (days: Int, quota: Int, length: Int)? {
        let (n, length): (Int, Int)
        switch habit.frequency {
        case .perWeek(let quota): (n, length) = (quota, 7)
        case .perMonth(let quota): (n, length) = (quota, 31)
        case .inDays(let quota, let days): (n, length) = (quota, days)
        default: return nil
        }
        let quota = max(1, n)
        return (max(min(length, 7), (length + quota - 1) / quota), quota, length)
    }

    /// What `day` adds to momentum, 0–1; nil when it counts for nothing.
    ///
    /// Day-based habits: 1 for a due day done, 0 for a due day missed, and an off day what the due
    /// day before it counted (`coveredValue`); nothing for today while it is open. `N/week`, `N/month`, `N in M days`: a due day (not rest, skipped or paused)
    /// carries min(1, done / expected) over its rolling window (`momentumWindow`, ending on the day,
    /// clipped at the first day), where expected = N × the window's due days / L: the share of the
    /// quota that fell in those days, pro rata — so a period in progress counts day by day against
    /// what was due so far, a first partial period against its part, and a lapse shows from the
    /// first day it is behind, as a daily habit's does. Today counts once done.
    /// A day-based habit's value at `index`: a due day counts 1 done, 0 missed; an off day counts
    /// what the due day it follows counted (a due day stands for the days until the next one, so a
    /// `[mon, wed, fri]` or `every 3 days` miss weighs its share of the time it covers, one day at a
    /// time, as a daily habit's misses do). Nothing for today while it is open, an off day done
    /// itself, an off day after a rest, skipped or paused day or before the first due day.
    private func coveredValue(at index: Int) -> Double? {
        if kinds[index] == .off, index == count - 1, todayIsOpen { return nil }
        var position = index
        while kinds[position] == .off {
            if done[position] || position == 0 { return nil }
            position -= 1
        }
        switch status(on: Day(ordinal: first.ordinal + position)) {
        case .done: return 1
        case .missed: return 0
        default: return nil
        }
    }

    package func momentumValue(on day: Day) -> Double? {
        guard let index = index(of: day) else { return nil }
        guard let window = momentumWindow else { return coveredValue(at: index) }
        guard kinds[index] == .due else { return nil }
        if index == count - 1, todayIsOpen, !done[index] { return nil }
        let low = max(0, index - window.days + 1)
        var available = 0
        var completions = 0
        for position in low...index {
            if kinds[position] == .due { available += 1 }
            if done[position], kinds[position] != .inactive { completions += 1 }
        }
        let expected = Double(window.quota * available) / Double(window.length)
        guard expected > 0 else { return nil }
        return min(1, Double(completions) / expected)
    }
}
